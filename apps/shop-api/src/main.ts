import { readConfig } from './config.ts';
import { StartupError, startApi } from './start.ts';

const config = readConfig();
try {
  const { app } = await startApi(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
} catch (error) {
  if (error instanceof StartupError) {
    console.error(`shop-api: ${error.message}`);
  } else {
    console.error('shop-api: could not start:', error);
  }
  process.exit(1);
}
