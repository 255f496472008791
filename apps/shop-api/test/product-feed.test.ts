import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedTerms, productFeed } from '../src/catalog/feed.ts';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, useTestShop } from './databases.ts';

// The Google Merchant Center feed (catalog/feed.ts): GET /feeds/google/{country}/{lang}.xml.

const STOREFRONT = 'https://shop.example';

/**
 * Checks that `xml` is well-formed XML (one root, every tag closed in order, attributes quoted, only the five
 * predefined entities or character references, no stray `<` or `&`) and returns the root's name.
 */
function assertWellFormed(xml: string): string {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let root: string | null = null;
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/gy;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = token.exec(body)) !== null) {
    end = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    if (stray !== undefined) throw new Error(`Stray '<' at ${match.index}: ${body.slice(match.index, match.index + 40)}`);
    const checkEntities = (value: string) => {
      for (const amp of value.matchAll(/&/g)) {
        if (!/^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/.test(value.slice(amp.index))) throw new Error(`Bad entity near ${value.slice(amp.index, amp.index + 20)}`);
      }
      if (value.includes('>') && text === undefined) throw new Error('> inside an attribute');
    };
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') throw new Error(`Text outside the root: ${text.slice(0, 40)}`);
      checkEntities(text);
      continue;
    }
    checkEntities(attributes ?? '');
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else {
      if (stack.length === 0) {
        if (root !== null) throw new Error('Two roots');
        root = name!;
      }
      if (!selfClosing) stack.push(name!);
    }
  }
  if (end !== body.length) throw new Error(`Unparsed from ${end}`);
  if (stack.length > 0) throw new Error(`Unclosed: ${stack.join(' > ')}`);
  return root!;
}

const unescapeXml = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

type Item = Record<string, string>;

/** The feed's items, each as { 'g:tag': text } (g:shipping's country as 'g:shipping/g:country'). */
function items(xml: string): Item[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, inner]) => {
    const item: Item = {};
    const shipping = /<g:shipping>([\s\S]*?)<\/g:shipping>/.exec(inner!);
    if (shipping) {
      item['g:shipping/g:country'] = /<g:country>([^<]*)<\/g:country>/.exec(shipping[1]!)?.[1] ?? '';
      const price = /<g:price>([^<]*)<\/g:price>/.exec(shipping[1]!)?.[1];
      if (price) item['g:shipping/g:price'] = price;
    }
    for (const [, tag, text] of inner!.replace(/<g:shipping>[\s\S]*?<\/g:shipping>/, '').matchAll(/<(g:[a-z_]+)>([^<]*)<\/\1>/g)) {
      expect(item[tag!], `${tag} twice`).toBeUndefined();
      item[tag!] = unescapeXml(text!);
    }
    return item;
  });
}

const REQUIRED = ['g:id', 'g:item_group_id', 'g:title', 'g:description', 'g:link', 'g:availability', 'g:price', 'g:condition', 'g:gender', 'g:age_group', 'g:size', 'g:color', 'g:brand'];

describe.each(DRIVERS)('Google product feed on %s', (driver) => {
  const shop = useTestShop(driver, { STOREFRONT_URL: STOREFRONT });
  const db = () => shop().handle.db;
  const get = (url: string, headers: Record<string, string> = {}) => shop().app.inject({ method: 'GET', url, headers });

  it('lists every variant of the active products with the attributes Merchant Center requires, as well-formed RSS', async () => {
    const response = await get('/feeds/google/it/en.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(assertWellFormed(response.body)).toBe('rss');
    expect(response.body).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    const feed = items(response.body);
    const [counted] = await selectRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from combinations c join products p on p.id = c.product_id
        join product_translations pt on pt.product_id = p.id and pt.lang = 'en' where p.is_active`,
    );
    const count = counted!.count;
    expect(feed).toHaveLength(count);
    expect(new Set(feed.map((item) => item['g:id'])).size).toBe(count);
    for (const item of feed) {
      for (const tag of REQUIRED) expect(item[tag], `${tag} of item ${item['g:id']}`).toBeTruthy();
      expect(item['g:link']).toMatch(new RegExp(`^${STOREFRONT}/en/${item['g:item_group_id']}-[^/]+\\.html$`));
      expect(item['g:image_link']).toMatch(new RegExp(`^${STOREFRONT}/`));
      expect(item['g:price']).toMatch(/^\d+\.\d{2} EUR$/);
      expect(['in_stock', 'out_of_stock', 'preorder', 'backorder']).toContain(item['g:availability']);
      expect(['female', 'male', 'unisex']).toContain(item['g:gender']);
      expect(['adult', 'kids']).toContain(item['g:age_group']);
      expect(item['g:condition']).toBe('new');
      expect(item['g:shipping/g:country']).toBe('IT');
      expect(item['g:shipping/g:price']).toMatch(/^\d+\.\d{2} EUR$/);
      // A GTIN, or the statement that the variant has none.
      expect(Boolean(item['g:gtin']) !== (item['g:identifier_exists'] === 'no')).toBe(true);
    }
  });

  it("gives a known variant's price with VAT, its sale price and period, GTIN, availability and names in the feed's language", async () => {
    const [variant] = await selectRows<{ product_id: number; combination_id: number; net: number; quantity: number; size: string; color: string }>(
      db(),
      sql`select p.id as product_id, c.id as combination_id, p.price_net_cents + c.price_impact_net_cents as net, c.quantity,
          (select at.name from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id and g.kind = 'size'
            join attribute_translations at on at.attribute_id = a.id and at.lang = 'fr' where ca.combination_id = c.id) as size,
          (select at.name from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id and g.kind = 'color'
            join attribute_translations at on at.attribute_id = a.id and at.lang = 'fr' where ca.combination_id = c.id) as color
        from products p join combinations c on c.product_id = p.id
        where p.is_active and p.out_of_stock_policy = 'deny' and c.quantity > 0
          and not exists (select 1 from specific_prices sp where sp.product_id = p.id)
        order by p.id, c.id limit 1`,
    );
    const { product_id: productId, combination_id: combinationId } = variant!;
    const ends = new Date(Date.now() + 10 * 86_400_000);
    await db().execute(sql`insert into specific_prices (product_id, reduction_percent, starts_at, ends_at) values (${productId}, 20, now() - interval '1 day', ${ends.toISOString()})`);
    await db().execute(sql`update combinations set gtin = '4006381333931' where id = ${combinationId}`);
    const rate = (await selectRows<{ rate: number }>(db(), sql`select vat_rate_bp as rate from countries where iso = 'IT'`))[0]!.rate;
    // ADR 23: shelf prices hold the home country's VAT (IT, 22 %) in every EU country; the sale takes 20 % off the net price.
    const gross = (net: number) => Math.round((net * (10_000 + rate)) / 10_000);
    const cents = (value: number) => `${(value / 100).toFixed(2)} EUR`;

    const feed = items((await get('/feeds/google/fr/fr.xml')).body);
    const item = feed.find((entry) => entry['g:id'] === String(combinationId))!;
    expect(item).toBeDefined();
    expect(item['g:item_group_id']).toBe(String(productId));
    expect(item['g:price']).toBe(cents(gross(variant!.net)));
    expect(item['g:sale_price']).toBe(cents(gross(Math.round(variant!.net * 0.8))));
    const [start, end] = item['g:sale_price_effective_date']!.split('/');
    expect(new Date(end!).getTime()).toBe(ends.getTime());
    expect(new Date(start!).getTime()).toBeLessThan(Date.now());
    expect(item['g:gtin']).toBe('4006381333931');
    expect(item['g:identifier_exists']).toBeUndefined();
    expect(item['g:availability']).toBe('in_stock');
    expect(item['g:size']).toBe(variant!.size);
    expect(item['g:color']).toBe(variant!.color);
    expect(item['g:link']).toMatch(new RegExp(`^${STOREFRONT}/fr/${productId}-`));
    expect(item['g:shipping/g:country']).toBe('FR');
    // One unit sent to France with the standard shipping of its zone, free from the country's (or brand's) threshold.
    const [terms] = await selectRows<{ standard: number; free_from: number | null; brand_from: number | null; free_shipping: boolean }>(
      db(),
      sql`select r.price_cents as standard, c.free_shipping_from_cents as free_from, p.free_shipping,
          (select bf.from_cents from brand_free_shipping bf where bf.country_iso = 'FR' and bf.brand_id = p.brand_id) as brand_from
        from countries c join carrier_rates r on r.group_key = c.group_key and r.carrier_id = 1, products p where c.iso = 'FR' and p.id = ${productId}`,
    );
    const salePrice = gross(Math.round(variant!.net * 0.8));
    const free = terms!.free_shipping || (terms!.free_from !== null && salePrice >= terms!.free_from) || (terms!.brand_from !== null && salePrice >= terms!.brand_from);
    expect(item['g:shipping/g:price']).toBe(cents(free ? 0 : terms!.standard));
    // The product's other variants share its group; none of them has a GTIN, so each says it has no identifier.
    const siblings = feed.filter((entry) => entry['g:item_group_id'] === String(productId) && entry !== item);
    expect(siblings.length).toBeGreaterThan(0);
    for (const sibling of siblings) {
      expect(sibling['g:gtin']).toBeUndefined();
      expect(sibling['g:identifier_exists']).toBe('no');
      expect(sibling['g:sale_price']).toBeDefined();
    }
    // Outside the EU the price is the net price (exports carry no VAT).
    const us = items((await get('/feeds/google/us/en.xml')).body).find((entry) => entry['g:id'] === String(combinationId))!;
    expect(us['g:price']).toBe(cents(variant!.net));
    expect(us['g:sale_price']).toBe(cents(Math.round(variant!.net * 0.8)));
  });

  it('reads the catalogue a page of products at a time and streams the same feed whatever the page size', async () => {
    const served = (await get('/feeds/google/es/es.xml')).body;
    const { priceRate, shipping } = await feedTerms(db(), shop().config, 'ES');
    const chunks: string[] = [];
    // Seven products a page: the demo catalogue takes many pages, and no variant may be lost or repeated where one page ends.
    for await (const chunk of productFeed(db(), { country: 'ES', lang: 'es', priceRate, config: shop().config, now: new Date(), shipping, pageSize: 7 })) chunks.push(chunk);
    const { products } = (await selectRows<{ products: number }>(db(), sql`select count(*)::int as products from products where is_active`))[0]!;
    expect(chunks.length).toBeGreaterThan(Math.ceil(products / 7));
    expect(items(chunks.join(''))).toEqual(items(served));
  });

  it('prices shipping as a one-unit cart to that country: the standard price, free from the threshold or for a free-shipping product', async () => {
    const [terms] = await selectRows<{ standard: number; free_from: number }>(
      db(),
      sql`select r.price_cents as standard, c.free_shipping_from_cents as free_from from countries c join carrier_rates r on r.group_key = c.group_key and r.carrier_id = 1 where c.iso = 'IT'`,
    );
    const [cheap] = await selectRows<{ id: number }>(
      db(),
      sql`select id from products p where is_active and not free_shipping and price_net_cents < ${terms!.free_from / 2}
        and not exists (select 1 from brand_free_shipping bf where bf.brand_id = p.brand_id and bf.country_iso = 'IT') order by id limit 1`,
    );
    const shippingOf = async () =>
      items((await get('/feeds/google/it/it.xml')).body).filter((item) => item['g:item_group_id'] === String(cheap!.id)).map((item) => item['g:shipping/g:price']);
    expect(new Set(await shippingOf())).toEqual(new Set([`${(terms!.standard / 100).toFixed(2)} EUR`]));
    await db().execute(sql`update products set free_shipping = true where id = ${cheap!.id}`);
    expect(new Set(await shippingOf())).toEqual(new Set(['0.00 EUR']));
    await db().execute(sql`update products set free_shipping = false, price_net_cents = ${terms!.free_from * 2} where id = ${cheap!.id}`);
    expect(new Set(await shippingOf())).toEqual(new Set(['0.00 EUR']));
  });

  it('says out of stock or pre-order with its date when a variant has no units left', async () => {
    const [row] = await selectRows<{ product_id: number; combination_id: number }>(
      db(),
      sql`select p.id as product_id, min(c.id) as combination_id from products p join combinations c on c.product_id = p.id
        where p.is_active and p.out_of_stock_policy = 'deny' group by p.id order by p.id desc limit 1`,
    );
    await db().execute(sql`update combinations set quantity = 0 where id = ${row!.combination_id}`);
    const byId = async () => items((await get('/feeds/google/it/it.xml')).body).find((entry) => entry['g:id'] === String(row!.combination_id))!;
    expect((await byId())['g:availability']).toBe('out_of_stock');
    expect((await byId())['g:availability_date']).toBeUndefined();
    await db().execute(sql`update products set out_of_stock_policy = 'preorder', available_date = '2027-03-01T09:00:00Z' where id = ${row!.product_id}`);
    const preorder = await byId();
    expect(preorder['g:availability']).toBe('preorder');
    expect(preorder['g:availability_date']).toBe('2027-03-01T09:00:00.000Z');
  });

  it('escapes names with markup characters and leaves draft products out', async () => {
    const [first, second] = await selectRows<{ id: number }>(db(), sql`select id from products where is_active order by id limit 2 offset 5`);
    await db().execute(sql`update product_translations set name = 'Shirt & <Tie> "Café"', description = 'a < b && c > d' where product_id = ${first!.id} and lang = 'en'`);
    await db().execute(sql`update products set is_active = false where id = ${second!.id}`);
    const response = await get('/feeds/google/it/en.xml');
    expect(assertWellFormed(response.body)).toBe('rss');
    expect(response.body).toContain('Shirt &amp; &lt;Tie&gt; &quot;Café&quot;');
    const feed = items(response.body);
    const escaped = feed.filter((item) => item['g:item_group_id'] === String(first!.id));
    expect(escaped.length).toBeGreaterThan(0);
    for (const item of escaped) {
      expect(item['g:title']).toMatch(/^Shirt & <Tie> "Café"/);
      expect(item['g:description']).toBe('a < b && c > d');
    }
    expect(feed.some((item) => item['g:item_group_id'] === String(second!.id))).toBe(false);
    // The draft's product page is not linked either.
    expect(response.body).not.toContain(`/en/${second!.id}-`);
  });

  it('refuses an unknown country or language with a 404 in the API envelope', async () => {
    for (const url of ['/feeds/google/zz/en.xml', '/feeds/google/it/xx.xml', '/feeds/google/it/en.json', '/feeds/google/italy/en.xml']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('can be kept: an ETag tied to the catalogue revision answers 304 until the catalogue changes', async () => {
    const first = await get('/feeds/google/de/de.xml');
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"feed-DE-de-\d+-\d+"$/);
    const again = await get('/feeds/google/de/de.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await db().execute(sql`update product_translations set name = name || ' II' where product_id = (select min(id) from products where is_active) and lang = 'de'`);
    const changed = await get('/feeds/google/de/de.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
