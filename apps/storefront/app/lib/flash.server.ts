import { serialize } from 'cookie';
import { redirect } from 'react-router';
import { removalCookie } from './cookies.server';
import { isSecureRequest } from './locale.server';

/**
 * The one-time message (SPEC §8's success messages): an action leaves its text key in a cookie with the redirect,
 * the root's loader hands it to the next page (components/FlashMessage) and clears it. A key may carry values after
 * a `?` (`cart.signedInUnheld?items=…`).
 */
export const FLASH_COOKIE = 'flash';

/** The cookie that leaves `key` for the next page, or clears it (null). */
export function flashCookie(request: Request, key: string | null): string {
  const options = { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(request), path: '/' } as const;
  return key ? serialize(FLASH_COOKIE, key, { ...options, maxAge: 60 }) : removalCookie(FLASH_COOKIE, options);
}

/**
 * The way back of every form post without JavaScript: a redirect to `to` with a one-time message, plus the
 * session cookies an action passes in `headers` (a sign-in's, a sign-out's, or a guest session the API just started).
 */
export function redirectWithFlash(request: Request, to: string, flash: string, headers = new Headers()): Response {
  headers.append('Set-Cookie', flashCookie(request, flash));
  return redirect(to, { headers });
}
