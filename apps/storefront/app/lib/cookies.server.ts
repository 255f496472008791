import { serialize, type SerializeOptions } from 'cookie';

/** SPEC §9: a cookie is removed by giving it an expiry one day in the past. */
export const COOKIE_REMOVAL_OFFSET_MS = 24 * 60 * 60 * 1000;

/**
 * The Set-Cookie that removes `name`. Path and domain must be those the cookie was set with, or the browser
 * keeps it; the value is emptied too, so nothing of it travels even with a wrong clock.
 */
export function removalCookie(name: string, options: Omit<SerializeOptions, 'expires' | 'maxAge'> = {}, now = Date.now()): string {
  return serialize(name, '', { ...options, expires: new Date(now - COOKIE_REMOVAL_OFFSET_MS) });
}
