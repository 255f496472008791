import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sameOriginMiddleware } from './csrf.server';

const SHOP = 'http://shop.test';

/** Runs the middleware on a request to the cart; `next` stands for the route's action. */
async function run(method: string, headers: HeadersInit) {
  const next = vi.fn(async () => new Response('done'));
  const request = new Request(`${SHOP}/en/cart`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : 'intent=add' });
  const args = { request, params: {}, context: new RouterContextProvider() } as unknown as Parameters<typeof sameOriginMiddleware>[0];
  try {
    const response = await sameOriginMiddleware(args, next);
    return { status: (response as Response).status, actionRan: next.mock.calls.length > 0 };
  } catch (thrown) {
    return { status: (thrown as { init: { status: number } }).init.status, actionRan: next.mock.calls.length > 0 };
  }
}

describe('the same-origin check of every changing request', () => {
  it("lets the shop's own posts through, named by Origin or, failing that, by Referer", async () => {
    expect(await run('POST', { Origin: SHOP })).toEqual({ status: 200, actionRan: true });
    expect(await run('POST', { Referer: `${SHOP}/en/product/1` })).toEqual({ status: 200, actionRan: true });
  });

  it('refuses a post, put or delete made by another site, or by nobody it can name, before the action runs', async () => {
    const strangers: Record<string, string>[] = [{ Origin: 'https://elsewhere.example' }, { Referer: 'https://elsewhere.example/en/cart' }, {}, { Referer: 'not a url' }, { Origin: 'null' }];
    for (const headers of strangers) {
      expect(await run('POST', headers), JSON.stringify(headers)).toEqual({ status: 403, actionRan: false });
    }
    expect(await run('PUT', { Origin: 'https://elsewhere.example' })).toEqual({ status: 403, actionRan: false });
    expect(await run('DELETE', {})).toEqual({ status: 403, actionRan: false });
    // Origin wins over a Referer that would pass.
    expect(await run('POST', { Origin: 'https://elsewhere.example', Referer: `${SHOP}/en/cart` })).toEqual({ status: 403, actionRan: false });
  });

  it('lets a page be read from a link on another site', async () => {
    expect(await run('GET', { Referer: 'https://elsewhere.example/' })).toEqual({ status: 200, actionRan: true });
    expect(await run('HEAD', { Origin: 'https://elsewhere.example' })).toEqual({ status: 200, actionRan: true });
  });
});
