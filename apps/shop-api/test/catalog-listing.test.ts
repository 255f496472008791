import { AVAILABILITIES, SORT_KEYS } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { CallContext } from '../src/call-context.ts';
import { withVat } from '../src/catalog/pricing.ts';
import { RevisionCache } from '../src/catalog/revision-cache.ts';
import { productSummaries } from '../src/catalog/summaries.ts';
import { selectRows } from '../src/db/raw.ts';
import { countStatements } from '../src/db/statements.ts';
import { metrics } from '../src/metrics.ts';
import { apiWithoutKeptOrders, apiWithSettings, callApi, DRIVERS, useTestShop } from './databases.ts';

type Option = { value: string; label?: string; count: number; selected: boolean };
type Summary = {
  id_product: number;
  price: number;
  badges: string[];
  brand: { id: number } | null;
  colors: { id: number; hex: string }[];
  default_image: { url: string };
};

const WOMEN = 3;

describe.each(DRIVERS)('filtered listings on %s', (driver) => {
  const shop = useTestShop(driver);
  const list = async (payload: Record<string, unknown>) => {
    const { status, body } = await callApi(shop().app, 'getProducts', { id_category: WOMEN, per_page: 100, ...payload });
    expect(status, JSON.stringify(body.psdata?.errors ?? '')).toBe(200);
    return body.psdata as {
      products: Summary[];
      pagination: { total_items: number };
      facets: Record<'sizes' | 'colors' | 'brands' | 'badges' | 'availability', Option[]> & {
        price: { min: number; max: number; ranges: { min: number; max: number | null; count: number; selected: boolean }[] };
      };
    };
  };
  const total = async (payload: Record<string, unknown>) => (await list(payload)).pagination.total_items;

  it('offers sizes, colours, brands, badges, stock states and price ranges of the category, with counts', async () => {
    const { facets, pagination } = await list({});
    expect(facets.sizes.map((o) => o.label)).toEqual(expect.arrayContaining(['XS', 'S', 'M', 'L', 'XL']));
    expect(facets.colors.length).toBeGreaterThan(5);
    expect(facets.colors.every((o) => o.label && /^#[0-9a-f]{6}$/.test((o as { hex?: string }).hex ?? ''))).toBe(true);
    expect(facets.brands.length).toBeGreaterThan(2);
    expect(facets.badges.length).toBeGreaterThan(2);
    expect(facets.availability.map((o) => o.value)).toContain('in_stock');
    expect(facets.price.min).toBeLessThanOrEqual(facets.price.max);
    expect(facets.price.ranges.reduce((sum, range) => sum + range.count, 0)).toBe(pagination.total_items);
    for (const facet of [facets.sizes, facets.colors, facets.brands, facets.badges, facets.availability]) {
      for (const option of facet) expect(option.count).toBeLessThanOrEqual(pagination.total_items);
    }
  });

  it('counts each option as the products matching it and every other chosen filter', async () => {
    const { facets } = await list({});
    const size = facets.sizes.find((o) => o.label === 'M')!;
    const colour = facets.colors[0]!;
    // Nothing chosen: an option's count is what choosing it gives.
    expect(await total({ sizes: [size.value] })).toBe(size.count);
    expect(await total({ colors: [colour.value] })).toBe(colour.count);

    // A size chosen: colour counts shrink to that size, size counts stay (other sizes are alternatives).
    const withSize = await list({ sizes: [size.value] });
    expect(withSize.facets.sizes.find((o) => o.value === size.value)).toMatchObject({ selected: true, count: size.count });
    for (const option of withSize.facets.colors.slice(0, 4)) {
      expect(option.count).toBe(await total({ sizes: [size.value], colors: [option.value] }));
    }
    const otherSize = withSize.facets.sizes.find((o) => o.value !== size.value)!;
    expect(otherSize.count).toBe(facets.sizes.find((o) => o.value === otherSize.value)!.count);

    // Two sizes are either one; size and colour are both.
    const either = await total({ sizes: [size.value, otherSize.value] });
    expect(either).toBeGreaterThanOrEqual(Math.max(size.count, otherSize.count));
    expect(await total({ sizes: [size.value], colors: [colour.value] })).toBeLessThanOrEqual(Math.min(size.count, colour.count));
  });

  it('filters by brand, badge, price range and colour, and the products show it', async () => {
    const { facets } = await list({});
    const brand = facets.brands[0]!;
    const byBrand = await list({ brands: [brand.value] });
    expect(byBrand.products.length).toBe(brand.count);
    expect(byBrand.products.every((p) => p.brand?.id === Number(brand.value))).toBe(true);

    const badge = facets.badges[0]!;
    const byBadge = await list({ badges: [badge.value] });
    expect(byBadge.products.length).toBe(badge.count);
    expect(byBadge.products.every((p) => p.badges.includes(badge.value))).toBe(true);

    const range = facets.price.ranges.find((r) => r.count > 0 && r.max !== null)!;
    const byPrice = await list({ price_min: range.min, price_max: range.max });
    expect(byPrice.pagination.total_items).toBe(range.count);
    expect(byPrice.products.every((p) => p.price >= range.min && p.price <= range.max!)).toBe(true);
    expect(byPrice.facets.price.ranges.find((r) => r.min === range.min)!.selected).toBe(true);

    const colour = facets.colors[0]!;
    const byColour = await list({ colors: [colour.value] });
    expect(byColour.products.every((p) => p.colors.some((c) => c.id === Number(colour.value)))).toBe(true);
    // Each card shows the chosen colour's picture, also where the product's default is another colour.
    const hex = (colour as { hex?: string }).hex!.slice(1);
    expect(byColour.products.map((p) => p.default_image.url).filter((url) => !url.includes(`-${hex}-1.svg`))).toEqual([]);
    const unfiltered = new Map((await list({})).products.map((p) => [p.id_product, p.default_image.url]));
    expect(byColour.products.some((p) => !unfiltered.get(p.id_product)?.includes(`-${hex}-`))).toBe(true);
  });

  it('shows each card in the colour of its default combination', async () => {
    const { products } = await list({});
    const defaults = await selectRows<{ product_id: number; hex: string }>(
      shop().handle.db,
      sql`select c.product_id, a.color_hex as hex from combinations c join combination_attributes ca on ca.combination_id = c.id
        join attributes a on a.id = ca.attribute_id and a.color_hex is not null where c.is_default`,
    );
    const defaultHex = new Map(defaults.map((row) => [row.product_id, row.hex.slice(1).toLowerCase()]));
    expect(products.filter((p) => !p.default_image.url.includes(`-${defaultHex.get(p.id_product)}-1.svg`))).toEqual([]);
  });

  it('filters by stock state; a chosen size leaves out products sold out in that size', async () => {
    const { facets } = await list({});
    for (const option of facets.availability) expect(await total({ availability: [option.value] }), option.value).toBe(option.count);
    expect(facets.availability.every((option) => (AVAILABILITIES as readonly string[]).includes(option.value))).toBe(true);
    const size = Number(facets.sizes[0]!.value);
    const { products } = await list({ sizes: [size], per_page: 5 });
    for (const summary of products) {
      const product = (await callApi(shop().app, 'getProduct', { product_id: summary.id_product })).body.psdata;
      expect(product.combinations.some((c: { attributes: number[]; available: boolean }) => c.available && c.attributes.includes(size))).toBe(true);
    }
  });

  it('keeps a chosen option listed when nothing matches it any more', async () => {
    const { facets } = await list({});
    const rare = facets.badges.reduce((a, b) => (a.count <= b.count ? a : b));
    const cheapest = facets.price.ranges[0]!;
    const none = await list({ badges: [rare.value], price_min: 0, price_max: 0 });
    expect(none.pagination.total_items).toBe(0);
    expect(none.products).toEqual([]);
    expect(none.facets.badges.find((o) => o.value === rare.value)).toMatchObject({ selected: true, count: 0 });
    expect(cheapest.selected).toBe(false);
  });

  it('reads the same pages from the orders it keeps as from the database, in every order', async () => {
    const uncached = apiWithoutKeptOrders(shop());
    const answers = vi.spyOn(RevisionCache.prototype, 'answer');
    try {
      const { facets } = await list({});
      const [size, otherSize] = facets.sizes;
      const [, colour] = facets.colors;
      const [brand] = facets.brands;
      const filters = [
        { sizes: [size!.value] },
        { colors: [colour!.value], sizes: [otherSize!.value] },
        { brands: [brand!.value], availability: ['in_stock'] },
        { badges: [facets.badges[0]!.value] },
        // A ready-made price range, and one of the shopper's own.
        { price_min: 5_000, price_max: 9_999 },
        { price_min: 3_000, price_max: 12_000, colors: [colour!.value] },
      ];
      const scopes = [{ id_category: WOMEN }, {}, { id_brand: Number(brand!.value) }];
      const pageIds = async (app: typeof uncached, payload: object) => {
        const { status, body } = await callApi(app, 'getProducts', payload, { 'accept-language': 'de' });
        expect(status).toBe(200);
        return { total: body.psdata.pagination.total_items, ids: body.psdata.products.map((product: Summary) => product.id_product) };
      };
      // Every filter in every order, in a scope and a page that change from one to the next.
      for (const [orderIndex, order] of SORT_KEYS.entries()) {
        for (const [filterIndex, filter] of filters.entries()) {
          const scope = scopes[(orderIndex + filterIndex) % scopes.length];
          const page = (orderIndex + filterIndex) % 2 === 0 ? { page: 1, per_page: 5 } : { page: 3, per_page: 4 };
          const payload = { ...scope, ...filter, ...page, order, with_facets: false };
          expect(await pageIds(shop().app, payload), JSON.stringify(payload)).toEqual(await pageIds(uncached, payload));
        }
      }
      // The API that keeps orders did read pages from them (keys name the scope, then the order).
      expect(answers.mock.calls.filter(([, key]) => key.startsWith('[{')).length).toBeGreaterThan(SORT_KEYS.length);
    } finally {
      answers.mockRestore();
      await uncached.close();
    }
  });

  it('patches the orders it keeps when a few products change price or stock (ADR 69): its pages stay the database’s, and no order is read whole again', async () => {
    // Every call waits for the answer of the current revision: none is given from the revision before.
    const patching = apiWithSettings(shop(), { catalogStaleMs: 0 });
    const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
    const uncached = apiWithoutKeptOrders(shop());
    /** The orders worked out so far (misses), and those of them patched rather than read whole. */
    const ordersWorkedOut = async () => {
      const { values } = await metrics.catalogCache.get();
      const count = (result: string) => values.find(({ labels }) => labels.cache === 'orders' && labels.result === result)?.value ?? 0;
      return { misses: count('miss'), patched: count('patched') };
    };
    try {
      const { facets } = await list({});
      const brand = Number(facets.brands[0]!.value);
      // A brand's pages are always read from its kept orders (it has no index of its own to walk).
      const orders = ['relevance', 'popularity', 'date_add_desc', 'title_asc', 'price_asc', 'price_desc'] as const;
      const pages = (app: typeof uncached) =>
        Promise.all(
          orders.map(async (order) => {
            const payload = { id_brand: brand, order, availability: ['in_stock'], page: 1, per_page: 6, with_facets: false };
            const { status, body } = await callApi(app, 'getProducts', payload, { 'accept-language': 'it' });
            expect(status).toBe(200);
            return [order, body.psdata.pagination.total_items, body.psdata.products.map((product: Summary) => product.id_product)];
          }),
        );
      const before = await pages(patching);
      const byPrice = before.find(([order]) => order === 'price_asc')![2] as number[];
      const [cheapest, second] = byPrice;
      const workedOut = await ordersWorkedOut();

      // The cheapest becomes the dearest, the second sells out (it leaves the in-stock pages), and a third product
      // moves by a cent: changes of products' listing rows only.
      await run(sql`update products set price_net_cents = price_net_cents + 100000 where id = ${cheapest}`);
      await run(sql`update products set out_of_stock_policy = 'deny' where id = ${second}`);
      await run(sql`update combinations set quantity = 0 where product_id = ${second}`);
      await run(sql`update products set price_net_cents = price_net_cents + 1 where id = ${byPrice[2]!}`);

      const after = await pages(patching);
      expect(after).toEqual(await pages(uncached));
      expect(after).not.toEqual(before);
      expect((after.find(([order]) => order === 'price_desc')![2] as number[])[0]).toBe(cheapest);
      expect(after.flatMap(([, , ids]) => ids as number[])).not.toContain(second);
      // Every order worked out again was patched, not read whole: by sales (and relevance, the same), date and price
      // (a brand's pages by name are walked through the names).
      const now = await ordersWorkedOut();
      expect([now.misses - workedOut.misses, now.patched - workedOut.patched]).toEqual([4, 4]);
    } finally {
      await patching.close();
      await uncached.close();
    }
  });

  it('counts the groups of a category and a brand after a few products change from their kept order by date, not by SQL again: facets and totals stay the database’s', async () => {
    const patching = apiWithSettings(shop(), { catalogStaleMs: 0 });
    const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
    const uncached = apiWithoutKeptOrders(shop());
    const groupsPatched = async () => {
      const { values } = await metrics.catalogCache.get();
      return values.find(({ labels }) => labels.cache === 'answers' && labels.result === 'patched')?.value ?? 0;
    };
    try {
      const { facets, products } = await list({});
      const brand = Number(facets.brands[0]!.value);
      const [colour] = facets.colors;
      const listings = [{ id_category: WOMEN }, { id_brand: brand }].flatMap((scope) =>
        [{}, { price_min: 5_000, price_max: 9_999 }, { colors: [colour!.value], availability: ['in_stock'] }].map((filter) => ({ ...scope, ...filter, per_page: 5 })),
      );
      const answers = (app: typeof uncached) =>
        Promise.all(
          listings.map(async (payload) => {
            const { status, body } = await callApi(app, 'getProducts', payload, { 'accept-language': 'fr' });
            expect(status).toBe(200);
            return [body.psdata.pagination.total_items, body.psdata.facets, body.psdata.products.map((product: Summary) => product.id_product)];
          }),
        );
      const before = await answers(patching);
      const patchedBefore = await groupsPatched();

      // One product of Women's dearer by far (another price range), one sold out, one a cent cheaper.
      const [dearer, soldOut, cent] = products.map((product) => product.id_product);
      await run(sql`update products set price_net_cents = price_net_cents + 100000 where id = ${dearer!}`);
      await run(sql`update products set out_of_stock_policy = 'deny' where id = ${soldOut!}`);
      await run(sql`update combinations set quantity = 0 where product_id = ${soldOut!}`);
      await run(sql`update products set price_net_cents = price_net_cents - 1 where id = ${cent!}`);

      const after = await answers(patching);
      expect(after).toEqual(await answers(uncached));
      expect(after).not.toEqual(before);
      // The two scopes' groups were made from their orders (the brand's only if one of the products is its).
      expect((await groupsPatched()) - patchedBefore).toBeGreaterThanOrEqual(1);
    } finally {
      await patching.close();
      await uncached.close();
    }
  });

  it('leaves facets out when not asked', async () => {
    const { body } = await callApi(shop().app, 'getProducts', { id_category: WOMEN, with_facets: false });
    expect(body.psdata.facets).toBeNull();
  });

  it('finds a category by its slug in the request language', async () => {
    const { body } = await callApi(shop().app, 'getProducts', { categorySlug: 'femme' }, { 'accept-language': 'fr' });
    expect(body.psdata.category).toMatchObject({ id: WOMEN, name: 'Femme' });
    expect((await callApi(shop().app, 'getProducts', { categorySlug: 'nowhere' })).status).toBe(404);
  });

  it('refuses bad filters with 400 and an error per field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sizes: ['M'] }, 'sizes'],
      [{ colors: [-1] }, 'colors'],
      [{ brands: 'all' }, 'brands'],
      [{ badges: ['cheap'] }, 'badges'],
      [{ availability: ['soon'] }, 'availability'],
      [{ price_min: -5 }, 'price_min'],
      [{ price_min: 9000, price_max: 100 }, 'price_max'],
      [{ per_page: 0 }, 'per_page'],
      [{ per_page: 101 }, 'per_page'],
      [{ page: 10_001 }, 'page'],
      [{ id_category: 'women' }, 'id_category'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await callApi(shop().app, 'getProducts', payload);
      expect(status, field).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'bad_request' });
      expect(Object.keys(body.psdata.errors), field).toContain(field);
    }
  });
});

describe.each(DRIVERS)('listings after catalogue changes on %s', (driver) => {
  const shop = useTestShop(driver);
  const list = async (payload: Record<string, unknown>) => {
    const { status, body } = await callApi(shop().app, 'getProducts', { per_page: 100, ...payload });
    expect(status).toBe(200);
    return body.psdata as { products: Summary[]; pagination: { total_items: number } };
  };
  const ids = async (payload: Record<string, unknown>) => (await list(payload)).products.map((p) => p.id_product);
  const total = async (payload: Record<string, unknown>) => (await list(payload)).pagination.total_items;
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);

  it('follow a discount that starts, runs out or goes, a sold-out product, a category left and a product taken off sale', async () => {
    const id = (await ids({ id_category: WOMEN, order: 'price_desc', availability: ['in_stock'] }))[0]!;
    // The price the product page shows, and whether filtering the listing by that price finds the product.
    const priced = async () => (await callApi(shop().app, 'getProduct', { product_id: id })).body.psdata.price as number;
    const listedAt = async (price: number) => (await ids({ id_category: WOMEN, price_min: price, price_max: price })).includes(id);
    await run(sql`delete from specific_prices where product_id = ${id}`);
    const full = await priced();
    expect(await listedAt(full)).toBe(true);

    await run(sql`insert into specific_prices (product_id, reduction_percent) values (${id}, 50)`);
    const reduced = await priced();
    expect(reduced).toBeLessThan(full);
    expect([await listedAt(reduced), await listedAt(full)]).toEqual([true, false]);

    // A discount that ends in a moment: the listing stops applying it when it ends, though no row changes then.
    await run(sql`update specific_prices set ends_at = now() + interval '1500 milliseconds' where product_id = ${id}`);
    expect(await listedAt(reduced)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await priced()).toBe(full);
    expect([await listedAt(reduced), await listedAt(full)]).toEqual([false, true]);
    await run(sql`update specific_prices set ends_at = null, starts_at = now() + interval '1 day' where product_id = ${id}`);
    expect([await listedAt(reduced), await listedAt(full)]).toEqual([false, true]);
    await run(sql`update specific_prices set starts_at = null where product_id = ${id}`);
    expect(await listedAt(reduced)).toBe(true);
    await run(sql`delete from specific_prices where product_id = ${id}`);
    expect(await listedAt(full)).toBe(true);

    // Sold out, and sold only from stock.
    const inStock = await total({ id_category: WOMEN, availability: ['in_stock'] });
    await run(sql`update products set out_of_stock_policy = 'deny' where id = ${id}`);
    await run(sql`update combinations set quantity = 0 where product_id = ${id}`);
    expect(await total({ id_category: WOMEN, availability: ['in_stock'] })).toBe(inStock - 1);
    expect(await ids({ id_category: WOMEN, availability: ['out_of_stock'] })).toContain(id);

    // Out of the category, then off sale altogether.
    const women = await total({ id_category: WOMEN });
    const everything = await total({});
    await run(sql`delete from product_categories where product_id = ${id}`);
    expect(await total({ id_category: WOMEN })).toBe(women - 1);
    expect(await total({})).toBe(everything);
    await run(sql`update products set is_active = false where id = ${id}`);
    expect(await total({})).toBe(everything - 1);
  });
});

describe.each(DRIVERS)('from-prices on %s', (driver) => {
  const shop = useTestShop(driver);
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
  const card = async ({ id, brand }: { id: number; brand: number }) => {
    const { body } = await callApi(shop().app, 'getProducts', { id_category: WOMEN, id_brand: brand, per_page: 100, with_facets: false });
    return (body.psdata.products as (Summary & { price_varies: boolean })[]).find((product) => product.id_product === id)!;
  };
  const pagePrices = async ({ id }: { id: number }) =>
    ((await callApi(shop().app, 'getProduct', { product_id: id })).body.psdata.combinations as { id: number; price: number }[]).map((c) => c.price);

  it('a card shows the lowest price of the sizes a shopper can buy, and says when sizes cost differently', async () => {
    const [product] = await selectRows<{ id: number; brand: number; combinations: number[] }>(
      shop().handle.db,
      sql`select p.id, p.brand_id as brand, array_agg(c.id order by c.id) as combinations from products p join combinations c on c.product_id = p.id
        join product_categories pc on pc.product_id = p.id and pc.category_id = ${WOMEN}
        where p.is_active and p.out_of_stock_policy = 'deny' and p.brand_id is not null group by p.id having count(*) >= 3 and min(c.quantity) > 5 order by p.id desc limit 1`,
    );
    const { id, combinations } = product!;
    const shown = product!;
    const [cheap, middle, dear] = [combinations[0]!, combinations[1]!, combinations.at(-1)!];
    await run(sql`update combinations set price_impact_net_cents = 0 where product_id = ${id}`);
    const one = await card(shown);
    expect(one.price_varies).toBe(false);
    expect(new Set(await pagePrices(shown))).toEqual(new Set([one.price]));

    await run(sql`update combinations set price_impact_net_cents = 500 where id = ${dear}`);
    expect(await card(shown)).toMatchObject({ price_varies: true, price: one.price });

    // A cheaper size: the card's price is its, the lowest the product page has.
    await run(sql`update combinations set price_impact_net_cents = -1000 where id = ${cheap}`);
    const cheaper = await card(shown);
    expect(cheaper.price_varies).toBe(true);
    expect(cheaper.price).toBeLessThan(one.price);
    expect(cheaper.price).toBe(Math.min(...(await pagePrices(shown))));

    // Sold out, the cheap size is no longer the from-price; with one price left to buy, there is no 'from'.
    await run(sql`update combinations set quantity = 0 where id = ${cheap}`);
    expect(await card(shown)).toMatchObject({ price_varies: true, price: one.price });
    await run(sql`update combinations set quantity = 0 where product_id = ${id} and id not in (${middle})`);
    expect(await card(shown)).toMatchObject({ price_varies: false, price: one.price });
  });

  it('reads the from-prices of a whole page in the cards’ one query, not one per product', async () => {
    const ids = (await selectRows<{ id: number }>(shop().handle.db, sql`select id from products where is_active order by id limit 60`)).map((row) => row.id);
    const context = { db: shop().handle.db, config: shop().config, country: 'IT', lang: 'en' } as CallContext;
    const few = await countStatements(() => productSummaries(context, ids.slice(0, 2)));
    const many = await countStatements(() => productSummaries(context, ids));
    expect(many.result).toHaveLength(60);
    expect(many.result.some((summary) => summary.price_varies)).toBe(true);
    expect(many.statements).toBe(few.statements);
  });
});

describe.each(DRIVERS)('listings priced as their cards on %s', (driver) => {
  const shop = useTestShop(driver);
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
  type Card = Summary & { name: string; price_varies: boolean };
  type Page = {
    products: Card[];
    pagination: { total_items: number; pages: number };
    facets: { price: { min: number; max: number; ranges: { min: number; max: number | null; count: number }[] } } | null;
  };
  const list = async (payload: Record<string, unknown>, country: string): Promise<Page> => {
    const { status, body } = await callApi(shop().app, 'getProducts', { per_page: 100, with_facets: false, ...payload }, { 'x-shop-country': country });
    expect(status, JSON.stringify(body.psdata?.errors ?? '')).toBe(200);
    return body.psdata as Page;
  };
  /** Every card of a listing, page after page. */
  const allCards = async (payload: Record<string, unknown>, country: string) => {
    const first = await list(payload, country);
    const rest = await Promise.all(Array.from({ length: first.pagination.pages - 1 }, (_, index) => list({ ...payload, page: index + 2 }, country)));
    return [first, ...rest].flatMap((page) => page.products);
  };
  const ordered = (prices: number[], direction: 1 | -1) => prices.every((price, index) => index === 0 || (price - prices[index - 1]!) * direction >= 0);
  const within = (cards: Card[], min: number, max: number) => cards.every((card) => card.price >= min && card.price <= max);

  /**
   * `id`'s card in `country`, after checking that the listing of `scope` sorts, filters and counts
   * every product by the price its card shows, with `id` among them.
   */
  async function agrees(scope: Record<string, unknown>, id: number, country: string) {
    const ascending = await allCards({ ...scope, order: 'price_asc' }, country);
    const card = ascending.find((found) => found.id_product === id)!;
    const shown = card.price;
    expect(ordered(ascending.map((card) => card.price), 1), `${country}: ${ascending.map((card) => card.price).join(' ')}`).toBe(true);
    expect(ordered((await allCards({ ...scope, order: 'price_desc' }, country)).map((card) => card.price), -1)).toBe(true);

    // A price filter at the card's price, from either side, and a range around it.
    const at = await allCards({ ...scope, price_min: shown, price_max: shown }, country);
    expect(at.map((card) => card.id_product)).toContain(id);
    expect(within(at, shown, shown)).toBe(true);
    expect((await allCards({ ...scope, price_min: shown + 1 }, country)).map((card) => card.id_product)).not.toContain(id);
    expect((await allCards({ ...scope, price_max: shown - 1 }, country)).map((card) => card.id_product)).not.toContain(id);
    const around = await allCards({ ...scope, price_min: shown - 2_000, price_max: shown + 2_000, order: 'price_asc' }, country);
    expect(within(around, shown - 2_000, shown + 2_000)).toBe(true);
    expect(around.map((card) => card.id_product)).toEqual(ascending.filter((card) => Math.abs(card.price - shown) <= 2_000).map((card) => card.id_product));

    // The price facet counts the cards by their price.
    const { facets } = await list({ ...scope, with_facets: true }, country);
    const prices = ascending.map((card) => card.price);
    expect({ min: facets!.price.min, max: facets!.price.max }).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    for (const range of facets!.price.ranges) {
      expect(range.count, `${range.min}-${range.max}`).toBe(prices.filter((price) => price >= range.min && (range.max === null || price <= range.max)).length);
    }
    return card;
  }

  it('sorts, filters and counts a product whose sizes cost differently by its card’s from-price, in listings and searches, in every country', async () => {
    const [product] = await selectRows<{ id: number; net: number; combinations: number[] }>(
      shop().handle.db,
      sql`select p.id, p.price_net_cents as net, array_agg(c.id order by c.id) as combinations from products p join combinations c on c.product_id = p.id
        join product_categories pc on pc.product_id = p.id and pc.category_id = ${WOMEN}
        where p.is_active and p.out_of_stock_policy = 'deny' group by p.id having count(*) >= 3 and min(c.quantity) > 5 order by p.id limit 1`,
    );
    const { id, net, combinations } = product!;
    const [cheap, middle] = [combinations[0]!, combinations[1]!];
    // The cheapest size costs half the product's price, the others more than it: no size costs the product's price.
    await run(sql`delete from specific_prices where product_id = ${id}`);
    await run(sql`update combinations set price_impact_net_cents = 500 where product_id = ${id}`);
    await run(sql`update combinations set price_impact_net_cents = 250 where id = ${middle}`);
    await run(sql`update combinations set price_impact_net_cents = ${-Math.floor(net / 2)} where id = ${cheap}`);
    const [name] = await selectRows<{ name: string }>(shop().handle.db, sql`select name from product_translations where product_id = ${id} and lang = 'en'`);
    const scopes = [{ id_category: WOMEN }, { q: name!.name }];
    // Italy (VAT in the shelf price) and the United States (none), each listing and search.
    const shownAt = async () => {
      const shown: Record<string, number> = {};
      for (const country of ['IT', 'US']) {
        const [listed, searched] = [await agrees(scopes[0]!, id, country), await agrees(scopes[1]!, id, country)];
        expect(searched).toMatchObject({ price_varies: true, price: listed.price });
        expect(listed.price_varies).toBe(true);
        shown[country] = listed.price;
      }
      return shown;
    };
    const halfPrice = await shownAt();
    const half = net - Math.floor(net / 2);
    expect(halfPrice.US).toBe(half);
    expect(halfPrice.IT).toBe(withVat(half, 2_200));

    // A discount: the from-price is the cheapest size's, discounted.
    await run(sql`insert into specific_prices (product_id, reduction_percent) values (${id}, 20)`);
    const discounted = await shownAt();
    expect(discounted.US).toBe(Math.round((half * 80) / 100));

    // The cheapest size sold out: the next one's price, in the listings as on the card.
    await run(sql`update combinations set quantity = 0 where id = ${cheap}`);
    const next = await shownAt();
    expect(next.US).toBe(Math.round(((net + 250) * 80) / 100));
  });
});

describe.each(DRIVERS)('related products on %s', (driver) => {
  const shop = useTestShop(driver);

  it('lists other products of the same category, page by page', async () => {
    const product = (await callApi(shop().app, 'getProduct', { product_id: 1 })).body.psdata;
    const first = await callApi(shop().app, 'getRelatedProducts', { id_product: 1 });
    expect(first.status).toBe(200);
    const { products, pagination } = first.body.psdata;
    expect(products).toHaveLength(4);
    expect(products.map((p: { id_product: number }) => p.id_product)).not.toContain(1);
    expect(pagination).toMatchObject({ page: 1, per_page: 4, pages: Math.ceil(pagination.total_items / 4) });
    const category = (await callApi(shop().app, 'getProducts', { id_category: product.breadcrumbs.at(-1).id, with_facets: false })).body.psdata;
    expect(pagination.total_items).toBe(category.pagination.total_items - 1);

    const second = (await callApi(shop().app, 'getRelatedProducts', { id_product: 1, page: 2 })).body.psdata;
    const seen = new Set(products.map((p: { id_product: number }) => p.id_product));
    expect(second.products.some((p: { id_product: number }) => seen.has(p.id_product))).toBe(false);
    const past = (await callApi(shop().app, 'getRelatedProducts', { id_product: 1, page: pagination.pages + 1 })).body.psdata;
    expect(past.products).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 for a bad payload', async () => {
    const missing = await callApi(shop().app, 'getRelatedProducts', { id_product: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'not_found' });
    for (const payload of [{}, { id_product: 'one' }, { id_product: 1, page: 0 }, { id_product: 1, per_page: 50 }]) {
      const bad = await callApi(shop().app, 'getRelatedProducts', payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.code).toBe('bad_request');
    }
  });
});
