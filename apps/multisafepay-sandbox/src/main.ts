import { runSandbox } from '@shop/sandbox-kit';
import { buildSandbox } from './app.ts';
import { readSandboxConfig } from './config.ts';

await runSandbox({
  name: 'multisafepay-sandbox',
  readConfig: () => readSandboxConfig(),
  build: (config) => buildSandbox(config),
  started: (config) => `MultiSafepay sandbox: API at ${config.publicUrl}/v1/json, payment pages at ${config.publicUrl}/pay/…`,
});
