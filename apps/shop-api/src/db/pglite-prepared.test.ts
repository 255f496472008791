import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteHandle, type DatabaseHandle } from './client.ts';
import { selectPrepared, selectRows } from './raw.ts';

type Row = { id: number; name: string; sizes: number[]; added: Date; details: { colour: string } | null; price: number | null };

describe('statements prepared on the embedded database', () => {
  let handle: DatabaseHandle;
  let client: PGlite;
  const rowsOf = (ids: number[], lang: string | null) =>
    sql`select id, name, sizes, added, details, price from items
      where id = any(${sql.param(ids)}::int[]) and (${lang}::text is null or lang = ${lang}) order by id`;

  beforeAll(async () => {
    client = await PGlite.create();
    handle = pgliteHandle(client);
    await client.exec(`
      create table items (id int primary key, lang text, name text, sizes int[], added timestamptz, details jsonb, price int);
      insert into items select g, case when g % 2 = 0 then 'en' else 'it' end, 'item ' || g, array[g, g + 1],
        timestamptz '2026-11-29 10:00:00+00' + g * interval '1 hour', case when g % 3 = 0 then '{"colour": "red"}'::jsonb end,
        case when g % 4 <> 0 then g * 100 end
      from generate_series(1, 40) g;`);
  }, 60_000);
  afterAll(() => handle.close());

  it('answers the rows the statement sent anew does, whatever the values: arrays, JSON and nulls, dates as dates', async () => {
    for (const [ids, lang] of [
      [[1, 2, 3, 4, 5, 6], null],
      [[2, 3, 12, 40], 'en'],
      [[7], 'it'],
      [[], null],
    ] as const) {
      const prepared = await selectPrepared<Row>(handle.db, rowsOf([...ids], lang));
      // Drizzle's driver leaves dates as PostgreSQL writes them; a prepared statement answers them as node-postgres does.
      const sentAnew = await selectRows<Row & { added: string }>(handle.db, rowsOf([...ids], lang));
      expect(prepared).toEqual(sentAnew.map((row) => ({ ...row, added: new Date(row.added) })));
    }
    const [third] = await selectPrepared<Row>(handle.db, rowsOf([3], null));
    expect(third).toEqual({ id: 3, name: 'item 3', sizes: [3, 4], added: new Date('2026-11-29T13:00:00Z'), details: { colour: 'red' }, price: 300 });
  });

  it('prepares each statement once, however many calls ask for it at once, each answered with its own rows', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => selectPrepared<Row>(handle.db, sql`select id, name from items where id = ${index + 1}`)));
    expect(answers.map((rows) => rows.map((row) => row.id))).toEqual(Array.from({ length: 20 }, (_, index) => [index + 1]));
    const { rows } = await client.query<{ count: number }>(`select count(*)::int as count from pg_prepared_statements where statement like 'select id, name from items where id = %'`);
    expect(rows).toEqual([{ count: 1 }]);
  });

  it('plans each statement once for all values, and leaves statements sent anew planned for theirs', async () => {
    const plans = async () =>
      (await client.query<{ generic: number; custom: number }>(
        `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like 'select id, name, sizes, added%'`,
      )).rows[0] ?? { generic: 0, custom: 0 };
    const before = await plans();
    for (let round = 0; round < 8; round++) await selectPrepared<Row>(handle.db, rowsOf([round + 1, round + 20], round % 2 ? 'en' : null));
    // PostgreSQL's own choice planned the first five calls at least for their values, each planning as long as the work.
    expect(await plans()).toEqual({ generic: before.generic + 8, custom: 0 });
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('never runs inside another piece of work’s transaction: it waits for its end and sees only what was committed', async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client
      .transaction(async (tx) => {
        await tx.query(`insert into items (id, lang, name) values (100, 'en', 'uncommitted')`);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.rollback();
      })
      .then(() => 'rolled back');
    await insertedYet;
    const counted = selectPrepared<{ count: number }>(handle.db, sql`select count(*)::int as count from items where lang = ${'en'}`).then(([row]) => row!.count);
    expect(await Promise.race([transaction, counted])).toBe('rolled back');
    expect(await counted).toBe(20);
  });

  it('fails as the statement would, and the next statements still run', async () => {
    await expect(selectPrepared(handle.db, sql`select id from no_such_table where id = ${1}`)).rejects.toThrow('relation "no_such_table" does not exist');
    await expect(selectPrepared(handle.db, sql`select ${'a'}::int as number`)).rejects.toThrow('invalid input syntax for type integer');
    expect(await selectPrepared(handle.db, sql`select ${'7'}::int as number`)).toEqual([{ number: 7 }]);
  });
});
