import { AsyncLocalStorage } from 'node:async_hooks';
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
    // PGlite's way: the statement runs on the event loop's thread, and its answer comes on a promise.
    const busy = /^busy (\d+)$/.exec(statement);
    if (busy) for (const end = performance.now() + Number(busy[1]); performance.now() < end; );
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

  it("runs a shopper's statements sent at once (a product's parts) after the flood's one running, not one per flood statement", async () => {
    const client = takingTurns(embeddedDatabase());
    const finished: string[] = [];
    const run = (who: string, name: string, statement: string) => forClient(who, () => client.query(statement)).then(() => finished.push(name));
    const flood = Array.from({ length: 4 }, (_, index) => run('flood', `flood ${index + 1}`, 'sleep 20'));
    const shopper = Array.from({ length: 4 }, (_, index) => run('shopper', `shopper ${index + 1}`, 'select 1'));
    await Promise.all([...flood, ...shopper]);
    // Shares of the database's time, not of turns: the shopper's four short statements fit in the flood's 20 ms.
    expect(finished).toEqual(['flood 1', 'shopper 1', 'shopper 2', 'shopper 3', 'shopper 4', 'flood 2', 'flood 3', 'flood 4']);
  });

  it("runs a shopper's statements sent one after the other (a cart change's steps) after one flood statement, not one each", async () => {
    const client = takingTurns(embeddedDatabase());
    const finished: string[] = [];
    const run = (who: string, name: string, statement: string) => forClient(who, () => client.query(statement)).then(() => finished.push(name));
    const flood = Array.from({ length: 4 }, (_, index) => run('flood', `flood ${index + 1}`, 'sleep 20'));
    // Each step is sent when the previous one has answered, a few promises later, as an API call's code does.
    const shopper = forClient('shopper', async () => {
      for (let step = 1; step <= 3; step++) {
        await client.query('select 1');
        await Promise.resolve();
        finished.push(`shopper ${step}`);
      }
    });
    await Promise.all([...flood, shopper]);
    expect(finished).toEqual(['flood 1', 'shopper 1', 'shopper 2', 'shopper 3', 'flood 2', 'flood 3', 'flood 4']);
  });

  it('reads new calls within a few milliseconds: a queue of statements that answer at once does not run in one go', async () => {
    const client = takingTurns(embeddedDatabase());
    const finished: string[] = [];
    const flood = Array.from({ length: 40 }, () => forClient('flood', () => client.query('busy 2')).then(() => finished.push('flood')));
    // The shopper's call comes as a request does: from the event loop (here a timer), once the flood's queue runs.
    const shopper = new Promise((resolve) => setTimeout(resolve, 1))
      .then(() => forClient('shopper', () => client.query('select 1')))
      .then(() => finished.push('shopper'));
    await Promise.all([...flood, shopper]);
    // Handed on at once, the forty statements (80 ms) ran before the timer could fire: the shopper came last. Now
    // the loop reads it within HAND_ON_AT_ONCE_MS, and it takes the next turn.
    expect(finished.indexOf('shopper')).toBeLessThanOrEqual(10);
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

  it("runs a waiting transaction in its asker's context, not in that of the client whose statement handed the turn on", async () => {
    const client = takingTurns(embeddedDatabase());
    const context = new AsyncLocalStorage<string>();
    const first = context.run('flood', () => forClient('flood', () => client.query('sleep 5')));
    const seen = context.run('shopper', () => forClient('shopper', () => client.transaction(async () => context.getStore())));
    await first;
    expect(await seen).toBe('shopper');
  });

  it('gives the turn back when a statement fails', async () => {
    const client = takingTurns(embeddedDatabase());
    await expect(forClient('flood', () => client.query('fail'))).rejects.toThrow(/no_such_table/);
    expect((await forClient('shopper', () => client.query('select 1'))).rows).toEqual([{ statement: 'select 1' }]);
  });
});
