import { isLang, type Lang } from '@shop/contract';
import { tagManagerId } from './consent';

/** Parses LOCALE_DOMAINS, e.g. `boutique.example.fr=fr,shop.example.de=de`, into host → language. */
export function parseLocaleDomains(value: string | undefined): Map<string, Lang> {
  const domains = new Map<string, Lang>();
  for (const entry of (value ?? '').split(',')) {
    const [host, lang] = entry.split('=').map((part) => part.trim().toLowerCase());
    if (host && isLang(lang)) domains.set(host, lang);
  }
  return domains;
}

/** The demo shop's accounts: a shop sets its own. */
const DEMO_SOCIAL_LINKS = 'https://www.instagram.com/ateliermoda,https://www.pinterest.com/ateliermoda,https://www.tiktok.com/@ateliermoda,https://www.facebook.com/ateliermoda';

/** Keeps the https addresses of SOCIAL_LINKS: anything else would be a link the shop did not mean to show. */
export function parseSocialLinks(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => URL.canParse(entry) && new URL(entry).protocol === 'https:');
}

export const storefrontConfig = {
  shopApiUrl: (process.env.SHOP_API_URL ?? `http://127.0.0.1:${process.env.SHOP_API_PORT ?? 4000}`).replace(/\/+$/, ''),
  /**
   * Common headers sent with every call (SPEC §7), as JSON, e.g. `{"X-Api-Key":"…"}`; with SHOP_API_SECRET, the
   * secret that lets the API believe the shopper's address the storefront names (an API on another machine).
   */
  shopApiHeaders: {
    ...(JSON.parse(process.env.SHOP_API_HEADERS ?? '{}') as Record<string, string>),
    ...(process.env.SHOP_API_SECRET ? { 'X-Shop-Api-Secret': process.env.SHOP_API_SECRET } : {}),
  },
  /** The tag manager (SPEC §9: GTM- then letters or digits, else none); its hosts are allowed by the CSP only when it is set. */
  gtmId: tagManagerId(process.env.GTM_ID),
  shopApiTimeoutMs: Number(process.env.SHOP_API_TIMEOUT_MS ?? 10_000),
  localeDomains: parseLocaleDomains(process.env.LOCALE_DOMAINS),
  /**
   * The request header in which the CDN or proxy in front of the shop names the visitor's country (e.g. CF-IPCountry),
   * for the country notice (lib/geo.server.ts). Unset: no header is believed, as any visitor can send one.
   */
  countryHeader: /^[A-Za-z0-9-]+$/.test(process.env.COUNTRY_HEADER ?? '') ? process.env.COUNTRY_HEADER!.toLowerCase() : undefined,
  /** The shop's social accounts shown in the footer (SOCIAL_LINKS, comma-separated https addresses; `none` for none). */
  socialLinks: parseSocialLinks(process.env.SOCIAL_LINKS ?? DEMO_SOCIAL_LINKS),
  /** The shop's public address for absolute links (sitemap, canonical); defaults to the request's origin. */
  publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, ''),
};
