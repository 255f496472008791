import { serialize } from 'cookie';
import { removalCookie } from './cookies.server';
import { FLASH_COOKIE } from './flash.server';
import { isSecureRequest, readCookies } from './locale.server';

/** The storefront's first-party cookie that carries the shop API session token (DESIGN.md §2). */
export const SESSION_COOKIE = 'sid';

/** The shop API's session tokens: 32 random bytes in base64url. Anything else in the cookie is no session. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function sessionToken(request: Request): string | undefined {
  return tokenOf(readCookies(request));
}

function tokenOf(cookies: Record<string, string | undefined>): string | undefined {
  const token = cookies[SESSION_COOKIE];
  return token && SESSION_TOKEN.test(token) ? token : undefined;
}

/** HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts), Secure behind HTTPS; null removes it. */
export function sessionCookie(request: Request, session: { token: string; expires_at: string } | null): string {
  const options = { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(request), path: '/' } as const;
  if (!session) return removalCookie(SESSION_COOKIE, options);
  return serialize(SESSION_COOKIE, session.token, { ...options, expires: new Date(session.expires_at) });
}

/**
 * The shopper's address (for the API's rate limits and fair share), as the storefront's server resolved it
 * (server.js: the socket, or the forwarded address from a trusted proxy). Undefined when the app runs
 * without that server (the development server): the API then counts the storefront itself.
 */
export function clientIp(request: Request): string | undefined {
  return request.headers.get('X-Shop-Client-Ip') ?? undefined;
}

/** The id server.js gave this request (also sent to the shopper as X-Request-Id); undefined without that server. */
export function requestId(request: Request): string | undefined {
  return request.headers.get('X-Shop-Request-Id') ?? undefined;
}


/** Whether the page may show something personal: then it must never be cached for others. */
export function hasPersonalState(request: Request): boolean {
  return hasPersonalCookies(readCookies(request));
}

/** hasPersonalState for cookies already read (a session or a one-time message). */
export function hasPersonalCookies(cookies: Record<string, string | undefined>): boolean {
  return Boolean(tokenOf(cookies) || cookies[FLASH_COOKIE]);
}

/** Keeps a guest session that the API started on a first change (cart, wishlist); nothing when there is none. */
export function startedSessionHeaders(request: Request, session: { token: string; expires_at: string } | null): Headers {
  const headers = new Headers();
  if (session) headers.append('Set-Cookie', sessionCookie(request, session));
  return headers;
}
