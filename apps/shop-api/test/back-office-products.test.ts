import { randomBytes } from 'node:crypto';
import { STOREFRONT_LANGUAGES } from '@shop/contract';
import { ADMIN_PRODUCTS_COUNT_CAP, ADMIN_PRODUCTS_PAGE_SIZE, gtinValid } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// The back office's products (issue 27): the list, the editor, the variant grid, stock, and what shoppers see at once.

describe('GTIN check digits', () => {
  it('takes EAN-13, EAN-8, UPC-A and GTIN-14 with their right check digit, and nothing else', () => {
    for (const good of ['4006381333931', '73513537', '036000291452', '10012345678902']) expect(gtinValid(good), good).toBe(true);
    for (const bad of ['4006381333932', '73513536', '036000291453', '400638133393', '40063813339311', 'ABCDEFGHIJKLM', '']) expect(gtinValid(bad), bad).toBe(false);
  });
});

describe.each(DRIVERS)('products in the back office on %s', (driver) => {
  const shop = useTestShop(driver);
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  let clients = 0;
  const shopper = (token?: string) => shopperHeaders(token, `203.0.113.${(++clients % 250) + 1}`);
  const auditOf = (action: string, target: number) =>
    query<{ actor: string; before: any; after: any }>(sql`select actor, before, after from audit_log where action = ${action} and target_id = ${String(target)} order by id desc`);

  /** A subcategory with products (Women › something) and two sizes and two colours of the shop. */
  async function choices(headers: Record<string, string>) {
    const editor = (await adminCall(shop().app, 'getProductEditor', {}, headers)).body.psdata;
    const [category] = await query<{ id: number }>(sql`select c.id from categories c where c.parent_id is not null and exists (select 1 from product_categories pc where pc.category_id = c.id) order by c.id limit 1`);
    return { editor, category: category!.id };
  }

  /** A new product made as the catalogue staff make it: texts in English and Italian, a 2 colours × 4 sizes grid, published. */
  async function newProduct(headers: Record<string, string>, word: string) {
    const { editor, category } = await choices(headers);
    const reference = `NEW-${randomBytes(3).toString('hex').toUpperCase()}`;
    const saved = await adminCall(
      shop().app,
      'saveProduct',
      {
        reference,
        category_id: category,
        brand_id: editor.brands[0].id,
        gender: 'women',
        garment: 'dress',
        price: 8995,
        texts: {
          en: { name: `${word} linen dress`, description: 'A light dress for summer evenings.' },
          it: { name: `Abito di lino ${word}`, description: 'Un abito leggero per le sere d’estate.' },
        },
      },
      headers,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.psdata).toMatchObject({ state: 'draft', complete_langs: ['en', 'it'] });
    const id = saved.body.psdata.id as number;
    const grid = await adminCall(shop().app, 'createVariantGrid', { product_id: id, sizes: editor.sizes.slice(0, 4).map((size: { id: number }) => size.id), colours: editor.colours.slice(0, 2).map((colour: { id: number }) => colour.id), stock: 5 }, headers);
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body.psdata.created).toBe(8);
    return { id, reference, category, variants: grid.body.psdata.variants as { id: number; sku: string; stock: number; size_id: number; colour_id: number }[] };
  }

  const listing = async (category: number) =>
    (await callApi(shop().app, 'getProducts', { id_category: category, order: 'date_add_desc', per_page: 48, with_facets: false }, shopper())).body.psdata.products as { id_product: number; name: string; price: number }[];
  const searched = async (text: string) => (await callApi(shop().app, 'getProducts', { q: text, per_page: 48, with_facets: false }, shopper())).body.psdata.products as { id_product: number; name: string; price: number }[];
  const page = (id: number) => callApi(shop().app, 'getProduct', { product_id: id }, shopper());

  it('creates a draft in two languages with its 2 × 4 grid, publishes it, and shoppers find it in the listing, search, its page and the cart at once', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const word = `Zefirant${randomBytes(2).toString('hex')}`;
    const product = await newProduct(catalogue, word);
    expect(product.variants.map((variant) => variant.sku)).toEqual([...new Set(product.variants.map((variant) => variant.sku))]);
    expect(product.variants.every((variant) => variant.sku.startsWith(`${product.reference}-`) && variant.stock === 5)).toBe(true);

    // A draft is nowhere in the shop.
    expect((await listing(product.category)).map((card) => card.id_product)).not.toContain(product.id);
    expect((await searched(word)).map((card) => card.id_product)).not.toContain(product.id);
    expect((await page(product.id)).status).toBe(404);
    const refused = await callApi(shop().app, 'createCartItem', { product_id: product.id, combination_id: product.variants[0]!.id, quantity: 1 }, shopper());
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    const published = await adminCall(shop().app, 'publishProduct', { id: product.id, state: 'active' }, catalogue);
    expect(published.body.psdata).toEqual({ id: product.id, state: 'active', complete_langs: ['en', 'it'] });
    expect((await listing(product.category)).find((card) => card.id_product === product.id)).toMatchObject({ name: `${word} linen dress`, price: 8995 });
    expect((await searched(word)).map((card) => card.id_product)).toContain(product.id);
    const shown = await page(product.id);
    expect(shown.status).toBe(200);
    expect(shown.body.psdata).toMatchObject({ name: `${word} linen dress`, price: 8995 });
    expect(shown.body.psdata.combinations).toHaveLength(8);
    const italian = await callApi(shop().app, 'getProduct', { product_id: product.id }, { ...shopper(), 'accept-language': 'it' });
    expect(italian.body.psdata.name).toBe(`Abito di lino ${word}`);
    const added = await callApi(shop().app, 'createCartItem', { product_id: product.id, combination_id: product.variants[0]!.id, quantity: 1 }, shopper());
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.psdata.lines).toEqual([expect.objectContaining({ product_id: product.id, name: `${word} linen dress`, unit_price: 8995 })]);

    const audited = await auditOf('product.publish', product.id);
    expect(audited[0]).toMatchObject({ before: { state: 'draft' }, after: { state: 'active' } });
    expect(await auditOf('product.create', product.id)).toHaveLength(1);
    expect(await auditOf('product.variant_grid', product.id)).toHaveLength(1);
  });

  it('renames, reprices and takes a product off sale: the listing, search, product page and a cart holding it show each change at once', async () => {
    const manager = (await staffSession(shop(), 'manager')).headers;
    const word = `Brezzolin${randomBytes(2).toString('hex')}`;
    const product = await newProduct(manager, word);
    expect((await adminCall(shop().app, 'publishProduct', { id: product.id, state: 'active' }, manager)).status).toBe(200);
    const added = await callApi(shop().app, 'createCartItem', { product_id: product.id, combination_id: product.variants[1]!.id, quantity: 1 }, shopper());
    const cartToken = added.body.psdata.session.token as string;
    const cart = async () => (await callApi(shop().app, 'getCartItems', {}, shopper(cartToken))).body.psdata.lines as { product_id: number; name: string; unit_price: number }[];
    expect(await cart()).toEqual([expect.objectContaining({ name: `${word} linen dress`, unit_price: 8995 })]);

    // Renamed and repriced in one save (the shelf price as typed, ADR 23).
    const editor = (await adminCall(shop().app, 'getProductEditor', { id: product.id }, manager)).body.psdata.product;
    const renamed = `${word} poplin shirt dress`;
    const saved = await adminCall(
      shop().app,
      'saveProduct',
      { id: product.id, reference: editor.reference, category_id: editor.category_id, brand_id: editor.brand_id, gender: editor.gender, garment: editor.garment, price: 6995, state: 'active', texts: { ...editor.texts, en: { ...editor.texts.en, name: renamed } } },
      manager,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await listing(product.category)).find((card) => card.id_product === product.id)).toMatchObject({ name: renamed, price: 6995 });
    expect((await searched(`${word} poplin`)).find((card) => card.id_product === product.id)).toMatchObject({ name: renamed, price: 6995 });
    expect((await page(product.id)).body.psdata).toMatchObject({ name: renamed, price: 6995 });
    expect(await cart()).toEqual([expect.objectContaining({ name: renamed, unit_price: 6995 })]);
    // The back office's list finds it by a word of its new name, no longer by one of its old.
    const staffList = async (query: string) => (await adminCall(shop().app, 'listProducts', { query }, manager)).body.psdata.products.map((row: { id: number }) => row.id);
    expect([await staffList(`${word} poplin`), await staffList(`${word} linen`)]).toEqual([[product.id], []]);
    const audited = await auditOf('product.update', product.id);
    expect(audited[0]!.before).toMatchObject({ price_net_cents: expect.any(Number), lang_texts: { en: { name: `${word} linen dress` } } });
    expect(audited[0]!.after).toMatchObject({ lang_texts: { en: { name: renamed } } });

    // Off sale: gone from the listing, search and its page; the cart no longer sells it.
    expect((await adminCall(shop().app, 'publishProduct', { id: product.id, state: 'draft' }, manager)).body.psdata.state).toBe('draft');
    expect((await listing(product.category)).map((card) => card.id_product)).not.toContain(product.id);
    expect((await searched(word)).map((card) => card.id_product)).not.toContain(product.id);
    expect((await page(product.id)).status).toBe(404);
    expect((await cart()).map((line) => line.product_id)).not.toContain(product.id);
  });

  it('keeps the names the list searches equal to the product’s names when two saves rename it at once (migration 0043)', async () => {
    const manager = (await staffSession(shop(), 'manager')).headers;
    const word = `Ventolin${randomBytes(2).toString('hex')}`;
    const product = await newProduct(manager, word);
    const editor = (await adminCall(shop().app, 'getProductEditor', { id: product.id }, manager)).body.psdata.product;
    const save = (en: string, it: string) =>
      adminCall(
        shop().app,
        'saveProduct',
        { id: product.id, reference: editor.reference, category_id: editor.category_id, brand_id: editor.brand_id, gender: editor.gender, garment: editor.garment, price: 8995, texts: { en: { ...editor.texts.en, name: en }, it: { ...editor.texts.it, name: it } } },
        manager,
      );
    const saves = await Promise.all([save(`${word} Oriole wrap dress`, `Abito Oriole ${word}`), save(`${word} Kestrel shirt dress`, `Abito Kestrel ${word}`)]);
    expect(saves.map((saved) => saved.status)).toEqual([200, 200]);
    const names = await query<{ lang: string; name: string }>(sql`select lang, name from product_names where product_id = ${product.id} order by lang`);
    const texts = await query<{ lang: string; name: string }>(sql`select lang, lower(name) as name from product_translations where product_id = ${product.id} order by lang`);
    expect(names).toEqual(texts);
    // One save won in both languages, and the list finds the product by its words and by neither of the other's.
    const won = texts.find((text) => text.lang === 'en')!.name.includes('oriole') ? 'Oriole' : 'Kestrel';
    const lost = won === 'Oriole' ? 'Kestrel' : 'Oriole';
    expect(texts.map((text) => text.name.includes(won.toLowerCase()))).toEqual([true, true]);
    const staffList = async (words: string) => (await adminCall(shop().app, 'listProducts', { query: words }, manager)).body.psdata.products.map((row: { id: number }) => row.id);
    expect([await staffList(`${word} ${won}`), await staffList(`${word} ${lost}`), await staffList(`${lost} ${word}`)]).toEqual([[product.id], [], []]);
  });

  it('refuses a shelf price the VAT cannot reach, a taken reference, SKU or GTIN, a bad GTIN, and publishing without a variant', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const { category } = await choices(catalogue);
    const base = { category_id: category, gender: 'men', garment: 'shirt', texts: { en: { name: 'Plain shirt', description: 'Cotton.' } } };
    const [existing] = await query<{ reference: string }>(sql`select reference from products order by id limit 1`);
    const taken = await adminCall(shop().app, 'saveProduct', { ...base, reference: existing!.reference, price: 4995 }, catalogue);
    expect([taken.status, taken.body.code, taken.body.psdata]).toEqual([409, 'catalogue_conflict', { field: 'reference' }]);
    // At 22 % VAT, one net cent moves the shelf price by 1 or 2 cents: some amounts cannot be reached.
    let unreachable: { status: number; body: { code: string; psdata: any } } | undefined;
    for (let cents = 4990; cents < 5010 && !unreachable; cents++) {
      const answer = await adminCall(shop().app, 'saveProduct', { ...base, reference: `X-${randomBytes(3).toString('hex')}`, price: cents }, catalogue);
      if (answer.status !== 200) unreachable = answer;
    }
    expect(unreachable?.body.code).toBe('shelf_price_unreachable');
    expect(Math.abs(unreachable!.body.psdata.nearest - 5000)).toBeLessThan(12);

    const draft = await adminCall(shop().app, 'saveProduct', { ...base, reference: `D-${randomBytes(3).toString('hex')}`, price: 4995, texts: { en: { name: 'Plain shirt' }, it: { name: 'Camicia', description: 'Cotone.' } } }, catalogue);
    expect(draft.body.psdata.complete_langs).toEqual(['it']);
    const incomplete = await adminCall(shop().app, 'publishProduct', { id: draft.body.psdata.id, state: 'active' }, catalogue);
    expect([incomplete.status, incomplete.body.code, incomplete.body.psdata]).toEqual([409, 'product_incomplete', { missing: 'text_en' }]);
    const withText = await adminCall(shop().app, 'saveProduct', { ...base, id: draft.body.psdata.id, reference: `D-${randomBytes(3).toString('hex')}`, price: 4995, texts: { en: { name: 'Plain shirt', slug: 'plain-shirt-x', description: 'Cotton.' } } }, catalogue);
    // Italian was not sent this time: it is kept; sent with no name, it is taken off.
    expect(withText.body.psdata.complete_langs).toEqual(['en', 'it']);
    const withoutItalian = await adminCall(shop().app, 'saveProduct', { ...base, id: draft.body.psdata.id, reference: `E-${randomBytes(3).toString('hex')}`, price: 4995, texts: { it: { name: '' } } }, catalogue);
    expect(withoutItalian.body.psdata.complete_langs).toEqual(['en']);
    expect((await adminCall(shop().app, 'publishProduct', { id: draft.body.psdata.id, state: 'active' }, catalogue)).body.psdata).toEqual({ missing: 'variants' });

    const product = await newProduct(catalogue, `Gtinny${randomBytes(2).toString('hex')}`);
    const [first, second] = product.variants;
    const badGtin = await adminCall(shop().app, 'saveVariant', { id: first!.id, sku: first!.sku, gtin: '4006381333932', stock: 2 }, catalogue);
    expect([badGtin.status, badGtin.body.code, Object.keys(badGtin.body.psdata.errors)]).toEqual([400, 'bad_request', ['gtin']]);
    const good = await adminCall(shop().app, 'saveVariant', { id: first!.id, sku: `${first!.sku}-A`, gtin: '4006381333931', stock: 2, available_date: '2027-03-01' }, catalogue);
    expect(good.body.psdata).toMatchObject({ id: first!.id, sku: `${first!.sku}-A`, gtin: '4006381333931', stock: 2, available_date: '2027-03-01' });
    const sameGtin = await adminCall(shop().app, 'saveVariant', { id: second!.id, sku: second!.sku, gtin: '4006381333931', stock: 2 }, catalogue);
    expect([sameGtin.status, sameGtin.body.psdata]).toEqual([409, { field: 'gtin' }]);
    const sameSku = await adminCall(shop().app, 'saveVariant', { id: second!.id, sku: `${first!.sku}-A`, stock: 2 }, catalogue);
    expect([sameSku.status, sameSku.body.psdata]).toEqual([409, { field: 'sku' }]);
    // Found in the list by its GTIN, its SKU and its reference.
    for (const text of ['4006381333931', `${first!.sku}-A`, product.reference]) {
      expect((await adminCall(shop().app, 'listProducts', { query: text }, catalogue)).body.psdata.products.map((row: { id: number }) => row.id), text).toEqual([product.id]);
    }
    // A grid made again adds only the pairs missing.
    const sizes = [...new Set(product.variants.map((variant) => variant.size_id))];
    const colours = [...new Set(product.variants.map((variant) => variant.colour_id))];
    const again = await adminCall(shop().app, 'createVariantGrid', { product_id: product.id, sizes, colours }, catalogue);
    expect([again.body.psdata.created, again.body.psdata.variants.length]).toEqual([0, 8]);
    // A colour given as a size is not one.
    expect((await adminCall(shop().app, 'createVariantGrid', { product_id: product.id, sizes: colours, colours }, catalogue)).status).toBe(404);
  });

  it('keeps SEO texts per language and the merchant’s related products: checked, audited, on the product page and first among its related products', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const product = await newProduct(catalogue, `Seoful${randomBytes(2).toString('hex')}`);
    expect((await adminCall(shop().app, 'publishProduct', { id: product.id, state: 'active' }, catalogue)).status).toBe(200);
    const related = (per_page = 24, pageNumber = 1) => callApi(shop().app, 'getRelatedProducts', { id_product: product.id, per_page, page: pageNumber }, shopper());
    const before = (await related()).body.psdata;
    // Another category's product on sale, one of its own category's, and a draft.
    const [elsewhere] = await query<{ id: number; reference: string }>(
      sql`select p.id, p.reference from products p join catalog_listing l on l.product_id = p.id where l.is_active and not (l.category_ids @> array[${product.category}::int]) order by p.id limit 1`,
    );
    const sameCategory = before.products.at(-1) as { id_product: number };
    const draftReference = `DRAFT-${randomBytes(3).toString('hex').toUpperCase()}`;
    const drafted = await adminCall(shop().app, 'saveProduct', { reference: draftReference, category_id: product.category, gender: 'women', garment: 'dress', price: 4995, texts: { en: { name: 'Draft dress' } } }, catalogue);
    const draft = { id: drafted.body.psdata.id as number, reference: draftReference };
    const editor = (await adminCall(shop().app, 'getProductEditor', { id: product.id }, catalogue)).body.psdata.product;
    const save = (changes: Record<string, unknown>) =>
      adminCall(shop().app, 'saveProduct', { id: product.id, reference: editor.reference, category_id: editor.category_id, brand_id: editor.brand_id, gender: editor.gender, garment: editor.garment, price: editor.price, state: 'active', texts: editor.texts, ...changes }, catalogue);

    // Too long a title or description, too many related products, unknown ones and the product itself are refused.
    const long = await save({ texts: { en: { ...editor.texts.en, meta_title: 'x'.repeat(71), meta_description: 'y'.repeat(161) } } });
    expect([long.status, long.body.code]).toEqual([400, 'bad_request']);
    expect(Object.keys(long.body.psdata.errors).sort()).toEqual(['texts.en.meta_description', 'texts.en.meta_title']);
    const tooMany = await save({ related: Array.from({ length: 13 }, (_, index) => `R-${index}`) });
    expect([tooMany.status, Object.keys(tooMany.body.psdata.errors)]).toEqual([400, ['related']]);
    const unknown = await save({ related: [elsewhere!.reference, 'NO-SUCH-REF', editor.reference] });
    expect([unknown.status, unknown.body.code, unknown.body.psdata]).toEqual([409, 'related_unknown', { references: `NO-SUCH-REF, ${editor.reference}` }]);
    expect(await auditOf('product.update', product.id)).toHaveLength(0);

    // By reference (any case) or id, in the merchant's order, each once.
    const title = 'Seoful linen dress for summer | Maison';
    const description = 'A light linen dress for warm evenings, cut to move.';
    const saved = await save({ texts: { ...editor.texts, en: { ...editor.texts.en, meta_title: title, meta_description: description } }, related: [elsewhere!.reference.toLowerCase(), draft.reference, String(sameCategory.id_product), elsewhere!.reference] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const edited = (await adminCall(shop().app, 'getProductEditor', { id: product.id }, catalogue)).body.psdata.product;
    expect(edited.texts.en).toMatchObject({ meta_title: title, meta_description: description });
    expect(edited.texts.it).toMatchObject({ meta_title: '', meta_description: '' });
    expect(edited.related.map((row: { id: number }) => row.id)).toEqual([elsewhere!.id, draft.id, sameCategory.id_product]);
    const [audited] = await auditOf('product.update', product.id);
    expect(audited!.before).toMatchObject({ related: [], lang_texts: { en: { meta_title: '' } } });
    expect(audited!.after).toMatchObject({ related: [elsewhere!.id, draft.id, sameCategory.id_product], lang_texts: { en: { meta_title: title, meta_description: description } } });

    // Shoppers: the page's SEO texts in its language (none set in Italian), and the chosen products on sale first.
    expect((await page(product.id)).body.psdata).toMatchObject({ meta_title: title, meta_description: description });
    const italian = await callApi(shop().app, 'getProduct', { product_id: product.id }, { ...shopper(), 'accept-language': 'it' });
    expect(italian.body.psdata).toMatchObject({ meta_title: '', meta_description: '' });
    const after = (await related()).body.psdata;
    const bestSellers = before.products.map((card: { id_product: number }) => card.id_product).filter((id: number) => id !== sameCategory.id_product);
    expect(after.products.map((card: { id_product: number }) => card.id_product)).toEqual([elsewhere!.id, sameCategory.id_product, ...bestSellers].slice(0, 24));
    expect(after.pagination.total_items).toBe(before.pagination.total_items + 1);
    // Pages go on from the chosen products into the best sellers.
    const second = (await related(1, 2)).body.psdata;
    expect([second.products.map((card: { id_product: number }) => card.id_product), second.pagination.pages]).toEqual([[sameCategory.id_product], after.pagination.total_items]);
    expect((await related(1, 3)).body.psdata.products.map((card: { id_product: number }) => card.id_product)).toEqual(bestSellers.slice(0, 1));

    // A list sent empty clears it; not sent, it is kept.
    expect((await save({ texts: {} })).status).toBe(200);
    expect((await adminCall(shop().app, 'getProductEditor', { id: product.id }, catalogue)).body.psdata.product.related).toHaveLength(3);
    expect((await save({ texts: {}, related: [] })).status).toBe(200);
    expect((await related()).body.psdata).toEqual(before);
    // Many calls in a row: more than the default 30 s on PGlite on a busy machine.
  }, 60_000);

  it('sets a product’s tax class, audited: a cart to Ireland holds no VAT on children’s clothing, and its other lines’ at the standard rate (ADR 64)', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const product = await newProduct(catalogue, `Taxling${randomBytes(2).toString('hex')}`);
    const editor = (await adminCall(shop().app, 'getProductEditor', { id: product.id }, catalogue)).body.psdata.product;
    expect(editor.tax_class).toBe('standard');
    const save = (changes: Record<string, unknown>) =>
      adminCall(shop().app, 'saveProduct', { id: product.id, reference: editor.reference, category_id: editor.category_id, brand_id: editor.brand_id, gender: 'kids', garment: editor.garment, price: editor.price, state: 'active', texts: {}, ...changes }, catalogue);
    expect((await save({ tax_class: 'luxury' })).status).toBe(400);
    expect((await save({ tax_class: 'children' })).status).toBe(200);
    const [audited] = await auditOf('product.update', product.id);
    expect([audited!.before.tax_class, audited!.after.tax_class]).toEqual(['standard', 'children']);
    // Not sent, the class stays.
    expect((await save({})).status).toBe(200);
    expect((await adminCall(shop().app, 'getProductEditor', { id: product.id }, catalogue)).body.psdata.product.tax_class).toBe('children');

    const added = await callApi(shop().app, 'createCartItem', { product_id: product.id, combination_id: product.variants[0]!.id, quantity: 1 }, shopper());
    const token = added.body.psdata.session.token as string;
    const totals = async (country: string) => (await callApi(shop().app, 'getCartItems', {}, { ...shopper(token), 'x-shop-country': country })).body.psdata.totals;
    // The same shelf price everywhere in the EU (ADR 23); Ireland zero-rates it, Italy has no such rate: its standard one.
    const ireland = await totals('IE');
    expect(ireland).toMatchObject({ products: 8995, tax: 0, vat_rate_bp: 2300, vat_rates_bp: [0] });
    const italy = await totals('IT');
    expect(italy).toMatchObject({ products: 8995, vat_rates_bp: [2200], tax: Math.round((italy.total * 2200) / 12_200) });
    // With a standard product beside it, only that one's share holds Irish VAT.
    const [standard] = await query<{ product_id: number; combination_id: number }>(
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.tax_class = 'standard' and p.out_of_stock_policy = 'deny' and c.quantity > 5 order by c.id limit 1`,
    );
    expect((await callApi(shop().app, 'createCartItem', { product_id: standard!.product_id, combination_id: standard!.combination_id, quantity: 1 }, shopper(token))).status).toBe(200);
    const mixed = await totals('IE');
    const standardShare = mixed.total - Math.round((mixed.total * 8995) / mixed.products);
    expect(mixed).toMatchObject({ vat_rates_bp: [0, 2300], tax: Math.round((standardShare * 2300) / 12_300) });
    expect(mixed.tax).toBeGreaterThan(0);
    expect(await totals('US')).toMatchObject({ tax: 0, vat_rates_bp: [0] });
    // Many calls in a row: more than the default 30 s on PGlite on a busy machine.
  }, 60_000);

  it('lists products by name, state, category, brand, stock, a missing language, on sale and missing a photo, sorted and paged', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const word = `Listly${randomBytes(2).toString('hex')}`;
    const product = await newProduct(catalogue, word);
    const list = async (filters: Record<string, unknown>) => (await adminCall(shop().app, 'listProducts', filters, catalogue)).body.psdata;
    const found = await list({ query: word.toLowerCase() });
    expect(found.products).toEqual([expect.objectContaining({ id: product.id, reference: product.reference, name: `${word} linen dress`, state: 'draft', price: 8995, stock: 40, variant_count: 8, complete_langs: ['en', 'it'] })]);
    expect((await list({ query: word, state: 'active' })).total).toBe(0);
    expect((await list({ query: word, state: 'draft', category: product.category, stock: 'in', missing: 'fr' })).total).toBe(1);
    expect((await list({ query: word, missing: 'it' })).total).toBe(0);
    expect((await list({ query: word, stock: 'out' })).total).toBe(0);
    // On sale: only while a discount runs; missing a photo: until the merchant adds one.
    expect((await list({ query: word, on_sale: true })).total).toBe(0);
    expect((await list({ query: word, missing_photo: true })).total).toBe(1);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await adminCall(shop().app, 'createSale', { name: 'Later', scope: 'product', target_id: product.id, reduction_percent: 10, starts_at: inDays(2), ends_at: inDays(9) }, catalogue);
    expect((await list({ query: word, on_sale: true })).total).toBe(0);
    const sale = await adminCall(shop().app, 'createSale', { name: 'Now', scope: 'product', target_id: product.id, reduction_percent: 10, starts_at: inDays(-0.01), ends_at: inDays(9) }, catalogue);
    expect(sale.status).toBe(200);
    expect((await list({ query: word, on_sale: true, missing_photo: true, state: 'draft' })).products.map((row: { id: number }) => row.id)).toEqual([product.id]);
    // A category's products on sale (read first, then paged): the newest is this one.
    expect((await list({ on_sale: true, category: product.category, missing_photo: true })).products[0].id).toBe(product.id);
    await query(sql`insert into product_photos (product_id, name, width, height, widths) values (${product.id}, ${`${word}.jpg`}, 800, 1000, '{400,800}')`);
    expect((await list({ query: word, missing_photo: true })).total).toBe(0);
    await adminCall(shop().app, 'endSale', { id: sale.body.psdata.id }, catalogue);
    expect((await list({ query: word, on_sale: true })).total).toBe(0);
    expect((await list({ query: word, on_sale: true, category: product.category })).total).toBe(0);
    const newest = await list({ sort: 'newest' });
    expect(newest.products[0].id).toBe(product.id);
    expect(newest.products).toHaveLength(25);
    const [products] = await query<{ count: number }>(sql`select count(*)::int as count from products`);
    expect(newest.total).toBe(products!.count);
    const cheapest = (await list({ sort: 'price_asc', state: 'active' })).products.map((row: { price: number }) => row.price);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    const second = await list({ sort: 'reference', page: 2 });
    expect(second.page).toBe(2);
    const firstPage = await list({ sort: 'reference', page: 1 });
    expect(firstPage.products.at(-1).reference < second.products[0].reference).toBe(true);
    // What a user may type is never a server error.
    expect((await adminCall(shop().app, 'listProducts', { query: '%_\\' }, catalogue)).status).toBe(200);
    expect((await adminCall(shop().app, 'listProducts', { sort: 'nonsense' }, catalogue)).status).toBe(400);
  });

  it('lists a product as missing a language until its text there is whole, and again once it is emptied or taken off (migration 0038)', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const word = `Lingo${randomBytes(2).toString('hex')}`;
    const product = await newProduct(catalogue, word);
    const list = async (filters: Record<string, unknown>) => (await adminCall(shop().app, 'listProducts', filters, catalogue)).body.psdata;
    const missing = async () => {
      const langs: string[] = [];
      for (const lang of STOREFRONT_LANGUAGES) if ((await list({ query: word, missing: lang })).products.some((row: { id: number }) => row.id === product.id)) langs.push(lang);
      return langs;
    };
    expect(await missing()).toEqual(['fr', 'es', 'de']);
    const { editor } = await choices(catalogue);
    const save = (texts: Record<string, unknown>) =>
      adminCall(shop().app, 'saveProduct', { id: product.id, reference: product.reference, category_id: product.category, brand_id: editor.brands[0].id, gender: 'women', garment: 'dress', price: 8995, texts }, catalogue);
    // Two staff members translating the product at once: both texts count.
    const saved = await Promise.all([save({ fr: { name: `Robe ${word}`, description: 'Une robe légère.' } }), save({ de: { name: `Kleid ${word}`, description: 'Ein leichtes Kleid.' } })]);
    expect(saved.map((response) => response.status)).toEqual([200, 200]);
    expect(await missing()).toEqual(['es']);
    // A text without its description is not whole; a language taken off is missing again.
    await query(sql`update product_translations set description = '' where product_id = ${product.id} and lang = 'fr'`);
    expect((await save({ it: { name: '' } })).status).toBe(200);
    expect(await missing()).toEqual(['fr', 'it', 'es']);
    // The list of what is missing is the shop's languages: a product without any text misses each of them.
    expect((await query<{ langs: string[] }>(sql`select shop_languages()::text[] as langs`))[0]!.langs).toEqual([...STOREFRONT_LANGUAGES]);
    const reference = `BARE-${randomBytes(3).toString('hex').toUpperCase()}`;
    await query(sql`insert into products (id, reference, default_category_id, gender, garment, price_net_cents, is_active)
      select max(id) + 1, ${reference}, ${product.category}, 'women', 'dress', 1000, false from products`);
    for (const lang of STOREFRONT_LANGUAGES) expect((await list({ query: reference, missing: lang })).products.map((row: { reference: string }) => row.reference)).toEqual([reference]);
    await query(sql`delete from products where reference = ${reference}`);
    expect(await query(sql`select 1 from product_missing_langs m join products p on p.id = m.product_id where p.reference = ${reference}`)).toEqual([]);
  });

  it('searches names newest first and sorts by stock lowest first, a product without variants as out of stock (migration 0038)', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const word = `Stocky${randomBytes(2).toString('hex')}`;
    const older = await newProduct(catalogue, word);
    await query(sql`update products set created_at = now() - interval '3 years' where id = ${older.id}`);
    const { editor } = await choices(catalogue);
    const bare = await adminCall(
      shop().app,
      'saveProduct',
      { reference: `BARE-${randomBytes(3).toString('hex').toUpperCase()}`, category_id: older.category, brand_id: editor.brands[0].id, gender: 'women', garment: 'dress', price: 4995, texts: { it: { name: `Gonna ${word}`, description: 'Una gonna.' } } },
      catalogue,
    );
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const list = async (filters: Record<string, unknown>) => (await adminCall(shop().app, 'listProducts', filters, catalogue)).body.psdata;
    const ids = async (filters: Record<string, unknown>) => (await list(filters)).products.map((row: { id: number }) => row.id);
    // A word of an English name and of an Italian one, in any case.
    expect(await list({ query: word.toUpperCase() })).toMatchObject({ total: 2, more: false });
    expect(await ids({ query: word })).toEqual([bare.body.psdata.id, older.id]);
    expect(await ids({ query: word, sort: 'oldest' })).toEqual([older.id, bare.body.psdata.id]);
    expect(await ids({ query: `gonna ${word}` })).toEqual([bare.body.psdata.id]);
    expect(await ids({ query: word, sort: 'stock_asc' })).toEqual([bare.body.psdata.id, older.id]);
    expect(await ids({ query: word, stock: 'out' })).toEqual([bare.body.psdata.id]);
    expect(await ids({ query: word, stock: 'in' })).toEqual([older.id]);
    // The whole catalogue's first page: lowest stock first, then the lower id.
    const lowest = (await list({ sort: 'stock_asc' })).products as { id: number; stock: number }[];
    expect(lowest).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE);
    expect(lowest).toEqual([...lowest].sort((a, b) => a.stock - b.stock || a.id - b.id));
    const [first] = await query<{ id: number }>(sql`select p.id from products p
      order by (select coalesce(sum(greatest(c.quantity, 0)), 0) from combinations c where c.product_id = p.id), p.id limit 1`);
    expect(lowest[0]!.id).toBe(first!.id);
  });

  it.runIf(driver === 'postgres')('lists a word in more names than it reads by id (20,000) newest first, and counts it with another filter', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const list = async (filters: Record<string, unknown>) => (await adminCall(shop().app, 'listProducts', filters, catalogue)).body.psdata;
    const word = `Common${randomBytes(2).toString('hex')}`;
    const prefix = `${word.toUpperCase()}-`;
    // 4,001 products named with the word in the five languages (20,005 names), a minute apart, every other one a draft.
    await query(sql`insert into products (id, reference, default_category_id, gender, garment, price_net_cents, is_active, created_at)
      select m.id + g, ${prefix} || g, c.id, 'women', 'dress', 1000, g % 2 = 0, now() - interval '10 years' + g * interval '1 minute'
      from generate_series(1, 4001) g, (select max(id) as id from products) m, (select min(id) as id from categories) c`);
    await query(sql`insert into product_translations (product_id, lang, name, slug, description)
      select p.id, shop.lang, ${word} || ' ' || p.reference, lower(p.reference) || '-' || shop.lang, 'A dress.'
      from products p, unnest(shop_languages()) shop(lang) where p.reference like ${`${prefix}%`}`);
    const newest = await list({ query: word.toLowerCase() });
    expect(newest.products.map((row: { reference: string }) => row.reference)).toEqual(Array.from({ length: ADMIN_PRODUCTS_PAGE_SIZE }, (_, index) => `${prefix}${4001 - index}`));
    expect(newest).toMatchObject({ total: ADMIN_PRODUCTS_COUNT_CAP, more: true });
    expect((await list({ query: word, state: 'draft', sort: 'oldest' })).products[0].reference).toBe(`${prefix}1`);
    // With another filter the count is read: none of them has stock.
    expect(await list({ query: word, stock: 'in' })).toMatchObject({ products: [], total: 0, more: false });
    // Its last page ends the list and counts it exactly.
    const last = await list({ query: word, page: 161 });
    expect(last).toMatchObject({ total: 4001, more: false, pages: 161 });
    expect(last.products.map((row: { reference: string }) => row.reference)).toEqual([`${prefix}1`]);
    await query(sql`delete from products where reference like ${`${prefix}%`}`);
  });

  it('refuses a slug with letters outside a–z and makes a missing one of the name as its language spells it in ASCII (ADR 59)', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const { editor, category } = await choices(catalogue);
    const product = (texts: Record<string, unknown>) => ({ reference: `SLUG-${randomBytes(3).toString('hex').toUpperCase()}`, category_id: category, brand_id: editor.brands[0].id, gender: 'women', garment: 'dress', price: 8995, texts });
    for (const slug of ['robe-été', 'größe', 'żółty']) {
      const refused = await adminCall(shop().app, 'saveProduct', product({ en: { name: 'Dress', description: 'A dress.' }, fr: { name: 'Robe', slug, description: 'Une robe.' } }), catalogue);
      expect(refused, slug).toMatchObject({ status: 400, body: { success: false } });
    }
    const saved = await adminCall(
      shop().app,
      'saveProduct',
      product({ en: { name: 'Żółta Łódź dress', description: 'A dress.' }, fr: { name: 'Robe d’été', description: 'Une robe.' }, de: { name: 'Größe Jacke', description: 'Eine Jacke.' } }),
      catalogue,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const slugs = await query<{ lang: string; slug: string }>(sql`select lang, slug from product_translations where product_id = ${saved.body.psdata.id} order by lang`);
    expect(slugs).toEqual([{ lang: 'de', slug: 'groesse-jacke' }, { lang: 'en', slug: 'zolta-lodz-dress' }, { lang: 'fr', slug: 'robe-d-ete' }]);
  });

  it('counts up to ADMIN_PRODUCTS_COUNT_CAP and says "more than" past it; the last page and a narrow filter count exactly; the pages still lead on', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const list = async (filters: Record<string, unknown>) => (await adminCall(shop().app, 'listProducts', filters, catalogue)).body.psdata;
    // Drafts made long ago (last in the newest-first order) until the catalogue has more than the cap.
    const [{ count: before }] = (await query<{ count: number }>(sql`select count(*)::int as count from products`)) as [{ count: number }];
    const added = Math.max(0, ADMIN_PRODUCTS_COUNT_CAP + 60 - before);
    await query(sql`insert into products (id, reference, default_category_id, gender, garment, price_net_cents, is_active, created_at)
      select m.id + g, 'CAP-' || g, c.id, 'women', 'dress', 1000, false, now() - interval '20 years'
      from generate_series(1, ${added}::int) g, (select max(id) as id from products) m, (select min(id) as id from categories) c`);
    const [{ count }] = (await query<{ count: number }>(sql`select count(*)::int as count from products`)) as [{ count: number }];
    const capPages = ADMIN_PRODUCTS_COUNT_CAP / ADMIN_PRODUCTS_PAGE_SIZE;
    expect(await list({})).toMatchObject({ page: 1, total: ADMIN_PRODUCTS_COUNT_CAP, pages: capPages, more: true });
    // The last page the cap names has a next one; a page past it raises the bound to itself.
    expect(await list({ page: capPages })).toMatchObject({ total: ADMIN_PRODUCTS_COUNT_CAP, pages: capPages, more: true });
    const lastPage = Math.ceil(count / ADMIN_PRODUCTS_PAGE_SIZE);
    if (lastPage > capPages + 1) expect(await list({ page: capPages + 1 })).toMatchObject({ total: (capPages + 1) * ADMIN_PRODUCTS_PAGE_SIZE, pages: capPages + 1, more: true });
    // The last page ends the list: its count is exact, its rows the ones before it left.
    const last = await list({ page: lastPage });
    expect(last).toMatchObject({ total: count, pages: lastPage, more: false });
    expect(last.products).toHaveLength(count - (lastPage - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
    expect(last.products.at(-1).reference).toMatch(/^CAP-/);
    // Past the end: nothing, and no page after it.
    expect(await list({ page: lastPage + 1 })).toMatchObject({ products: [], more: true, pages: capPages });
    // A filter under the cap is counted exactly.
    const active = await query<{ count: number }>(sql`select count(*)::int as count from products where is_active`);
    expect(await list({ state: 'active' })).toMatchObject({ total: active[0]!.count, more: false, pages: Math.ceil(active[0]!.count / ADMIN_PRODUCTS_PAGE_SIZE) });
    await query(sql`delete from products where reference like 'CAP-%'`);
  });

  it('changes stock in bulk (set and add), lists low stock, and audits each change; fulfilment staff may not', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const product = await newProduct(catalogue, `Stocky${randomBytes(2).toString('hex')}`);
    const [a, b, c] = product.variants;
    const changed = await adminCall(shop().app, 'changeStock', { mode: 'set', changes: [{ id: a!.id, quantity: 0 }, { id: b!.id, quantity: 1 }] }, catalogue);
    expect(changed.body.psdata.variants).toEqual([{ id: a!.id, stock: 0 }, { id: b!.id, stock: 1 }]);
    const added = await adminCall(shop().app, 'changeStock', { mode: 'add', changes: [{ id: c!.id, quantity: -7 }, { id: b!.id, quantity: 4 }] }, catalogue);
    expect(added.body.psdata.variants).toEqual([{ id: b!.id, stock: 5 }, { id: c!.id, stock: 0 }]);
    const low = (await adminCall(shop().app, 'listLowStock', { threshold: 0, product_id: product.id }, catalogue)).body.psdata;
    const ours = low.variants.filter((variant: { product_id: number }) => variant.product_id === product.id).map((variant: { id: number }) => variant.id);
    expect(ours.sort()).toEqual([a!.id, c!.id].sort());
    expect((await auditOf('variant.stock', b!.id)).map((row) => [row.before.stock, row.after.stock])).toEqual([[1, 5], [5, 1]]);
    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    expect((await adminCall(shop().app, 'changeStock', { mode: 'add', changes: [{ id: a!.id, quantity: 1 }] }, fulfilment)).status).toBe(403);
  });

  it.runIf(driver === 'postgres')('counts every unit when two staff members add stock to the same variants at once', async () => {
    const [one, two] = await Promise.all([staffSession(shop(), 'catalogue'), staffSession(shop(), 'manager')]);
    const product = await newProduct(one.headers, `Racy${randomBytes(2).toString('hex')}`);
    const ids = product.variants.slice(0, 4).map((variant) => variant.id);
    const rounds = 10;
    const answers = await Promise.all(
      Array.from({ length: rounds }, (_, round) =>
        adminCall(shop().app, 'changeStock', { mode: 'add', changes: (round % 2 ? [...ids].reverse() : ids).map((id) => ({ id, quantity: 3 })) }, (round % 2 ? two : one).headers),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(rounds).fill(200));
    const stock = await query<{ quantity: number }>(sql`select quantity from combinations where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`);
    expect(stock.map((row) => row.quantity)).toEqual(Array(4).fill(5 + rounds * 3));
    const [audited] = await query<{ count: number }>(sql`select count(*)::int as count from audit_log where action = 'variant.stock' and target_id in (${sql.join(ids.map((id) => sql`${String(id)}`), sql`, `)})`);
    expect(audited!.count).toBe(rounds * 4);
  });
});
