import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// The search's synonyms the merchant edits in the back office (issue 29): a group works in the next search, is
// audited, and only the catalogue's staff may change it.

type Named = { name: string };

describe.each(DRIVERS)('search synonyms in the back office on %s', (driver) => {
  const shop = useTestShop(driver);
  const search = async (q: string, lang: string) =>
    (await callApi(shop().app, 'getProducts', { q, per_page: 100, with_category_tree: false }, { 'accept-language': lang })).body.psdata;
  let catalogue: Awaited<ReturnType<typeof staffSession>>;
  const admin = async (name: Parameters<typeof adminCall>[1], payload: unknown) => {
    catalogue ??= await staffSession(shop(), 'catalogue');
    return adminCall(shop().app, name, payload, catalogue.headers);
  };

  it('finds by a new synonym at once, and stops when it is deleted; every change is audited', async () => {
    // 'Scamiciato' names Italian pinafore dresses; 'grembiulino' is no word of the shop.
    const before = await search('grembiulino', 'it');
    expect(before.pagination.total_items).toBe(0);
    const saved = await admin('saveSynonyms', { lang: 'it', phrases: [' Grembiulino ', 'scamiciato', 'grembiulino'] });
    expect(saved.status).toBe(200);
    expect(saved.body.psdata).toMatchObject({ lang: 'it', phrases: ['grembiulino', 'scamiciato'] });
    const id = saved.body.psdata.id as number;

    const after = await search('grembiulino', 'it');
    expect(after).toMatchObject({ did_you_mean: null, showing_results_for: null });
    expect(after.pagination.total_items).toBe((await search('scamiciato', 'it')).pagination.total_items);
    expect(after.pagination.total_items).toBeGreaterThan(0);
    expect(after.products.every((p: Named) => /scamiciato/i.test(p.name))).toBe(true);
    // In its language only.
    expect((await search('grembiulino', 'fr')).pagination.total_items).toBe(0);

    const listed = await admin('listSynonyms', { lang: 'it' });
    expect(listed.body.psdata.groups).toEqual([expect.objectContaining({ id, phrases: ['grembiulino', 'scamiciato'] })]);
    expect(listed.body.psdata.file_groups).toEqual(expect.arrayContaining([['jeans', 'denim']]));

    const changed = await admin('saveSynonyms', { id, lang: 'it', phrases: ['grembiulino', 'salopette'] });
    expect(changed.body.psdata.phrases).toEqual(['grembiulino', 'salopette']);
    expect((await search('grembiulino', 'it')).products.every((p: Named) => /salopette/i.test(p.name))).toBe(true);

    expect((await admin('deleteSynonyms', { id })).status).toBe(200);
    expect((await search('grembiulino', 'it')).pagination.total_items).toBe(0);
    expect((await admin('deleteSynonyms', { id })).status).toBe(404);

    const trail = await selectRows<{ action: string; before: unknown; after: unknown }>(
      shop().handle.db,
      sql`select action, before, after from audit_log where target_type = 'synonyms' and target_id = ${String(id)} order by id`,
    );
    expect(trail).toEqual([
      { action: 'synonyms.create', before: null, after: { lang: 'it', phrases: ['grembiulino', 'scamiciato'] } },
      { action: 'synonyms.update', before: { lang: 'it', phrases: ['grembiulino', 'scamiciato'] }, after: { lang: 'it', phrases: ['grembiulino', 'salopette'] } },
      { action: 'synonyms.delete', before: { lang: 'it', phrases: ['grembiulino', 'salopette'] }, after: null },
    ]);
    // Each change makes the next search read the vocabulary again: slow on a busy machine.
  }, 120_000);

  it('refuses a group of fewer than two words with a 400, and staff without the catalogue right with a 403', async () => {
    for (const phrases of [['jeans'], ['jeans', ' JEANS '], ['jeans', '   '], ['jeans', 'x'.repeat(61)]]) {
      const refused = await admin('saveSynonyms', { lang: 'en', phrases });
      expect(refused.status, JSON.stringify(phrases)).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
    expect((await admin('saveSynonyms', { lang: 'xx', phrases: ['a', 'b'] })).status).toBe(400);
    expect((await admin('saveSynonyms', { id: 999_999, lang: 'en', phrases: ['a', 'b'] })).status).toBe(404);
    const fulfilment = await staffSession(shop(), 'fulfilment');
    expect((await adminCall(shop().app, 'saveSynonyms', { lang: 'en', phrases: ['a', 'b'] }, fulfilment.headers)).status).toBe(403);
    expect((await adminCall(shop().app, 'listSynonyms', { lang: 'en' }, fulfilment.headers)).status).toBe(403);
  });

  it('keeps every group of edits made at the same time', async () => {
    const saved = await Promise.all(
      Array.from({ length: 8 }, (_, index) => admin('saveSynonyms', { lang: 'de', phrases: [`wort${index}`, `begriff${index}`] })),
    );
    expect(saved.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const listed = (await admin('listSynonyms', { lang: 'de' })).body.psdata.groups as { phrases: string[] }[];
    expect(listed.map((group) => group.phrases[0]).sort()).toEqual(Array.from({ length: 8 }, (_, index) => `wort${index}`));
  }, 60_000);
});
