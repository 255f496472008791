// SSR throughput of the built storefront, side by side with a static file server that serves the very
// same HTML, in one run on this machine. Prints requests/s, p97.5 latency and the SSR/static ratio.
// Usage: npm run build && node bench/ssr.mjs [seconds=10] [connections=10]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { waitFor } from './wait-for.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const root = fileURLToPath(new URL('..', import.meta.url));
const shopUrl = 'http://127.0.0.1:3700';
const staticPort = 3799;
const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));

const shop = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: '3700', SHOP_API_PORT: '4700', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});


function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

try {
  await waitFor(`${shopUrl}/favicon.svg`);
  const home = await (await fetch(`${shopUrl}/en`)).text();
  const category = /href="(\/en\/3-[a-z-]+)"/.exec(home)?.[1];
  const product = /href="(\/en\/\d+-[a-z0-9-]+\.html)"/.exec(home)?.[1];
  const pages = [
    ['home', '/en'],
    ['category', category],
    ['product', product],
  ];
  console.log(`${seconds} s per run, ${connections} connections, ${new Date().toISOString()}`);
  console.log('page       SSR req/s  static req/s  ratio   SSR p97.5 ms  static p97.5 ms');
  for (const [name, path] of pages) {
    const html = await (await fetch(`${shopUrl}${path}`)).text();
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(html);
    });
    await new Promise((resolve) => server.listen(staticPort, '127.0.0.1', resolve));
    // Warm both, then measure one after the other on the same machine.
    await measure(`${shopUrl}${path}`);
    const ssr = await measure(`${shopUrl}${path}`);
    const stat = await measure(`http://127.0.0.1:${staticPort}/`);
    server.close();
    const ratio = ssr.requests.average / stat.requests.average;
    console.log(
      `${name.padEnd(10)} ${ssr.requests.average.toFixed(0).padStart(9)}  ${stat.requests.average.toFixed(0).padStart(12)}  ${ratio.toFixed(3).padStart(5)}` +
        `  ${String(ssr.latency.p97_5).padStart(12)}  ${String(stat.latency.p97_5).padStart(15)}`,
    );
  }
} finally {
  shop.kill('SIGTERM');
  setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
}
