import type { FastifyInstance, FastifyRequest } from 'fastify';
import { whenAnswerOver } from '@shop/web-server/answer-over';
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
/** Where a call is: whose slot it holds, whether its handler began and has answered, whether its answer is over (sent, or its client gone). */
type Call = { client: string; holds: boolean; working: boolean; answered: boolean; over: boolean };

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
 *
 * That the client went away is heard from its connection (whenAnswerOver), never from Fastify's abort hook or its
 * answer's end alone: a post whose body was read is not "aborted" when its client goes, and an answer written to
 * a closed connection never ends. Each of those held its client's slot for ever, and six of them shut the client
 * out of the API: every page of the storefront timed out (issue 24).
 */
export function shareFairly(app: FastifyInstance, { concurrentPerClient, queuedPerClient, clientOf }: FairShareOptions): void {
  const clients = new Map<string, Client>();
  const calls = new WeakMap<FastifyRequest, Call>();

  /** A call is done: its slot passes straight to the client's next waiting call, or is given back. */
  function release(call: Call): void {
    if (!call.holds) return;
    call.holds = false;
    const client = clients.get(call.client)!;
    const next = client.waiting.shift();
    if (next) {
      calls.get(next.request)!.holds = true;
      next.resume(true);
    } else if (--client.running === 0) {
      clients.delete(call.client);
    }
  }

  /** The answer is sent, or its client gone: a call waiting leaves the queue, one not at work or done gives its slot back. */
  function answerOver(request: FastifyRequest, call: Call): void {
    call.over = true;
    const client = clients.get(call.client);
    const index = client?.waiting.findIndex((waiter) => waiter.request === request) ?? -1;
    if (index !== -1) return client!.waiting.splice(index, 1)[0]!.resume(false);
    // A handler at work keeps its place until it answers (onSend).
    if (!call.working || call.answered) release(call);
  }

  app.addHook('onRequest', async (request, reply) => {
    const key = clientOf(request);
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { running: 0, waiting: [] }));
    const call: Call = { client: key, holds: false, working: false, answered: false, over: false };
    if (client.running < concurrentPerClient) {
      client.running++;
      call.holds = true;
    } else if (client.waiting.length >= queuedPerClient) {
      throw new ApiError(429, 'too_many_requests', 'Too many requests at once. Please wait a moment and try again.');
    }
    calls.set(request, call);
    whenAnswerOver(request.raw, reply.raw, () => answerOver(request, call));
    if (call.holds) return;
    const proceed = await new Promise<boolean>((resume) => client.waiting.push({ request, resume }));
    // Nobody is listening any more: the answer goes nowhere.
    if (!proceed) throw new ApiError(400, 'bad_request', 'Request aborted');
  });
  app.addHook('preHandler', async (request) => {
    const call = calls.get(request);
    if (!call) return;
    if (call.over) throw new ApiError(400, 'bad_request', 'Request aborted');
    call.working = true;
  });
  // The handler's work is done once its answer is ready; nobody may be left to read it, and its sending may never end.
  app.addHook('onSend', async (request) => {
    const call = calls.get(request);
    if (!call) return;
    call.answered = true;
    if (call.over) release(call);
  });
}
