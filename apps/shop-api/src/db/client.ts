import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { watchPool } from '../metrics.ts';
import * as schema from './schema.ts';
import { noteStatement } from './statements.ts';
import { takingTurns } from './turns.ts';

/** One type for both drivers: the code above this layer never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback gets; helpers that take either accept `Queryable`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs `work` while no other API process starting on the same database does (migrations, seed). */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

// Any constant: the key of the PostgreSQL advisory lock that start-up work takes.
const START_LOCK_KEY = 727_001;

/** Every statement either driver sends is counted for the call that sent it (db/statements.ts). */
const logger = { logQuery: (query: string) => noteStatement(query) };

export type DatabaseOptions = {
  /** postgres://… to use PostgreSQL; unset to use the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; 'memory://' keeps it in memory (tests). */
  dataDir: string;
};

/** The pool of connections that plan statements once for all values, by the shop's pool (plannedOncePool). */
const plannedOncePools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * Where the statements prepared once (db/raw.ts selectPrepared) run on PostgreSQL: connections of their own, on which
 * each is planned once for all its values. PostgreSQL's own choice (`plan_cache_mode = auto`) kept planning the cards'
 * statement for every call's values: 2.6 ms of planning for 0.6 ms of work (ADR 70's amendment). Set per connection,
 * it would also plan without their values the statements sent anew (searches, filters), whose best plan depends on
 * them: so those keep the shop's pool.
 */
export function plannedOncePool(pool: pg.Pool): pg.Pool {
  return plannedOncePools.get(pool) ?? pool;
}

function openPool(databaseUrl: string, settings: string | null): pg.Pool {
  // A SET on each new connection rather than a start-up option: a connection pooler (PgBouncer) refuses those. The
  // pool runs `onConnect` before it hands the connection out (pg-pool 3.7+; its types do not list it yet), and a
  // connection it fails on is closed and the query fails: never a statement run without the setting.
  const config: pg.PoolConfig & { onConnect?: (client: pg.PoolClient) => Promise<unknown> } = {
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(settings ? { onConnect: (client: pg.PoolClient) => client.query(settings) } : {}),
  };
  const pool = new pg.Pool(config);
  // An idle connection that the server closes (restart, failover, a dropped database) is replaced on the
  // next query; unhandled, its error would stop the whole process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<DatabaseHandle> {
  if (databaseUrl) {
    const pool = openPool(databaseUrl, null);
    const plannedOnce = openPool(databaseUrl, 'set plan_cache_mode = force_generic_plan');
    plannedOncePools.set(pool, plannedOnce);
    // Fail at start with a clear error rather than at the first request.
    const probe = await pool.connect();
    probe.release();
    const unwatchPools = [watchPool(pool), watchPool(plannedOnce)];
    return {
      db: drizzlePg(pool, { schema, logger }) as unknown as Database,
      driver: 'postgres',
      exclusively: async (work) => {
        // An advisory lock belongs to one connection: hold it on a dedicated one.
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
          return await work();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => undefined);
          lockClient.release();
        }
      },
      close: async () => {
        for (const unwatch of unwatchPools) unwatch();
        await Promise.all([pool.end(), plannedOnce.end()]);
      },
    };
  }
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  return pgliteHandle(await PGlite.create(inMemory ? undefined : `${dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS }));
}

/** The PostgreSQL extensions the shop's migrations create, compiled for PGlite. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** The handle of an open PGlite (the tests also open one from a copy of a prepared database's files). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  return {
    db: drizzlePglite(takingTurns(client), { schema, logger }) as unknown as Database,
    driver: 'pglite',
    // PGlite's data folder is opened by one process only: nothing to take turns with.
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}
