import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { forClient, takingTurns } from './turns.ts';

/**
 * A stand-in for PGlite (a real one takes up to a minute to start on a loaded machine; every API test runs on the
 * real one through db/client.ts): one statement or transaction at a time, first come first served, as PGlite's
 * own lock does. A statement 'sleep N' takes N ms; 'fail' fails.
 */
function embeddedDatabase() {
  let queue = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const done = queue.then(work);
    queue = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  };
  const run = async (statement: string) => {
    if (statement === 'fail') throw new Error('relation "no_such_table" does not exist');
    const sleep = /^sleep (\d+)$/.exec(statement);
    if (sleep) await new Promise((resolve) => setTimeout(resolve, Number(sleep[1])));
    return { rows: [{ statement }], fields: [] };
  };
  const database = {
    waitReady: Promise.resolve(),
    query: (statement: string) => oneAtATime(() => run(statement)),
    exec: (statement: string) => oneAtATime(async () => [await run(statement)]),
    transaction: <T>(work: (tx: { query: typeof run }) => Promise<T>) => oneAtATime(() => work({ query: run })),
  };
  return database as unknown as Pick<PGlite, 'query' | 'exec' | 'transaction' | 'waitReady'>;
}

describe('the embedded database takes statements in turns between clients', () => {
  it("runs a shopper's statement after the one running, not after a flood's queue", async () => {
    const client = takingTurns(embeddedDatabase());
    const finished: string[] = [];
    const run = (who: string, name: string, statement: string) => forClient(who, () => client.query(statement)).then(() => finished.push(name));
    const flood = Array.from({ length: 5 }, (_, index) => run('flood', `flood ${index + 1}`, 'sleep 5'));
    const shopper = run('shopper', 'shopper', 'select 1');
    await Promise.all([...flood, shopper]);
    expect(finished).toEqual(['flood 1', 'shopper', 'flood 2', 'flood 3', 'flood 4', 'flood 5']);
  });

  it('takes a transaction as one turn, its statements inside it', async () => {
    const client = takingTurns(embeddedDatabase());
    const finished: string[] = [];
    const transaction = forClient('flood', () =>
      client.transaction(async (tx) => {
        await tx.query('sleep 5');
        return (await tx.query('select 2')).rows.length;
      }),
    ).then((rows) => finished.push(`transaction, ${rows} row`));
    const others = [
      forClient('shopper', () => client.exec('select 1')).then(() => finished.push('shopper')),
      forClient('flood', () => client.query('select 2')).then(() => finished.push('flood')),
      forClient('other', () => client.query('select 3')).then(() => finished.push('other')),
    ];
    await Promise.all([transaction, ...others]);
    expect(finished).toEqual(['transaction, 1 row', 'shopper', 'other', 'flood']);
  });

  it('gives the turn back when a statement fails', async () => {
    const client = takingTurns(embeddedDatabase());
    await expect(forClient('flood', () => client.query('fail'))).rejects.toThrow(/no_such_table/);
    expect((await forClient('shopper', () => client.query('select 1'))).rows).toEqual([{ statement: 'select 1' }]);
  });
});
