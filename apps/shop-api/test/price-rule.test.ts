import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entryReducedNetSql, priceRateSql, withVatSql } from '../src/catalog/pricing.ts';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, useTestShop } from './databases.ts';

/**
 * One price rule, written three times: in TypeScript (product pages, cards, the cart), in SQL (listing sorts
 * and price filters) and in PL/pgSQL (the listing entries kept by triggers, migration 0004). Whatever the
 * product's price, its discounts and when they run, the three must give the same price with VAT.
 */
const DAY = 24 * 60 * 60 * 1000;
type Window = 'open' | 'running' | 'past' | 'future';
type Discount = { percent: number | null; amount: number | null; window: Window };

function period(window: Window): { starts: Date | null; ends: Date | null } {
  const now = Date.now();
  switch (window) {
    case 'open':
      return { starts: null, ends: null };
    case 'running':
      return { starts: new Date(now - DAY), ends: new Date(now + DAY) };
    case 'past':
      return { starts: new Date(now - 3 * DAY), ends: new Date(now - DAY) };
    case 'future':
      return { starts: new Date(now + DAY), ends: new Date(now + 3 * DAY) };
  }
}

const discount: fc.Arbitrary<Discount> = fc.record({
  percent: fc.option(fc.integer({ min: 0, max: 100 })),
  amount: fc.option(fc.integer({ min: 0, max: 60_000 })),
  window: fc.constantFrom<Window>('open', 'running', 'past', 'future'),
});

describe.each(DRIVERS)('the price rule on %s', (driver) => {
  const shop = useTestShop(driver);

  it('gives the same price in TypeScript, SQL and the stored listing entries', async () => {
    const { app, handle } = shop();
    const db = handle.db;
    const [product] = await selectRows<{ id: number; category_id: number }>(
      db,
      sql`select p.id, p.default_category_id as category_id from products p where p.is_active order by p.id limit 1`,
    );
    const countries = (await selectRows<{ iso: string }>(db, sql`select iso from countries order by iso`)).map((row) => row.iso);
    // The product page shows its combination's price: without price impacts, that is the product's own.
    await db.execute(sql`update combinations set price_impact_net_cents = 0 where product_id = ${product!.id}`);

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(discount, { maxLength: 3 }),
        fc.constantFrom(...countries, 'ZZ'),
        async (net, discounts, country) => {
          await db.execute(sql`delete from specific_prices where product_id = ${product!.id}`);
          await db.execute(sql`update products set price_net_cents = ${net} where id = ${product!.id}`);
          for (const { percent, amount, window } of discounts) {
            const { starts, ends } = period(window);
            await db.execute(sql`insert into specific_prices (product_id, reduction_percent, reduction_net_cents, starts_at, ends_at)
              values (${product!.id}, ${percent}, ${amount}, ${starts?.toISOString() ?? null}, ${ends?.toISOString() ?? null})`);
          }

          const page = await callApi(app, 'getProduct', { product_id: product!.id }, { 'x-shop-country': country });
          expect(page.status).toBe(200);
          const rate = priceRateSql(country, 'IT');
          const [prices] = await selectRows<{ looked_up: number; stored: number }>(
            db,
            sql`select (${withVatSql(sql`catalog_listing_current_net(${product!.id}, ${net})`, rate)})::int as looked_up,
              (${withVatSql(entryReducedNetSql(sql`e`), rate)})::int as stored
              from catalog_listing_entries e where e.product_id = ${product!.id} and e.category_id = ${product!.category_id}`,
          );
          expect({ sql: prices!.looked_up, entries: prices!.stored }).toEqual({ sql: page.body.psdata.price, entries: page.body.psdata.price });
        },
      ),
      { numRuns: 40 },
    );
  });
});
