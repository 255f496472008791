// The embedded database's turns between clients (issue 24, ADR 13, ADR 71), measured at the shop API itself, with
// no storefront render in between: a shopper reads products (`getProduct`, a product's parts: several statements at
// once) one after the other, first alone, then while one other client floods the API with searches no one asked
// before (sixteen calls at once). Both are named by `x-client-ip`, which the API takes from a loopback caller.
// Prints the shopper's p50/p99 in each and the ratio, and how many calls the flood got through.
// Usage: npm run build && npm run bench:turns [seconds=15]. BENCH_PORT (default 3720) moves its ports (bench-shop.mjs).
import { loadavg } from 'node:os';
import { startBenchShop } from './bench-shop.mjs';
import { waitFor } from './wait-for.mjs';

const FLOOD_CONNECTIONS = 16;
const SEARCH_WORDS = ['dress', 'shirt', 'jacket', 'coat', 'jeans', 'skirt', 'sweater', 'boots', 'linen', 'wool', 'cotton', 'silk'];
const SHOPPER = '10.9.0.1';
const FLOODER = '10.2.0.1';

const seconds = Number(process.argv[2] ?? 15);
const { shopUrl, apiUrl, stop } = startBenchShop();

/** One call of the API's as `client`; resolves with its status once its answer is read. */
const call = async (name, input, client) => {
  const response = await fetch(`${apiUrl}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'x-client-ip': client },
    body: JSON.stringify(input),
  });
  await response.arrayBuffer();
  return response.status;
};

/** The shopper's products read one after the other for `seconds`: p50, p99 and non-2xx answers. */
async function shopperReads(productIds) {
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  for (let index = 0; performance.now() < until; index++) {
    const started = performance.now();
    const status = await call('getProduct', { product_id: productIds[index % productIds.length] }, SHOPPER);
    latencies.push(performance.now() - started);
    if (status !== 200) failed += 1;
  }
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), calls: latencies.length, failed };
}

try {
  // The demo shop is seeded first: minutes on a loaded machine.
  await waitFor(`${shopUrl}/health/ready`, 1200);
  const listing = await (await fetch(`${apiUrl}/getProducts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"with_facets":false}' })).json();
  const productIds = listing.psdata.products.slice(0, 12).map((product) => product.id_product);
  // Warm the API (code paths, its answers' caches) before the quiet run.
  for (const id of productIds) await call('getProduct', { product_id: id }, SHOPPER);

  console.log(`${seconds} s each, ${FLOOD_CONNECTIONS} flooding calls at once, ${new Date().toISOString()}, load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  const quiet = await shopperReads(productIds);
  let stopped = false;
  let sent = 0;
  const floodStatuses = {};
  const flooder = async () => {
    while (!stopped) {
      const status = await call('getProducts', { q: `${SEARCH_WORDS[sent % SEARCH_WORDS.length]}${sent++}` }, FLOODER).catch(() => 'network error');
      floodStatuses[status] = (floodStatuses[status] ?? 0) + 1;
    }
  };
  const flood = Array.from({ length: FLOOD_CONNECTIONS }, flooder);
  const flooded = await shopperReads(productIds);
  stopped = true;
  await Promise.all(flood);
  console.log('scenario   p50 ms  p99 ms  p99/quiet  shopper calls  shopper non-2xx  flood statuses');
  for (const [name, figures] of [['quiet', quiet], ['flooded', flooded]]) {
    const ratio = (figures.p99 / quiet.p99).toFixed(2);
    const statuses = name === 'flooded' ? JSON.stringify(floodStatuses) : '';
    console.log(
      `${name.padEnd(9)} ${figures.p50.toFixed(1).padStart(7)} ${figures.p99.toFixed(1).padStart(7)}  ${ratio.padStart(9)}  ${String(figures.calls).padStart(13)}  ${String(figures.failed).padStart(15)}  ${statuses}`,
    );
  }
  console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
} finally {
  stop();
}
