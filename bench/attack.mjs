// How one shopper's pages fare while others attack the shop, measured in one run on this machine:
// 1. quiet: one shopper loads the home page, then a product page (autocannon, one connection);
// 2. twenty attacking clients (one address each) post 128-character passwords to the strength check, sign-in
//    and registration as fast as the shop answers, while the shopper measures again;
// 3. the same twenty attackers with a fresh address on every request (a botnet: no per-client limit applies).
// The shop runs behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1), so X-Forwarded-For is each attacker's address.
// The shopper carries a session cookie: pages are rendered for them, not served from the page cache.
// Prints the shopper's p50/p99 per page and scenario, the ratio to quiet, and every status the attack and the
// shopper got (goal of issue 10: p99 under attack at most 2x quiet, not one 5xx).
// Usage: npm run build && npm run bench:attack [seconds=15]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { waitFor } from './wait-for.mjs';

const ATTACKERS = 20;
const HOSTILE_PASSWORD = 'Passw0rd!a'.repeat(13).slice(0, 128);

if (isMainThread) await measure();
else await attack(workerData);

/** In a worker thread: the attackers' loops until the main thread says stop; posts the statuses they got. */
async function attack({ shopUrl, rotate }) {
  const statuses = {};
  let stopped = false;
  let sent = 0;
  parentPort.on('message', () => (stopped = true));
  const targets = [
    () => ['/en/password-strength', { password: HOSTILE_PASSWORD }],
    () => ['/en/auth/login', { email: 'demo@example.com', password: HOSTILE_PASSWORD }],
    () => [
      '/en/auth/register',
      { first_name: 'Mallory', last_name: 'Attacker', email: `mallory.${sent}@example.com`, password: HOSTILE_PASSWORD, confirm_password: HOSTILE_PASSWORD },
    ],
  ];
  const randomAddress = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${1 + ((Math.random() * 254) | 0)}`;
  async function attacker(index) {
    while (!stopped) {
      const [path, fields] = targets[sent++ % targets.length]();
      const address = rotate ? randomAddress() : `10.0.${index}.1`;
      let key;
      try {
        const response = await fetch(`${shopUrl}${path}`, {
          method: 'POST',
          headers: { Origin: shopUrl, 'X-Forwarded-For': address, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
          redirect: 'manual',
        });
        await response.arrayBuffer();
        key = String(response.status);
      } catch {
        key = 'network error';
      }
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: ATTACKERS }, (_, index) => attacker(index)));
  parentPort.postMessage(statuses);
}

async function measure() {
  const seconds = Number(process.argv[2] ?? 15);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const shopUrl = 'http://127.0.0.1:3720';
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const shop = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '3720', SHOP_API_PORT: '4720', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A session-shaped cookie: the shop renders the page for this shopper instead of serving its page cache.
  const shopper = { Cookie: `sid=${'b'.repeat(43)}` };

  const load = (path) =>
    new Promise((resolve, reject) => {
      autocannon({ url: `${shopUrl}${path}`, connections: 1, duration: seconds, headers: shopper }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });

  /** The shopper's figures for each page, with the attack of `rotate` running meanwhile (or none). */
  async function scenario(pages, attackMode) {
    const worker = attackMode === 'quiet' ? null : new Worker(new URL(import.meta.url), { workerData: { shopUrl, rotate: attackMode === 'botnet' } });
    const results = {};
    try {
      for (const [name, path] of pages) results[name] = await load(path);
    } finally {
      if (worker) {
        worker.postMessage('stop');
        results.attack = await new Promise((resolve) => worker.once('message', resolve));
        await worker.terminate();
      }
    }
    return results;
  }

  try {
    await waitFor(`${shopUrl}/health/ready`);
    const home = await (await fetch(`${shopUrl}/en`)).text();
    const product = /href="(\/en\/\d+-[a-z0-9-]+\.html)"/.exec(home)?.[1];
    const pages = [
      ['home', '/en'],
      ['product', product],
    ];
    // Warm the shop (code paths, caches of the API) before the quiet run.
    for (const [, path] of pages) await fetch(`${shopUrl}${path}`, { headers: shopper }).then((response) => response.text());

    console.log(`${seconds} s per page and scenario, ${ATTACKERS} attackers, ${new Date().toISOString()}`);
    console.log('scenario          page      p50 ms  p99 ms  p99/quiet  shopper non-2xx  attack statuses');
    const quiet = await scenario(pages, 'quiet');
    for (const mode of ['quiet', 'one address each', 'botnet']) {
      const results = mode === 'quiet' ? quiet : await scenario(pages, mode);
      for (const [name] of pages) {
        const { latency, non2xx } = results[name];
        const ratio = latency.p99 / quiet[name].latency.p99;
        const attack = name === 'home' && results.attack ? JSON.stringify(results.attack) : '';
        console.log(
          `${mode.padEnd(17)} ${name.padEnd(8)} ${String(latency.p50).padStart(7)} ${String(latency.p99).padStart(7)}  ${ratio.toFixed(2).padStart(9)}  ${String(non2xx).padStart(15)}  ${attack}`,
        );
      }
    }
  } finally {
    shop.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000);
  }
}
