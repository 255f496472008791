import { DEFAULT_LANGUAGE, isLang, type Lang } from '@shop/contract';
import { parse, serialize } from 'cookie';
import { storefrontConfig } from './config.server';

export const LANG_COOKIE = 'lang';
export const COUNTRY_COOKIE = 'country';
/** The country whose notice the visitor dismissed (lib/geo.server.ts). */
export const COUNTRY_NOTICE_COOKIE = 'country_notice';
/** SPEC §2 and §9: the language choice is kept for 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get('Cookie') ?? '');
}

export function localeCookie(name: typeof LANG_COOKIE | typeof COUNTRY_COOKIE | typeof COUNTRY_NOTICE_COOKIE, value: string, secure: boolean): string {
  return serialize(name, value, { maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax', secure });
}

/** The language tags of an Accept-Language header as sent (`de-DE`, `fr`), most wanted first (q-values honoured). */
export function acceptedLocales(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | null): string[] {
  return acceptedLocales(header).map((tag) => tag.slice(0, 2).toLowerCase());
}

/**
 * The language for a request without one in its path: the stored cookie, else the browser's
 * Accept-Language, else the domain map (LOCALE_DOMAINS), else the default.
 */
export function detectLanguage(request: Request, domains = storefrontConfig.localeDomains): Lang {
  const fromCookie = readCookies(request)[LANG_COOKIE];
  if (isLang(fromCookie)) return fromCookie;
  const fromBrowser = acceptedLanguages(request.headers.get('Accept-Language')).find(isLang);
  if (fromBrowser) return fromBrowser;
  const host = new URL(request.url).hostname.toLowerCase();
  return domains.get(host) ?? DEFAULT_LANGUAGE;
}

/** The language of a request: the route's prefix when it has one, else the detected one. */
export function requestLanguage(request: Request): Lang {
  const prefix = new URL(request.url).pathname.split('/')[1];
  return isLang(prefix) ? prefix : detectLanguage(request);
}

/** Whether the shopper reached the shop over HTTPS (behind a trusted proxy, server.js has put its scheme in the URL). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

