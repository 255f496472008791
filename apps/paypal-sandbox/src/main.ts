import { runSandbox } from '@shop/sandbox-kit';
import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

await runSandbox({
  name: 'paypal-sandbox',
  readConfig: () => readSandboxConfig(),
  build: (config) => buildSandbox(config),
  started: (config) => `PayPal sandbox: API and approval pages at ${config.publicUrl}, notifications to ${config.webhookUrl}`,
});
