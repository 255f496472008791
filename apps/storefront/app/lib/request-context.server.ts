import { isLang, type Lang } from '@shop/contract';
import { data } from 'react-router';
import { shopApi, type ShopApi } from './api/shop.server';
import { storefrontConfig } from './config.server';
import { COUNTRY_COOKIE, readCookies, requestLanguage } from './locale.server';

export type PageContext = { lang: Lang; country: string; api: ShopApi };

/**
 * What every loader needs, built the same way everywhere: the language (a bad prefix is a 404),
 * the shopper's chosen country (empty = the shop's default), and the API bound to both.
 */
export function pageContext(request: Request, params: { lang?: string }): PageContext {
  const lang = params.lang === undefined ? requestLanguage(request) : isLang(params.lang) ? params.lang : notFound();
  const chosen = readCookies(request)[COUNTRY_COOKIE]?.toUpperCase();
  const country = chosen && /^[A-Z]{2}$/.test(chosen) ? chosen : '';
  return { lang, country, api: shopApi(request, lang, country) };
}

/** Throws the 404 page. */
export function notFound(): never {
  throw data({ reason: 'not_found' }, { status: 404 });
}

/** The shop's public origin for absolute links: PUBLIC_URL, else the address the request came to. */
export function publicOrigin(request: Request): string {
  return storefrontConfig.publicUrl ?? new URL(request.url).origin;
}
