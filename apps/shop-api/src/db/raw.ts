import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { plannedOncePool, type Database } from './client.ts';
import { selectPreparedOnPglite } from './pglite-prepared.ts';
import { noteStatement } from './statements.ts';

/** Runs a hand-written query and returns its rows; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * selectRows for the statements every page view runs (a product's parts, its cards), whose text never changes, only
 * their values: each is prepared once per connection of PostgreSQL, or once on the embedded database
 * (pglite-prepared.ts), named after its text, so that it is parsed and planned once, not on every call (PostgreSQL's
 * own choice planned some of them for each call's values: ADR 70's amendment, client.ts plannedOncePool). Planning a
 * product card's statement cost more than running it (1.5-5 ms against 0.6-2.5 ms, measured in the server's log).
 * Not for a statement whose text varies with its input (a list of values written out, a filter present or not): each
 * text would stay prepared on every connection.
 */
export async function selectPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  // A transaction's handle has no client of its own: its statements go as they are.
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool || client instanceof PGlite)) return selectRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  noteStatement(text);
  const name = `shop_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  if (client instanceof PGlite) return selectPreparedOnPglite<T>(client, name, text, params);
  return (await plannedOncePool(client).query<T & pg.QueryResultRow>({ name, text, values: params })).rows;
}
