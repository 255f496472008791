import { render } from '@testing-library/react';
import type { Customer } from '@shop/contract';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import { createI18n, loadResources } from '../app/i18n/i18n';
import type { ShopApi } from '../app/lib/api/shop.server';
import { pageContext, pageContextMiddleware, type PageContext } from '../app/lib/request-context.server';

/**
 * Route tests with React Router's createRoutesStub: a route module's own loader and component, rendered at a URL
 * as a shopper would see them, with the shop API stubbed by the test. Only the request context is made here (as
 * the root's middleware makes it), its API and customer replaced by the test's.
 */

/** A stubbed shop API: each call's answer, by name; a call without one fails the test. Every call is recorded. */
export function stubApi(answers: Record<string, (payload: unknown) => unknown>) {
  const calls: { name: string; payload: unknown }[] = [];
  const api = (async (name: string, payload: unknown) => {
    calls.push({ name, payload });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected API call ${name}`);
    return answer(payload);
  }) as ShopApi;
  return { api, calls };
}

async function requestContext(url: string, overrides: Partial<PageContext>): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  const request = new Request(new URL(url, 'http://localhost'));
  const lang = new URL(request.url).pathname.split('/')[1];
  const args = { request, params: { lang }, context } as unknown as Parameters<typeof pageContextMiddleware>[0];
  await pageContextMiddleware(args, async () => new Response());
  Object.assign(pageContext(context), overrides);
  return context;
}

type StubbedRoute = {
  /** The route's path pattern, e.g. '/:lang/checkout'. */
  path: string;
  Component: ComponentType<never>;
  loader: (args: never) => unknown;
};

/**
 * Renders `route` at `url` (English texts) with `api` as the shop API. `cookie`, when given, is the request's
 * Cookie header as the loader sees it (a browser's router cannot send one); `customer`, the signed-in one (none
 * by default).
 */
export async function renderRoute(route: StubbedRoute, url: string, { api, cookie, customer = null }: { api: ShopApi; cookie?: string; customer?: Customer | null }) {
  const context = await requestContext(url, { api, customer: async () => customer });
  const i18n = createI18n('en', await loadResources('en'));
  const Stub = createRoutesStub(
    [
      {
        path: route.path,
        Component: route.Component as ComponentType,
        HydrateFallback: () => null,
        loader: (args: LoaderFunctionArgs) => {
          const request = new Request(args.request.url, { headers: args.request.headers, signal: args.request.signal });
          if (cookie) {
            // A browser's Request (happy-dom's here) drops a Cookie header; the server's does not.
            const headers = new Headers(args.request.headers);
            headers.set('Cookie', cookie);
            Object.defineProperty(request, 'headers', { value: headers });
          }
          return (route.loader as (args: LoaderFunctionArgs) => unknown)({ ...args, request, context });
        },
      },
    ],
    context,
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}
