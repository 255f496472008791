import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageContext, pageContextMiddleware, requireCustomerMiddleware } from './request-context.server';

type MiddlewareArgs = Parameters<typeof pageContextMiddleware>[0];

/** Runs the root's middleware for `url` as React Router would, with `next` standing for the rest of the request. */
function runRoot(url: string, lang: string, next: (context: RouterContextProvider) => Promise<Response>) {
  const context = new RouterContextProvider();
  const args = { request: new Request(url), params: { lang }, context } as unknown as MiddlewareArgs;
  return pageContextMiddleware(args, () => next(context)) as Promise<Response>;
}

describe('the request context', () => {
  it('gives every loader the language, the chosen country and the API of the request', async () => {
    const request = new Request('http://localhost/it/cart', { headers: { Cookie: 'country=fr' } });
    const context = new RouterContextProvider();
    await pageContextMiddleware({ request, params: { lang: 'it' }, context } as unknown as MiddlewareArgs, async () => {
      expect(pageContext(context)).toMatchObject({ lang: 'it', country: 'FR', api: expect.any(Function) });
      // Without a session there is no customer, and the API is not even asked.
      expect(await pageContext(context).customer()).toBeNull();
      return new Response('ok');
    });
  });

  it('answers an unknown language prefix with the 404 page', async () => {
    await expect(runRoot('http://localhost/xx/cart', 'xx', async () => new Response('ok'))).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('sends a page the API refused for want of a session to sign in, with the way back', async () => {
    const response = await runRoot('http://localhost/fr/wishlist?page=2', 'fr', async () => new Response('', { status: 401 }));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/fr/auth/login?redirectTo=${encodeURIComponent('/fr/wishlist?page=2')}`);
  });

  it('guards the account routes: a visitor goes to sign in before any of their loaders runs', async () => {
    let loaderRan = false;
    const answer = runRoot('http://localhost/de/my-account/orders', 'de', (context) =>
      requireCustomerMiddleware({ request: new Request('http://localhost/de/my-account/orders'), params: { lang: 'de' }, context } as unknown as MiddlewareArgs, async () => {
        loaderRan = true;
        return new Response('orders');
      }) as Promise<Response>,
    );
    const thrown = await answer.then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get('Location')).toBe(`/de/auth/login?redirectTo=${encodeURIComponent('/de/my-account/orders')}`);
    expect(loaderRan).toBe(false);
  });
});
