import { serialize } from 'cookie';
import { removalCookie } from './cookies.server';
import { isSecureRequest } from './locale.server';
import { currentGrants, formatConsent, parseConsent, CONSENT_CATEGORIES, CONSENT_VERSION, type ConsentCategory } from './consent';

export const CONSENT_COOKIE = 'consent';
/** A choice is asked again after six months (the CNIL's recommendation; at most 13 months in the EU). */
const CONSENT_MAX_AGE = 180 * 24 * 60 * 60;

/**
 * The cookies each category allows, as the tags a tag manager usually loads name them: Google Analytics
 * (statistics); Google Ads, Meta and Microsoft Advertising (marketing). Refusing a category removes them.
 */
const COOKIES_OF: Record<ConsentCategory, RegExp | null> = {
  // None yet: the language and country cookies are necessary (the shopper asked for them).
  preferences: null,
  statistics: /^(_ga(_.*)?|_gid|_gat(_.*)?|_clck|_clsk)$/,
  marketing: /^(_gcl_.*|_fbp|_fbc|_uetsid|_uetvid|IDE)$/,
};

/** What the request's consent cookie grants under the current text; null when the shopper must be asked. */
export function requestGrants(cookies: Record<string, string | undefined>): ConsentCategory[] | null {
  return currentGrants(parseConsent(cookies[CONSENT_COOKIE]));
}

/**
 * The Set-Cookie headers of a choice: the consent cookie (necessary: it remembers the choice), and the
 * removal of every cookie of a refused category the browser sent. Tags set theirs on the shop's host or a
 * parent domain: each is removed on the host and on every parent (a browser ignores a public suffix).
 */
export function consentCookies(request: Request, granted: ConsentCategory[], cookies: Record<string, string | undefined>): string[] {
  const secure = isSecureRequest(request);
  const headers = [
    serialize(CONSENT_COOKIE, formatConsent({ version: CONSENT_VERSION, granted, date: new Date() }), {
      path: '/',
      sameSite: 'lax',
      secure,
      httpOnly: true,
      maxAge: CONSENT_MAX_AGE,
    }),
  ];
  const refused = CONSENT_CATEGORIES.filter((category) => !granted.includes(category));
  const host = new URL(request.url).hostname;
  const labels = /[a-z]/i.test(host) && !host.includes(':') ? host.split('.') : [];
  const domains = [undefined, ...labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'))];
  for (const name of Object.keys(cookies)) {
    if (!refused.some((category) => COOKIES_OF[category]?.test(name))) continue;
    for (const domain of domains) headers.push(removalCookie(name, { path: '/', domain }));
  }
  return headers;
}
