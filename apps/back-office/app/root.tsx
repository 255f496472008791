import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, type LinksFunction } from 'react-router';
import stylesheet from './app.css?url';
import { ZOD_SETTINGS_SCRIPT } from '@shop/contract/in-the-browser';
import { useNonce } from './lib/nonce';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  return (
    <html lang={i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_SETTINGS_SCRIPT }} />
        <meta name="robots" content="noindex, nofollow" />
        <title>{t('title')}</title>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
          {t('skip')}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  // A list's page link that is not one (lib/pages.tsx cursorParam): the way back is the list's first page, its filters kept.
  const badCursor = isRouteErrorResponse(error) && error.status === 400 && error.data === 'cursor_invalid';
  const firstPage = new URLSearchParams(location.search);
  firstPage.delete('cursor');
  return (
    <main id="main" className="mx-auto max-w-xl p-6">
      <h1 className="text-xl font-semibold">{isRouteErrorResponse(error) ? error.status : 500}</h1>
      <p className="mt-2">{t(badCursor ? 'refusals.cursor_invalid' : forbidden ? 'refusals.forbidden' : 'refusals.default')}</p>
      <p className="mt-4">
        {badCursor ? (
          <a className="text-blue-800 underline" href={`${location.pathname}${firstPage.size ? `?${firstPage}` : ''}`}>
            {t('orders.first')}
          </a>
        ) : (
          <a className="text-blue-800 underline" href="/orders">
            {t('nav.orders')}
          </a>
        )}
      </p>
    </main>
  );
}
