import { serialize } from 'cookie';
import { isSecureRequest, readCookies } from './locale.server';

/** The storefront's first-party cookie that carries the shop API session token (DESIGN.md §2). */
export const SESSION_COOKIE = 'sid';

export function sessionToken(request: Request): string | undefined {
  return readCookies(request)[SESSION_COOKIE] || undefined;
}

/** HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts), Secure behind HTTPS. */
export function sessionCookie(request: Request, session: { token: string; expires_at: string } | null): string {
  return serialize(SESSION_COOKIE, session?.token ?? '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
    path: '/',
    ...(session ? { expires: new Date(session.expires_at) } : { maxAge: 0 }),
  });
}

/** The shopper's address as the proxy in front of the shop saw it (for the API's rate limits). */
export function clientIp(request: Request): string {
  return request.headers.get('X-Forwarded-For')?.split(',')[0]?.trim() || request.headers.get('X-Real-Ip') || 'direct';
}

/** The one-time message cookie set by an action and shown by the next page (SPEC §8's success messages). */
export const FLASH_COOKIE = 'flash';

export function flashCookie(request: Request, key: string | null): string {
  return serialize(FLASH_COOKIE, key ?? '', { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(request), path: '/', maxAge: key ? 60 : 0 });
}

/** Whether the page may show something personal: then it must never be cached for others. */
export function hasPersonalState(request: Request): boolean {
  const cookies = readCookies(request);
  return Boolean(cookies[SESSION_COOKIE] || cookies[FLASH_COOKIE]);
}

/** Keeps a guest session that the API started on a first change (cart, wishlist); nothing when there is none. */
export function startedSessionHeaders(request: Request, session: { token: string; expires_at: string } | null): Headers {
  const headers = new Headers();
  if (session) headers.append('Set-Cookie', sessionCookie(request, session));
  return headers;
}
