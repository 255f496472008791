import { describe, expect, it } from 'vitest';
import { hasFilters, keptParams, readListingQuery, readListingView, withQuery } from './listing-query';

const read = (query: string) => readListingQuery(new URL(`http://shop.test/en/3-women?${query}`));

describe('listing choices in the URL', () => {
  it('reads filters, sort, page and page size into the API payload', () => {
    expect(read('size=3&size=4&color=21&brand=2&badge=sale&availability=in_stock&price_min=50&price_max=100&order=price_asc&page=2&per_page=48')).toEqual({
      page: 2,
      order: 'price_asc',
      per_page: 48,
      sizes: [3, 4],
      colors: [21],
      brands: [2],
      badges: ['sale'],
      availability: ['in_stock'],
      price_min: 5_000,
      price_max: 10_099,
    });
  });

  it('ignores values a hand-edited link may carry instead of failing the page', () => {
    expect(read('size=M&size=0&color=-1&badge=cheap&availability=soon&order=cheapest&page=0&per_page=7&price_min=abc')).toEqual({ page: 1 });
    expect(read('size=3&size=3').sizes).toEqual([3]);
    expect(read('price_min=200&price_max=100')).toMatchObject({ price_min: 10_000, price_max: 20_099 });
  });

  it('knows filters from other choices, and the view', () => {
    expect(hasFilters('?order=price_asc&view=list&page=2')).toBe(false);
    expect(hasFilters('?color=21')).toBe(true);
    expect(readListingView('?view=list')).toBe('list');
    expect(readListingView('?view=table')).toBe('grid');
  });

  it('changes some values, resets the page, and keeps the rest for other forms', () => {
    expect(withQuery('?size=3&page=4&order=price_asc', { size: [3, 4] })).toBe('?order=price_asc&size=3&size=4');
    expect(withQuery('?size=3&page=4', { page: 5 })).toBe('?size=3&page=5');
    expect(withQuery('?size=3', { size: null })).toBe('?');
    expect(keptParams('?size=3&size=4&order=price_asc&page=2', ['order'])).toEqual([
      ['size', '3'],
      ['size', '4'],
    ]);
  });
});
