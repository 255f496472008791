import type { Database } from '../db/client.ts';

/** The handle a `db.transaction` callback gets; helpers that take either accept `Queryable`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;
