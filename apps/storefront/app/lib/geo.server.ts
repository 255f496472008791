import { storefrontConfig } from './config.server';
import { acceptedLocales, COUNTRY_COOKIE, COUNTRY_NOTICE_COOKIE } from './locale.server';
import type { CountryNotice } from './root-data';

/** Reads a request header by name: a fetch Request's `headers.get`, or express's `request.get` in server.js. */
export type HeaderOf = (name: string) => string | null | undefined;
type Cookies = Record<string, string | undefined>;

/** A two-letter country code in upper case, or null. */
function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The country the shopper chose (the country cookie the choosers and the notice set), or null. */
export function chosenCountry(cookies: Cookies): string | null {
  return countryCode(cookies[COUNTRY_COOKIE]);
}

/** Where the visitor seems to be, and who says so: the proxy's header, or the browser's language. */
export type Detection = { iso: string; from: 'header' | 'browser' };

/**
 * Where the visitor seems to be: the header the CDN or proxy in front of the shop sets (COUNTRY_HEADER), else the
 * region of the browser's most wanted language that names one (`de-DE` → DE). A header is believed only when it is
 * configured: without a proxy that overwrites it, any visitor can send it.
 */
export function detectedCountry(header: HeaderOf, trustedHeader = storefrontConfig.countryHeader): Detection | null {
  const fromProxy = trustedHeader ? countryCode(header(trustedHeader)) : null;
  if (fromProxy) return { iso: fromProxy, from: 'header' };
  for (const tag of acceptedLocales(header('accept-language') ?? null)) {
    // `zh-Hant-TW` → TW; a numeric region (`es-419`) names no country.
    const region = tag.split('-').slice(1).find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    if (region) return { iso: region.toUpperCase(), from: 'browser' };
  }
  return null;
}

/**
 * What a visitor's country depends on besides the shop's countries (ADR 0021): the country they chose, else the
 * detected one, unless they declined it in the notice (a declined country is neither offered again nor applied).
 */
export type CountryClues = { chosen: string | null; detected: Detection | null };

export function countryClues(cookies: Cookies, header: HeaderOf, trustedHeader = storefrontConfig.countryHeader): CountryClues {
  const chosen = chosenCountry(cookies);
  if (chosen) return { chosen, detected: null };
  const detected = detectedCountry(header, trustedHeader);
  return { chosen: null, detected: detected && detected.iso !== countryCode(cookies[COUNTRY_NOTICE_COOKIE]) ? detected : null };
}

/** The clues as one word, for the page cache's key: a public page is the same for every visitor with the same word. */
export function cluesKey({ chosen, detected }: CountryClues): string {
  return chosen ?? (detected ? `${detected.from}:${detected.iso}` : '');
}

/**
 * The visitor's country (null: the shop's default) and the notice that tells of it. A chosen country always wins.
 * A detected country the shop sells to is applied at once when the proxy's header names it, or when it is in the
 * home country's price zone (the EU: the same shelf prices, only the VAT they hold and the delivery differ, ADR 0023);
 * a browser's region outside it (en-US, de-CH) would change every price on a guess, so it is only offered.
 */
export function visitorCountry(
  { chosen, detected }: CountryClues,
  homeCountry: string,
  countries: Array<{ iso: string; group: string }>,
): { country: string | null; notice: CountryNotice | null } {
  if (chosen) return { country: chosen, notice: null };
  const sold = detected && countries.find((country) => country.iso === detected.iso);
  if (!detected || !sold || sold.iso === homeCountry) return { country: null, notice: null };
  const homeZone = countries.find((country) => country.iso === homeCountry)?.group;
  if (detected.from === 'header' || sold.group === homeZone) return { country: sold.iso, notice: { country: sold.iso, applied: true } };
  return { country: null, notice: { country: sold.iso, applied: false } };
}

/** The request headers a public page varies by besides its cookies (for a CDN's `Vary`): the country's detection. */
export function detectionHeaders(trustedHeader = storefrontConfig.countryHeader): string[] {
  return trustedHeader ? [trustedHeader, 'Accept-Language'] : ['Accept-Language'];
}
