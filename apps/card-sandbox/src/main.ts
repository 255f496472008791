import { runSandbox } from '@shop/sandbox-kit';
import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

await runSandbox({
  name: 'card-sandbox',
  readConfig: () => readSandboxConfig(),
  build: (config) => buildSandbox(config),
  started: (config) => `card sandbox: hosted pages at ${config.publicUrl}/pay/…, notifications to ${config.webhookUrl}`,
});
