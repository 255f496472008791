import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the statements a piece of work sends to the database (both drivers report each one here), so that the
 * API can say how many statements each call costs (`shop_api_db_statements_per_call`) and a test can hold a
 * call to its budget. Transaction control (begin, commit, savepoints) is not counted: PGlite's driver does not
 * send it as statements, PostgreSQL's does, and the count must mean the same on both.
 */
const counters = new AsyncLocalStorage<{ statements: number }>();

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Called by the drivers' logger (db/client.ts) and by selectPrepared for each statement sent. */
export function noteStatement(text: string): void {
  const counter = counters.getStore();
  if (counter && !TRANSACTION_CONTROL.test(text)) counter.statements += 1;
}

/** Runs `work`, answering its result and the number of statements it sent (work started inside it included). */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const counter = { statements: 0 };
  const result = await counters.run(counter, work);
  return { result, statements: counter.statements };
}
