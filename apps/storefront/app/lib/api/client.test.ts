import { describe, expect, it, vi } from 'vitest';
import { createShopClient, retryBudget, ShopApiError } from './client';
import { ResponseCache } from './response-cache';

const bootstrapData = {
  settings: { maintenance_mode: false, theme: 'default', gtm_id: null, currency: 'EUR', default_country: 'IT' },
  languages: [],
  countries: [],
  menu: [],
  footer_links: [],
};
const ok = (psdata: unknown) => new Response(JSON.stringify({ success: true, code: 'ok', psdata, message: 'OK' }), { status: 200 });
const fail = (status: number, code = 'error') => new Response(JSON.stringify({ success: false, code, psdata: null, message: 'nope' }), { status });

function clientWith(responses: Array<Response | Error>, options: { timeoutMs?: number; baseUrl?: string } = {}) {
  const fetch = vi.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const client = createShopClient({ baseUrl: options.baseUrl ?? 'http://api.test', timeoutMs: options.timeoutMs ?? 1000, fetch: fetch as never, cache: new ResponseCache(), retryDelayMs: 1 });
  return { client, fetch };
}
const context = { lang: 'en', country: 'IT' };

describe('shop API client (SPEC §7)', () => {
  it('retries writes never, read-only calls and GETs once', () => {
    expect(retryBudget('POST', false)).toBe(0);
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect(retryBudget(method, false)).toBe(0);
    expect(retryBudget('POST', true)).toBe(1);
    expect(retryBudget('GET', false)).toBe(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a read-only call once after %i', async (status) => {
    const { client, fetch } = clientWith([fail(status), ok(bootstrapData)]);
    await expect(client.call('bootstrap', {}, context)).resolves.toMatchObject({ menu: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry a status outside the list, and reports the API code', async () => {
    const { client, fetch } = clientWith([fail(404, 'not_found'), ok(bootstrapData)]);
    await expect(client.call('getProduct', { product_id: 1 }, context)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives the spec’s transport error texts', async () => {
    await expect(clientWith([new TypeError('fetch failed'), new TypeError('fetch failed')]).client.call('bootstrap', {}, context)).rejects.toThrow('Network Error');
    await expect(clientWith([], { baseUrl: 'ftp://api.test' }).client.call('bootstrap', {}, context)).rejects.toThrow('Unsupported protocol');
    const slow = createShopClient({
      baseUrl: 'http://api.test',
      timeoutMs: 20,
      retryDelayMs: 1,
      cache: new ResponseCache(),
      fetch: ((_url: URL, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as never,
    });
    await expect(slow.call('getProduct', { product_id: 1 }, context)).rejects.toThrow('timeout of 20ms exceeded');
    const controller = new AbortController();
    controller.abort();
    const aborted = clientWith([new DOMException('aborted', 'AbortError')]).client.call('getProduct', { product_id: 1 }, { ...context, signal: controller.signal });
    await expect(aborted).rejects.toThrow('Request aborted');
  });

  it('rejects an answer that does not match the contract', async () => {
    const error = await clientWith([ok({ menu: 'not a list' })]).client.call('bootstrap', {}, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ status: 502, code: 'invalid_response' });
  });

  it('serves public catalogue answers from its 5-second cache, per language', async () => {
    const { client, fetch } = clientWith([ok(bootstrapData), ok(bootstrapData)]);
    await client.call('bootstrap', {}, context);
    await client.call('bootstrap', {}, context);
    expect(fetch).toHaveBeenCalledTimes(1);
    await client.call('bootstrap', {}, { ...context, lang: 'fr' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('response cache', () => {
  it('expires entries after their time and shares requests in flight', async () => {
    let now = 0;
    const cache = new ResponseCache(5000, 10, () => now);
    const load = vi.fn(async () => 'value');
    await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 5001;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure', async () => {
    const cache = new ResponseCache();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('k', async () => 'up')).resolves.toBe('up');
  });
});
