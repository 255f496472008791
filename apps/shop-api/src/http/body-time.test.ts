import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { limitBodyTime } from './body-time.ts';
import { ApiError } from './errors.ts';
import { shareFairly } from './fair-share.ts';
import { parseJsonBodies } from './json-body.ts';

const BODY = JSON.stringify({ email: 'shopper@example.com', password: 'secret' });

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** An API whose clients run one call at a time and queue none, and whose bodies must come within 300 ms. */
async function api() {
  const app = Fastify();
  shareFairly(app, { concurrentPerClient: 1, queuedPerClient: 0, clientOf: (request) => String(request.headers['x-client']) });
  limitBodyTime(app, 300);
  parseJsonBodies(app);
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof ApiError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
    return reply.status(status).send({ success: false });
  });
  app.post('/login', async (request) => ({ success: true, got: request.body }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  const { port } = new URL(address);
  const call = (client: string) =>
    fetch(`${address}/login`, { method: 'POST', headers: { 'x-client': client, 'content-type': 'application/json' }, body: BODY }).then((response) => response.status);
  /** A call whose body comes a byte every 50 ms while the connection is open; its answer's status line once closed. */
  const slowCall = (client: string) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(`POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nx-client: ${client}\r\ncontent-type: application/json\r\ncontent-length: ${BODY.length}\r\n\r\n`);
    let sent = 0;
    const trickle = setInterval(() => !socket.destroyed && sent < BODY.length && socket.write(BODY[sent++]!), 50);
    return new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => {});
      socket.once('close', () => {
        clearInterval(trickle);
        resolve(received.split('\r\n')[0]!);
      });
    });
  };
  return { call, slowCall };
}

describe('bodies under a time limit', () => {
  it('answers a body that comes too slowly 408 and closes, which gives its client its place back', async () => {
    const { call, slowCall } = await api();
    const slow = slowCall('slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The slow body holds its client's one place: another call of that client is refused, another client's is not.
    expect(await call('slow')).toBe(429);
    expect(await call('shopper')).toBe(200);
    expect(await slow).toBe('HTTP/1.1 408 Request Timeout');
    expect(await call('slow')).toBe(200);
  });
});
