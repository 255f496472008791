import { PAGE_SIZES, SORT_KEYS, type SortKey } from '@shop/contract/constants';

export type ListingQuery = { page: number; order?: SortKey; per_page?: number };

/** The listing choices that live in the URL (shareable, crawlable); unknown values are ignored. */
export function readListingQuery(url: URL): ListingQuery {
  const page = Number(url.searchParams.get('page') ?? 1);
  const order = url.searchParams.get('order');
  const perPage = Number(url.searchParams.get('per_page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    ...((SORT_KEYS as readonly string[]).includes(order ?? '') ? { order: order as SortKey } : {}),
    ...((PAGE_SIZES as readonly number[]).includes(perPage) ? { per_page: perPage } : {}),
  };
}

/** The same URL with some query values changed (null removes one); page goes back to 1 unless set. */
export function withQuery(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  if (!('page' in changes)) params.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}
