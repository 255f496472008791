// Starts the whole shop from the built code: the shop API, then (once it answers) the storefront.
// Used by `npm start` and by the end-to-end tests. Configuration is by environment variables (README).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.SHOP_API_PORT ?? '4000';
const storefrontPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SHOP_API_PORT: apiPort,
  SHOP_API_URL: process.env.SHOP_API_URL ?? `http://127.0.0.1:${apiPort}`,
  // Links in the shop's emails lead here.
  STOREFRONT_URL: process.env.STOREFRONT_URL ?? `http://localhost:${storefrontPort}`,
};

const children = [];
function run(name, args, { cwd = root, extraEnv = {} } = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the shop.`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForApi(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // Not listening yet (first start migrates and seeds the demo shop).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop API did not answer at ${url} within ${timeoutMs / 1000} s`);
}

const startsApi = process.env.SHOP_API_URL === undefined || process.env.START_SHOP_API === 'true';
if (startsApi) {
  run('shop-api', ['apps/shop-api/dist/main.js']);
  try {
    await waitForApi(env.SHOP_API_URL);
  } catch (error) {
    console.error(error.message);
    stop(1);
  }
}
if (!stopping) {
  // The storefront's own server (apps/storefront/server.js): checks hosts, methods and bodies, then the built app.
  run('storefront', ['server.js'], {
    cwd: `${root}/apps/storefront`,
    extraEnv: { PORT: storefrontPort },
  });
  console.log(`The shop is starting at http://localhost:${storefrontPort} (shop API at ${env.SHOP_API_URL})`);
}
