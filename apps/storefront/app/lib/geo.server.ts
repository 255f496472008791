import { storefrontConfig } from './config.server';
import { acceptedLocales, COUNTRY_COOKIE, COUNTRY_NOTICE_COOKIE } from './locale.server';

/** Reads a request header by name: a fetch Request's `headers.get`, or express's `request.get` in server.js. */
export type HeaderOf = (name: string) => string | null | undefined;
type Cookies = Record<string, string | undefined>;

/** A two-letter country code in upper case, or null. */
function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The country the shopper chose (the country cookie the choosers set), or null. */
export function chosenCountry(cookies: Cookies): string | null {
  return countryCode(cookies[COUNTRY_COOKIE]);
}

/**
 * Where the visitor seems to be: the header the CDN or proxy in front of the shop sets (COUNTRY_HEADER), else the
 * region of the browser's most wanted language that names one (`de-DE` → DE). A header is believed only when it is
 * configured: without a proxy that overwrites it, any visitor can send it.
 */
export function detectedCountry(header: HeaderOf, trustedHeader = storefrontConfig.countryHeader): string | null {
  const fromProxy = trustedHeader ? countryCode(header(trustedHeader)) : null;
  if (fromProxy) return fromProxy;
  for (const tag of acceptedLocales(header('accept-language') ?? null)) {
    // `zh-Hant-TW` → TW; a numeric region (`es-419`) names no country.
    const region = tag.split('-').slice(1).find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    if (region) return region.toUpperCase();
  }
  return null;
}

/**
 * The country a page's notice may offer: the detected one, for a visitor who has not chosen a country (a choice
 * made is kept; nothing switches on its own) and has not dismissed the notice for that country. This is all a
 * public page's notice depends on besides the shop's countries, so the page cache keys on it.
 */
export function noticeCandidate(cookies: Cookies, header: HeaderOf, trustedHeader = storefrontConfig.countryHeader): string | null {
  if (chosenCountry(cookies)) return null;
  const detected = detectedCountry(header, trustedHeader);
  return detected && detected !== countryCode(cookies[COUNTRY_NOTICE_COOKIE]) ? detected : null;
}

/** The notice's country: the candidate, when the shop sells there and the page is for another country. */
export function countryNotice(candidate: string | null, pageCountry: string, countries: Array<{ iso: string }>): string | null {
  return candidate && candidate !== pageCountry && countries.some((country) => country.iso === candidate) ? candidate : null;
}

/** The request headers a public page varies by besides its cookies (for a CDN's `Vary`): the notice's detection. */
export function detectionHeaders(trustedHeader = storefrontConfig.countryHeader): string[] {
  return trustedHeader ? [trustedHeader, 'Accept-Language'] : ['Accept-Language'];
}
