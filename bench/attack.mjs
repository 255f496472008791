// How one shopper's pages and posts fare while others attack the shop, measured in one run on this machine:
// 1. quiet: one shopper loads the home page, then a product page (autocannon, one connection), then adds to
//    the cart one post after the other (each add is put back by an update of the line, not measured);
// 2. twenty attacking clients (one address each) post 128-character passwords to the strength check, sign-in
//    and registration as fast as the shop answers, while the shopper measures again;
// 3. the same twenty attackers with a fresh address on every request (a botnet: no per-client limit applies);
// 4. slow bodies: four clients open four posts each and send their bodies at a byte a second (issue 24);
// 5. page flood: one client asks for searches no one asked before, with a session cookie (no page is kept),
//    on sixteen connections at once.
// The shop runs behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1), so X-Forwarded-For is each attacker's address.
// The shopper carries a session cookie: pages are rendered for them, not served from the page cache. Its posts
// come from a fresh address each, so that its own post limits (a post a second) do not pace the measure.
// Prints the shopper's p50/p99 per page and scenario, the ratio to quiet, and every status the attack and the
// shopper got (goals of issues 10 and 24: p99 under attack at most 2x quiet, not one 5xx).
// Usage: npm run build && npm run bench:attack [seconds=15] [attacks=all, e.g. 'slow bodies,page flood']
// With WEB_CONCURRENCY=2 the storefront runs as two processes (scripts/start.mjs); BENCH_PORT moves its ports.
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { startBenchShop } from './bench-shop.mjs';
import { waitFor } from './wait-for.mjs';

const ATTACKERS = 20;
const HOSTILE_PASSWORD = 'Passw0rd!a'.repeat(13).slice(0, 128);
const SLOW_CLIENTS = 4;
const SLOW_POSTS_PER_CLIENT = 4;
const FLOOD_CONNECTIONS = 16;
const SEARCH_WORDS = ['dress', 'shirt', 'jacket', 'coat', 'jeans', 'skirt', 'sweater', 'boots', 'linen', 'wool', 'cotton', 'silk'];

if (isMainThread) await measure();
else await attack(workerData);

/** In a worker thread: the attackers' loops until the main thread says stop; posts the statuses they got. */
async function attack({ shopUrl, mode }) {
  const statuses = {};
  let stopped = false;
  let sent = 0;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  parentPort.on('message', () => {
    stopped = true;
    for (const socket of sockets) socket.destroy();
  });
  const count = (key) => (statuses[key] = (statuses[key] ?? 0) + 1);
  /** A sign-in posted at a byte a second; resolves with the status the shop answered before closing (or none). */
  const slowPost = (address) =>
    new Promise((resolve) => {
      const body = `email=mallory%40example.com&password=${'x'.repeat(32)}`;
      const socket = connect(Number(new URL(shopUrl).port), '127.0.0.1');
      sockets.add(socket);
      socket.write(
        `POST /en/auth/login HTTP/1.1\r\nHost: ${new URL(shopUrl).host}\r\nOrigin: ${shopUrl}\r\nX-Forwarded-For: ${address}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      let sentBytes = 0;
      const trickle = setInterval(() => sentBytes < body.length && socket.write(body[sentBytes++]), 1000);
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('error', () => {});
      socket.once('close', () => {
        clearInterval(trickle);
        sockets.delete(socket);
        resolve(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 'closed unanswered');
      });
    });
  if (mode === 'slow bodies') {
    const slowPoster = async (address) => {
      while (!stopped) {
        const status = await slowPost(address);
        if (!stopped) count(status);
      }
    };
    await Promise.all(
      Array.from({ length: SLOW_CLIENTS * SLOW_POSTS_PER_CLIENT }, (_, index) => slowPoster(`10.1.${index % SLOW_CLIENTS}.1`)),
    );
    parentPort.postMessage(statuses);
    return;
  }
  if (mode === 'page flood') {
    const flooder = async () => {
      while (!stopped) {
        const query = `${SEARCH_WORDS[sent % SEARCH_WORDS.length]}${sent++}`;
        try {
          const response = await fetch(`${shopUrl}/en/search?q=${query}`, { headers: { 'X-Forwarded-For': '10.2.0.1', Cookie: `sid=${'f'.repeat(43)}` } });
          await response.arrayBuffer();
          count(String(response.status));
        } catch {
          count('network error');
        }
      }
    };
    await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, flooder));
    parentPort.postMessage(statuses);
    return;
  }
  const rotate = mode === 'botnet';
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
      count(key);
    }
  }
  await Promise.all(Array.from({ length: ATTACKERS }, (_, index) => attacker(index)));
  parentPort.postMessage(statuses);
}

async function measure() {
  const seconds = Number(process.argv[2] ?? 15);
  const attacks = process.argv[3]?.split(',') ?? ['one address each', 'botnet', 'slow bodies', 'page flood'];
  // The storefront behind a trusted proxy: X-Forwarded-For is each attacker's address. WEB_CONCURRENCY (and
  // API_CONCURRENCY with DATABASE_URL) pass through: the bench then runs that many processes.
  const { shopUrl, apiUrl, stop } = startBenchShop({ TRUSTED_PROXIES: '127.0.0.1' });
  // A session-shaped cookie: the shop renders the page for this shopper instead of serving its page cache.
  const shopper = { Cookie: `sid=${'b'.repeat(43)}` };

  const load = (path) =>
    new Promise((resolve, reject) => {
      autocannon({ url: `${shopUrl}${path}`, connections: 1, duration: seconds, headers: shopper }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });

  let shopperAddress = 0;
  /** A post of the shopper's cart form, from a fresh address; its status and how long its answer took. */
  const cartPost = async (cart, fields) => {
    const started = performance.now();
    const response = await fetch(`${shopUrl}/en/cart`, {
      method: 'POST',
      headers: { Origin: shopUrl, 'X-Forwarded-For': `10.9.${(shopperAddress >> 8) & 255}.${shopperAddress++ & 255}`, Cookie: cart.cookie },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, cookie: response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid=')) };
  };
  /** Adds to the cart for `seconds`, one add after the other; figures shaped as autocannon's. */
  const addToCart = async (cart) => {
    const latencies = [];
    let non2xx = 0;
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const added = await cartPost(cart, { intent: 'add', product_id: cart.product, combination_id: cart.combination, quantity: '1', redirectTo: '/en/cart' });
      latencies.push(added.ms);
      if (added.status !== 302) non2xx += 1;
      await cartPost(cart, { intent: 'update', item_id: cart.item, quantity: '1' });
    }
    latencies.sort((a, b) => a - b);
    const at = (share) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]);
    return { latency: { p50: at(0.5), p99: at(0.99) }, non2xx };
  };

  /** The shopper's figures for each page, with the attack `attackMode` running meanwhile (or none). */
  async function scenario(pages, attackMode) {
    const worker = attackMode === 'quiet' ? null : new Worker(new URL(import.meta.url), { workerData: { shopUrl, mode: attackMode } });
    const results = {};
    try {
      for (const [name, measure] of pages) results[name] = await measure();
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
    // The demo shop is seeded first: minutes on a loaded machine.
    await waitFor(`${shopUrl}/health/ready`, 1200);
    const home = await (await fetch(`${shopUrl}/en`)).text();
    const product = /href="(\/en\/\d+-[a-z0-9-]+\.html)"/.exec(home)?.[1];
    // The shopper's cart: a size of that product with stock, one unit in the cart, then the line to update.
    const productId = Number(/\/en\/(\d+)-/.exec(product)[1]);
    const details = await fetch(`${apiUrl}/getProduct`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product_id: productId }) });
    const { combinations } = (await details.json()).psdata;
    const cart = { product: String(productId), combination: String(combinations.reduce((most, each) => (each.stock > most.stock ? each : most)).id), cookie: '', item: '' };
    cart.cookie = (await cartPost(cart, { intent: 'add', product_id: cart.product, combination_id: cart.combination, quantity: '1', redirectTo: '/en/cart' })).cookie.split(';')[0];
    cart.item = /name="item_id" value="(\d+)"/.exec(await (await fetch(`${shopUrl}/en/cart`, { headers: { Cookie: cart.cookie } })).text())[1];
    const pages = [
      ['home', () => load('/en')],
      ['product', () => load(product)],
      ['add to cart', () => addToCart(cart)],
    ];
    // Warm the shop (code paths, caches of the API) before the quiet run.
    for (const path of ['/en', product]) await fetch(`${shopUrl}${path}`, { headers: shopper }).then((response) => response.text());

    console.log(`${seconds} s per page and scenario, ${process.env.WEB_CONCURRENCY ?? 1} storefront process(es), ${ATTACKERS} attackers, ${SLOW_CLIENTS}x${SLOW_POSTS_PER_CLIENT} slow bodies, ${FLOOD_CONNECTIONS} flooding connections, ${new Date().toISOString()}, load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    console.log('scenario          page         p50 ms  p99 ms  p99/quiet  shopper non-2xx  attack statuses');
    const quiet = await scenario(pages, 'quiet');
    for (const mode of ['quiet', ...attacks]) {
      const results = mode === 'quiet' ? quiet : await scenario(pages, mode);
      for (const [name] of pages) {
        const { latency, non2xx } = results[name];
        const ratio = latency.p99 / quiet[name].latency.p99;
        const attack = name === 'home' && results.attack ? JSON.stringify(results.attack) : '';
        console.log(
          `${mode.padEnd(17)} ${name.padEnd(11)} ${String(latency.p50).padStart(7)} ${String(latency.p99).padStart(7)}  ${ratio.toFixed(2).padStart(9)}  ${String(non2xx).padStart(15)}  ${attack}`,
        );
      }
    }
    console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  } finally {
    stop();
  }
}
