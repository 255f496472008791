import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '~/lib/log.server';

/** A shop API whose featured and recommended rails fail while the others answer with no products. */
let api: Server;
beforeAll(async () => {
  api = createServer((request, response) => {
    const failing = request.url?.startsWith('/getProductsFeatured') || request.url?.startsWith('/getProducts?') || request.url === '/getProducts';
    response.writeHead(failing ? 500 : 200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(failing ? { success: false, code: 'internal_error', message: 'down', psdata: null } : { success: true, psdata: { products: [] } }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('SHOP_API_URL', `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
});
afterAll(() => {
  vi.unstubAllEnvs();
  api.close();
});

describe('the home page', () => {
  it('leaves a failing rail out and shows the others, instead of an error screen', async () => {
    const { loader } = await import('./home');
    const { pageContextMiddleware } = await import('~/lib/request-context.server');
    const context = new RouterContextProvider();
    const request = new Request('http://localhost/en');
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const args = { request, params: { lang: 'en' }, context } as unknown as Parameters<typeof pageContextMiddleware>[0];
    let data: Awaited<ReturnType<typeof loader>> | undefined;
    await pageContextMiddleware(args, async () => {
      data = await loader({ request, params: { lang: 'en' }, context } as unknown as Parameters<typeof loader>[0]);
      return new Response('page');
    });
    // The first rail is awaited, the others stream: each promise settles with its products, or none when it failed.
    expect(data?.featured).toEqual([]);
    await expect(data?.streamed.bestsellers).resolves.toEqual([]);
    await expect(data?.streamed.latest).resolves.toEqual([]);
    await expect(data?.streamed.recommended).resolves.toEqual({ products: [], category: null });
    expect(log.warn).toHaveBeenCalledWith('home rail left out', expect.anything());
  });
});
