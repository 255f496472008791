import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createRenderThreads } from '../render-threads.js';

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** Pages on render threads (the stand-in app of render-app-stub.js) and posts on the server's thread, as server.js mounts them. */
async function shop(count = 1) {
  const messages: unknown[] = [];
  const threads = createRenderThreads({ app: new URL('./render-app-stub.js', import.meta.url).href, count, onMessage: (message) => messages.push(message) });
  await threads.started();
  const app = express();
  app.post('/post', (_request, response) => void response.send('posted'));
  app.get('*', threads.render);
  app.use((error: Error, _request: express.Request, response: express.Response, _next: express.NextFunction) => void response.status(500).send(error.message));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  stop = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await threads.close();
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, messages, threads };
}

describe('pages rendered on threads of their own', () => {
  it('leave the server free to answer a post while a page is being rendered', async () => {
    const { url } = await shop();
    const answered: string[] = [];
    const page = fetch(`${url}/busy?ms=600`).then(async (response) => answered.push(await response.text()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const post = fetch(`${url}/post`, { method: 'POST' }).then(async (response) => answered.push(await response.text()));
    await Promise.all([page, post]);
    // On the server's own thread, the post would have waited for the render to end.
    expect(answered).toEqual(['posted', 'rendered']);
  });

  it("send the app's answer as it made it: status, every header, the body in pieces, and what the app tells the server", async () => {
    const { url, messages } = await shop();
    const response = await fetch(`${url}/page?q=1`, { headers: { 'X-Shop-Client-Ip': '10.1.2.3' } });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(`<p>10.1.2.3 GET ${url}/page?q=1</p>`);
    expect(messages).toEqual([{ keptPage: { key: `${url}/page?q=1` } }]);
  });

  it('stop rendering for a visitor who has gone', async () => {
    const { url, messages, threads } = await shop();
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write('GET /left?n=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    await expect.poll(() => threads.pending()).toEqual([1]);
    socket.destroy();
    await expect.poll(() => messages).toEqual([{ aborted: '1' }]);
    expect(threads.pending()).toEqual([0]);
  });

  it('answer a failed render with the server’s error, and a thread that stopped is started again', async () => {
    const { url, threads } = await shop(2);
    const failed = await fetch(`${url}/missing`);
    expect([failed.status, await failed.text()]).toEqual([500, expect.stringContaining('no such page')]);
    const stopped = await fetch(`${url}/stop`);
    expect([stopped.status, await stopped.text()]).toEqual([500, 'render thread stopped (exit code 3)']);
    // Both threads render again.
    const pages = await Promise.all([1, 2].map(() => fetch(`${url}/busy?ms=200`).then((response) => response.text())));
    expect(pages).toEqual(['rendered', 'rendered']);
    expect(threads.pending()).toEqual([0, 0]);
  });
});
