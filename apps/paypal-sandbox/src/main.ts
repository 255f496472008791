import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

let config;
try {
  config = readSandboxConfig();
} catch (error) {
  console.error(`paypal-sandbox: ${(error as Error).message}`);
  process.exit(1);
}
const app = buildSandbox(config);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(`paypal-sandbox: could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  process.exit(1);
}
app.log.info(`PayPal sandbox: API and approval pages at ${config.publicUrl}, notifications to ${config.webhookUrl}`);

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
