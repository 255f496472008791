import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createFairQueue } from '@shop/web-server/fair-queue';
import { createRenderGate } from '../render-gate.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * Pages as server.js mounts them: an asynchronous step first (the static files looked for on disk), then one
 * render at a time over all clients, then the page (a render that takes `renderMs`).
 */
async function shop({ lookupMs, renderMs }: { lookupMs: number; renderMs: number }) {
  const turns = createFairQueue({ atOnce: 1, waiting: 8 });
  const app = express();
  app.get('*', (_request, _response, next) => void setTimeout(next, lookupMs));
  app.get('*', createRenderGate({ turns, refuse: (_request, response, status, reason) => void response.status(status).send(reason) }));
  app.get('*', (_request, response) => void setTimeout(() => response.send('page'), renderMs));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  return { port: (server.address() as AddressInfo).port, turns };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the turns of pages being rendered', () => {
  it('are not lost to a visitor who leaves before the page is looked for', async () => {
    const { port, turns } = await shop({ lookupMs: 100, renderMs: 10 });
    // A browser that cancels its request at once (a click on another link): gone before the files were looked for.
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    await sleep(20);
    socket.destroy();
    await sleep(200);
    expect(turns.running()).toBe(0);
    // The next shopper's page is rendered.
    const answer = await fetch(`http://127.0.0.1:${port}/en`, { signal: AbortSignal.timeout(2_000) });
    expect(await answer.text()).toBe('page');
  });

  it('are given back when a visitor leaves while their page is rendered or waits for its turn', async () => {
    const { port, turns } = await shop({ lookupMs: 0, renderMs: 300 });
    const sockets = [0, 1].map(() => connect(port, '127.0.0.1', function (this: ReturnType<typeof connect>) { this.write('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'); }));
    await sleep(100);
    expect([turns.running(), turns.waiting()]).toEqual([1, 1]);
    for (const socket of sockets) socket.destroy();
    await sleep(400);
    expect([turns.running(), turns.waiting()]).toEqual([0, 0]);
  });

  it('are given back when a visitor closes a connection with pages pipelined on it', async () => {
    // The second and third pages wait behind the first on one connection: they have no answer of their own yet,
    // and when the visitor goes their answers never close. Their turns were once held for ever.
    const { port, turns } = await shop({ lookupMs: 0, renderMs: 300 });
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(3)));
    await sleep(100);
    expect([turns.running(), turns.waiting()]).toEqual([1, 2]);
    socket.destroy();
    await sleep(400);
    expect([turns.running(), turns.waiting()]).toEqual([0, 0]);
    const answer = await fetch(`http://127.0.0.1:${port}/en`, { signal: AbortSignal.timeout(2_000) });
    expect(await answer.text()).toBe('page');
  });
});
