import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { withQuery } from './listing-query';

type Props = {
  page: number;
  pages: number;
  /** The query parameter holding the page: a product page pages its related products with its own. */
  param?: string;
  label?: string;
};

/** Links to the first, previous, next and last pages and those around the current one: crawlable, no JavaScript. */
export function Pagination({ page, pages, param = 'page', label }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pages <= 1) return null;
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const to = (n: number) => withQuery(search, { [param]: n === 1 ? null : n });
  const linkClass = 'block rounded border border-stone-300 px-3 py-1 hover:bg-stone-100';
  return (
    <nav aria-label={label ?? t('pagination.label')} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={to(page - 1)} rel="prev" preventScrollReset={param !== 'page'} className={linkClass}>
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {numbers.map((n, index) => (
          <li key={n} className="flex items-center gap-2">
            {index > 0 && n - (numbers[index - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
            {n === page ? (
              <span aria-current="page" className="block rounded bg-stone-900 px-3 py-1 text-white">
                <span className="sr-only">{t('pagination.page', { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <Link to={to(n)} preventScrollReset={param !== 'page'} className={linkClass} aria-label={t('pagination.page', { page: n })}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={to(page + 1)} rel="next" preventScrollReset={param !== 'page'} className={linkClass}>
              {t('pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
