import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stop that drops no call (docs/adr/0040-several-processes-on-one-postgresql.md): the server stops taking new
 * connections (another process of the same address takes them: the supervisor started it first), every call that
 * arrives on a connection already open is answered as usual with `Connection: close` (the caller opens its next
 * connection elsewhere), and a connection that carries no call is closed only once it has been idle as long as the
 * server said it keeps one (`Keep-Alive: timeout`, KEEP_ALIVE_MS): a caller that heeds the hint (undici, so fetch
 * and the storefront) has closed it a second before. Closing idle keep-alive connections earlier, as
 * `server.close()` does at once, races a caller that is sending its next call on one: that call fails with a reset
 * connection (a rolling restart's "fetch failed").
 */
const draining = new WeakSet<FastifyInstance>();

/** Whether `app` is being stopped: its answers then carry `Connection: close` and its readiness is 503. */
export const isDraining = (app: FastifyInstance): boolean => draining.has(app);

/**
 * How long an idle connection is kept (Fastify's `keepAliveTimeout`, sent as `Keep-Alive: timeout=5`): a stop waits
 * for it, so it is short (Fastify's default, 72 s, would hold each process of a rolling restart that long).
 */
export const KEEP_ALIVE_MS = 5_000;

/** Resolves once every connection of `app`'s server has ended (idle ones are closed after the server's keep-alive time). */
export function drain(app: FastifyInstance): Promise<void> {
  draining.add(app);
  const server = app.server as Server;
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    // net.Server's close, not http.Server's: the latter also closes idle connections at once.
    NetServer.prototype.close.call(server, () => resolve());
    setTimeout(() => server.closeIdleConnections(), server.keepAliveTimeout).unref();
  });
}
