import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The page asked for in the URL (1 to 10,000), as the API's lists take it. */
export const pageParam = (params: URLSearchParams) => Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));

/** Previous and next links of a paged list, keeping its filters (empty ones left out). */
export function Pages({ page, pages, params }: { page: number; pages: number; params: Record<string, string> }) {
  const { t } = useTranslation();
  const kept = Object.fromEntries(Object.entries(params).filter(([, value]) => value));
  const link = (to: number) => `?${new URLSearchParams({ ...kept, page: String(to) })}`;
  return (
    <nav aria-label={t('orders.page', { page, pages })} className="mt-4 flex items-center gap-4">
      {page > 1 && (
        <Link to={link(page - 1)} className="text-blue-800 underline">
          {t('orders.previous')}
        </Link>
      )}
      <span>{t('orders.page', { page, pages })}</span>
      {page < pages && (
        <Link to={link(page + 1)} className="text-blue-800 underline">
          {t('orders.next')}
        </Link>
      )}
    </nav>
  );
}
