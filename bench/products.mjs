// Latency of the back office's product list on the 100,000-product catalogue (PostgreSQL): the list newest first,
// deep pages, search by a name, a reference or a variant SKU, the filters (category, brand, draft, stock, a missing
// language, on sale, missing a photo) and the sorts. Target (issue 27): p95 ≤ 100 ms. A staff session (catalogue role) per client.
//
// Usage: DATABASE_URL=postgres://…/shop npm run seed:large -w apps/shop-api   (once: 100,000 products)
//        npm run build -w apps/shop-api && DATABASE_URL=postgres://…/shop [BENCH_PORT=6192] node bench/products.mjs [seconds=10] [clients=4] [only]
import { loadavg } from 'node:os';
import pg from 'pg';
import { startShopApi, staffSessions } from './back-office.mjs';
import { measure, reportLine, sequence } from './measure.mjs';
import { waitFor } from './wait-for.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 4);
const only = process.argv[4] ?? '';
const port = Number(process.env.BENCH_PORT ?? 6192);
const apiUrl = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to the PostgreSQL database seeded by `npm run seed:large -w apps/shop-api`.');
  process.exit(1);
}

const api = startShopApi(port, clients);
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });


try {
  await waitFor(`${apiUrl}/health`);
  await db.connect();
  const tokens = await staffSessions(db, { email: 'bench.catalogue@example.com', role: 'catalogue', count: clients });
  // What staff type: words of names (any language), whole references and SKUs, the categories and brands there are.
  const sample = (await db.query(`select p.reference, t.name, (select c.reference from combinations c where c.product_id = p.id limit 1) as sku
    from products p join product_translations t on t.product_id = p.id where p.id % 499 = 0`)).rows;
  const words = [...new Set(sample.flatMap((row) => row.name.split(/\s+/)).filter((word) => word.length >= 5))];
  const categories = (await db.query('select id from categories')).rows.map((row) => row.id);
  const brands = (await db.query('select id from brands')).rows.map((row) => row.id);
  const { rows: [{ n }] } = await db.query('select count(*)::int as n from products');
  const random = sequence(27);
  const pick = (list) => list[random(list.length)];
  const call = async (payload) => {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/admin/listProducts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': pick(['en', 'it', 'fr']), 'x-staff-session': pick(tokens) },
      body: JSON.stringify(payload),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`listProducts ${JSON.stringify(payload)}: ${response.status} ${body.message}`);
    return performance.now() - started;
  };
  const scenarios = [
    ['list: newest first, first pages', () => [{ page: 1 + random(3) }]],
    ['list: deep page (page 2,000)', () => [{ page: 2_000 }]],
    ['search: a word of a name', () => [{ query: pick(words) }]],
    ['search: a reference', () => [{ query: pick(sample).reference }]],
    ['search: a variant SKU', () => [{ query: pick(sample).sku ?? pick(sample).reference }]],
    ['filter: category', () => [{ category: pick(categories) }]],
    ['filter: brand, in stock', () => [{ brand: pick(brands), stock: 'in' }]],
    ['filter: drafts', () => [{ state: 'draft' }]],
    ['filter: missing a language', () => [{ missing: pick(['fr', 'de', 'es']) }]],
    ['filter: on sale', () => [{ on_sale: true, page: 1 + random(3) }]],
    ['filter: missing a photo', () => [{ missing_photo: true, page: 1 + random(3) }]],
    ['filter: on sale, missing a photo, category', () => [{ on_sale: true, missing_photo: true, category: pick(categories) }]],
    ['sort: name', () => [{ sort: 'name', page: 1 + random(3) }]],
    ['sort: price, category', () => [{ sort: pick(['price_asc', 'price_desc']), category: pick(categories) }]],
    ['sort: stock, lowest first', () => [{ sort: 'stock_asc' }]],
  ];
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`${n} products, ${clients} clients, ${seconds} s per scenario, load average ${load}, ${new Date().toISOString()}`);
  console.log('scenario                                         calls/s    p50 ms   p95 ms   p99 ms');
  for (const [name, next] of scenarios.filter(([name]) => name.includes(only))) {
    await measure({ seconds: Math.min(seconds, 3), clients }, next, call); // warm-up round: caches and plans
    console.log(reportLine(name, await measure({ seconds, clients }, next, call), seconds));
  }
} finally {
  await db.end().catch(() => {});
  api.kill('SIGTERM');
}
