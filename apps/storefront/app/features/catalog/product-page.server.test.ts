import type { Product } from '@shop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopApiError } from '~/lib/api/client';
import type { ShopApi } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { loadProductPage } from './product-page.server';
import { log } from '~/lib/log.server';

/** Only what loadProductPage reads of a product; the rest is passed through. */
const product = { id_product: 7, link_rewrite: 'linen-dress', alternates: { fr: 'robe-en-lin' } } as unknown as Product;

function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}

function pageContext(answers: Record<string, () => Promise<unknown>>, calls: string[]): PageContext {
  const api = ((name: string) => (calls.push(name), answers[name]!())) as ShopApi;
  return { lang: 'en', country: '', countryNotice: null, api, customer: async () => null };
}

afterEach(() => vi.restoreAllMocks());

describe('the product page data', () => {
  it('asks for the product, its related products and its reviews at once, and streams the related products and reviews', async () => {
    const productCall = later<unknown>();
    const relatedCall = later<unknown>();
    const reviewsCall = later<unknown>();
    const calls: string[] = [];
    const context = pageContext(
      { getProduct: () => productCall.promise, getRelatedProducts: () => relatedCall.promise, getProductReviews: () => reviewsCall.promise },
      calls,
    );
    const page = loadProductPage(context, 7, '7-linen-dress', new URL('http://localhost/en/7-linen-dress.html'));
    expect(calls.sort()).toEqual(['getProduct', 'getProductReviews', 'getRelatedProducts']);
    productCall.resolve(product);
    // The page's data is there while the related products are still on their way.
    const data = await page;
    expect(data.product).toBe(product);
    expect(data.alternates).toEqual({ fr: '/fr/robe-en-lin.html' });
    const related = { products: [], pagination: { page: 1, pages: 1, total_items: 0, per_page: 4 } };
    relatedCall.resolve(related);
    await expect(data.related).resolves.toBe(related);
    const reviews = { reviews: [] };
    reviewsCall.resolve(reviews);
    await expect(data.reviews).resolves.toBe(reviews);
  });

  it('leaves the related products and the reviews out when their calls fail, the page stays', async () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const down = async () => Promise.reject(new ShopApiError(503, 'unavailable', 'down'));
    const context = pageContext({ getProduct: async () => product, getRelatedProducts: down, getProductReviews: down }, []);
    const data = await loadProductPage(context, 7, '7-linen-dress', new URL('http://localhost/en/7-linen-dress.html'));
    await expect(data.related).resolves.toBeNull();
    await expect(data.reviews).resolves.toBeNull();
    expect(log.warn).toHaveBeenCalledWith('related products left out', { failure: 'down' });
  });
});
