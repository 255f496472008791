// Latency of the back office's orders list on 100,000 orders (PostgreSQL): the list newest first, deep pages, search
// by reference, email and name, and the filters (state, period, country, gateway, invoice request). Target (issue 26):
// list and search p95 ≤ 100 ms. The orders are made here once (references BN…), with a staff session per client.
//
// Usage: npm run build -w apps/shop-api && DATABASE_URL=postgres://…/shop [BENCH_PORT=6191] node bench/orders.mjs [seconds=10] [clients=4] [only]
import { loadavg } from 'node:os';
import pg from 'pg';
import { startShopApi, staffSessions } from './back-office.mjs';
import { measure, reportLine, sequence } from './measure.mjs';
import { waitFor } from './wait-for.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 4);
const only = process.argv[4] ?? '';
const ORDERS = 100_000;
const port = Number(process.env.BENCH_PORT ?? 6191);
const apiUrl = `http://127.0.0.1:${port}`;
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database (the shop is migrated, and the orders made, on the first run).');
  process.exit(1);
}

const api = startShopApi(port, clients);
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });

/** 100,000 orders over two years, in eight countries, three gateways, one in ten with an invoice request, 1 to 3 lines each. */
async function makeOrders() {
  const { rows } = await db.query(`select count(*)::int as n from orders where reference like 'BN%'`);
  if (rows[0].n >= ORDERS) return;
  await db.query(`insert into orders (reference, email, lang, status, currency, items_cents, shipping_cents, tax_cents, total_cents,
      country_iso, shipping_address, billing_address, gateway, invoice, created_at)
    select 'BN' || lpad(g::text, 8, '0'), 'shopper' || g || '@example.com', (array['en','fr','it','es','de'])[1 + g % 5],
      (array['payment_accepted','processing','shipped','delivered','cancelled','awaiting_payment','refunded'])[1 + g % 7], 'EUR',
      5000 + g % 20000, 590, 1000, 5590 + g % 20000, (array['IT','FR','DE','ES','NL','BE','AT','PL'])[1 + g % 8],
      jsonb_build_object('first_name', (array['Giulia','Camille','Lena','Lucía','Anna','Marco'])[1 + g % 6], 'last_name', 'Rossi' || (g % 997)),
      jsonb_build_object('first_name', (array['Giulia','Camille','Lena','Lucía','Anna','Marco'])[1 + g % 6], 'last_name', 'Rossi' || (g % 997)),
      (array['card','paypal','multisafepay'])[1 + g % 3],
      case when g % 10 = 0 then jsonb_build_object('vat_number', 'IT12345678903', 'sdi', 'ABC1234') end,
      now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${ORDERS}) g on conflict (reference) do nothing`);
  await db.query(`insert into order_lines (order_id, product_name, quantity, unit_price_cents, total_cents)
    select o.id, 'Linen dress', 1, 5000, 5000 from orders o, generate_series(1, 1 + o.id % 3) where o.reference like 'BN%'`);
  await db.query('analyze orders; analyze order_lines');
}


try {
  await waitFor(`${apiUrl}/health`);
  await db.connect();
  await makeOrders();
  const tokens = await staffSessions(db, { email: 'bench@example.com', role: 'fulfilment', count: clients });
  const random = sequence(26);
  const pick = (list) => list[random(list.length)];
  const call = async (payload) => {
    const started = performance.now();
    const response = await fetch(`${apiUrl}/admin/listOrders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-staff-session': pick(tokens) },
      body: JSON.stringify(payload),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`listOrders ${JSON.stringify(payload)}: ${response.status} ${body.message}`);
    return performance.now() - started;
  };
  // Pages 2, 3 and 2,000 are asked by their links (ADR 58): the cursor of the last order of the page before each.
  const cursorAt = async (offset) =>
    (await db.query(`select 'a.' || (extract(epoch from created_at) * 1000000)::bigint || '.' || id as cursor from orders order by created_at desc, id desc offset $1 limit 1`, [offset])).rows[0].cursor;
  const firstPages = [undefined, await cursorAt(24), await cursorAt(49)];
  const deepPage = await cursorAt(1_999 * 25 - 1);
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const scenarios = [
    ['list: newest first, first pages', () => [{ cursor: pick(firstPages) }]],
    ['list: deep page (page 2,000)', () => [{ cursor: deepPage }]],
    ['search: a reference', () => [{ query: `BN${String(1 + random(ORDERS)).padStart(8, '0')}` }]],
    ['search: an email address (part)', () => [{ query: `shopper${1 + random(ORDERS)}@` }]],
    ['search: a name', () => [{ query: `Rossi${random(997)}` }]],
    ['filter: state', () => [{ status: pick(['processing', 'payment_accepted', 'shipped']) }]],
    ['filter: period (a month), country', () => [{ from: day(60), to: day(30), country: pick(['IT', 'FR', 'DE']) }]],
    ['filter: gateway, invoice request', () => [{ gateway: pick(['card', 'paypal']), invoice: true }]],
  ];
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`${ORDERS} orders, ${clients} clients, ${seconds} s per scenario, load average ${load}, ${new Date().toISOString()}`);
  console.log('scenario                                         calls/s    p50 ms   p95 ms   p99 ms');
  for (const [name, next] of scenarios.filter(([name]) => name.includes(only))) {
    await measure({ seconds: Math.min(seconds, 3), clients }, next, call); // warm-up round: caches and plans
    console.log(reportLine(name, await measure({ seconds, clients }, next, call), seconds));
  }
} finally {
  await db.end().catch(() => {});
  api.kill('SIGTERM');
}
