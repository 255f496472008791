import { PAGE_SIZES } from '@shop/contract/constants';
import type { Listing } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { submitOwnForm, useCleanGetSubmit } from './get-form';
import { keptParams, LISTING_VIEWS, readListingView, withQuery } from './listing-query';

const CONTROL = 'rounded border border-stone-300 px-2 py-1 text-sm';
const VIEW_LABEL = { grid: 'catalog.viewGrid', list: 'catalog.viewList' } as const;

type SortProps = { listing: Omit<Listing, 'products'>; /** Prefix of the controls' ids: the toolbar's and the filter drawer's forms may both be on the page. */ idPrefix: string; perPage?: boolean };

/** Sort (and page size) as one GET form: applies at once with JavaScript, with its button without. */
export function SortForm({ listing, idPrefix, perPage = false }: SortProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const onSubmit = useCleanGetSubmit();
  return (
    <form key={search} method="get" onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
      {keptParams(search, perPage ? ['order', 'per_page'] : ['order']).map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={`${idPrefix}-order`} className="text-sm">
        {t('catalog.sortBy')}
      </label>
      <select id={`${idPrefix}-order`} name="order" defaultValue={listing.order} onChange={submitOwnForm} className={CONTROL}>
        {listing.sort_orders.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </select>
      {perPage ? (
        <>
          <label htmlFor={`${idPrefix}-per-page`} className="text-sm">
            {t('catalog.perPage')}
          </label>
          <select id={`${idPrefix}-per-page`} name="per_page" defaultValue={listing.pagination.per_page} onChange={submitOwnForm} className={CONTROL}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {/* Without JavaScript the choices are sent with this button. */}
      <noscript>
        <button type="submit" className={CONTROL}>
          {t('catalog.apply')}
        </button>
      </noscript>
    </form>
  );
}

/**
 * The count, then sort and page size and the grid/list switch (links), which an empty listing has nothing for. On a
 * phone sort is in the filter drawer, and `filters` (its button) comes first.
 */
export function ListingToolbar({ listing, filters }: { listing: Omit<Listing, 'products'>; filters?: React.ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const view = readListingView(search);
  const { pagination } = listing;
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 lg:mb-6 lg:gap-4">
      {filters}
      <p id="listing-count" className="text-sm text-stone-600" role="status">
        {t('catalog.productCount', { count: pagination.total_items })}
      </p>
      {pagination.total_items > 0 ? (
        <div className="flex flex-wrap items-center gap-4">
          <div className={filters ? 'hidden lg:block' : ''}>
            <SortForm listing={listing} idPrefix="listing" perPage />
          </div>
          <nav aria-label={t('catalog.view')}>
            <ul className="flex gap-1 text-sm">
              {LISTING_VIEWS.map((option) => (
                <li key={option}>
                  <Link
                    to={withQuery(search, { view: option === 'grid' ? null : option, page: new URLSearchParams(search).get('page') })}
                    preventScrollReset
                    aria-current={option === view ? 'true' : undefined}
                    className={`block rounded border px-3 py-1 ${option === view ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300 hover:bg-stone-100'}`}
                  >
                    {t(VIEW_LABEL[option])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
