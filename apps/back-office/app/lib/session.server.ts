import { parse, serialize } from 'cookie';

/** The back office's own cookies (never the storefront's): the staff session, and the sign-in challenge between the two steps. */
export const SESSION_COOKIE = 'bo_session';
export const CHALLENGE_COOKIE = 'bo_challenge';

export function readCookie(request: Request, name: string): string | null {
  return parse(request.headers.get('cookie') ?? '')[name] ?? null;
}

/**
 * HttpOnly, SameSite=Strict (a link from elsewhere arrives without it: no cross-site post can act for a staff
 * member), Secure behind HTTPS; without Max-Age it goes when the browser closes, and the API ends it when idle.
 */
function cookie(request: Request, name: string, value: string, maxAgeSeconds?: number): string {
  const secure = new URL(request.url).protocol === 'https:';
  return serialize(name, value, { httpOnly: true, sameSite: 'strict', secure, path: '/', ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }) });
}

export const sessionCookie = (request: Request, token: string) => cookie(request, SESSION_COOKIE, token);
export const clearSession = (request: Request) => cookie(request, SESSION_COOKIE, '', 0);
export const challengeCookie = (request: Request, challenge: string) => cookie(request, CHALLENGE_COOKIE, challenge, 5 * 60);
export const clearChallenge = (request: Request) => cookie(request, CHALLENGE_COOKIE, '', 0);
