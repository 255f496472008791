import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export type FairShareOptions = {
  /** Calls of one client that run at the same time; the client's further calls wait their turn. */
  concurrentPerClient: number;
  /** Calls of one client that may wait; beyond that the client is answered 429 at once. */
  queuedPerClient: number;
  /** Who is asking: the shopper's address as the API trusts it. */
  clientOf: (request: FastifyRequest) => string;
};

/** A call waiting for a slot; `resume(false)` when its client went away meanwhile. */
type Waiter = { request: FastifyRequest; resume: (proceed: boolean) => void };
type Client = { running: number; waiting: Waiter[] };

/**
 * Fair share of the API between clients (DESIGN.md §2, "no single client can slow the others"): each client
 * runs at most a few calls at once and queues a few more, so one client firing a hundred expensive calls
 * (searches, password checks) takes a handful of database connections, not the whole pool, while everyone
 * else's calls go straight through. Kept per process: each API process protects its own capacity.
 *
 * A call whose client goes away keeps its place until its work is done: nothing stops a handler halfway, so its
 * database work goes on. Were its place given to the next call, a client that gives up on slow calls (the
 * storefront's timeout) would have ever more calls at work, each slower than the last, and never catch up
 * (docs/adr/0032). One that goes away before its handler began is not run at all.
 */
export function shareFairly(app: FastifyInstance, { concurrentPerClient, queuedPerClient, clientOf }: FairShareOptions): void {
  const clients = new Map<string, Client>();
  /** The client whose slot a running call holds. */
  const holding = new WeakMap<FastifyRequest, string>();
  /** Calls whose handler has begun, and calls whose client went away before it did. */
  const working = new WeakSet<FastifyRequest>();
  const abandoned = new WeakSet<FastifyRequest>();

  /** A call is done: its slot passes straight to the client's next waiting call, or is given back. */
  function release(request: FastifyRequest): void {
    const key = holding.get(request);
    if (key === undefined) return;
    holding.delete(request);
    const client = clients.get(key)!;
    const next = client.waiting.shift();
    if (next) {
      holding.set(next.request, key);
      next.resume(true);
    } else if (--client.running === 0) {
      clients.delete(key);
    }
  }

  app.addHook('onRequest', async (request) => {
    const key = clientOf(request);
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { running: 0, waiting: [] }));
    if (client.running < concurrentPerClient) {
      client.running++;
      holding.set(request, key);
      return;
    }
    if (client.waiting.length >= queuedPerClient) {
      throw new ApiError(429, 'too_many_requests', 'Too many requests at once. Please wait a moment and try again.');
    }
    const proceed = await new Promise<boolean>((resume) => client.waiting.push({ request, resume }));
    // Nobody is listening any more: the answer goes nowhere.
    if (!proceed) throw new ApiError(400, 'bad_request', 'Request aborted');
  });
  app.addHook('preHandler', async (request) => {
    if (abandoned.has(request)) throw new ApiError(400, 'bad_request', 'Request aborted');
    working.add(request);
  });
  app.addHook('onResponse', async (request) => release(request));
  // Nobody is left to read the answer, whose sending may never end: the handler's work is done once it is ready.
  app.addHook('onSend', async (request) => {
    if (abandoned.has(request)) release(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    abandoned.add(request);
    // A handler at work keeps its place until it answers (onSend).
    if (working.has(request)) return;
    if (holding.has(request)) return release(request);
    const client = clients.get(clientOf(request));
    const index = client?.waiting.findIndex((waiter) => waiter.request === request) ?? -1;
    if (index !== -1) client!.waiting.splice(index, 1)[0]!.resume(false);
  });
}
