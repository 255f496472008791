import { isLang, type Customer, type Lang } from '@shop/contract';
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { orNothing, shopApi, type ShopApi } from './api/shop.server';
import { currentCustomer, loginRedirect } from './auth.server';
import { storefrontConfig } from './config.server';
import { countryClues, visitorCountry } from './geo.server';
import type { CountryNotice } from './root-data';
import { readCookies, requestLanguage } from './locale.server';

/**
 * What every loader and action of a request works with, built once by the root's middleware: the language
 * (a bad prefix is a 404), the shopper's country (chosen or detected, empty = the shop's default) and the notice
 * telling of a detected one, the API bound to language and country (with the session, the shopper's address and
 * the request id), and the signed-in customer, asked for once.
 */
export type PageContext = { lang: Lang; country: string; countryNotice: CountryNotice | null; api: ShopApi; customer: () => Promise<Customer | null> };

const pageContextKey = createContext<PageContext>();

export const pageContextMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const lang = params.lang === undefined ? requestLanguage(request) : isLang(params.lang) ? params.lang : notFound(new URL(request.url).pathname);
  const { country, notice } = await requestCountry(request, lang);
  const api = shopApi(request, lang, country ?? '');
  let customer: Promise<Customer | null> | undefined;
  context.set(pageContextKey, { lang, country: country ?? '', countryNotice: notice, api, customer: () => (customer ??= currentCustomer(request, api)) });
  const response = await next();
  // The API refused a call for want of a (live) session: sign in, then come back here.
  return response.status === 401 ? loginRedirect(request, lang) : response;
};

/**
 * The request's country and notice (lib/geo.server's visitorCountry), so that every call of the request (the cart's
 * VAT and delivery, the checkout's carriers) is for the same country as the page. A detected country needs the shop's
 * countries: asked with that country, the answer is the one the page's own calls reuse when it applies (the API
 * client keeps public answers for a few seconds). An API that cannot say applies nothing.
 */
async function requestCountry(request: Request, lang: Lang) {
  const clues = countryClues(readCookies(request), (name) => request.headers.get(name));
  if (!clues.detected) return { country: clues.chosen, notice: null };
  const bootstrap = await orNothing(shopApi(request, lang, clues.detected.iso)('bootstrap', {}), 'country detection');
  return bootstrap ? visitorCountry(clues, bootstrap.settings.default_country, bootstrap.countries) : { country: null, notice: null };
}

/** The request's context (pageContextMiddleware). */
export function pageContext(context: Readonly<RouterContextProvider>): PageContext {
  return context.get(pageContextKey);
}

/**
 * Guards the login-required routes (SPEC §6) before any of their loaders or actions runs: a visitor without a
 * live session (none, expired or signed out elsewhere) goes to login and comes back after.
 */
export const requireCustomerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { customer, lang } = pageContext(context);
  if (!(await customer())) throw loginRedirect(request, lang);
  return next();
};

/** Sign-in and registration screens: a customer who is already signed in goes to the account instead. */
export async function redirectSignedIn(context: Readonly<RouterContextProvider>): Promise<null> {
  const { customer, lang } = pageContext(context);
  if (await customer()) throw redirect(`/${lang}/my-account`);
  return null;
}

/** The customer of a route that requireCustomerMiddleware guards. */
export async function signedInCustomer(context: Readonly<RouterContextProvider>): Promise<Customer> {
  const customer = await pageContext(context).customer();
  if (!customer) throw new Error('signedInCustomer on a route without requireCustomerMiddleware');
  return customer;
}

/** Throws the 404 page; `path`, the address that failed, goes with it as data (SPEC §8's 'Page Not Found: {path}'). */
export function notFound(path?: string): never {
  throw data(path === undefined ? { reason: 'not_found' } : { reason: 'not_found', path }, { status: 404 });
}

/** The shop's public origin for absolute links: PUBLIC_URL, else the address the request came to. */
export function publicOrigin(request: Request): string {
  return storefrontConfig.publicUrl ?? new URL(request.url).origin;
}
