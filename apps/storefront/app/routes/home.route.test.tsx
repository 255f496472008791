// @vitest-environment happy-dom
import type { ProductSummary } from '@shop/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubApi } from '../../test/route-stub';
import Home, { loader } from './home';
import { log } from '~/lib/log.server';

/** The home route (loader and screen), rendered through createRoutesStub with a stubbed shop API. */
const route = { path: '/:lang', Component: Home, loader };

function product(id: number, name: string): ProductSummary {
  return {
    id_product: id,
    name,
    link_rewrite: name.toLowerCase().replaceAll(' ', '-'),
    sku: `SKU-${id}`,
    reference: `REF-${id}`,
    has_discount: false,
    regular_price: 4900,
    price: 4900,
    discount_percent: null,
    price_varies: false,
    brand: null,
    colors: [],
    badges: [],
    free_shipping: false,
    remaining_stock: null,
    quantity: 5,
    single_combination_id: null,
    default_image: { url: `/media/${id}.jpg`, width: 600, height: 800, alt: '' },
    rating: null,
  };
}

const rail = (...products: ProductSummary[]) => ({ products });
const dresses = { id: 12, name: 'Dresses', slug: 'dresses' };

/** A promise the test settles when it wants. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the home route', () => {
  it('shows every rail that answers and leaves a failing one out, the rest of the page intact', async () => {
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const { api } = stubApi({
      getProductsFeatured: () => rail(product(1, 'Linen dress')),
      getProductsBestsellers: () => rail(product(2, 'Denim jacket')),
      getProductsLatest: () => Promise.reject(new Error('down')),
      getProducts: () => ({ ...rail(product(3, 'Silk scarf')), category: dresses }),
    });
    await renderRoute(route, '/en', { api });
    // The whole home page's first render: on a loaded machine it takes longer than testing-library's 1 s default.
    expect(await screen.findByRole('heading', { level: 2, name: 'Recommended for you' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'The new season is here' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Linen dress' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Bestsellers' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Denim jacket' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/en/12-dresses');
    expect(screen.queryByRole('heading', { name: 'New arrivals' })).toBeNull();
    expect(log.warn).toHaveBeenCalledWith('home rail left out', expect.anything());
  });

  it('asks for all four rails at once, and shows the page while the rails below the first still stream', async () => {
    const featured = later<unknown>();
    const bestsellers = later<unknown>();
    const latest = later<unknown>();
    const recommended = later<unknown>();
    const { api, calls } = stubApi({
      getProductsFeatured: () => featured.promise,
      getProductsBestsellers: () => bestsellers.promise,
      getProductsLatest: () => latest.promise,
      getProducts: () => recommended.promise,
    });
    const { container } = await renderRoute(route, '/en', { api });
    // No call waits for another: all four are asked before any answers.
    await waitFor(() => expect(calls.map(({ name }) => name).sort()).toEqual(['getProducts', 'getProductsBestsellers', 'getProductsFeatured', 'getProductsLatest']));
    featured.resolve(rail(product(1, 'Linen dress')));
    // The page is there with its first rail; the three others are skeletons hidden from assistive technology.
    expect(await screen.findByRole('heading', { level: 3, name: 'Linen dress' })).toBeTruthy();
    expect(container.querySelectorAll('[data-skeleton][aria-hidden="true"]')).toHaveLength(3);
    bestsellers.resolve(rail(product(2, 'Denim jacket')));
    expect(await screen.findByRole('heading', { level: 3, name: 'Denim jacket' })).toBeTruthy();
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(2);
    latest.resolve(rail(product(4, 'Wool coat')));
    recommended.resolve({ ...rail(), category: dresses });
    expect(await screen.findByRole('heading', { level: 3, name: 'Wool coat' })).toBeTruthy();
    // An empty rail is left out, its skeleton too.
    await waitFor(() => expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0));
    expect(screen.queryByRole('heading', { name: 'Recommended for you' })).toBeNull();
  });
});
