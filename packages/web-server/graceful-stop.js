// @ts-check
// How the storefront's and the back office's HTTP servers stop without dropping a request
// (docs/adr/0040-several-processes-on-one-postgresql.md): the supervisor has already started the process that takes
// over the port, so this one takes no new connections, answers the requests of its open ones with `Connection:
// close` (the visitor's next request opens a connection to another process), closes idle ones after a grace, then
// exits. Not http.Server's own close, which closes idle keep-alive connections at once: a visitor sending a request
// on one at that moment would see it fail.
import { Server as NetServer } from 'node:net';

/**
 * @param {{ idleGraceMs?: number, drainTimeoutMs?: number, onStop?: () => void }} [options]
 *   `idleGraceMs`: how long a connection that carries no request stays open; `drainTimeoutMs`: when the process exits
 *   anyway; `onStop`: closes what else the process serves (its metrics address).
 */
export function createGracefulStop({ idleGraceMs = 1_000, drainTimeoutMs = 10_000, onStop = () => {} } = {}) {
  let draining = false;
  return {
    /** Whether the process is stopping (its readiness answers 503). */
    draining: () => draining,
    /**
     * Middleware, first in line: while the process stops, each answer closes its connection.
     * @type {import('express').RequestHandler}
     */
    closeWhenDraining(_request, response, next) {
      if (draining) response.set('Connection', 'close');
      next();
    },
    /**
     * Stops `server` as above on SIGTERM or SIGINT; a second signal while draining stops at once.
     * @param {import('node:http').Server} server
     */
    onSignals(server) {
      const stop = () => {
        if (draining) process.exit(1);
        draining = true;
        setTimeout(() => process.exit(1), drainTimeoutMs).unref();
        onStop();
        NetServer.prototype.close.call(server, () => process.exit(0));
        setTimeout(() => server.closeIdleConnections(), idleGraceMs).unref();
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
  };
}
