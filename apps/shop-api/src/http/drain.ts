import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stop that drops no call (docs/adr/0040-several-processes-on-one-postgresql.md): the server stops taking new
 * connections (another process of the same address takes them: the supervisor started it first), every call that
 * arrives on a connection already open is answered as usual with `Connection: close` (the caller opens its next
 * connection elsewhere), and a connection that stays idle for `graceMs` is closed then. Closing idle keep-alive
 * connections at once, as `server.close()` does, races a caller that is sending its next call on one: that call
 * would fail with a reset connection.
 */
const draining = new WeakSet<FastifyInstance>();

/** Whether `app` is being stopped: its answers then carry `Connection: close` and its readiness is 503. */
export const isDraining = (app: FastifyInstance): boolean => draining.has(app);

/** Resolves once every connection of `app`'s server has ended (idle ones are closed after `graceMs`). */
export function drain(app: FastifyInstance, graceMs: number): Promise<void> {
  draining.add(app);
  const server = app.server as Server;
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    // net.Server's close, not http.Server's: the latter also closes idle connections at once.
    NetServer.prototype.close.call(server, () => resolve());
    setTimeout(() => server.closeIdleConnections(), graceMs).unref();
  });
}
