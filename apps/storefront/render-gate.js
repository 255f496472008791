// @ts-check
// A page waits for its client's turn to be rendered (packages/web-server/fair-queue.js) and gives the turn back when its answer is
// over or its visitor is gone (server.js mounts this after the static files, before React Router).
import { whenAnswerOver } from '@shop/web-server/answer-over';

/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */

/**
 * @param {{ turns: ReturnType<typeof import('@shop/web-server/fair-queue').createFairQueue>,
 *   refuse: (request: Request, response: Response, status: number, reason: string, retryAfterSeconds?: number) => void }} options
 * @returns {(request: Request, response: Response, next: () => void) => void}
 */
export function createRenderGate({ turns, refuse }) {
  return function renderGate(request, response, next) {
    // The visitor may have gone while the static files were looked for (asynchronously): its close has been and
    // will not come again, so a turn taken now would never be given back. There is nobody to answer.
    if (response.closed) return;
    const turn = turns(request.ip ?? '', next);
    if ('refused' in turn) return refuse(request, response, 429, turn.refused, 1);
    whenAnswerOver(request, response, turn.leave);
  };
}
