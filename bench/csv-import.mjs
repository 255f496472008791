// Time of a products CSV import on PostgreSQL (issue 27, docs/adr/0045-products-csv.md): a file of new products
// with `variants` variants in all (5 sizes each, texts in two languages) is checked (the dry run) and applied, then a
// stock and price file of the same SKUs (`sku,stock,price`) likewise. Meanwhile one shopper lists a category, and
// the shopper's p99 is printed quiet and during each apply (the issue's goal: within 2× quiet).
//
// Usage: a PostgreSQL database with the shop's catalogue (the demo seed, or `npm run seed:large -w apps/shop-api`);
//        npm run build -w apps/shop-api && DATABASE_URL=postgres://…/shop node bench/csv-import.mjs [variants=10000]
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startShopApi, staffSessions } from './back-office.mjs';
import { waitFor } from './wait-for.mjs';

const variants = Number(process.argv[2] ?? 10_000);
const port = 6193;
const apiUrl = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database with the shop’s catalogue (demo or large seed).');
  process.exit(1);
}

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const api = startShopApi(port, 2);
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
const folder = await mkdtemp(join(tmpdir(), 'csv-bench-'));

/** A shopper listing a category over and over until `stop` says so: each call's milliseconds. */
async function shopper(category, stop) {
  const times = [];
  while (!stop()) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/getProducts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-client-ip': '198.51.100.9' },
      body: JSON.stringify({ id_category: category, per_page: 24, page: 1 + (times.length % 5) }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}
const p99 = (times) => (times.length ? [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)].toFixed(0) : '—');

/** Uploads a file (dry run) and applies it, with a shopper listing meanwhile: the seconds of each, the counts, the shopper's p99 during the apply. */
async function importFile(token, path, category) {
  const form = new FormData();
  form.append('file', await openAsBlob(path, { type: 'text/csv' }), 'bench.csv');
  const headers = { 'x-staff-session': token, 'accept-language': 'en' };
  let started = performance.now();
  const checked = await (await fetch(`${apiUrl}/admin/imports/products.csv`, { method: 'POST', headers, body: form })).json();
  const dryRun = (performance.now() - started) / 1000;
  if (!checked.success || checked.psdata.refused) throw new Error(`dry run: ${JSON.stringify(checked).slice(0, 500)}`);
  let applying = true;
  const during = shopper(category, () => !applying);
  started = performance.now();
  const applied = await (
    await fetch(`${apiUrl}/admin/applyProductImport`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ id: checked.psdata.id }) })
  ).json();
  const apply = (performance.now() - started) / 1000;
  applying = false;
  if (!applied.success || applied.psdata.state !== 'applied') throw new Error(`apply: ${JSON.stringify(applied).slice(0, 500)}`);
  return { dryRun, apply, counts: checked.psdata, shopperP99: p99(await during) };
}

try {
  await waitFor(`${apiUrl}/health`);
  await db.connect();
  const [token] = await staffSessions(db, { email: 'bench.csv@example.com', role: 'catalogue', count: 1 });
  const { rows: [category] } = await db.query(`select t.category_id as id, t.slug from category_translations t where t.lang = 'en'
    and t.category_id in (select category_id from product_categories) order by t.category_id desc limit 1`);
  const { rows: [brand] } = await db.query('select name from brands order by id limit 1');
  const run = Date.now().toString(36).toUpperCase();
  const products = Math.ceil(variants / SIZES.length);

  const created = join(folder, 'new.csv');
  const lines = ['handle,name_en,description_en,name_it,brand,category,gender,garment,status,price,sku,size,colour,stock'];
  const skus = [];
  for (let product = 0; product < products; product++) {
    for (const size of SIZES.slice(0, Math.min(SIZES.length, variants - product * SIZES.length))) {
      const handle = `B${run}-${product}`;
      skus.push(`${handle}-${size}`);
      lines.push(`${handle},Bench shirt ${product},"A shirt, made for a bench.",Camicia ${product},"${brand.name}",${category.slug},men,shirt,active,49.90,${handle}-${size},${size},Blue,5`);
    }
  }
  await writeFile(created, `${lines.join('\n')}\n`);
  const updated = join(folder, 'stock.csv');
  // A product's rows agree on its price (the dry run refuses them otherwise): every other product's changes.
  const priceOf = (index) => (Math.floor(index / SIZES.length) % 2 ? '59.90' : '49.90');
  await writeFile(updated, `sku,stock,price\n${skus.map((sku, index) => `${sku},${index % 17},${priceOf(index)}`).join('\n')}\n`);

  let quiet = true;
  const quietTimes = shopper(category.id, () => !quiet);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  quiet = false;
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`${skus.length} variants (${products} products), load average ${load}, ${new Date().toISOString()}`);
  console.log(`shopper quiet: p99 ${p99(await quietTimes)} ms`);
  for (const [name, path] of [['new products', created], ['stock and price by SKU', updated]]) {
    const result = await importFile(token, path, category.id);
    console.log(
      `${name}: dry run ${result.dryRun.toFixed(1)} s (created ${result.counts.created}, changed ${result.counts.changed}), apply ${result.apply.toFixed(1)} s` +
        ` (${Math.round(skus.length / result.apply)} rows/s), shopper p99 during the apply ${result.shopperP99} ms`,
    );
  }
} finally {
  await db.end().catch(() => {});
  api.kill('SIGTERM');
  await rm(folder, { recursive: true, force: true });
}
