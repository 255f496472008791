import { performance } from 'node:perf_hooks';
import type { AdminCallName } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

/**
 * The back office's customer pages on a large shop (100,000 customers; 100,000 guest orders over three years, one
 * every 15 minutes, the last 500 in every state and the others delivered; 50,000 reviews), on
 * PostgreSQL only and on demand: `BENCH_CUSTOMERS=1 TEST_DATABASE_URL=postgres://… npx vitest run
 * apps/shop-api/test/back-office-customers.bench.test.ts`. Prints each call's median and p95 over 30 calls.
 */
describe.runIf(process.env.BENCH_CUSTOMERS && process.env.TEST_DATABASE_URL)('the back office on a large shop', () => {
  const shop = useTestShop('postgres');

  it('answers customer searches, a guest’s orders, reviews and the dashboard within 100 ms at p95', async () => {
    const db = shop().handle.db;
    await db.execute(sql`insert into customers (email, password_hash, first_name, last_name, newsletter, newsletter_consent_at, created_at)
      select 'customer' || n || '@example.com', 'x', 'First' || n, 'Last' || (n % 997), n % 3 = 0, case when n % 3 = 0 then now() end, now() - (n || ' minutes')::interval
      from generate_series(1, 100000) n`);
    await db.execute(sql`insert into orders (reference, email, status, items_cents, shipping_cents, tax_cents, total_cents, country_iso, shipping_address, billing_address, created_at)
      select 'B' || lpad(n::text, 9, '0'), 'guest' || (n % 50000) || '@example.com',
        case when n > 500 then 'delivered' else (array['payment_accepted','processing','shipped','delivered','awaiting_payment'])[1 + n % 5] end,
        5000, 500, 900, 5500, 'IT', jsonb_build_object('first_name', 'Guest', 'last_name', 'N' || n), '{}', now() - (n * 15 || ' minutes')::interval
      from generate_series(1, 100000) n`);
    await db.execute(sql`insert into product_reviews (product_id, author_name, lang, title, content, rating, status, created_at)
      select p.id, 'Author', 'en', 'A title', 'Some content of a review.', 1 + n % 5, (array['published','published','held','hidden'])[1 + n % 4], now() - (n || ' minutes')::interval
      from generate_series(1, 50000) n join lateral (select id from products order by id offset (n % 100) limit 1) p on true`);
    await db.execute(sql`analyze`);
    const session = (await staffSession(shop(), 'owner')).headers;
    // Page 200's link (ADR 58): the cursor of the 4,975th customer, newest first.
    const [deep] = await selectRows<{ cursor: string }>(
      db,
      sql`select 'a.' || (extract(epoch from created_at) * 1000000)::bigint || '.' || id as cursor from customers order by created_at desc, id desc offset ${199 * 25 - 1} limit 1`,
    );
    const cases: [string, AdminCallName, unknown][] = [
      ['customers, newest', 'listCustomers', {}],
      ['customers by name', 'listCustomers', { query: 'Last12' }],
      ['customers by email', 'listCustomers', { query: 'customer4242' }],
      ['customers, page 200', 'listCustomers', { cursor: deep!.cursor }],
      ['a guest’s orders', 'listGuestOrders', { email: 'guest1234@example.com' }],
      ['subscribers, a page', 'listSubscribers', { after: 50000 }],
      ['reviews held', 'listReviews', { status: 'held' }],
      ['dashboard', 'getDashboard', {}],
    ];
    const slow: string[] = [];
    for (const [label, name, payload] of cases) {
      const times: number[] = [];
      for (let run = 0; run < 30; run++) {
        const started = performance.now();
        expect((await adminCall(shop().app, name, payload, session)).status).toBe(200);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
      console.log(`${label}: median ${times[15]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
      if (p95 >= 100) slow.push(label);
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
