import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { createFairQueue } from '@shop/web-server/fair-queue';

/**
 * How long statements may be handed on one after the other without the event loop reading new requests: about a
 * statement of a search; a call not yet read waits at most this and the statement then running.
 */
const HAND_ON_AT_ONCE_MS = 5;

/** Whom the database work under way is for: the API runs each request's work for its client (app.ts). */
const askers = new AsyncLocalStorage<string>();

/** Runs `work` (and the database work it starts) as `client`'s; work outside any request is nobody's. */
export function forClient<T>(client: string, work: () => T): T {
  return askers.run(client, work);
}

/**
 * Makes an embedded database take its statements in turns shared fairly between clients (issue 24, ADR 13).
 *
 * PGlite runs one statement or transaction at a time, in the API's own process, and its own queue is first come,
 * first served: a client flooding the shop with new searches had a dozen statements queued, and every other
 * shopper's statement waited behind all of them. Here each statement or transaction waits in its client's own
 * queue, and a freed turn goes to the client that has held the database the least time (the storefront's render
 * turns work alike; ADR 71): a shopper's statement waits for the one running, and the several statements of a
 * product's page, sent at once, run one after the other before a flood's next 20-50 ms search.
 *
 * Only the three ways in are wrapped (PGlite runs each under its own lock, so none runs inside another); the
 * instance stays itself, for drizzle and for dumps. PostgreSQL needs nothing of this: it runs the pool's
 * statements side by side, and the API's fair share (http/fair-share.ts) bounds one client's part of the pool.
 */
export function takingTurns<Client extends Pick<PGlite, 'query' | 'exec' | 'transaction' | 'waitReady'>>(client: Client): Client {
  const turns = createFairQueue({ atOnce: 1, waiting: Number.POSITIVE_INFINITY });
  // PGlite's own start-up sends statements (types it reads): they must not wait behind a turn that waits for it.
  const ready = client.waitReady;
  // PGlite answers on promises: a queue of statements handed on at once ran back to back without the event loop
  // ever reading a request in between, so a shopper's call, not yet read, could not take the turn it was due (a
  // flood's queued searches held every call not yet read for 60-150 ms). So a turn is handed on at once only within
  // HAND_ON_AT_ONCE_MS of the loop's last round; later, from its next round, once it has read what came in.
  // "At once" is after the promises the answer sets going: the asker's code goes on to its next statement a few
  // promises later, and that statement is then waiting when the turn is given, instead of coming after a flood's
  // next search (a cart change's steps each waited for one).
  let roundSince: number | null = null;
  const handOn = (leave: () => void) => {
    const now = performance.now();
    if (roundSince === null) {
      roundSince = now;
      setImmediate(() => (roundSince = null));
    }
    if (now - roundSince < HAND_ON_AT_ONCE_MS) process.nextTick(leave);
    else setImmediate(leave);
  };
  const inTurn = <T>(work: () => Promise<T>): Promise<T> =>
    ready.then(() => new Promise<T>((resolve, reject) => {
      // Assigned before the work can end: its end is always seen a tick later at the earliest.
      let leave = () => {};
      // Run in the asker's own context, whoever hands the turn on: a transaction's callback runs inside work(), and
      // what it reads of the context (the catalogue answer it is part of, its statement counter) must be the asker's.
      const turn = turns(askers.getStore() ?? '', AsyncResource.bind(() => {
        work()
          .then(resolve, reject)
          .finally(() => handOn(leave));
      }));
      // Never refused: nothing bounds the waiting here (the API's fair share bounds each client's calls).
      if ('leave' in turn) leave = turn.leave;
    }));
  const { query, exec, transaction } = client;
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query.apply(client, args))) as PGlite['query'];
  client.exec = (...args) => inTurn(() => exec.apply(client, args));
  client.transaction = ((...args: Parameters<PGlite['transaction']>) => inTurn(() => transaction.apply(client, args))) as PGlite['transaction'];
  return client;
}
