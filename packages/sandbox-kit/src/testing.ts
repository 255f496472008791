import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Test support shared by the sandboxes' tests (not part of the sandboxes themselves). */

/** A notification as it came: method, URL (path and query), headers and the raw body, byte for byte. */
export type Notification = { method: string; url: string; headers: IncomingHttpHeaders; rawBody: string };

/**
 * A notification endpoint for tests at `path` on a random port: answers each notification with `answer()`,
 * records what came (as `record` makes it), and lets a test wait for a count.
 */
export async function startNotificationReceiver<R>(input: { path: string; answer: () => { status: number; body?: string }; record: (notification: Notification) => R }) {
  const received: R[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push(input.record({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, rawBody }));
      const answer = input.answer();
      response.statusCode = answer.status;
      response.end(answer.body);
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${input.path}`;
  return {
    url,
    received,
    /** Resolves once `count` notifications have come (or fails after timeoutMs). */
    waitFor(count: number, timeoutMs = 5_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} notifications came`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port free on 127.0.0.1 just now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A sandbox on a random port of 127.0.0.1, its log lines kept for inspection. Its public address is set once it
 * listens; or, with addressFirst (when the app needs it as it is built), a free port is found first and given to
 * `config`.
 */
export async function startSandboxForTest<C extends { publicUrl: string }>(input: {
  build: (config: C, options: { logger: { level: string; stream: Writable } }) => FastifyInstance;
  config: (address: { port: number; url: string } | null) => C;
  addressFirst?: boolean;
}) {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  let address: { port: number; url: string } | null = null;
  if (input.addressFirst) {
    const port = await freePort();
    address = { port, url: `http://127.0.0.1:${port}` };
  }
  const config = input.config(address);
  const app = input.build(config, { logger: { level: 'debug', stream } });
  await app.listen({ port: address?.port ?? 0, host: '127.0.0.1' });
  const url = address?.url ?? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  if (!address) config.publicUrl = url;
  return { app, url, config, logs, close: () => app.close() };
}
