import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';

export type Select = <T>(query: SQL) => Promise<T[]>;

/**
 * Runs the catalogue's large queries (a listing with its facets) in one read-only transaction that sees one
 * state of the catalogue, with settings for them alone: no JIT compilation (on PostgreSQL it costs more than it
 * saves on a query of some tens of milliseconds), no parallel workers (they would take the cores the other
 * requests need, for a query this short), and memory enough to keep a large category's rows out of temporary files.
 */
export function withTunedReads<T>(db: Database, work: (select: Select) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('work_mem', '32MB', true)`,
      );
      return work((query) => selectRows(tx as unknown as Database, query));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
