import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { refreshEndedPricePeriods } from '../src/catalog/pricing.ts';
import { RevisionCache } from '../src/catalog/revision-cache.ts';
import { selectRows } from '../src/db/raw.ts';
import { metrics } from '../src/metrics.ts';
import { apiWithoutKeptOrders, callApi, DRIVERS, useTestShop } from './databases.ts';

// The catalogue's revision (migration 0014) and the listing answers the API keeps under it (revision-cache.ts).
const WOMEN = 3;

describe.each(DRIVERS)('catalogue answers kept per revision on %s', (driver) => {
  const shop = useTestShop(driver);
  const db = () => shop().handle.db;
  const run = (query: ReturnType<typeof sql>) => db().execute(query);
  const revision = async () => Number((await selectRows<{ revision: string }>(db(), sql`select revision from catalog_revision`))[0]!.revision);
  const productsWithStock = async (count: number) =>
    (
      await selectRows<{ id: number }>(
        db(),
        sql`select p.id from products p join product_categories pc on pc.product_id = p.id and pc.category_id = ${WOMEN}
          where p.is_active and p.out_of_stock_policy = 'deny'
            and exists (select 1 from combinations c where c.product_id = p.id and c.quantity > 0)
          order by p.id limit ${count}`,
      )
    ).map((row) => row.id);
  const inStock = async () =>
    (await callApi(shop().app, 'getProducts', { id_category: WOMEN, availability: ['in_stock'], per_page: 4 }, { 'accept-language': 'en' })).body.psdata;

  it('raises the revision once for each committed change, however many rows it writes, and not for one rolled back or one nothing reads', async () => {
    const before = await revision();
    // Sales make the order by popularity: three products' listing and search rows change.
    await run(sql`update products set sales_count = sales_count + 1 where id in (1, 2, 3)`);
    expect(await revision()).toBe(before + 1);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`update product_translations set name = name || ' X' where product_id = 1`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await revision()).toBe(before + 1);
    // Sessions are not the catalogue; one more unit of a size in stock changes no listing (they tell in stock or not).
    await run(sql`update sessions set expires_at = expires_at`);
    await run(sql`update combinations set quantity = quantity + 1 where product_id = ${(await productsWithStock(1))[0]!} and quantity > 0`);
    expect(await revision()).toBe(before + 1);
  });

  it('raises it exactly once for each of twenty changes committed at the same time', async () => {
    const ids = await productsWithStock(20);
    expect(ids).toHaveLength(20);
    const before = await revision();
    await Promise.all(ids.map((id) => run(sql`update products set sales_count = sales_count + 1 where id = ${id}`)));
    expect(await revision()).toBe(before + 20);
  });

  it('never answers from before a change once it is committed, while others read and sell out at the same time', async () => {
    const first = await inStock();
    // Asked again with nothing changed, the answer is the same.
    expect(await inStock()).toEqual(first);
    const soldOut = await productsWithStock(6);
    const reads: Promise<{ pagination: { total_items: number } }>[] = [];
    await Promise.all(
      soldOut.map(async (id) => {
        reads.push(inStock());
        await run(sql`update combinations set quantity = 0 where product_id = ${id}`);
        reads.push(inStock());
      }),
    );
    // Reads made meanwhile saw some state in between; none failed.
    for (const read of await Promise.all(reads)) {
      expect(read.pagination.total_items).toBeGreaterThanOrEqual(first.pagination.total_items - soldOut.length);
      expect(read.pagination.total_items).toBeLessThanOrEqual(first.pagination.total_items);
    }
    // Once every change is committed, every answer has all of them.
    const after = await inStock();
    expect(after.pagination.total_items).toBe(first.pagination.total_items - soldOut.length);
    expect(after.facets.availability.find((option: { value: string }) => option.value === 'in_stock').count).toBe(first.pagination.total_items - soldOut.length);
  });

  it('reads pages from kept orders that hold every committed change, while products sell out and go on sale at the same time', async () => {
    const withSql = apiWithoutKeptOrders(shop());
    const answers = vi.spyOn(RevisionCache.prototype, 'answer');
    try {
      const { facets } = await inStock();
      const size36 = facets.sizes.find((option: { label: string }) => option.label === '36').value;
      // Second pages of few products (one brand's in stock, one shoe size's), which kept orders answer (listing.ts,
      // readsKeptOrder), in orders that a sale or a discount changes.
      const payloads = ['price_asc', 'popularity', 'title_asc', 'discount_desc'].flatMap((order) => [
        { order, brands: ['2'], availability: ['in_stock'], page: 2, per_page: 12 },
        { order, sizes: [size36], page: 2, per_page: 10 },
      ]);
      const pageIds = async (app: FastifyInstance, payload: object) => {
        const { status, body } = await callApi(app, 'getProducts', { id_category: WOMEN, with_facets: false, ...payload }, { 'accept-language': 'en' });
        expect(status).toBe(200);
        return body.psdata.products.map((product: { id_product: number }) => product.id_product) as number[];
      };
      const pages = () => Promise.all(payloads.map((payload) => pageIds(shop().app, payload)));
      const shown = [...new Set((await pages()).flat())];
      const [soldOut, onSale] = [shown.slice(0, 3), shown.slice(3, 6)];
      expect(onSale).toHaveLength(3);

      answers.mockClear();
      // Each change between two reads of a page (one client: at most 56 calls in the API at once, API_CLIENT_CONCURRENCY).
      const reads: Promise<number[]>[] = [];
      await Promise.all(
        [...soldOut, ...onSale].map(async (id, index) => {
          const read = () => reads.push(pageIds(shop().app, payloads[index]!));
          read();
          await run(
            soldOut.includes(id)
              ? sql`update combinations set quantity = 0 where product_id = ${id}`
              : sql`insert into specific_prices (product_id, reduction_percent) values (${id}, 45)`,
          );
          await run(sql`update products set sales_count = sales_count + 50 where id = ${id}`);
          read();
        }),
      );
      await Promise.all(reads);
      // Once all is committed, every page is what SQL reads now: no sold-out product in stock, every new price in place.
      const after = await pages();
      for (const [index, payload] of payloads.entries()) expect(after[index], JSON.stringify(payload)).toEqual(await pageIds(withSql, payload));
      expect(after.filter((_, index) => index % 2 === 0).flat().filter((id) => soldOut.includes(id))).toEqual([]);
      // Those pages came from orders kept under the last revision (keys name the scope, then the order).
      const keptOrdersAt = async () => {
        const last = String(await revision());
        return [...new Set(answers.mock.calls.filter(([at, key]) => at === last && key.startsWith('[{')).map(([, key]) => JSON.parse(key)[1]))].sort();
      };
      expect(await keptOrdersAt()).toEqual(expect.arrayContaining(['discount_desc', 'popularity', 'price_asc', 'title_asc']));
      // The category's groups are counted from its order by date after a change (listing.ts, patchGroups), from groups
      // worked out before it. Under the changes at once above, a revision's groups were at times worked out whole
      // instead (the previous revision's not worked out yet, revision-cache.ts): one more change, read once all is done.
      answers.mockClear();
      await run(sql`update products set sales_count = sales_count + 1 where id = ${onSale[0]!}`);
      expect(await pages()).toEqual(await Promise.all(payloads.map((payload) => pageIds(withSql, payload))));
      expect(await keptOrdersAt()).toEqual(['date_add_desc', 'discount_desc', 'popularity', 'price_asc', 'title_asc']);
    } finally {
      answers.mockRestore();
      await withSql.close();
    }
  });

  it('writes again the rows of a discount that ended, so that its listings are kept again', async () => {
    const [id] = await productsWithStock(1);
    const ended = async () =>
      (await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from catalog_listing_entries where product_id = ${id} and price_until <= now()`))[0]!.n;
    await run(sql`insert into specific_prices (product_id, reduction_percent, ends_at) values (${id}, 30, now() + interval '300 milliseconds')`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await ended()).toBeGreaterThan(0);
    const before = await revision();
    expect(await refreshEndedPricePeriods(db())).toBeGreaterThanOrEqual(1);
    expect(await ended()).toBe(0);
    expect(await revision()).toBe(before + 1);
    // Nothing left to do.
    expect(await refreshEndedPricePeriods(db())).toBe(0);
  });

  it('keeps listing entries exact when stock, discounts, categories and sales of many products change at the same time', async () => {
    const ids = await productsWithStock(10);
    // Fifty statements at once, five on each product: each one's triggers write the product's listing rows again.
    await Promise.all(
      ids.flatMap((id, index) => [
        run(sql`update combinations set quantity = ${index % 2 === 0 ? 0 : 7} where product_id = ${id}`),
        run(sql`insert into specific_prices (product_id, reduction_percent) values (${id}, ${10 + index})`),
        run(sql`insert into product_categories (product_id, category_id) values (${id}, 4) on conflict do nothing`),
        run(sql`update products set sales_count = sales_count + ${index + 1} where id = ${id}`),
        run(sql`update products set badges = array['new'] where id = ${id}`),
      ]),
    );
    // Every row is what writing the rows again from their sources gives now.
    const entries = () =>
      selectRows(db(), sql`select e.*, c.attribute_ids, c.badges, c.in_stock from catalog_listing_entries e
        join catalog_listing_classes c on c.id = e.class_id order by e.category_id, e.product_id`);
    const searchRows = () => selectRows(db(), sql`select product_id, lang, class_id, sales_count, reduced_net_cents from catalog_search_entries order by 1, 2`);
    const [kept, keptSearch] = [await entries(), await searchRows()];
    await run(sql`select catalog_listing_refresh(array(select id from products))`);
    expect(kept).toEqual(await entries());
    expect(keptSearch).toEqual(await searchRows());
  });

  it('writes the listing of a change over a thousand products with a bounded number of locks (migration 0037)', async () => {
    // 1,200 products made in one statement, then repriced in one: each statement's triggers write them all again.
    await run(sql`insert into products (id, reference, default_category_id, gender, garment, price_net_cents)
      select (select max(id) from products) + g, 'BULK-' || g, ${WOMEN}, 'women', 'dress', 5000 from generate_series(1, 1200) g`);
    await run(sql`insert into product_categories (product_id, category_id) select id, ${WOMEN} from products where reference like 'BULK-%'`);
    const locks = await db().transaction(async (tx) => {
      await tx.execute(sql`update products set price_net_cents = price_net_cents + 100 where reference like 'BULK-%'`);
      const held = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`);
      return held[0]!.n;
    });
    // One lock per product was 1,200 here, and ran out of PostgreSQL's lock table near 20,000.
    expect(locks).toBeGreaterThan(0);
    expect(locks).toBeLessThanOrEqual(256);
    const prices = await selectRows<{ n: number; price: number }>(
      db(),
      sql`select count(*)::int as n, min(e.price_net_cents)::int as price from catalog_listing_entries e
        join products p on p.id = e.product_id where p.reference like 'BULK-%' and e.category_id = ${WOMEN}`,
    );
    expect(prices).toEqual([{ n: 1200, price: 5100 }]);
  });
});

describe.each(DRIVERS)('catalogue answers given while the next revision is worked out (CATALOG_STALE_MS) on %s', (driver) => {
  const STALE_MS = 1500;
  const shop = useTestShop(driver, { CATALOG_STALE_MS: String(STALE_MS) });
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
  const payload = { id_category: WOMEN, order: 'price_asc', availability: ['in_stock'], per_page: 12 };
  const listing = async (app: FastifyInstance) => (await callApi(app, 'getProducts', payload, { 'accept-language': 'en' })).body.psdata;
  const olderGiven = async () => (await metrics.catalogCache.get()).values.filter((value) => value.labels.result === 'older').reduce((sum, value) => sum + value.value, 0);

  it('shows a new price on its card at once, and in the order and the filters of listings at most CATALOG_STALE_MS later', async () => {
    const withSql = apiWithoutKeptOrders(shop());
    try {
      const before = await listing(shop().app);
      const [cheapest, dearest] = [before.products[0], before.products.at(-1)];
      const stockOf = (id: number) => selectRows<{ n: number }>(shop().handle.db, sql`select count(*)::int as n from combinations where product_id = ${id} and quantity > 0`);
      expect((await stockOf(cheapest.id_product))[0]!.n).toBeGreaterThan(0);
      // The dearest of the page becomes the cheapest of the category; the cheapest sells out.
      await run(sql`update products set price_net_cents = 100 where id = ${dearest.id_product}`);
      await run(sql`update products set out_of_stock_policy = 'deny' where id = ${cheapest.id_product}`);
      await run(sql`update combinations set quantity = 0 where product_id = ${cheapest.id_product}`);
      const olderBefore = await olderGiven();

      // At once: the page of the revision before is given (nobody waits for the new one), its cards read now.
      const atOnce = await listing(shop().app);
      expect(await olderGiven()).toBeGreaterThan(olderBefore);
      const card = atOnce.products.find((product: { id_product: number }) => product.id_product === dearest.id_product);
      expect(card.price).toBeLessThan(dearest.price);

      // Past CATALOG_STALE_MS, the listing is the current revision's: what SQL reads now.
      await new Promise((resolve) => setTimeout(resolve, STALE_MS + 100));
      const later = await listing(shop().app);
      expect(later.products[0].id_product).toBe(dearest.id_product);
      expect(later.products.map((product: { id_product: number }) => product.id_product)).not.toContain(cheapest.id_product);
      expect(later.pagination.total_items).toBe(before.pagination.total_items - 1);
      expect(later).toEqual(await listing(withSql));
    } finally {
      await withSql.close();
    }
  });
});

describe.each(DRIVERS)('catalogue answers kept through changes they do not touch (ADR 66) on %s', (driver) => {
  const MEN = 4;
  const shop = useTestShop(driver);
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
  const call = async (app: FastifyInstance, name: string, payload: object) => (await callApi(app, name, payload, { 'accept-language': 'en' })).body.psdata;
  const misses = async () => (await metrics.catalogCache.get()).values.filter((value) => value.labels.result === 'miss').reduce((sum, value) => sum + value.value, 0);
  type Card = { id_product: number; price: number; name: string };

  it('keeps the listings and suggestions a price or stock change did not touch, and shows the change where it did', async () => {
    const withSql = apiWithoutKeptOrders(shop());
    try {
      // A product of Women's only, on the first page of its listing by price in stock, suggested by its name.
      const women = { id_category: WOMEN, order: 'price_desc', availability: ['in_stock'], per_page: 12 };
      const men = { id_category: MEN, order: 'price_asc', availability: ['in_stock'], per_page: 12 };
      const before = { women: await call(shop().app, 'getProducts', women), men: await call(shop().app, 'getProducts', men) };
      const [onlyWomen] = await selectRows<{ id: number }>(
        shop().handle.db,
        sql`select pc.product_id as id from product_categories pc where pc.category_id = ${WOMEN}
          and pc.product_id = any(${sql.param(before.women.products.map((card: Card) => card.id_product))}::int[])
          and not exists (select 1 from product_categories o where o.product_id = pc.product_id and o.category_id = ${MEN})
          order by pc.product_id desc limit 1`,
      );
      const changed: Card = before.women.products.find((card: Card) => card.id_product === onlyWomen!.id);
      const suggest = { q: changed.name, limit: 10 };
      const suggested = await call(shop().app, 'search', suggest);
      expect(suggested.products.map((card: Card) => card.id_product)).toContain(changed.id_product);
      const missesBefore = await misses();

      // Its price falls to the cheapest of the shop; another Women's product sells out.
      const soldOut = before.women.products.find((card: Card) => card.id_product !== changed.id_product).id_product;
      await run(sql`update products set price_net_cents = 100 where id = ${changed.id_product}`);
      await run(sql`update products set out_of_stock_policy = 'deny' where id = ${soldOut}`);
      await run(sql`update combinations set quantity = 0 where product_id = ${soldOut}`);

      // Men's listing and the suggestions are the answers kept before: nothing was worked out again.
      expect(await call(shop().app, 'getProducts', men)).toEqual(before.men);
      const suggestedAfter = await call(shop().app, 'search', suggest);
      expect(await misses()).toBe(missesBefore);
      // The suggestion's card shows the new price (cards are read every time).
      const card = suggestedAfter.products.find((product: Card) => product.id_product === changed.id_product);
      expect(card.price).toBeLessThan(changed.price);
      expect({ ...suggestedAfter, products: [] }).toEqual({ ...suggested, products: [] });

      // Women's listing, which held both, is worked out again: the change is in its order, total and facets.
      const after = await call(shop().app, 'getProducts', women);
      expect(await misses()).toBeGreaterThan(missesBefore);
      expect(after.products.at(-1).id_product).not.toBe(changed.id_product);
      expect(after.products.map((product: Card) => product.id_product)).not.toContain(soldOut);
      expect(after.pagination.total_items).toBe(before.women.pagination.total_items - 1);
      expect(after).toEqual(await call(withSql, 'getProducts', women));
      const cheapest = await call(shop().app, 'getProducts', { ...women, order: 'price_asc' });
      expect(cheapest.products[0].id_product).toBe(changed.id_product);
    } finally {
      await withSql.close();
    }
  });

  it('keeps a search\'s answer through changes of products it does not find, and works it out again after one of a product it finds', async () => {
    const linen = { q: 'linen', order: 'price_asc', per_page: 12 };
    const first = await call(shop().app, 'getProducts', linen);
    expect(first.query_filters).toEqual([]);
    const found = (matching: boolean) =>
      selectRows<{ id: number }>(
        shop().handle.db,
        sql`select product_id as id from catalog_search_entries where lang = 'en'
          and (document @@ to_tsquery('shop_english', 'linen')) = ${matching} order by product_id limit 1`,
      );
    const [other] = await found(false);
    const [linenProduct] = await found(true);
    const missesBefore = await misses();
    await run(sql`update products set price_net_cents = price_net_cents + 1 where id = ${other!.id}`);
    expect(await call(shop().app, 'getProducts', linen)).toEqual(first);
    expect(await misses()).toBe(missesBefore);
    await run(sql`update products set price_net_cents = 100 where id = ${linenProduct!.id}`);
    const after = await call(shop().app, 'getProducts', linen);
    expect(await misses()).toBeGreaterThan(missesBefore);
    expect(after.products[0].id_product).toBe(linenProduct!.id);
  });
});
