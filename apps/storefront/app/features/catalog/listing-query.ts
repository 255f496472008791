import { AVAILABILITIES, BADGES, PAGE_SIZES, SORT_KEYS, type Availability, type SortKey } from '@shop/contract/constants';
import type { Badge, ListingFilters } from '@shop/contract';

/** Every listing choice lives in the URL (shareable, crawlable, back button): these are its parameter names. */
export const FILTER_PARAMS = {
  sizes: 'size',
  colors: 'color',
  brands: 'brand',
  badges: 'badge',
  availability: 'availability',
  priceMin: 'price_min',
  priceMax: 'price_max',
} as const;
export const FILTER_PARAM_NAMES: string[] = Object.values(FILTER_PARAMS);

export const LISTING_VIEWS = ['grid', 'list'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

export type ListingQuery = { page: number; order?: SortKey; per_page?: number } & ListingFilters;

const MAX_VALUES = 50;
const MAX_PRICE_UNITS = 1_000_000;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function idsOf(params: URLSearchParams, name: string): number[] | undefined {
  const ids = [...new Set(params.getAll(name))].filter((value) => /^[1-9][0-9]{0,8}$/.test(value)).map(Number);
  return ids.length > 0 ? ids.slice(0, MAX_VALUES) : undefined;
}

function valuesOf<T extends string>(params: URLSearchParams, name: string, list: readonly T[]): T[] | undefined {
  const values = [...new Set(params.getAll(name))].filter((value): value is T => isOneOf(list, value));
  return values.length > 0 ? values : undefined;
}

/** A price in the URL is in whole currency units (`price_max=100`); the API counts cents, both bounds included. */
function priceOf(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (!value || !/^[0-9]{1,7}$/.test(value)) return undefined;
  return Math.min(Number(value), MAX_PRICE_UNITS);
}

/**
 * The listing choices of a URL as the API's payload. Unknown or malformed values are ignored rather than
 * refused: a hand-edited or outdated link still shows a listing.
 */
export function readListingQuery(url: URL): ListingQuery {
  const params = url.searchParams;
  const page = Number(params.get('page') ?? 1);
  const order = params.get('order') ?? '';
  const perPage = Number(params.get('per_page'));
  let priceMin = priceOf(params, FILTER_PARAMS.priceMin);
  let priceMax = priceOf(params, FILTER_PARAMS.priceMax);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const query: ListingQuery = {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    ...(isOneOf(SORT_KEYS, order) ? { order } : {}),
    ...((PAGE_SIZES as readonly number[]).includes(perPage) ? { per_page: perPage } : {}),
    sizes: idsOf(params, FILTER_PARAMS.sizes),
    colors: idsOf(params, FILTER_PARAMS.colors),
    brands: idsOf(params, FILTER_PARAMS.brands),
    badges: valuesOf<Badge>(params, FILTER_PARAMS.badges, BADGES),
    availability: valuesOf<Availability>(params, FILTER_PARAMS.availability, AVAILABILITIES),
    price_min: priceMin === undefined ? undefined : priceMin * 100,
    // The whole last unit is included: `price_max=100` is up to 100.99.
    price_max: priceMax === undefined ? undefined : priceMax * 100 + 99,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ListingQuery;
}

/** Whether any filter is chosen (sort, page size and view are not filters). */
export function hasFilters(search: string): boolean {
  const params = new URLSearchParams(search);
  return FILTER_PARAM_NAMES.some((name) => params.has(name));
}

export function readListingView(search: string): ListingView {
  const view = new URLSearchParams(search).get('view') ?? '';
  return isOneOf(LISTING_VIEWS, view) ? view : 'grid';
}

type QueryValue = string | number | null | (string | number)[];

/**
 * The same URL's query with some values changed (null removes one, a list sets repeated values);
 * page goes back to 1 unless set.
 */
export function withQuery(search: string, changes: Record<string, QueryValue>): string {
  const params = new URLSearchParams(search);
  if (!('page' in changes)) params.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    params.delete(key);
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** The query's parameters but `names` (and the page), as hidden fields of a form that sets `names`. */
export function keptParams(search: string, names: string[]): [string, string][] {
  return [...new URLSearchParams(search)].filter(([key]) => key !== 'page' && !names.includes(key));
}
