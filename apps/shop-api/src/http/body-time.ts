import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * A call's body must have come `ms` after its headers. The call holds one of its client's places (fair-share.ts)
 * from its headers on: a body sent at a byte a second would hold it for as long as the sender likes. A late body
 * gets 408 (Fastify's parser fails with it) and the connection is closed with the answer, which frees the place.
 */
export function limitBodyTime(app: FastifyInstance, ms: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return payload;
    // A route that reads its body as it works through it (a staff member's CSV upload, after their session is checked)
    // takes as long as its work does.
    if ((request.routeOptions.config as { streamedBody?: boolean }).streamedBody) return payload;
    // The body is read through this stream, so that it can fail alone: failing the request's would close the
    // socket before the answer.
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      reply.header('connection', 'close');
      body.destroy(Object.assign(new Error('The body did not arrive in time'), { statusCode: 408 }));
    }, ms);
    // Read in time, or not read at all (a call refused before its body, e.g. by its content type): no limit left.
    const stop = () => clearTimeout(timer);
    payload.once('end', stop).once('close', stop);
    reply.raw.once('finish', stop).once('close', stop);
    return payload.pipe(body);
  });
}
