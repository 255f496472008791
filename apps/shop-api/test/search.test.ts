import { describe, expect, it } from 'vitest';
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

  it('suggests for a typo what the closest spelling finds: jaket → jacket', async () => {
    const { body } = await callApi(shop().app, 'search', { q: 'jaket' }, { 'accept-language': 'en' });
    expect(body.psdata.corrected).toBe('jacket');
    expect(body.psdata.products.length).toBeGreaterThan(0);
    expect(body.psdata.products.every((p: Named) => /jacket/i.test(p.name))).toBe(true);
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
