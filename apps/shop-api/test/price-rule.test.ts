import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../src/call-context.ts';
import { entryReducedNetSql, priceRateSql, withVatSql } from '../src/catalog/pricing.ts';
import { productSummaries } from '../src/catalog/summaries.ts';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, useTestShop } from './databases.ts';

/**
 * One price rule, written three times: in TypeScript (product pages, cards, the cart), in SQL (listing sorts
 * and price filters) and in PL/pgSQL (the listing entries kept by triggers, migration 0004). Whatever the
 * product's price, its discounts and when they run, the three must give the same price with VAT; and a card, priced
 * as its cheapest buyable size (ADR 55, 57), the price its listing entry is sorted, filtered and counted by.
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

  it('prices a card as its listing entry, whatever its sizes’ prices and stock, its discounts and the country', async () => {
    const db = shop().handle.db;
    const [product] = await selectRows<{ id: number; combinations: number[] }>(
      db,
      sql`select p.id, array_agg(c.id order by c.id) as combinations from products p join combinations c on c.product_id = p.id
        where p.is_active group by p.id having count(*) >= 3 order by p.id desc limit 1`,
    );
    const { id, combinations } = product!;
    const countries = (await selectRows<{ iso: string }>(db, sql`select iso from countries order by iso`)).map((row) => row.iso);
    const size = fc.record({ impact: fc.integer({ min: -5_000, max: 5_000 }), quantity: fc.constantFrom(0, 0, 3) });

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5_000, max: 50_000 }),
        fc.array(size, { minLength: combinations.length, maxLength: combinations.length }),
        fc.constantFrom('deny', 'backorder'),
        fc.array(discount, { maxLength: 2 }),
        fc.constantFrom(...countries, 'ZZ'),
        async (net, sizes, policy, discounts, country) => {
          await db.execute(sql`delete from specific_prices where product_id = ${id}`);
          await db.execute(sql`update products set price_net_cents = ${net}, out_of_stock_policy = ${policy} where id = ${id}`);
          await db.execute(sql`update combinations c set price_impact_net_cents = s.impact, quantity = s.quantity
            from unnest(${sql.param(combinations)}::int[], ${sql.param(sizes.map((s) => s.impact))}::int[], ${sql.param(sizes.map((s) => s.quantity))}::int[])
              as s (id, impact, quantity)
            where c.id = s.id`);
          for (const { percent, amount, window } of discounts) {
            const { starts, ends } = period(window);
            await db.execute(sql`insert into specific_prices (product_id, reduction_percent, reduction_net_cents, starts_at, ends_at)
              values (${id}, ${percent}, ${amount}, ${starts?.toISOString() ?? null}, ${ends?.toISOString() ?? null})`);
          }

          const context = { db, config: shop().config, country, lang: 'en' } as CallContext;
          const [card] = await productSummaries(context, [id]);
          const rate = priceRateSql(country, 'IT');
          const [entry] = await selectRows<{ price: number; regular_price: number }>(
            db,
            sql`select (${withVatSql(entryReducedNetSql(sql`e`), rate)})::int as price, (${withVatSql(sql`e.price_net_cents`, rate)})::int as regular_price
              from catalog_listing_entries e where e.product_id = ${id} and e.category_id = 0`,
          );
          expect({ price: card!.price, regular_price: card!.regular_price }).toEqual(entry);
        },
      ),
      { numRuns: 30 },
    );
  });
});
