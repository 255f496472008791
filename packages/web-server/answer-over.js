// @ts-check

/**
 * Calls `over` once, when the answer to `request` is over: sent in full, or its connection closed first.
 *
 * The response's own 'close' is not enough: a request pipelined behind another on one connection has no socket of
 * its own yet, and when its client goes away its response never closes. A place held until then (a render turn, a
 * client's share of the API) would be held for ever, and a few such calls block their client, or everyone. The
 * connection's close is heard for every request on it; its listener is taken off when the answer is over, so a
 * long-lived connection does not gather one per request.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {() => void} over
 */
export function whenAnswerOver(request, response, over) {
  const connection = request.socket;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    connection.off('close', end);
    response.off('close', end);
    over();
  };
  // Gone already: its close has been and will not come again.
  if (response.closed || connection.destroyed) return queueMicrotask(end);
  connection.once('close', end);
  response.once('close', end);
}
