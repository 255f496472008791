// @ts-check
// A form post's way into the storefront (server.js): admitted when its headers come, within its client's share
// (admission.js); its body read in full under a time limit; only then processed, in its turn over all clients.
// A body sent at a byte a second thus holds a place of its own client only, and not for long: when its time is
// up it gets 408 and the connection is closed, which gives back everything it held.
import { Readable } from 'node:stream';
import getRawBody from 'raw-body';
import { whenAnswerOver } from '@shop/web-server/answer-over';

/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */
/**
 * A refusal page: `status` and why, answered after `retryAfterSeconds` when given (Retry-After).
 * @typedef {(request: Request, response: Response, status: number, reason: string, retryAfterSeconds?: number) => void} Refuse
 */

/** What reading a body may end with, besides the body: the page's status and reason. */
const UNREAD = {
  408: 'request_timeout',
  413: 'payload_too_large',
};

/**
 * @param {{ admit: ReturnType<typeof import('./admission.js').createPostAdmission>, bodyMs: { form: number, photos: number }, refuse: Refuse }} options
 * `bodyMs`: the time a form's body may take to arrive, and a body carrying photos (a 64 KB chunk, or the review form
 * with its files).
 * @returns {(request: Request, response: Response, next: () => void, allowance: { maxBytes: number, photoBytes: number }) => Promise<void>}
 */
export function createPostGate({ admit, bodyMs, refuse }) {
  return async function gate(request, response, next, { maxBytes, photoBytes }) {
    const post = admit(request.ip ?? '', photoBytes);
    if ('refused' in post) return refuse(request, response, 429, post.refused, post.retryAfterSeconds);
    whenAnswerOver(request, response, post.release);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const late = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('The body did not arrive in time'), { status: 408 })), photoBytes > 0 ? bodyMs.photos : bodyMs.form);
    });
    try {
      request.body = await Promise.race([getRawBody(request, { limit: maxBytes, length: request.get('content-length') }), late]);
    } catch (error) {
      // The client is gone (its close gives its place back), or its body is late, too large or not the length it said.
      if (/** @type {{ type?: string }} */ (error).type === 'request.aborted') return;
      const status = /** @type {{ status?: number }} */ (error).status ?? 400;
      // The rest of the body is not read: the connection ends with this answer.
      response.set('Connection', 'close');
      return refuse(request, response, status, UNREAD[/** @type {408 | 413} */ (status)] ?? 'bad_request');
    } finally {
      clearTimeout(timer);
    }
    const refusal = post.process(next);
    if (refusal) refuse(request, response, 429, refusal.refused, refusal.retryAfterSeconds);
  };
}

/**
 * The request as @react-router/express reads it (the parts of its URL, its headers and its body as a stream) for a
 * post whose body the gate has read: the socket's own stream is spent by then.
 * @param {Request} request
 */
export function withReadBody(request) {
  const { app, method, headers, originalUrl, hostname, protocol } = request;
  return Object.assign(Readable.from([request.body]), { app, method, headers, originalUrl, hostname, protocol, get: (/** @type {string} */ name) => request.get(name) });
}
