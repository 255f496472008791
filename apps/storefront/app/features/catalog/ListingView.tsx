import { SORT_KEYS } from '@shop/contract/constants';
import type { Listing } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { withQuery } from './listing-query';
import { ProductGrid } from './ProductCard';

function SortForm({ order }: { order: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([key]) => key !== 'order' && key !== 'page');
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="listing-order" className="text-sm">
        {t('catalog.sortBy')}
      </label>
      <select
        id="listing-order"
        name="order"
        defaultValue={order}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded border border-stone-300 px-2 py-1 text-sm"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </select>
      {/* Without JavaScript the choice is sent with this button. */}
      <noscript>
        <button type="submit" className="rounded border border-stone-300 px-2 py-1 text-sm">
          {t('catalog.apply')}
        </button>
      </noscript>
    </Form>
  );
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pages <= 1) return null;
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const linkClass = 'rounded border border-stone-300 px-3 py-1 hover:bg-stone-100';
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={withQuery(search, { page: page - 1 })} rel="prev" className={linkClass}>
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="rounded bg-stone-900 px-3 py-1 text-white">
                <span className="sr-only">{t('pagination.page', { page: n })}</span>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <Link to={withQuery(search, { page: n })} className={linkClass} aria-label={t('pagination.page', { page: n })}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={withQuery(search, { page: page + 1 })} rel="next" className={linkClass}>
              {t('pagination.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A page of products with its count, sort choice and pagination; or a helpful empty state. */
export function ListingView({ listing, emptyText, emptyHint }: { listing: Listing; emptyText: string; emptyHint: string }) {
  const { t } = useTranslation();
  const { pagination } = listing;
  return (
    <section aria-labelledby="listing-count">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p id="listing-count" className="text-sm text-stone-600">
          {t('catalog.productCount', { count: pagination.total_items })}
        </p>
        {pagination.total_items > 0 ? <SortForm order={listing.order} /> : null}
      </div>
      {listing.products.length > 0 ? (
        <ProductGrid products={listing.products} label={t('catalog.products')} headingLevel={2} />
      ) : (
        <div className="rounded border border-dashed border-stone-300 p-10 text-center">
          <p className="font-medium">{emptyText}</p>
          <p className="mt-2 text-stone-600">{emptyHint}</p>
        </div>
      )}
      <Pagination page={pagination.page} pages={pagination.pages} />
    </section>
  );
}
