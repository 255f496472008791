import Fastify from 'fastify';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { shareFairly } from './fair-share.ts';

/** An app whose one call takes `ms` and counts how many of each client's calls run at once. */
function slowApp(ms: number) {
  const app = Fastify();
  const running = new Map<string, number>();
  const mostAtOnce = new Map<string, number>();
  shareFairly(app, { concurrentPerClient: 2, queuedPerClient: 4, clientOf: (request) => String(request.headers['x-client'] ?? 'none') });
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof ApiError ? error.status : 500;
    return reply.status(status).send({ code: error instanceof ApiError ? error.code : 'internal_error' });
  });
  app.post('/work', async (request) => {
    const client = String(request.headers['x-client']);
    running.set(client, (running.get(client) ?? 0) + 1);
    mostAtOnce.set(client, Math.max(mostAtOnce.get(client) ?? 0, running.get(client)!));
    await new Promise((resolve) => setTimeout(resolve, ms));
    running.set(client, running.get(client)! - 1);
    return { done: true };
  });
  return { app, mostAtOnce };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function listen(app: ReturnType<typeof Fastify>) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  return (client: string, signal?: AbortSignal) => fetch(`${address}/work`, { method: 'POST', headers: { 'x-client': client }, signal });
}

/** Writes `calls` on one connection of its own, one after the other without waiting (pipelined), and closes it after `ms`. */
async function sendAndHangUp(app: ReturnType<typeof Fastify>, calls: string[], ms: number) {
  const connection = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  await new Promise((resolve) => connection.once('connect', resolve));
  connection.write(calls.join(''));
  await new Promise((resolve) => setTimeout(resolve, ms));
  connection.destroy();
}
const postOf = (client: string, body: string) =>
  `POST /work HTTP/1.1\r\nHost: shop\r\nX-Client: ${client}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;

describe('fair share between clients', () => {
  it('runs a few calls of a flooding client at a time, queues a few, refuses the rest, and lets others straight through', async () => {
    const { app, mostAtOnce } = slowApp(100);
    const send = await listen(app);
    const flood = Array.from({ length: 10 }, () => send('flooder').then((response) => ({ status: response.status, at: performance.now() })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const other = await send('shopper');
    const otherTook = performance.now() - started;
    const flooded = await Promise.all(flood);

    expect(other.status).toBe(200);
    // Two running and four queued at 100 ms a turn: the flood's last accepted call ends after ~300 ms.
    expect(flooded.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(flooded.filter((answer) => answer.status === 429)).toHaveLength(4);
    expect(mostAtOnce.get('flooder')).toBe(2);
    expect(otherTook).toBeLessThan(Math.max(...flooded.map((answer) => answer.at)) - started);
  });

  it('gives a slot back when a waiting client goes away', async () => {
    const { app } = slowApp(50);
    const send = await listen(app);
    const controllers = Array.from({ length: 6 }, () => new AbortController());
    const calls = controllers.map((controller) => send('leaver', controller.signal).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const controller of controllers.slice(2)) controller.abort();
    await Promise.all(calls);
    // Every slot came back: the client can again run two at once and queue four.
    const again = await Promise.all(Array.from({ length: 6 }, () => send('leaver')));
    expect(again.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('keeps the place of a call whose client went away until its work is done: abandoned work never piles up', async () => {
    // A call the storefront gave up on (its 10 s timeout, the shopper left) still runs: its database work goes on.
    // Were its place given to the next call, a client timing out over and over would have ever more calls at
    // work on one database, each slower than the last (on PGlite, one statement at a time): every later call
    // would time out too, and the shop would never catch up.
    const { app, mostAtOnce } = slowApp(300);
    const send = await listen(app);
    const controllers = Array.from({ length: 2 }, () => new AbortController());
    const abandoned = controllers.map((controller) => send('impatient', controller.signal).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const controller of controllers) controller.abort();
    await Promise.all(abandoned);
    const started = performance.now();
    const next = await Promise.all(Array.from({ length: 2 }, () => send('impatient')));
    expect(next.map((response) => response.status)).toEqual([200, 200]);
    expect(mostAtOnce.get('impatient')).toBe(2);
    // They waited for the abandoned calls' work (300 ms from their start) before theirs began.
    expect(performance.now() - started).toBeGreaterThan(450);
  });

  // A post whose body has been read is not "aborted" in Node's sense when its client hangs up, and an answer
  // written to a closed connection never finishes: such calls once held their slot for ever, and the storefront,
  // whose timeouts hang up on slow calls, was shut out of the API for good (every page timed out in CI).
  it('gives the slot back once the work is done when the client hung up on a post whose body had arrived', async () => {
    const { app } = slowApp(200);
    const send = await listen(app);
    await sendAndHangUp(app, [postOf('hasty', '{"size":"M"}'), postOf('hasty', '{"size":"L"}')], 50);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await Promise.all(Array.from({ length: 6 }, () => send('hasty', AbortSignal.timeout(5_000))));
    expect(again.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('gives back the slots and places of calls pipelined on a connection its client closed', async () => {
    const { app } = slowApp(200);
    const send = await listen(app);
    // Two at work and four waiting, all behind the first on one connection: only the first has an answer of its own.
    await sendAndHangUp(app, Array.from({ length: 6 }, (_, index) => postOf('piper', `{"n":${index}}`)), 50);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await Promise.all(Array.from({ length: 6 }, () => send('piper', AbortSignal.timeout(5_000))));
    expect(again.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
