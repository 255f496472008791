import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, useTestShop } from './databases.ts';

type Named = { name: string };

describe.each(DRIVERS)('search on %s', (driver) => {
  const shop = useTestShop(driver);
  const search = async (q: string, lang: string, payload: Record<string, unknown> = {}) => {
    const { status, body } = await callApi(shop().app, 'getProducts', { q, per_page: 100, with_category_tree: false, ...payload }, { 'accept-language': lang });
    expect(status).toBe(200);
    return body.psdata;
  };

  it('finds words through each language’s stemming: robes → robe, Kleider → Kleid, vestidos → vestido', async () => {
    for (const [lang, q, word] of [
      ['fr', 'robes', /\brobe\b/i],
      ['de', 'Kleider', /\bkleid\b/i],
      ['es', 'vestidos', /\bvestido\b/i],
      ['it', 'giacche', /\bgiacca\b/i],
      ['en', 'jackets', /\bjacket\b/i],
    ] as const) {
      const { products, pagination } = await search(q, lang);
      expect(pagination.total_items, `${lang}: ${q}`).toBeGreaterThan(0);
      expect(products.some((p: Named) => word.test(p.name)), `${lang}: ${q}`).toBe(true);
    }
  });

  it('ranks name matches first and honours the other sort keys and filters', async () => {
    const relevant = await search('linen', 'en');
    expect(relevant.order).toBe('relevance');
    expect(relevant.products[0].name.toLowerCase()).toContain('linen');
    const cheap = await search('linen', 'en', { order: 'price_asc' });
    const prices = cheap.products.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = relevant.facets.brands[0];
    const filtered = await search('linen', 'en', { brands: [brand.value] });
    expect(filtered.pagination.total_items).toBe(brand.count);
  });

  it('shows the results of the catalogue’s spelling for a typo that finds nothing, and the typo as typed on request', async () => {
    const exact = await search('jacket', 'en');
    expect(exact.pagination.total_items).toBeGreaterThan(0);
    expect(exact).toMatchObject({ did_you_mean: null, showing_results_for: null });
    const typo = await search('jaket', 'en');
    expect(typo).toMatchObject({ showing_results_for: 'jacket', did_you_mean: null });
    expect(typo.pagination.total_items).toBe(exact.pagination.total_items);
    expect(typo.products.map((p: Named) => p.name)).toEqual(exact.products.map((p: Named) => p.name));
    // Two words, one misspelt: corrected word by word.
    expect((await search('lnen dress', 'en')).showing_results_for).toBe('linen dress');
    // The shopper asks for the typo itself: nothing, with the spelling offered.
    const asTyped = await search('jaket', 'en', { exact: true });
    expect(asTyped.pagination.total_items).toBe(0);
    expect(asTyped).toMatchObject({ did_you_mean: 'jacket', showing_results_for: null });
    // Nothing close at all: nothing, and nothing offered.
    expect(await search('qqqqxz', 'en')).toMatchObject({ pagination: { total_items: 0 }, did_you_mean: null, showing_results_for: null });
  });

  it('does not mind accents: echarpe finds écharpe, pantalon pantalón, tragerkleid Trägerkleid', async () => {
    for (const [lang, typed, written] of [
      ['fr', 'echarpe', 'écharpe'],
      ['es', 'pantalon', 'pantalón'],
      ['de', 'tragerkleid', 'Trägerkleid'],
      ['it', 'pigiama', 'pigiama'],
    ] as const) {
      const plain = await search(typed, lang, { exact: true });
      const accented = await search(written, lang, { exact: true });
      expect(plain.pagination.total_items, `${lang}: ${typed}`).toBeGreaterThan(0);
      expect(plain.pagination.total_items, `${lang}: ${typed}`).toBe(accented.pagination.total_items);
    }
  });

  type Filter = { kind: string; name: string; parent: string | null; q: string };
  const chips = (listing: { query_filters: Filter[] }) => listing.query_filters.map((f) => `${f.kind}:${f.parent ? `${f.parent} › ` : ''}${f.name}`);

  it('reads colours, genders and categories in a query as filters the shopper sees, and searches the rest', async () => {
    // 'jeans blu uomo': Men › Trousers, colour Blue, and denim (a synonym of jeans) as text.
    const jeans = await search('jeans blu uomo', 'it');
    expect(chips(jeans)).toEqual(['color:Blu', 'category:Uomo › Pantaloni']);
    expect(jeans.query_filters.find((f: Filter) => f.kind === 'color').q).toBe('jeans uomo');
    expect(jeans.pagination.total_items).toBeGreaterThan(0);
    const trousers = await callApi(shop().app, 'getProducts', { id_category: jeans.query_filters[1].id, q: 'denim', colors: [jeans.query_filters[0].id], per_page: 100 }, { 'accept-language': 'it' });
    expect(jeans.products.map((p: Named) => p.name)).toEqual(trousers.body.psdata.products.map((p: Named) => p.name));
    expect(jeans.facets.colors.find((c: { selected: boolean }) => c.selected)?.label).toBe('Blu');
    // The same need in German and Spanish: the listing of Women › Shoes, the same products.
    const shoes = await search('Damen Schuhe', 'de');
    expect(chips(shoes)).toEqual(['category:Damen › Schuhe']);
    const listing = await callApi(shop().app, 'getProducts', { id_category: shoes.query_filters[0].id, per_page: 100 }, { 'accept-language': 'de' });
    expect(shoes.pagination.total_items).toBe(listing.body.psdata.pagination.total_items);
    expect((await search('zapatos mujer', 'es')).pagination.total_items).toBe(shoes.pagination.total_items);
    // Removing a chip searches the query without its own words: more products ('blu uomo': Men, in blue).
    expect(jeans.query_filters[1].q).toBe('blu uomo');
    const wider = await search(jeans.query_filters[1].q, 'it');
    expect(chips(wider)).toEqual(['color:Blu', 'category:Uomo']);
    expect(wider.pagination.total_items).toBeGreaterThan(jeans.pagination.total_items);
    // An inflected colour with a category: every result is a dress sold in red.
    const red = await search('rote Kleider', 'de');
    expect(chips(red)).toEqual(['color:Rot', 'category:Damen › Kleider', 'category:Kinder › Kleider']);
    expect(red.pagination.total_items).toBeGreaterThan(0);
    expect(red.products.every((p: Named) => /kleid/i.test(p.name))).toBe(true);
  });

  it('reads Polish words on the English shop, where Polish browsers land: colours, genders, categories and synonyms', async () => {
    const red = await search('czerwona sukienka', 'en');
    expect(chips(red)).toEqual(['color:Red', 'category:Women › Dresses', 'category:Kids › Dresses']);
    expect(red).toMatchObject({ did_you_mean: null, showing_results_for: null });
    expect((await search('red dresses', 'en')).pagination.total_items).toBe(red.pagination.total_items);
    // With and without Polish letters alike ('męskie', 'meskie'), as shoppers type on any keyboard.
    const trousers = await search('spodnie męskie', 'en');
    expect(chips(trousers)).toEqual(['category:Men › Trousers']);
    expect(chips(await search('spodnie meskie', 'en'))).toEqual(['category:Men › Trousers']);
    // Synonyms find the English names: dżinsy → denim, kaszmirowy sweter → cashmere jumpers.
    const jeans = await search('dżinsy damskie', 'en');
    expect(chips(jeans)).toEqual(['category:Women › Trousers']);
    expect(jeans.products.length).toBeGreaterThan(0);
    expect(jeans.products.every((p: Named) => /denim/i.test(p.name))).toBe(true);
    const cashmere = await search('kaszmirowy sweter', 'en');
    expect(cashmere.products.length).toBeGreaterThan(0);
    expect(cashmere.products.every((p: Named) => /cashmere .*jumper/i.test(p.name))).toBe(true);
    // Polish is read on the English shop only: in Italian 'sukienka' is no word of the shop.
    expect(chips(await search('sukienka', 'it'))).toEqual([]);
  });

  it('corrects misspelt Polish words to the Polish vocabulary, on the English shop', async () => {
    // 'spodine' is closest to 'spodni', another form of 'spodnie' (trousers).
    for (const [typed, meant, chip] of [
      ['sukinka', 'sukienka', 'category:Women › Dresses'],
      ['spodine', 'spodni', 'category:Women › Trousers'],
      ['kurtak', 'kurtka', null],
    ] as const) {
      const found = await search(typed, 'en');
      expect(found.showing_results_for, typed).toBe(meant);
      expect(found.products.length, typed).toBeGreaterThan(0);
      if (chip) expect(chips(found), typed).toContain(chip);
      expect(found.pagination.total_items, typed).toBe((await search(meant, 'en')).pagination.total_items);
    }
    // The English words stay corrected to the English names.
    expect((await search('jaket', 'en')).showing_results_for).toBe('jacket');
  });

  it('splits German compounds into the words the shop knows: Damenschuhe, Herrenjacke, Kinderhose, Lederjacke, Damenlederschuhe', async () => {
    const apart = await search('Damen Schuhe', 'de');
    const together = await search('Damenschuhe', 'de');
    expect(chips(together)).toEqual(['category:Damen › Schuhe']);
    expect(together.pagination.total_items).toBe(apart.pagination.total_items);
    expect(together).toMatchObject({ did_you_mean: null, showing_results_for: null });
    expect(chips(await search('Kinderhose', 'de'))).toEqual(['category:Kinder › Hosen']);
    // 'Jacke' is text (it names only a part of 'Jacken & Mäntel'): men's products named jackets.
    const jackets = await search('Herrenjacke', 'de');
    expect(chips(jackets)).toEqual(['category:Herren']);
    expect(jackets.products.length).toBeGreaterThan(0);
    expect(jackets.products.every((p: Named) => /jacke|blouson/i.test(p.name))).toBe(true);
    expect(jackets.query_filters[0].q).toBe('jacke');
    // Material and type: the same as the two words.
    const leather = await search('Lederschuhe', 'de');
    expect(leather.products.map((p: Named) => p.name)).toEqual((await search('Leder Schuhe', 'de')).products.map((p: Named) => p.name));
    expect(leather.products.length).toBeGreaterThan(0);
    const leatherJackets = await search('Lederjacke', 'de');
    expect(leatherJackets.pagination.total_items).toBe((await search('Leder Jacke', 'de')).pagination.total_items);
    expect(leatherJackets).toMatchObject({ did_you_mean: null, showing_results_for: null });
    // Three parts: gender, material and type.
    for (const [compound, words, category] of [
      ['Damenlederschuhe', 'Damen Leder Schuhe', 'Damen › Schuhe'],
      ['Damenleinenkleid', 'Damen Leinen Kleid', 'Damen › Kleider'],
      ['Herrenleinenhemd', 'Herren Leinen Hemd', 'Herren › Hemden'],
    ]) {
      const together = await search(compound!, 'de');
      expect(chips(together), compound).toEqual([`category:${category}`]);
      expect(together.products.length, compound).toBeGreaterThan(0);
      expect(together.products.map((p: Named) => p.name)).toEqual((await search(words!, 'de')).products.map((p: Named) => p.name));
      expect(together).toMatchObject({ did_you_mean: null, showing_results_for: null });
    }
    // A word longer than any compound is searched as typed, not cut into its thousands of parts.
    const long = await search('Damenlederschuhe'.repeat(12), 'de');
    expect(chips(long)).toEqual([]);
    expect(long.products).toEqual([]);
    // A word the catalogue's names hold stays whole: 'Strickjacke' is cardigans, not knitwear and jackets.
    const cardigans = await search('Strickjacke', 'de');
    expect(chips(cardigans)).toEqual([]);
    expect(cardigans.products.every((p: Named) => /strickjacke/i.test(p.name))).toBe(true);
  });

  it('lists every category a query names, each product once, in the order asked', async () => {
    const dresses = await search('Kleider', 'de', { order: 'price_asc' });
    expect(chips(dresses)).toEqual(['category:Damen › Kleider', 'category:Kinder › Kleider']);
    const listings = await Promise.all(
      dresses.query_filters.map((f: Filter & { id: number }) => callApi(shop().app, 'getProducts', { id_category: f.id, per_page: 100 }, { 'accept-language': 'de' })),
    );
    const expected = listings.flatMap(({ body }) => body.psdata.products.map((p: { id_product: number }) => p.id_product));
    const ids = dresses.products.map((p: { id_product: number }) => p.id_product);
    expect(ids.toSorted()).toEqual(expected.toSorted());
    const prices = dresses.products.map((p: { price: number }) => p.price);
    expect(prices).toEqual(prices.toSorted((a: number, b: number) => a - b));
    // With a filter (read from the kept order of the two categories): the same products as the listings filtered.
    const size = dresses.facets.sizes[0];
    const sized = await search('Kleider', 'de', { sizes: [Number(size.value)] });
    expect(sized.pagination.total_items).toBe(size.count);
  });

  it('never corrects a word it knows: blu stays blue, red stays red; synonyms find without a correction', async () => {
    const blu = await search('blu', 'it');
    expect(blu).toMatchObject({ did_you_mean: null, showing_results_for: null });
    expect(chips(blu)).toEqual(['color:Blu']);
    // Every product sold in blue, not the blouses ('blusa') of every colour.
    expect(blu.facets.colors.find((c: { selected: boolean }) => c.selected)?.count).toBe(blu.pagination.total_items);
    const red = await search('red dress', 'en');
    expect(red).toMatchObject({ did_you_mean: null, showing_results_for: null });
    expect(red.pagination.total_items).toBeGreaterThan(0);
    for (const [lang, q, word] of [
      ['en', 'sweater', /jumper/i],
      ['it', 'cachemire', /cashmere/i],
      ['es', 'vaqueros', /denim/i],
      ['de', 'Turnschuhe', /sneaker/i],
      ['fr', 'baskets', /baskets/i],
    ] as const) {
      const found = await search(q, lang);
      expect(found, `${lang}: ${q}`).toMatchObject({ did_you_mean: null, showing_results_for: null });
      expect(found.pagination.total_items, `${lang}: ${q}`).toBeGreaterThan(0);
      expect(found.products.every((p: Named) => word.test(p.name)), `${lang}: ${q}`).toBe(true);
    }
  });

  it('ranks the products named after the query first: t-shirt gives T-shirts, dress dresses', async () => {
    const tshirts = await search('t-shirt', 'en');
    expect(tshirts.products.slice(0, 12).every((p: Named) => /t-shirt/i.test(p.name))).toBe(true);
    const linen = await search('linen dress', 'en');
    expect(linen.products.length).toBeGreaterThan(0);
    expect(linen.products.every((p: Named) => /linen .*dress/i.test(p.name))).toBe(true);
  });

  it('ranks the products of the type searched first: shirt gives shirts before T-shirts', async () => {
    const shirts = await search('shirt', 'en');
    const first = shirts.products.slice(0, 12).map((p: Named) => p.name);
    expect(first).toHaveLength(12);
    for (const name of first) expect(name).toMatch(/(?<!t-)shirt/i);
    // T-shirts still match, after the shirts.
    expect(shirts.products.some((p: Named) => /t-shirt/i.test(p.name))).toBe(true);
    expect((await search('camisa', 'es')).products.slice(0, 12).every((p: Named) => /camisa/i.test(p.name))).toBe(true);
  });

  it('keeps the Spanish for suede: ante is no stop word, while de and para are', async () => {
    const suede = await search('botines de ante', 'es');
    expect(suede.products.length).toBeGreaterThan(0);
    expect(suede.products.every((p: Named) => /botines de ante/i.test(p.name))).toBe(true);
    const boots = await search('botines', 'es');
    expect(suede.pagination.total_items).toBeLessThan(boots.pagination.total_items);
    expect((await search('botines para mujer', 'es')).pagination.total_items).toBeGreaterThan(0);
  });

  it('ranks products in stock before sold-out ones of the same kind', async () => {
    const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
    const first = (await search('t-shirt', 'en')).products[0];
    await run(sql`update combinations set quantity = 0 where product_id = ${first.id_product}`);
    await run(sql`update products set out_of_stock_policy = 'deny' where id = ${first.id_product}`);
    // Of the same kind: the T-shirts (the products of the type searched come first, in stock or not).
    const after = (await search('t-shirt', 'en')).products.filter((p: Named) => /t-shirt/i.test(p.name)).map((p: { id_product: number }) => p.id_product);
    const inStock = new Set((await search('t-shirt', 'en', { availability: ['in_stock'] })).products.map((p: { id_product: number }) => p.id_product));
    expect(inStock.has(first.id_product)).toBe(false);
    expect(after.indexOf(first.id_product)).toBeGreaterThan(Math.max(...after.map((id: number, index: number) => (inStock.has(id) ? index : -1))));
  });

  it('offers a correction only when it finds something', async () => {
    // 'jaket' exactly as typed: nothing, and 'jacket', which finds products, offered.
    expect(await search('jaket', 'en', { exact: true })).toMatchObject({ did_you_mean: 'jacket' });
    // A close spelling that finds nothing within the category is not offered.
    const kids = await callApi(shop().app, 'getProducts', { q: 'blazr', id_category: 5, exact: true }, { 'accept-language': 'en' });
    expect(kids.body.psdata).toMatchObject({ pagination: { total_items: 0 }, did_you_mean: null, showing_results_for: null });
  });

  it('suggests products and categories for the first letters typed', async () => {
    const { status, body } = await callApi(shop().app, 'search', { q: 'knitw' }, { 'accept-language': 'en' });
    expect(status).toBe(200);
    expect(body.psdata.corrected).toBeNull();
    expect(body.psdata.categories.map((c: { name: string; parent: string | null }) => `${c.parent} › ${c.name}`)).toEqual(
      expect.arrayContaining(['Women › Knitwear', 'Men › Knitwear']),
    );
    const dresses = (await callApi(shop().app, 'search', { q: 'Robe mi', limit: 4 }, { 'accept-language': 'fr' })).body.psdata;
    expect(dresses.products).toHaveLength(4);
    expect(dresses.products.every((p: Named) => /robe midi/i.test(p.name))).toBe(true);
  });

  it('suggests from the second letter what the vocabulary knows: jea → Trousers of Women and Men, and denim products', async () => {
    const suggest = async (q: string, lang: string) => (await callApi(shop().app, 'search', { q }, { 'accept-language': lang })).body.psdata;
    const jeans = await suggest('jea', 'en');
    expect(jeans.corrected).toBeNull();
    expect(jeans.categories.map((c: { name: string; parent: string | null }) => `${c.parent} › ${c.name}`)).toEqual(
      expect.arrayContaining(['Women › Trousers', 'Men › Trousers']),
    );
    expect(jeans.products.length).toBeGreaterThan(0);
    expect(jeans.products.every((p: Named) => /denim/i.test(p.name))).toBe(true);
    // Two letters of a gender in German: its category.
    expect((await suggest('da', 'de')).categories.map((c: { name: string }) => c.name)).toContain('Damen');
    expect((await suggest('vaq', 'es')).categories.map((c: { name: string }) => c.name)).toContain('Pantalones');
  });

  it('suggests the colours the last word typed starts, by their names and forms, completing the query: jeans ross → jeans Rosso', async () => {
    const suggest = async (q: string, lang: string) => (await callApi(shop().app, 'search', { q }, { 'accept-language': lang })).body.psdata;
    const red = { name: 'Rosso', hex: '#b3262e', q: 'jeans Rosso' };
    expect((await suggest('jeans ross', 'it')).colors).toEqual([expect.objectContaining(red)]);
    expect((await suggest('ros', 'it')).colors.map((colour: Named) => colour.name).sort()).toEqual(['Rosa', 'Rosso']);
    // A form of the name ('rote', German for red things) and a colour alone.
    expect((await suggest('rote', 'de')).colors).toEqual([expect.objectContaining({ name: 'Rot', q: 'Rot' })]);
    expect((await suggest('jacket', 'en')).colors).toEqual([]);
    // The completed query is read as the colour: the search's chip.
    const listing = (await callApi(shop().app, 'getProducts', { q: red.q, with_category_tree: false }, { 'accept-language': 'it' })).body.psdata;
    expect(listing.query_filters).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'color', name: 'Rosso' })]));
  });

  it('never corrects words the shop knows in suggestions, even when they suggest nothing', async () => {
    const { body } = await callApi(shop().app, 'search', { q: 'jeans blu donna' }, { 'accept-language': 'it' });
    expect(body.psdata).toMatchObject({ corrected: null });
  });

  it('suggests for a typo what the closest spelling finds: jaket → jacket', async () => {
    const { body } = await callApi(shop().app, 'search', { q: 'jaket' }, { 'accept-language': 'en' });
    expect(body.psdata.corrected).toBe('jacket');
    expect(body.psdata.products.length).toBeGreaterThan(0);
    expect(body.psdata.products.every((p: Named) => /jacket/i.test(p.name))).toBe(true);
    // A spelling that finds nothing either is not offered: 'jaket zzqxw' is 'jacket zzqxw', which no name starts as.
    const neither = await callApi(shop().app, 'search', { q: 'jaket zzqxw' }, { 'accept-language': 'en' });
    expect(neither.body.psdata).toMatchObject({ products: [], categories: [], corrected: null });
  });

  it('searches within a category or a brand: the matches that are in it', async () => {
    const ids = (products: { id_product: number }[]) => products.map((p) => p.id_product);
    const everyProductOf = async (scope: Record<string, unknown>) => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const { products, pagination } = (await callApi(shop().app, 'getProducts', { ...scope, page, per_page: 100, with_facets: false })).body.psdata;
        all.push(...ids(products));
        if (page >= pagination.pages) return new Set(all);
      }
    };
    const matches = ids((await search('dress', 'en')).products);
    for (const scope of [{ id_category: 3 }, { id_brand: 1 }]) {
      const inScope = await everyProductOf(scope);
      const expected = matches.filter((id) => inScope.has(id));
      expect(expected.length, JSON.stringify(scope)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(scope)).toBeLessThan(matches.length);
      expect(ids((await search('dress', 'en', scope)).products), JSON.stringify(scope)).toEqual(expected);
    }
  });

  it('answers nothing for words that match nothing, and 400 for an empty or too long query', async () => {
    const nothing = await callApi(shop().app, 'search', { q: 'zzqxw' });
    expect(nothing.body.psdata).toMatchObject({ products: [], categories: [], corrected: null });
    const operators = await callApi(shop().app, 'search', { q: "'&|!:*()" });
    expect(operators.status).toBe(200);
    expect((await search('"linen dress" -silk OR', 'en')).pagination).toBeDefined();
    for (const payload of [{}, { q: '' }, { q: '   ' }, { q: 'x'.repeat(101) }, { q: 'dress', limit: 11 }]) {
      const bad = await callApi(shop().app, 'search', payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'bad_request' });
    }
  });
});

describe.each(DRIVERS)('search after catalogue changes on %s', (driver) => {
  const shop = useTestShop(driver);
  const run = (query: ReturnType<typeof sql>) => shop().handle.db.execute(query);
  const found = async (q: string, payload: Record<string, unknown> = {}) => {
    const { body } = await callApi(shop().app, 'getProducts', { q, exact: true, per_page: 100, with_category_tree: false, ...payload }, { 'accept-language': 'en' });
    return (body.psdata.products as { id_product: number }[]).map((p) => p.id_product);
  };
  const suggested = async (q: string) =>
    ((await callApi(shop().app, 'search', { q }, { 'accept-language': 'en' })).body.psdata.products as { id_product: number }[]).map((p) => p.id_product);

  it('follows a renamed product, a discount, new badges, a sold-out product and a product taken off sale', async () => {
    const id = 7;
    expect(await found('zephyrine')).toEqual([]);
    await run(sql`update product_translations set name = name || ' Zephyrine' where product_id = ${id} and lang = 'en'`);
    expect(await found('zephyrine')).toEqual([id]);
    expect(await suggested('zephyr')).toEqual([id]);
    // Written in English only: the other languages do not find it.
    const french = await callApi(shop().app, 'getProducts', { q: 'zephyrine', exact: true }, { 'accept-language': 'fr' });
    expect(french.body.psdata.pagination.total_items).toBe(0);

    const price = async () => (await callApi(shop().app, 'getProduct', { product_id: id })).body.psdata.price as number;
    await run(sql`delete from specific_prices where product_id = ${id}`);
    const full = await price();
    await run(sql`insert into specific_prices (product_id, reduction_percent) values (${id}, 50)`);
    const reduced = await price();
    expect(reduced).toBeLessThan(full);
    expect(await found('zephyrine', { price_min: reduced, price_max: reduced })).toEqual([id]);
    expect(await found('zephyrine', { price_min: full, price_max: full })).toEqual([]);

    await run(sql`update products set badges = array['black_friday'] where id = ${id}`);
    expect(await found('zephyrine', { badges: ['black_friday'] })).toEqual([id]);
    await run(sql`update products set out_of_stock_policy = 'deny' where id = ${id}`);
    await run(sql`update combinations set quantity = 0 where product_id = ${id}`);
    expect(await found('zephyrine', { availability: ['out_of_stock'] })).toEqual([id]);
    expect(await found('zephyrine', { availability: ['in_stock'] })).toEqual([]);

    await run(sql`update products set is_active = false where id = ${id}`);
    expect([await found('zephyrine'), await suggested('zephyr')]).toEqual([[], []]);
    await run(sql`update products set is_active = true where id = ${id}`);
    expect(await found('zephyrine')).toEqual([id]);
    await run(sql`delete from product_translations where product_id = ${id} and lang = 'en'`);
    expect(await found('zephyrine')).toEqual([]);
  });

  it('keeps the index exact when renames, stock and sales of many products change at the same time', async () => {
    const ids = await selectRows<{ id: number }>(shop().handle.db, sql`select p.id from products p where p.is_active and p.id <> 7
      and exists (select 1 from combinations c where c.product_id = p.id) order by p.id limit 10`);
    expect(ids).toHaveLength(10);
    const word = (index: number) => `quorvex${String.fromCharCode(97 + index)}`;
    // Thirty statements at once, three on each product: each one's triggers rewrite the product's search rows.
    await Promise.all(
      ids.flatMap(({ id }, index) => [
        run(sql`update product_translations set name = name || ' ' || ${word(index)} where product_id = ${id} and lang = 'en'`),
        run(sql`update combinations set quantity = ${index} where product_id = ${id}`),
        run(sql`update products set sales_count = sales_count + ${index + 1} where id = ${id}`),
      ]),
    );
    for (const [index, { id }] of ids.entries()) expect(await found(word(index))).toEqual([id]);
    // Every row is what the index would be written from scratch now.
    const snapshot = (query: ReturnType<typeof sql>) => selectRows(shop().handle.db, query);
    const indexed = await snapshot(sql`select product_id, lang, document::text, name, class_id, brand_id, sales_count, reduced_net_cents
      from catalog_search_entries order by product_id, lang`);
    const rebuilt = await snapshot(sql`select e.product_id, d.lang, d.document::text, t.name, e.class_id, e.brand_id, e.sales_count, e.reduced_net_cents
      from catalog_listing_entries e
      join product_search_documents d on d.product_id = e.product_id
      join product_translations t on t.product_id = d.product_id and t.lang = d.lang
      where e.category_id = 0 order by e.product_id, d.lang`);
    expect(indexed).toEqual(rebuilt);
  });
});
