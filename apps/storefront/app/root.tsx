import { isLang } from '@shop/contract/constants';
import { useTranslation } from './i18n/use-translation';
import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import displayFont from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';
import { ErrorScreen, errorScreenProps } from './components/ErrorScreen';
import { SharedDrawings } from './components/Icon';
import { FatalErrorProvider } from './components/FatalError';
import { isQuietPost } from './lib/form-fields';
import { MaintenanceLayout } from './components/MaintenanceLayout';
import { ShopChrome } from './layouts/ShopChrome';
import { getClientI18n } from './i18n/client-instance';
import { switchLanguage } from './i18n/i18n';
import { loadOrFail, orNothing } from './lib/api/shop.server';
import { useNonce } from './lib/nonce';
import { ZOD_SETTINGS_SCRIPT } from '@shop/contract/in-the-browser';
import { shopperSummary } from './lib/auth.server';
import { storefrontConfig } from './lib/config.server';
import { readCookies } from './lib/locale.server';
import { pageContext, pageContextMiddleware, publicOrigin } from './lib/request-context.server';
import { pageCacheMiddleware } from './lib/page-cache.server';
import { sameOriginMiddleware } from './lib/csrf.server';
import { safeRedirect } from './lib/safe-redirect.server';
import { toPageCountry, type RootData } from './lib/root-data';
import { FLASH_COOKIE, flashCookie } from './lib/flash.server';
import { ConsentProvider, useTagManager } from './features/consent/ConsentProvider';
import { requestGrants } from './lib/consent.server';
import { useRootData } from './lib/hooks';

export const links: Route.LinksFunction = () => [
  // The headings' face (app.css), fetched with the stylesheet rather than once the page is laid out.
  { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * SPEC §2: a trailing slash is removed from any path but the root, the query kept (`//host/` stays on the shop).
 * A middleware, so that resource routes (the sitemap, the suggestions) follow the rule as pages do.
 */
const trailingSlashMiddleware: Route.MiddlewareFunction = ({ request }, next) => {
  const url = new URL(request.url);
  if (url.pathname !== '/' && url.pathname.endsWith('/')) {
    throw redirect(safeRedirect(request, `${url.pathname.replace(/\/+$/, '')}${url.search}`, '/'), 301);
  }
  return next();
};

/**
 * SPEC §2 and §8: in maintenance every answer is the 503, resource routes included, and before any loader runs
 * (a page's loader could otherwise answer first with a redirect to its canonical slug). An API that cannot say
 * is left to the routes (a page shows its own 503, the suggestions show none).
 */
const maintenanceMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  const bootstrap = await orNothing(pageContext(context).api('bootstrap', {}), 'maintenance check');
  if (bootstrap?.settings.maintenance_mode) throw data({ reason: 'maintenance' }, { status: 503 });
  return next();
};

/** Pages for visitors without a session come from a few-seconds cache (DESIGN.md §2, lib/page-cache.server). */
// A post from another site is refused first; a kept page is answered before anything else; otherwise the request's
// context is built once for every loader.
export const middleware: Route.MiddlewareFunction[] = [sameOriginMiddleware, trailingSlashMiddleware, pageCacheMiddleware, pageContextMiddleware, maintenanceMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, country, countryNotice, api, customer: signedIn } = pageContext(context);
  const [bootstrap, customer, shopper] = await Promise.all([
    loadOrFail(api('bootstrap', {})),
    signedIn(),
    shopperSummary(request, api),
  ]);
  const cookies = readCookies(request);
  const flash = cookies[FLASH_COOKIE] || null;
  const pageCountry = country || bootstrap.settings.default_country;
  const rootData: RootData = {
    lang,
    country: pageCountry,
    countryNotice,
    bootstrap: { ...bootstrap, countries: bootstrap.countries.map(toPageCountry) },
    origin: publicOrigin(request),
    socialLinks: storefrontConfig.socialLinks,
    customer: customer && { first_name: customer.first_name },
    shopper,
    flash,
    // Part of the page-cache key too (lib/page-cache.server): the dialog and the tag manager differ with it.
    consent: { tagManagerId: storefrontConfig.gtmId, granted: requestGrants(cookies) },
  };
  // A one-time message is shown once: the cookie goes with this answer.
  return data(rootData, flash ? { headers: { 'Set-Cookie': flashCookie(request, null) } } : undefined);
}

/** In the browser: a language change loads that language's texts while the server answers. */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const i18n = getClientI18n();
  const [rootData] = await Promise.all([serverLoader(), isLang(params.lang) ? switchLanguage(i18n, params.lang) : null]);
  await switchLanguage(i18n, rootData.lang);
  return rootData;
}

/** The shop's frame changes with the language, or after a form changed something; not on every click. */
export function shouldRevalidate({ currentParams, nextParams, formMethod, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isQuietPost(formData)) return false;
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentParams.lang !== nextParams.lang;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const lang = i18n.language as 'en';
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_SETTINGS_SCRIPT }} />
        <meta name="theme-color" content="#1c1917" />
        <link rel="manifest" href={`/${lang}/manifest.webmanifest`} />
        {/* A stylesheet with a precedence is one React puts first in the head, before the scripts' preloads: the
            first paint waits for it, and a phone's browser fetches six files at a time (docs/performance.md). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-stone-900 antialiased">
        <SharedDrawings />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { consent } = useRootData()!;
  useTagManager(consent);
  return (
    <FatalErrorProvider>
      <ConsentProvider state={consent}>
        <Outlet />
      </ConsentProvider>
    </FatalErrorProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>('root');
  const screen = <ErrorScreen {...errorScreenProps(error)} />;
  if (!root) return <MaintenanceLayout>{screen}</MaintenanceLayout>;
  return (
    <FatalErrorProvider>
      <ShopChrome root={root}>{screen}</ShopChrome>
    </FatalErrorProvider>
  );
}
