// Latency of the shop API's catalogue calls on a large catalogue (PostgreSQL), measured call by call with a
// few concurrent clients: listings (plain and filtered), product, related products, search and suggestions.
// Prints requests/s and p50/p95/p99 per scenario. Targets (issue 3): suggestions p95 < 50 ms, filtered
// listings p95 < 100 ms on a 2-core machine.
//
// Usage: DATABASE_URL=postgres://…/shop npm run seed:large -w apps/shop-api   (once: 100,000 products)
//        npm run build -w apps/shop-api && DATABASE_URL=postgres://…/shop node bench/catalog.mjs [seconds=10] [clients=4] [only]
// `only`: run just the scenarios whose name contains it (e.g. `search`, `mixed`).
// The last scenario, `mixed`, changes the catalogue while it reads: a price or a stock change every second (in SQL,
// through the same triggers as the back office and orders), while the clients ask for suggestions, searches and
// filtered listings of the two large categories. It changes the bench's database (a cent on a price, a size sold
// out or back in stock) for good. With MIXED_CHANGES=off it makes no change: the same reads' floor.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { measure, percentile, reportLine, sequence } from './measure.mjs';
import { waitFor } from './wait-for.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 4);
const only = process.argv[4] ?? '';
const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_API_PORT: another port when two benches share the machine.
const port = Number(process.env.BENCH_API_PORT ?? 6190);
const apiUrl = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to the PostgreSQL database seeded by `npm run seed:large -w apps/shop-api`.');
  process.exit(1);
}

const api = spawn(process.execPath, ['apps/shop-api/dist/main.js'], {
  cwd: root,
  env: { ...process.env, SHOP_API_PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
  stdio: ['ignore', 'ignore', 'inherit'],
});


async function call(name, payload, lang) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang, 'X-Shop-Country': 'IT' },
    body: JSON.stringify(payload),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${name} ${JSON.stringify(payload)}: ${response.status} ${body.message}`);
  return { ms: performance.now() - started, psdata: body.psdata };
}

const LANGS = ['en', 'fr', 'it', 'es', 'de'];

try {
  await waitFor(`${apiUrl}/health`);
  const { psdata: women } = await call('getProducts', { id_category: 3, per_page: 1 }, 'en');
  const { psdata: count } = await call('getProducts', { per_page: 1, with_facets: false }, 'en');
  const categories = [3, 4, 5, ...women.category.children.map((child) => child.id)];
  const sizes = women.facets.sizes.map((option) => Number(option.value));
  const colors = women.facets.colors.map((option) => Number(option.value));
  const brands = women.facets.brands.map((option) => Number(option.value));
  const orders = ['relevance', 'price_asc', 'price_desc', 'popularity', 'date_add_desc', 'title_asc', 'discount_desc'];
  const words = { en: ['linen', 'dress', 'jacket', 'wool coat', 'shirt'], fr: ['robes', 'veste', 'lin'], it: ['giacca', 'abiti', 'lana'], es: ['vestidos', 'camisa'], de: ['Kleider', 'Jacke', 'Wolle'] };
  const prefixes = { en: ['dr', 'jack', 'lin', 'jaket', 'wool c', 'knitw', 'sneak'], fr: ['rob', 'vest', 'robes mi'], it: ['giac', 'abit'], es: ['vest', 'cami'], de: ['klei', 'jack', 'kleider'] };
  const random = sequence(42);
  const pick = (list) => list[random(list.length)];
  const lang = () => pick(LANGS);

  const filters = () =>
    pick([
      { sizes: [pick(sizes)] },
      { sizes: [pick(sizes)], colors: [pick(colors)] },
      { colors: [pick(colors), pick(colors)], price_min: 5_000, price_max: 9_999 },
      { brands: [pick(brands)], sizes: [pick(sizes)], availability: ['in_stock'] },
      { badges: ['sale', 'promo'], colors: [pick(colors)] },
    ]);
  const subcategories = categories.slice(3);
  const scenarios = [
    ['listing: subcategory, sorted, facets', () => ['getProducts', { id_category: pick(subcategories), order: pick(orders), page: 1 + random(5) }, lang()]],
    ['listing: subcategory, filtered', () => ['getProducts', { id_category: pick(subcategories), order: pick(orders), page: 1 + random(3), ...filters() }, lang()]],
    ['listing: top category (~40k products), filtered', () => ['getProducts', { id_category: pick([3, 4]), order: pick(orders), ...filters() }, lang()]],
    ['product page: getProduct', () => ['getProduct', { product_id: 1 + random(count.pagination.total_items) }, lang()]],
    ['related products', () => ['getRelatedProducts', { id_product: 1 + random(count.pagination.total_items), page: 1 + random(3) }, lang()]],
    ['search results: full text, facets', () => {
      const language = lang();
      return ['getProducts', { q: pick(words[language]), order: pick(['relevance', 'price_asc']) }, language];
    }],
    ['suggestions: search call', () => {
      const language = lang();
      return ['search', { q: pick(prefixes[language]) }, language];
    }],
    // A top category as the menu opens it: no filter, every facet counted over all its products.
    ['listing: top category (~40k products), sorted', () => ['getProducts', { id_category: pick([3, 4]), order: pick(orders) }, lang()]],
  ];

  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`${count.pagination.total_items} products, ${clients} clients, ${seconds} s per scenario, load average ${load}, ${new Date().toISOString()}`);
  console.log('scenario                                         calls/s    p50 ms   p95 ms   p99 ms');
  for (const [name, next] of scenarios.filter(([name]) => name.includes(only))) {
    const timed = async (...args) => (await call(...args)).ms;
    await measure({ seconds, clients }, next, timed).catch(() => []); // warm-up round: caches and plans
    console.log(reportLine(name, await measure({ seconds, clients }, next, timed), seconds));
  }
  const scenario = (name) => scenarios.find(([named]) => named === name)[1];
  if ('mixed'.includes(only)) {
    const [search, suggestion] = [scenario('search results: full text, facets'), scenario('suggestions: search call')];
    await mixed({ pick, random, lang, filters, search, suggestion, orders, products: count.pagination.total_items });
  }
} finally {
  api.kill('SIGTERM');
}

/**
 * The mixed scenario: one change a second (a price moved by a cent, or a size sold out or back in stock, of a random
 * product) while `clients` loops read. Reports each kind of call, and the first filtered page of each category and
 * order asked after a change (what used to read the category's order again: ADR 29, ADR 47).
 */
async function mixed({ pick, random, lang, filters, suggestion, search, orders, products }) {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const revision = async () => (await db.query('select revision::text from catalog_revision')).rows[0].revision;
  let changes = 0;
  /** Per category and order, whether a filtered page was asked for since the last change. */
  const askedSinceChange = new Set();
  const change = async () => {
    const id = 1 + random(products);
    if (changes % 2 === 0) await db.query('update products set price_net_cents = price_net_cents + $2 where id = $1', [id, changes % 4 === 0 ? 1 : -1]);
    else
      await db.query(`update combinations set quantity = case when quantity > 0 then 0 else 5 end
        where id = (select id from combinations where product_id = $1 order by id limit 1)`, [id]);
    changes += 1;
    askedSinceChange.clear();
  };
  const latencies = { suggestions: [], search: [], filtered: [], firstAfterChange: [] };
  const next = () => {
    const kind = pick(['suggestions', 'search', 'filtered']);
    if (kind === 'suggestions') return [kind, suggestion()];
    if (kind === 'search') return [kind, search()];
    return [kind, ['getProducts', { id_category: pick([3, 4]), order: pick(orders), ...filters() }, lang()]];
  };
  const timed = async (kind, args) => {
    const scopeOrder = kind === 'filtered' ? `${args[1].id_category} ${args[1].order}` : null;
    const first = scopeOrder !== null && !askedSinceChange.has(scopeOrder);
    if (first) askedSinceChange.add(scopeOrder);
    const { ms } = await call(...args);
    latencies[kind].push(ms);
    if (first && changes > 0) latencies.firstAfterChange.push(ms);
    return ms;
  };
  try {
    await measure({ seconds, clients }, next, timed).catch(() => []); // warm-up round, without changes
    for (const list of Object.values(latencies)) list.length = 0;
    const revisionBefore = await revision();
    // MIXED_CHANGES=off: the same reads without a change, the floor the changes are measured against.
    const changing = process.env.MIXED_CHANGES === 'off' ? null : setInterval(() => change().catch((error) => console.error(`change: ${error.message}`)), 1000);
    try {
      await measure({ seconds, clients }, next, timed);
    } finally {
      clearInterval(changing);
    }
    const revisions = Number(await revision()) - Number(revisionBefore);
    console.log(`mixed: ${changes} changes, ${revisions} new revisions, ${clients} clients, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    for (const [kind, name] of [
      ['suggestions', 'mixed: suggestions'],
      ['search', 'mixed: search results'],
      ['filtered', 'mixed: top category, filtered'],
      ['firstAfterChange', 'mixed: first filtered page after a change'],
    ]) {
      const sorted = latencies[kind].sort((a, b) => a - b);
      if (sorted.length === 0) continue;
      console.log(`${reportLine(name, sorted, seconds)}  max ${percentile(sorted, 100).toFixed(1)}`);
    }
  } finally {
    await db.end();
  }
}
