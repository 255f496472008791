import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

let config;
try {
  config = readSandboxConfig();
} catch (error) {
  console.error(`multisafepay-sandbox: ${(error as Error).message}`);
  process.exit(1);
}
const app = buildSandbox(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`multisafepay-sandbox: could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  process.exit(1);
}
app.log.info(`MultiSafepay sandbox: API at ${config.publicUrl}/v1/json, payment pages at ${config.publicUrl}/pay/…`);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info(`${signal}: stopping`);
  setTimeout(() => process.exit(1), 5_000).unref();
  void app.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
