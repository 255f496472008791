import { COOKIE_REMOVAL_OFFSET_MS } from '@shop/contract/resilience';
import { serialize, type SerializeOptions } from 'cookie';

/**
 * The Set-Cookie that removes `name` (SPEC §9: an expiry one day in the past). Path and domain must be those the cookie was set with, or the browser
 * keeps it; the value is emptied too, so nothing of it travels even with a wrong clock.
 */
export function removalCookie(name: string, options: Omit<SerializeOptions, 'expires' | 'maxAge'> = {}, now = Date.now()): string {
  return serialize(name, '', { ...options, expires: new Date(now - COOKIE_REMOVAL_OFFSET_MS) });
}
