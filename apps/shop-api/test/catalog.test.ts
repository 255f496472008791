import { RECOMMENDED_CATEGORY_ID, SORT_KEYS, STOREFRONT_LANGUAGES } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { callApi, DRIVERS, useTestShop } from './databases.ts';

describe.each(DRIVERS)('catalogue calls on %s', (driver) => {
  const shop = useTestShop(driver);

  it('answers bootstrap with the menu, languages, countries and public settings', async () => {
    const { status, body } = await callApi(shop().app, 'bootstrap', {}, { 'accept-language': 'fr' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 'ok' });
    expect(body.psdata.languages.map((l: { code: string }) => l.code)).toEqual([...STOREFRONT_LANGUAGES]);
    expect(body.psdata.menu.map((c: { slug: string }) => c.slug)).toEqual(['femme', 'homme', 'enfant']);
    expect(body.psdata.menu[0].children.length).toBeGreaterThan(2);
    expect(body.psdata.settings).toEqual({ maintenance_mode: false, theme: 'default', gtm_id: null, currency: 'EUR', default_country: 'IT' });
    const country = (iso: string) => body.psdata.countries.find((c: { iso: string }) => c.iso === iso);
    expect(country('IT')).toMatchObject({ vat_rate_bp: 2200, free_shipping_from: 15000 });
    // SPEC §9's one-brand free shipping (the demo's: brand 2 from 100 EUR to Italy), for the product page to tell.
    expect(country('IT').brand_free_shipping).toEqual([{ brand_id: 2, from: 10_000 }]);
    expect(country('FR').brand_free_shipping).toEqual([]);
    // Each country's delivery times: from the quickest carrier to the slowest that go there (the demo's rates per group).
    expect(country('IT').delivery_days).toEqual({ min: 1, max: 5 });
    expect(country('CH').delivery_days).toEqual({ min: 2, max: 8 });
    expect(country('US').delivery_days).toEqual({ min: 3, max: 14 });
    expect(body.psdata.footer_links.length).toBeGreaterThan(3);
  });

  it('lists a category page by page, with a total that adds up', async () => {
    const first = await callApi(shop().app, 'getProducts', { id_category: 3, page: 1, per_page: 12 });
    expect(first.status).toBe(200);
    const { pagination, products, category } = first.body.psdata;
    expect(category).toMatchObject({ id: 3, slug: 'women' });
    expect(products).toHaveLength(12);
    expect(pagination.pages).toBe(Math.ceil(pagination.total_items / 12));
    const last = await callApi(shop().app, 'getProducts', { id_category: 3, page: pagination.pages, per_page: 12 });
    expect(last.body.psdata.products.length).toBe(pagination.total_items - 12 * (pagination.pages - 1));
    const past = await callApi(shop().app, 'getProducts', { id_category: 3, page: pagination.pages + 1, per_page: 12 });
    expect(past.body.psdata).toMatchObject({ products: [], pagination: { total_items: pagination.total_items } });
  });

  it('sorts by every sort key of the spec', async () => {
    const listed = async (order: string) => {
      const { status, body } = await callApi(shop().app, 'getProducts', { id_category: 10, order, per_page: 100, with_facets: false });
      expect(status, order).toBe(200);
      expect(body.psdata.order).toBe(order);
      return body.psdata.products as { price: number; name: string; discount_percent: number | null }[];
    };
    const sorted = <T>(values: T[], compare: (a: T, b: T) => number) => [...values].sort(compare);
    for (const order of SORT_KEYS) {
      const products = await listed(order);
      const prices = products.map((p) => p.price);
      const discounts = products.map((p) => p.discount_percent ?? 0);
      // A to Z whatever the case; letters beyond the first follow the database's collation.
      const initials = products.map((p) => p.name[0]!.toLowerCase());
      if (order === 'price_asc') expect(prices).toEqual(sorted(prices, (a, b) => a - b));
      if (order === 'price_desc') expect(prices).toEqual(sorted(prices, (a, b) => b - a));
      if (order === 'title_asc') expect(initials).toEqual(sorted(initials, (a, b) => a.localeCompare(b)));
      if (order === 'title_desc') expect(initials).toEqual(sorted(initials, (a, b) => b.localeCompare(a)));
      if (order === 'discount_desc') expect(discounts).toEqual(sorted(discounts, (a, b) => b - a));
      if (order === 'discount_asc') expect(discounts).toEqual(sorted(discounts, (a, b) => a - b));
    }
    const newest = (await listed('date_add_desc')).map((p) => p.name);
    expect((await listed('date_add_asc')).map((p) => p.name)).toEqual([...newest].reverse());
    const listing = (await callApi(shop().app, 'getProducts', { id_category: 4 })).body.psdata;
    expect(listing.sort_orders).toEqual([...SORT_KEYS]);
  });

  it('has products in the recommended category', async () => {
    const { body } = await callApi(shop().app, 'getProducts', { id_category: RECOMMENDED_CATEGORY_ID, page: 1 });
    expect(body.psdata.products.length).toBeGreaterThan(0);
  });

  it('refuses a bad payload with 400 and per-field errors, and an unknown category with 404', async () => {
    const bad = await callApi(shop().app, 'getProducts', { page: 0, order: 'cheapest' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'bad_request' });
    expect(Object.keys(bad.body.psdata.errors)).toEqual(expect.arrayContaining(['page', 'order']));
    const missing = await callApi(shop().app, 'getProducts', { id_category: 99999 });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'not_found', psdata: null });
    const malformed = await shop().app.inject({ method: 'POST', url: '/getProducts', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'bad_request' });
    const unknown = await callApi(shop().app, 'dropTables');
    expect(unknown.status).toBe(404);
  });

  it('gives a product with its combinations and resolves the one the shopper picks', async () => {
    const { body } = await callApi(shop().app, 'getProduct', { product_id: 1 });
    const product = body.psdata;
    expect(product.groups.length).toBeGreaterThan(0);
    expect(product.combinations.length).toBeGreaterThan(0);
    expect(Object.keys(product.alternates).sort()).toEqual([...STOREFRONT_LANGUAGES].sort());
    const other = product.combinations.find((c: { id: number }) => c.id !== product.selected_combination_id) ?? product.combinations[0];
    const group = Object.fromEntries(
      product.groups.map((g: { id: number; attributes: { id: number }[] }) => [g.id, g.attributes.find((a) => other.attributes.includes(a.id))!.id]),
    );
    const picked = await callApi(shop().app, 'getProduct', { product_id: 1, group });
    expect(picked.body.psdata.selected_combination_id).toBe(other.id);
    expect((await callApi(shop().app, 'getProduct', { product_id: 999999 })).status).toBe(404);
  });

  it('shows the same shelf price in every EU country and the price without VAT outside the EU', async () => {
    const priceIn = async (country: string) => (await callApi(shop().app, 'getProduct', { product_id: 2 }, { 'x-shop-country': country })).body.psdata;
    const [italy, germany, france, us, switzerland] = await Promise.all(['IT', 'DE', 'FR', 'US', 'CH'].map(priceIn));
    expect([germany.regular_price, france.regular_price]).toEqual([italy.regular_price, italy.regular_price]);
    expect(us.regular_price).toBe(switzerland.regular_price);
    expect(italy.regular_price).toBe(Math.round(us.regular_price * 1.22));
    const listed = async (country: string) =>
      (await callApi(shop().app, 'getProducts', { id_category: 3, per_page: 24, with_facets: false }, { 'x-shop-country': country })).body.psdata.products;
    expect(await listed('DE')).toEqual(await listed('IT'));
  });

  it('puts every regular price on the shelf at x4,95 or x9,95', async () => {
    const { body } = await callApi(shop().app, 'getProducts', { id_category: 10, per_page: 100, with_facets: false }, { 'x-shop-country': 'IT' });
    const endings = new Set((body.psdata.products as { regular_price: number }[]).map((product) => product.regular_price % 500));
    expect([...endings]).toEqual([495]);
  });

  it('translates product names and slugs by Accept-Language', async () => {
    const english = await callApi(shop().app, 'getProduct', { product_id: 3 }, { 'accept-language': 'en' });
    const german = await callApi(shop().app, 'getProduct', { product_id: 3 }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.body.psdata.name).not.toBe(english.body.psdata.name);
    expect(german.body.psdata.alternates.de).toBe(`3-${german.body.psdata.link_rewrite}`);
  });

  it('finds content pages by their translated slug and 404s others', async () => {
    const links = (await callApi(shop().app, 'bootstrap', {}, { 'accept-language': 'it' })).body.psdata.footer_links;
    const page = await callApi(shop().app, 'getContent', { slug: links[0].slug }, { 'accept-language': 'it' });
    expect(page.body.psdata).toMatchObject({ title: links[0].title, kind: 'page' });
    expect((await callApi(shop().app, 'getContent', { slug: links[0].slug }, { 'accept-language': 'de' })).status).toBe(404);
  });

  it('lists brands and every public URL for the sitemap', async () => {
    const brands = (await callApi(shop().app, 'getBrands')).body.psdata.brands;
    expect(brands.length).toBeGreaterThan(3);
    const brand = await callApi(shop().app, 'getBrand', { id_brand: brands[0].id });
    expect(brand.body.psdata.name).toBe(brands[0].name);
    const sitemap = (await callApi(shop().app, 'getSitemap')).body.psdata;
    expect(sitemap.products.length).toBeGreaterThanOrEqual(300);
    expect(sitemap.products[0].alternates).toHaveProperty('es');
  });

  it('reports its health', async () => {
    const response = await shop().app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('public settings from the environment', () => {
  const shop = useTestShop('pglite', { MAINTENANCE_MODE: 'on', THEME: 'blue', GTM_ID: 'GTM-AB12CD' });

  it('reports maintenance mode, the theme and a valid tag-manager id', async () => {
    const { body } = await callApi(shop().app, 'bootstrap');
    expect(body.psdata.settings).toMatchObject({ maintenance_mode: true, theme: 'blue', gtm_id: 'GTM-AB12CD' });
  });
});
