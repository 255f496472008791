import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The whole shop (scripts/start.mjs) started for a bench, on a fresh data folder removed once it stops. BENCH_PORT
 * (default 3720) is the storefront's port; the API's is 1000 above it, the sandboxes' and the back office's above
 * that, so that two benches (or a bench and a shop) on one machine do not meet. `env` adds settings; the bench's own
 * environment passes through (WEB_CONCURRENCY, DATABASE_URL, …).
 */
export function startBenchShop(env = {}) {
  const port = Number(process.env.BENCH_PORT ?? 3720);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const shop = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      SHOP_API_PORT: String(port + 1000),
      CARD_SANDBOX_PORT: String(port + 2000),
      MULTISAFEPAY_SANDBOX_PORT: String(port + 2050),
      PAYPAL_SANDBOX_PORT: String(port + 2100),
      BACK_OFFICE_PORT: String(port + 2150),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    shopUrl: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port + 1000}`,
    stop() {
      shop.kill('SIGTERM');
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000);
    },
  };
}
