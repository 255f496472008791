import { LIST_COUNT_CAP, listCursor } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The page asked for in the URL (1 to 10,000), as the API's lists take it. */
export const pageParam = (params: URLSearchParams) => Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));

/**
 * Previous and next links of a paged list, keeping its filters (empty ones left out). With `more`, the list has more
 * than `pages` pages (its count stopped there): the last page known has a next one.
 */
export function Pages({ page, pages, params, more = false }: { page: number; pages: number; params: Record<string, string>; more?: boolean }) {
  const { t } = useTranslation();
  const kept = Object.fromEntries(Object.entries(params).filter(([, value]) => value));
  const link = (to: number) => `?${new URLSearchParams({ ...kept, page: String(to) })}`;
  const label = t(more ? 'orders.pageOfMore' : 'orders.page', { page, pages });
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4">
      {page > 1 && (
        <Link to={link(page - 1)} className="text-blue-800 underline">
          {t('orders.previous')}
        </Link>
      )}
      <span>{label}</span>
      {(page < pages || (more && page === pages)) && (
        <Link to={link(page + 1)} className="text-blue-800 underline">
          {t('orders.next')}
        </Link>
      )}
    </nav>
  );
}

/**
 * The page link of a keyset-paged list in the URL (ADR 58): none for the first page. One the contract does not take
 * (cut short, changed, too long) is a 400 page saying so, with the way to the first page, never an error of the API.
 */
export function cursorParam(params: URLSearchParams): string | undefined {
  const given = params.get('cursor');
  if (!given) return undefined;
  if (!listCursor.safeParse(given).success) throw new Response('cursor_invalid', { status: 400 });
  return given;
}

/** How many rows a keyset-paged list has, in its own words, or "more than" past the count's cap. */
export function ListCount({ list, text }: { list: { total: number; total_capped: boolean }; text: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="mb-2" aria-live="polite">
      {list.total_capped ? t('orders.moreThan', { number: new Intl.NumberFormat(i18n.language).format(LIST_COUNT_CAP) }) : t(text, { count: list.total })}
    </p>
  );
}

/**
 * First, previous and next pages of a keyset-paged list: plain links carrying the page's cursor and the list's filters
 * (empty ones left out), so that they work before and without JavaScript. `paged`: this is not the first page.
 */
export function CursorPages({ list, params, paged }: { list: { next: string | null; previous: string | null }; params: Record<string, string>; paged: boolean }) {
  const { t } = useTranslation();
  const kept = Object.fromEntries(Object.entries(params).filter(([, value]) => value));
  const link = (cursor?: string) => `?${new URLSearchParams(cursor ? { ...kept, cursor } : kept)}`;
  if (!paged && !list.next) return null;
  return (
    <nav aria-label={t('orders.pagesNav')} className="mt-4 flex flex-wrap items-center gap-4">
      {paged && (
        <Link to={link()} className="text-blue-800 underline">
          {t('orders.first')}
        </Link>
      )}
      {list.previous && (
        <Link to={link(list.previous)} className="text-blue-800 underline">
          {t('orders.previous')}
        </Link>
      )}
      {list.next && (
        <Link to={link(list.next)} className="text-blue-800 underline">
          {t('orders.next')}
        </Link>
      )}
    </nav>
  );
}
