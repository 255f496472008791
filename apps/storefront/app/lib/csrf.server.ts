import { data, type MiddlewareFunction } from 'react-router';

/** Methods that change nothing: every other request must come from the shop's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a post (or any other changing request) that another site made the browser send, before any action runs
 * or its body is read: the browser's Origin (or, failing that, Referer) must be this shop. Complements SameSite
 * cookies. The root's first middleware, so every route's action is covered, including ones added later.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) throw data({ reason: 'forbidden' }, { status: 403 });
  return next();
};

function isSameOrigin(request: Request): boolean {
  // The request's origin is the one server.js resolved: an allowed host, and forwarded parts only from a trusted proxy.
  const expected = new URL(request.url).origin;
  const origin = request.headers.get('Origin') ?? originOf(request.headers.get('Referer'));
  return origin === expected;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
