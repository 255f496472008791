import { data } from 'react-router';

/**
 * Refuses a form post that another site made the browser send: the browser's Origin (or, failing
 * that, Referer) must be this shop. Complements SameSite cookies for every action.
 */
export function assertSameOrigin(request: Request): void {
  // The request's origin is the one server.js resolved: an allowed host, and forwarded parts only from a trusted proxy.
  const expected = new URL(request.url).origin;
  const origin = request.headers.get('Origin') ?? originOf(request.headers.get('Referer'));
  if (!origin || origin !== expected) throw data({ reason: 'forbidden' }, { status: 403 });
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
