// @ts-check
// How the storefront's and the back office's HTTP servers stop without dropping a request
// (docs/adr/0040-several-processes-on-one-postgresql.md): the supervisor has already started the process that takes
// over the port, so this one takes no new connections, answers the requests of its open ones with `Connection:
// close` (the visitor's next request opens a connection to another process), closes an idle one only once it has been
// idle as long as the server said it keeps one (`Keep-Alive: timeout=5`, Node's keepAliveTimeout), then exits. A
// client that heeds the hint (undici: fetch) has closed it before; browsers retry a request that a closed kept-alive
// connection failed. Not http.Server's own close, nor an earlier grace: they close idle connections while a visitor
// may be sending a request on one, and that request fails (a rolling restart's "fetch failed").
import { Server as NetServer } from 'node:net';

/**
 * @param {{ drainTimeoutMs?: number, onStop?: () => void }} [options]
 *   `drainTimeoutMs`: when the process exits anyway (longer than the server's keepAliveTimeout); `onStop`: closes
 *   what else the process serves (its metrics address).
 */
export function createGracefulStop({ drainTimeoutMs = 10_000, onStop = () => {} } = {}) {
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
        setTimeout(() => server.closeIdleConnections(), server.keepAliveTimeout).unref();
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
  };
}
