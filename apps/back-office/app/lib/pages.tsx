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
