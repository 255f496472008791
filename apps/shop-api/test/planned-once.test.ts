import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteHandle, type DatabaseHandle } from '../src/db/client.ts';
import { selectPrepared, selectRows } from '../src/db/raw.ts';
import { createPostgresDatabase, DRIVERS } from './databases.ts';

/**
 * The statements prepared once (selectPrepared) are planned once for all their values, on either driver; every other
 * statement keeps PostgreSQL's own choice, planned for its values (ADR 70's amendment).
 */
describe.each(DRIVERS)('statements prepared once on %s', (driver) => {
  let handle: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    if (driver === 'pglite') handle = pgliteHandle(await PGlite.create());
    else {
      const database = await createPostgresDatabase();
      drop = database.drop;
      handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
    }
  }, 60_000);
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const mode = sql`select current_setting('plan_cache_mode') as mode`;

  it('are planned once for all values, while statements sent anew are planned for theirs, however many run at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? selectPrepared<{ mode: string }>(handle.db, mode) : selectRows<{ mode: string }>(handle.db, mode))),
    );
    expect(answers.map(([row]) => row!.mode)).toEqual(Array.from({ length: 12 }, (_, index) => (index % 2 ? 'force_generic_plan' : 'auto')));
    expect((await handle.db.transaction((tx) => selectRows<{ mode: string }>(tx, mode)))[0]!.mode).toBe('auto');
  });
});
