import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';

/**
 * Runs one of the catalogue's large queries (a listing with its facets) with settings for it alone:
 * no JIT compilation (on PostgreSQL it costs more than it saves on a query of some tens of milliseconds)
 * and memory enough to keep a large category's rows out of temporary files.
 */
export function selectRowsTuned<T>(db: Database, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return selectRows<T>(tx as unknown as Database, query);
  });
}
