import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { gtinValid, PRODUCT_IMPORT_BATCH } from '@shop/contract/admin';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { clearExpired } from '../src/jobs/housekeeping.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// The catalogue as CSV (issue 27, docs/adr/0045-products-csv.md): the export, the dry run of an import with every
// kind of bad file, the import applied a batch at a time, stock and price by SKU alone, a round trip, rights.

describe.each(DRIVERS)('products CSV on %s', (driver) => {
  const shop = useTestShop(driver);
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  let clients = 0;
  const shopper = () => shopperHeaders(undefined, `203.0.113.${(++clients % 250) + 1}`);

  const exported = async (headers: Record<string, string>) => shop().app.inject({ method: 'GET', url: '/admin/exports/products.csv', headers });

  /** Uploads a file as the back office's form does (multipart, field `file`): the dry run's answer. */
  async function upload(headers: Record<string, string>, content: string | Buffer, name = 'products.csv') {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await shop().app.inject({
      method: 'POST',
      url: '/admin/imports/products.csv',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    });
    return { status: response.statusCode, body: response.json() as { success: boolean; code: string; psdata: any } };
  }
  const csv = (rows: string[][]) => stringify(rows);

  /** A demo product's first variants: their SKUs, stock and product. */
  const variants = (count: number) =>
    query<{ id: number; sku: string; stock: number; product_id: number; handle: string }>(
      sql`select c.id, c.reference as sku, c.quantity as stock, c.product_id, p.reference as handle from combinations c join products p on p.id = c.product_id
        where p.is_active order by c.id limit ${count}`,
    );
  const stockOf = async (sku: string) => (await query<{ quantity: number }>(sql`select quantity from combinations where reference = ${sku}`))[0]!.quantity;

  it('lets the catalogue role export and import, and refuses fulfilment and anyone without a session', async () => {
    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    expect((await exported({})).statusCode).toBe(401);
    expect((await exported(fulfilment)).statusCode).toBe(403);
    expect((await upload(fulfilment, 'sku,stock\nX,1\n')).status).toBe(403);
    expect((await adminCall(shop().app, 'getProductImport', { id: 1 }, fulfilment)).status).toBe(403);
    expect((await adminCall(shop().app, 'applyProductImport', { id: 1 }, fulfilment)).status).toBe(403);
    expect((await upload({}, 'sku,stock\nX,1\n')).status).toBe(401);
  });

  it('exports one row per variant with the texts of every language as columns, formula cells as text, audited', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [variant] = await variants(1);
    await shop().handle.db.execute(sql`update product_translations set description = '=HYPERLINK("http://x")' where product_id = ${variant!.product_id} and lang = 'fr'`);
    const answer = await exported(catalogue);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(answer.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'handle',
      ...['en', 'fr', 'it', 'es', 'de'].flatMap((lang) => [`name_${lang}`, `description_${lang}`, `seo_title_${lang}`, `seo_description_${lang}`]),
      'brand', 'category', 'gender', 'age_group', 'garment', 'status', 'price', 'tax_class', 'badges', 'photos', 'related',
      'sku', 'size', 'colour', 'gtin', 'price_difference', 'stock', 'available_date',
    ]);
    const [{ count }] = (await query<{ count: number }>(sql`select count(*)::int as count from combinations`)) as [{ count: number }];
    expect(rows.filter((row) => row.sku !== '')).toHaveLength(count);
    const row = rows.find((candidate) => candidate.sku === variant!.sku)!;
    expect(row).toMatchObject({ handle: variant!.handle, stock: String(variant!.stock), status: 'active', description_fr: `'=HYPERLINK("http://x")` });
    expect(row.price).toMatch(/^\d+\.\d{2}$/);
    expect(['adult', 'kids']).toContain(row.age_group);
    expect(row.name_en).not.toBe('');
    const [audited] = await query<{ actor: string }>(sql`select actor from audit_log where action = 'product.export' order by id desc limit 1`);
    expect(audited!.actor).toContain('@example.com');
  });

  it('reads the demo catalogue back from its own export without a change: 0 created, 0 changed', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    // A product with related products, so that the file carries a list (the demo's kids' products are of the children's tax class).
    const [product, ...others] = await query<{ id: number; reference: string }>(sql`select id, reference from products order by id desc limit 3`);
    await shop().handle.db.execute(sql`insert into product_related (product_id, related_id, position) values (${product!.id}, ${others[0]!.id}, 1), (${product!.id}, ${others[1]!.id}, 2)`);
    const file = (await exported(catalogue)).body;
    const exportedRows = parse(file, { columns: true }) as Record<string, string>[];
    expect(exportedRows.find((row) => row.handle === product!.reference)!.related).toBe(`${others[0]!.reference}|${others[1]!.reference}`);
    expect(new Set(exportedRows.map((row) => row.tax_class))).toEqual(new Set(['standard', 'children']));
    const dryRun = await upload(catalogue, file);
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    const rows = (parse(file, { columns: true }) as unknown[]).length;
    expect(dryRun.body.psdata).toMatchObject({ state: 'checked', rows, created: 0, changed: 0, unchanged: rows, refused: 0, refusals: [] });
    const revision = await query<{ revision: string }>(sql`select revision::text from catalog_revision`);
    const applied = await adminCall(shop().app, 'applyProductImport', { id: dryRun.body.psdata.id }, catalogue);
    expect(applied.body.psdata).toMatchObject({ state: 'applied', applied_rows: 0 });
    expect(await query(sql`select revision::text from catalog_revision`)).toEqual(revision);
  });

  it('refuses every bad file with its row and reason, and a file with one refused row changes nothing', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [first, second] = await variants(2);
    const refusalsOf = async (content: string | Buffer) => {
      const answer = await upload(catalogue, content);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.psdata.state).toBe('refused');
      return answer.body.psdata.refusals as { row: number; reason: string; column: string | null }[];
    };
    const product = `handle,name_en,category,gender,garment,price,sku,size,colour,gtin,stock`;
    const [category] = await query<{ slug: string }>(sql`select slug from category_translations where lang = 'en' and category_id in (select category_id from product_categories) limit 1`);
    const good = (sku: string, over: Record<string, string> = {}) => {
      const cells = { handle: 'CSV-NEW-1', name_en: 'Linen shirt', category: category!.slug, gender: 'men', garment: 'shirt', price: '59.90', sku, size: 'M', colour: 'Blue', gtin: '', stock: '3', ...over };
      return Object.values(cells).join(',');
    };

    expect(await refusalsOf(Buffer.concat([Buffer.from('sku,stock\n'), Buffer.from(`${first!.sku},4\n`), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x31, 0x0a])]))).toEqual([
      expect.objectContaining({ reason: 'not_utf8' }),
    ]);
    expect(await refusalsOf('name_en,stock\nShirt,4\n')).toEqual([{ row: 1, reason: 'missing_column', column: 'sku', value: null }]);
    expect(await refusalsOf('sku,stok\nA,4\n')).toEqual([{ row: 1, reason: 'unknown_column', column: 'stok', value: null }]);
    expect(await refusalsOf('sku,name_en\nA,Shirt\n')).toEqual([{ row: 1, reason: 'missing_column', column: 'handle', value: null }]);
    expect(await refusalsOf('')).toEqual([{ row: 1, reason: 'empty_file', column: null, value: null }]);
    expect(await refusalsOf(`sku,stock\n"${first!.sku},4\n`)).toEqual([expect.objectContaining({ reason: 'not_csv' })]);
    expect(await refusalsOf(`sku,gtin\n${first!.sku},4006381333932\n`)).toEqual([{ row: 2, reason: 'bad_gtin', column: 'gtin', value: '4006381333932' }]);
    expect(await refusalsOf(`${product}\n${good('CSV-NEW-1-M', { category: 'no-such-category' })}\n`)).toEqual([{ row: 2, reason: 'unknown_category', column: 'category', value: 'no-such-category' }]);
    expect(await refusalsOf(`handle,brand\n${first!.handle},No Such Brand\n`)).toEqual([{ row: 2, reason: 'unknown_brand', column: 'brand', value: 'No Such Brand' }]);
    expect(await refusalsOf(`sku,price\n${first!.sku},12.5.0\n${second!.sku},abc\n`)).toEqual([
      { row: 2, reason: 'bad_price', column: 'price', value: '12.5.0' },
      { row: 3, reason: 'bad_price', column: 'price', value: 'abc' },
    ]);
    expect(await refusalsOf(`sku,stock\n${first!.sku},4\n${second!.sku},-1\n${first!.sku},5\n`)).toEqual([
      { row: 3, reason: 'bad_stock', column: 'stock', value: '-1' },
      { row: 4, reason: 'duplicate_sku', column: 'sku', value: first!.sku },
    ]);
    expect(await refusalsOf(`sku,stock\nNO-SUCH-SKU,4\n`)).toEqual([{ row: 2, reason: 'unknown_sku', column: 'sku', value: 'NO-SUCH-SKU' }]);
    expect(await refusalsOf(`${product}\n${good('CSV-NEW-1-M', { size: 'XXXL' })}\n${good('CSV-NEW-1-L', { size: 'L', colour: 'Plaid' })}\n`)).toEqual([
      { row: 2, reason: 'unknown_size', column: 'size', value: 'XXXL' },
      { row: 3, reason: 'unknown_colour', column: 'colour', value: 'Plaid' },
    ]);
    expect(await refusalsOf(`${product}\n${good('CSV-NEW-1-M')}\n${good('CSV-NEW-1-L', { size: 'L', price: '64.90' })}\n`)).toEqual([{ row: 3, reason: 'product_rows_differ', column: null, value: '2' }]);
    expect(await refusalsOf(`${product}\n${good('CSV-NEW-1-M', { gtin: '4006381333931' })}\n${good('CSV-NEW-1-L', { size: 'L', gtin: '4006381333931' })}\n`)).toEqual([
      { row: 3, reason: 'duplicate_gtin', column: 'gtin', value: '4006381333931' },
    ]);
    expect(await refusalsOf(`handle,sku,stock\nOTHER-PRODUCT,${first!.sku},4\n`)).toEqual([{ row: 2, reason: 'sku_of_other_product', column: 'sku', value: first!.sku }]);
    expect(await refusalsOf(`handle,name_en,sku,size,colour\nCSV-NEW-2,Shirt,CSV-NEW-2-M,M,Blue\n`)).toEqual([{ row: 2, reason: 'missing_value', column: 'category', value: null }]);

    // One good row and one refused: the dry run says so, and applying is refused; the good row's stock is as it was.
    const mixed = await upload(catalogue, `sku,stock\n${first!.sku},${first!.stock + 7}\n${second!.sku},many\n`);
    expect(mixed.body.psdata).toMatchObject({ state: 'refused', changed: 1, refused: 1 });
    const refused = await adminCall(shop().app, 'applyProductImport', { id: mixed.body.psdata.id }, catalogue);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('import_refused');
    expect(await stockOf(first!.sku)).toBe(first!.stock);
  });

  it('updates stock and prices by SKU alone, and shoppers see them at once', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const picked = await variants(3);
    const stockFile = csv([['sku', 'stock'], ...picked.map((variant, index) => [variant.sku, String(40 + index)])]);
    const dryRun = await upload(catalogue, stockFile);
    expect(dryRun.body.psdata).toMatchObject({ state: 'checked', rows: 3, created: 0, changed: 3, unchanged: 0, refused: 0 });
    // The dry run changed nothing.
    expect(await stockOf(picked[0]!.sku)).toBe(picked[0]!.stock);
    const applied = await adminCall(shop().app, 'applyProductImport', { id: dryRun.body.psdata.id }, catalogue);
    expect(applied.body.psdata, JSON.stringify(applied.body)).toMatchObject({ state: 'applied', applied_rows: 3 });
    const page = await callApi(shop().app, 'getProduct', { product_id: picked[0]!.product_id }, shopper());
    expect(page.body.psdata.combinations.find((combination: { id: number }) => combination.id === picked[0]!.id).stock).toBe(40);

    const priceFile = csv([['sku', 'price'], [picked[0]!.sku, '123,45']]);
    const priced = await upload(catalogue, priceFile);
    expect(priced.body.psdata).toMatchObject({ state: 'checked', changed: 1 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: priced.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    const repriced = await callApi(shop().app, 'getProduct', { product_id: picked[0]!.product_id }, shopper());
    expect(repriced.body.psdata.regular_price ?? repriced.body.psdata.price).toBe(12345);
    // The same file again: nothing left to change.
    expect((await upload(catalogue, priceFile)).body.psdata).toMatchObject({ changed: 0, unchanged: 1 });
    const audits = await query<{ after: { rows: number } }>(sql`select after from audit_log where action = 'product.import_batch' and target_id = ${String(dryRun.body.psdata.id)}`);
    expect(audits).toEqual([{ after: { from_row: 2, to_row: 4, rows: 3 } }]);
  });

  it('creates a product with its variants from a file, in two languages, and it reaches the shop when active', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [category] = await query<{ slug: string }>(sql`select slug from category_translations where lang = 'en' and category_id in (select category_id from product_categories) limit 1`);
    const handle = `CSV-${randomBytes(3).toString('hex').toUpperCase()}`;
    const header = ['handle', 'name_en', 'description_en', 'name_it', 'category', 'gender', 'garment', 'status', 'price', 'sku', 'size', 'colour', 'gtin', 'stock'];
    const file = csv([header, ...['S', 'M'].map((size) => [handle, 'Seersucker shirt', 'A shirt for hot days.', 'Camicia seersucker', category!.slug, 'men', 'shirt', 'active', '49.90', `${handle}-${size}`, size, 'Light blue', '', '6'])]);
    const dryRun = await upload(catalogue, file);
    expect(dryRun.body.psdata, JSON.stringify(dryRun.body.psdata.refusals)).toMatchObject({ state: 'checked', created: 2, changed: 0, refused: 0 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: dryRun.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    const [created] = await query<{ id: number }>(sql`select id from products where reference = ${handle}`);
    const page = await callApi(shop().app, 'getProduct', { product_id: created!.id }, { ...shopper(), 'accept-language': 'it' });
    expect(page.status).toBe(200);
    expect(page.body.psdata).toMatchObject({ name: 'Camicia seersucker', price: 4990 });
    expect(page.body.psdata.combinations.map((combination: { stock: number }) => combination.stock)).toEqual([6, 6]);
    // The same file again: all there already.
    expect((await upload(catalogue, file)).body.psdata).toMatchObject({ created: 0, changed: 0, unchanged: 2 });

    // SEO texts (ADR 64): set by their columns alone, exported back as they are; one longer than the editor takes is refused.
    const seo = csv([['handle', 'seo_title_it', 'seo_description_en'], [handle, 'Camicia seersucker da uomo', 'A light seersucker shirt for hot days.']]);
    const seoRun = await upload(catalogue, seo);
    expect(seoRun.body.psdata, JSON.stringify(seoRun.body.psdata.refusals)).toMatchObject({ state: 'checked', changed: 1, refused: 0 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: seoRun.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    expect((await callApi(shop().app, 'getProduct', { product_id: created!.id }, { ...shopper(), 'accept-language': 'it' })).body.psdata).toMatchObject({ name: 'Camicia seersucker', meta_title: 'Camicia seersucker da uomo', meta_description: '' });
    expect(await query(sql`select lang, name, description, meta_title, meta_description from product_translations where product_id = ${created!.id} order by lang`)).toEqual([
      { lang: 'en', name: 'Seersucker shirt', description: 'A shirt for hot days.', meta_title: '', meta_description: 'A light seersucker shirt for hot days.' },
      { lang: 'it', name: 'Camicia seersucker', description: '', meta_title: 'Camicia seersucker da uomo', meta_description: '' },
    ]);
    const row = (parse((await exported(catalogue)).body, { columns: true }) as Record<string, string>[]).find((candidate) => candidate.handle === handle)!;
    expect(row).toMatchObject({ seo_title_it: 'Camicia seersucker da uomo', seo_description_en: 'A light seersucker shirt for hot days.', seo_title_en: '' });
    expect((await upload(catalogue, seo)).body.psdata).toMatchObject({ changed: 0, unchanged: 1 });
    const tooLong = await upload(catalogue, csv([['handle', 'seo_title_en'], [handle, 'x'.repeat(71)]]));
    expect(tooLong.body.psdata.refusals).toEqual([{ row: 2, reason: 'text_too_long', column: 'seo_title_en', value: 'x'.repeat(71) }]);
  });

  it('exports and imports badges, photo paths and a variant\'s price difference; keeps and orders photos but refuses one it does not have', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [variant] = await variants(1);
    const handle = variant!.handle;
    const names = ['1-0000000000a1', '1-0000000000b2'].map((name) => name.replace(/^1/, String(variant!.product_id)));
    for (const [position, name] of names.entries()) {
      await shop().handle.db.execute(sql`insert into product_photos (product_id, name, width, height, widths, position) values (${variant!.product_id}, ${name}, 1200, 1500, '{400,800,1200}', ${position})`);
    }
    await shop().handle.db.execute(sql`update products set badges = '{new_product,limited}' where id = ${variant!.product_id}`);
    await shop().handle.db.execute(sql`update combinations set price_impact_net_cents = 410 where id = ${variant!.id}`);
    const rows = parse((await exported(catalogue)).body, { columns: true }) as Record<string, string>[];
    const row = rows.find((candidate) => candidate.sku === variant!.sku)!;
    // The photo's path as the shop serves its JPEG, the badges as the shop has them, the difference with VAT (4.10 net at 22 %).
    expect(row).toMatchObject({ badges: 'new_product|limited', photos: names.map((name) => `/product-photos/${name}-400.jpg`).join('|'), price_difference: '5.00' });

    // The photos the other way round, a badge taken off and a difference of 2.44 written back.
    const upload2 = await upload(catalogue, csv([['handle', 'sku', 'badges', 'photos', 'price_difference'], [handle, variant!.sku, 'limited', `${names[1]}|/product-photos/${names[0]}-400.jpg`, '2.44']]));
    expect(upload2.body.psdata, JSON.stringify(upload2.body.psdata.refusals)).toMatchObject({ state: 'checked', changed: 1, refused: 0 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: upload2.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    expect(await query(sql`select name from product_photos where product_id = ${variant!.product_id} order by position`)).toEqual([{ name: names[1] }, { name: names[0] }]);
    expect(await query(sql`select badges from products where id = ${variant!.product_id}`)).toEqual([{ badges: ['limited'] }]);
    expect(await query(sql`select price_impact_net_cents as net from combinations where id = ${variant!.id}`)).toEqual([{ net: 200 }]);
    // Its staged rows went with the apply.
    expect(await query(sql`select 1 from product_import_rows where import_id = ${upload2.body.psdata.id}`)).toEqual([]);

    // A photo the product does not have (or another product's), a badge the shop does not know, a difference that is not a number.
    const refused = await upload(catalogue, csv([['handle', 'sku', 'badges', 'photos', 'price_difference'],
      [handle, variant!.sku, 'limited', '/product-photos/9-0000000000ff-800.jpg', ''],
      [handle, variant!.sku, 'bestseller', '', '']]));
    expect(refused.body.psdata.refusals).toEqual([
      { row: 2, reason: 'unknown_photo', column: 'photos', value: '9-0000000000ff' },
      { row: 3, reason: 'bad_badge', column: 'badges', value: 'bestseller' },
    ]);
    const badDifference = await upload(catalogue, csv([['sku', 'price_difference'], [variant!.sku, 'five']]));
    expect(badDifference.body.psdata.refusals).toEqual([{ row: 2, reason: 'bad_price', column: 'price_difference', value: 'five' }]);
  });

  it('imports the tax class and related products by reference (one the file creates on a later row too), and a cart holds VAT by that class', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [first, second] = await variants(400).then((picked) => [...new Map(picked.map((variant) => [variant.product_id, variant])).values()]);
    const [category] = await query<{ slug: string }>(sql`select slug from category_translations where lang = 'en' and category_id in (select category_id from product_categories) limit 1`);
    const handle = `CSV-KIDS-${randomBytes(3).toString('hex').toUpperCase()}`;
    const header = ['handle', 'name_en', 'category', 'gender', 'garment', 'status', 'price', 'tax_class', 'related', 'sku', 'size', 'colour', 'stock'];
    const file = csv([
      header,
      // An existing product related to the new one below, and to another.
      [first!.handle, '', '', '', '', '', '', 'children', `${handle}|${second!.handle}`, '', '', '', ''],
      [handle, 'Kids’ raincoat', category!.slug, 'kids', 'coat', 'active', '49.90', 'children', first!.handle, `${handle}-M`, 'M', 'Blue', '5'],
    ]);
    const dryRun = await upload(catalogue, file);
    expect(dryRun.body.psdata, JSON.stringify(dryRun.body.psdata.refusals)).toMatchObject({ state: 'checked', created: 1, changed: 1, refused: 0 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: dryRun.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    const [created] = await query<{ id: number }>(sql`select id from products where reference = ${handle}`);
    expect(await query(sql`select reference, tax_class from products where id in (${first!.product_id}, ${created!.id}) order by reference = ${handle}`)).toEqual([
      { reference: first!.handle, tax_class: 'children' },
      { reference: handle, tax_class: 'children' },
    ]);
    const [audited] = await query<{ after: { related_lists: number } }>(sql`select after from audit_log where action = 'product.import' and target_id = ${String(dryRun.body.psdata.id)}`);
    expect(audited!.after.related_lists).toBe(2);
    // Shoppers: the chosen products first among the related ones, and no VAT in Ireland on the children's class.
    const related = async (id: number) => (await callApi(shop().app, 'getRelatedProducts', { id_product: id }, shopper())).body.psdata.products.map((card: { id_product: number }) => card.id_product);
    expect((await related(first!.product_id)).slice(0, 2)).toEqual([created!.id, second!.product_id]);
    expect((await related(created!.id))[0]).toBe(first!.product_id);
    const [variant] = await query<{ id: number }>(sql`select id from combinations where reference = ${`${handle}-M`}`);
    const client = shopper();
    const added = await callApi(shop().app, 'createCartItem', { product_id: created!.id, combination_id: variant!.id, quantity: 1 }, client);
    const cart = await callApi(shop().app, 'getCartItems', {}, { ...shopperHeaders(added.body.psdata.session.token, client['x-client-ip']), 'x-shop-country': 'IE' });
    expect(cart.body.psdata.totals).toMatchObject({ products: 4990, tax: 0, vat_rates_bp: [0] });
    // Exported as written; the same file again changes nothing; an empty cell takes the list off.
    const row = (parse((await exported(catalogue)).body, { columns: true }) as Record<string, string>[]).find((candidate) => candidate.handle === first!.handle)!;
    expect(row).toMatchObject({ tax_class: 'children', related: `${handle}|${second!.handle}` });
    expect((await upload(catalogue, file)).body.psdata).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
    const cleared = await upload(catalogue, csv([['handle', 'related'], [first!.handle, '']]));
    expect(cleared.body.psdata).toMatchObject({ state: 'checked', changed: 1 });
    expect((await adminCall(shop().app, 'applyProductImport', { id: cleared.body.psdata.id }, catalogue)).body.psdata.state).toBe('applied');
    expect(await query(sql`select related_id from product_related where product_id = ${first!.product_id}`)).toEqual([]);

    // A reference neither the catalogue nor the file has (found once the whole file is read, still in row order), the
    // product itself, more than twelve, and a class the shop does not have.
    const refused = await upload(catalogue, csv([
      ['handle', 'tax_class', 'related'],
      [first!.handle, '', `${second!.handle}|NO-SUCH-PRODUCT`],
      [second!.handle, 'luxury', ''],
      [handle, '', `${first!.handle}|${handle}`],
      [`${handle}-2`, '', Array.from({ length: 13 }, (_, index) => `R-${index}`).join('|')],
    ]));
    expect(refused.body.psdata).toMatchObject({ state: 'refused', rows: 4, created: 0, changed: 0, refused: 4 });
    expect(refused.body.psdata.refusals).toEqual([
      { row: 2, reason: 'unknown_related', column: 'related', value: 'NO-SUCH-PRODUCT' },
      { row: 3, reason: 'bad_tax_class', column: 'tax_class', value: 'luxury' },
      { row: 4, reason: 'unknown_related', column: 'related', value: handle },
      { row: 5, reason: 'too_many_related', column: 'related', value: Array.from({ length: 13 }, (_, index) => `R-${index}`).join('|') },
    ]);
  }, 60_000);

  it('drops the staged rows of a dry run left unapplied for a day (housekeeping), and applying it then is refused', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const [variant] = await variants(1);
    const dryRun = (await upload(catalogue, csv([['sku', 'stock'], [variant!.sku, String(variant!.stock + 3)]]))).body.psdata;
    const fresh = (await upload(catalogue, csv([['sku', 'stock'], [variant!.sku, String(variant!.stock + 4)]]))).body.psdata;
    expect(await query(sql`select 1 from product_import_rows where import_id = ${dryRun.id}`)).toHaveLength(1);
    await shop().handle.db.execute(sql`update product_imports set created_at = now() - interval '25 hours', touched_at = now() - interval '25 hours' where id = ${dryRun.id}`);
    await clearExpired(shop().handle.db);
    expect(await query(sql`select 1 from product_import_rows where import_id = ${dryRun.id}`)).toEqual([]);
    expect((await adminCall(shop().app, 'getProductImport', { id: dryRun.id }, catalogue)).body.psdata.state).toBe('expired');
    expect(await adminCall(shop().app, 'applyProductImport', { id: dryRun.id }, catalogue)).toMatchObject({ status: 409, body: { code: 'import_expired' } });
    expect(await stockOf(variant!.sku)).toBe(variant!.stock);
    // A younger one is kept and still applies.
    expect(await query(sql`select 1 from product_import_rows where import_id = ${fresh.id}`)).toHaveLength(1);
    expect((await adminCall(shop().app, 'applyProductImport', { id: fresh.id }, catalogue)).body.psdata.state).toBe('applied');
    expect(await stockOf(variant!.sku)).toBe(variant!.stock + 4);
  });

  it('expires an import applied in part and then left for a day (counted from its last batch), and applying the rest is refused', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const picked = await query<{ sku: string; stock: number; gtin: string | null }>(
      sql`select c.reference as sku, c.quantity as stock, c.gtin from combinations c order by c.id desc limit ${PRODUCT_IMPORT_BATCH + 1}`,
    );
    // A GTIN for the last row (the second batch's only one), free when the file is checked.
    const body = `40${randomBytes(5).readUIntBE(0, 5).toString().padStart(10, '0').slice(0, 10)}`;
    const gtin = [...Array(10).keys()].map((digit) => `${body}${digit}`).find(gtinValid)!;
    const rows = picked.map((variant, index) => [variant.sku, String(variant.stock + 2), index === PRODUCT_IMPORT_BATCH ? gtin : (variant.gtin ?? '')]);
    const dryRun = (await upload(catalogue, csv([['sku', 'stock', 'gtin'], ...rows]))).body.psdata;
    expect(dryRun, JSON.stringify(dryRun.refusals)).toMatchObject({ state: 'checked', changed: PRODUCT_IMPORT_BATCH + 1, refused: 0 });
    // Another variant takes the GTIN before the import is applied: its first batch commits, its second is refused.
    const [other] = await query<{ id: number; gtin: string | null }>(sql`select id, gtin from combinations order by id limit 1`);
    await shop().handle.db.execute(sql`update combinations set gtin = ${gtin} where id = ${other!.id}`);
    expect((await adminCall(shop().app, 'applyProductImport', { id: dryRun.id }, catalogue)).status).toBe(409);
    expect((await adminCall(shop().app, 'getProductImport', { id: dryRun.id }, catalogue)).body.psdata).toMatchObject({ state: 'checked', applied_rows: PRODUCT_IMPORT_BATCH });
    expect(await stockOf(picked[1]!.sku)).toBe(picked[1]!.stock + 2);
    // Checked more than a day ago, but its last batch an hour ago: kept, still to be finished.
    await shop().handle.db.execute(sql`update product_imports set created_at = now() - interval '30 hours', touched_at = now() - interval '1 hour' where id = ${dryRun.id}`);
    await clearExpired(shop().handle.db);
    expect((await adminCall(shop().app, 'getProductImport', { id: dryRun.id }, catalogue)).body.psdata.state).toBe('checked');
    expect(await query(sql`select 1 from product_import_rows where import_id = ${dryRun.id}`)).toHaveLength(PRODUCT_IMPORT_BATCH + 1);
    // Its last batch a day ago: expired, its staged rows gone, the rest never applied.
    await shop().handle.db.execute(sql`update product_imports set touched_at = now() - interval '25 hours' where id = ${dryRun.id}`);
    await clearExpired(shop().handle.db);
    expect((await adminCall(shop().app, 'getProductImport', { id: dryRun.id }, catalogue)).body.psdata).toMatchObject({ state: 'expired', applied_rows: PRODUCT_IMPORT_BATCH });
    expect(await query(sql`select 1 from product_import_rows where import_id = ${dryRun.id}`)).toEqual([]);
    await shop().handle.db.execute(sql`update combinations set gtin = ${other!.gtin} where id = ${other!.id}`);
    expect(await adminCall(shop().app, 'applyProductImport', { id: dryRun.id }, catalogue)).toMatchObject({ status: 409, body: { code: 'import_expired' } });
    expect(await query(sql`select gtin from combinations where reference = ${picked.at(-1)!.sku}`)).toEqual([{ gtin: picked.at(-1)!.gtin }]);
  });

  it.runIf(driver === 'postgres')('applies each row once when the same import is applied twice at once', async () => {
    const catalogue = (await staffSession(shop(), 'catalogue')).headers;
    const picked = await variants(4);
    const dryRun = await upload(catalogue, csv([['sku', 'stock'], ...picked.map((variant) => [variant.sku, String(variant.stock + 11)])]));
    const both = await Promise.all([1, 2].map(() => adminCall(shop().app, 'applyProductImport', { id: dryRun.body.psdata.id }, catalogue)));
    expect(both.map((answer) => answer.body.psdata)).toEqual([expect.objectContaining({ state: 'applied', applied_rows: 4 }), expect.objectContaining({ state: 'applied', applied_rows: 4 })]);
    for (const variant of picked) expect(await stockOf(variant.sku)).toBe(variant.stock + 11);
    expect(await query(sql`select 1 from audit_log where action = 'product.import' and target_id = ${String(dryRun.body.psdata.id)}`)).toHaveLength(1);
  });
});
