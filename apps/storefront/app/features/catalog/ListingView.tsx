import type { Listing } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ActiveFilters } from './ActiveFilters';
import { FilterPanel } from './FilterPanel';
import { FILTER_PARAM_NAMES, hasFilters, readListingView, withQuery } from './listing-query';
import { ListingToolbar } from './ListingToolbar';
import { Pagination } from './Pagination';
import { ProductGrid } from './ProductCard';

type Props = { listing: Listing; emptyText: string; emptyHint: string; children?: React.ReactNode };

function EmptyState({ filtered, emptyText, emptyHint, children }: { filtered: boolean; emptyText: string; emptyHint: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="rounded border border-dashed border-stone-300 p-10 text-center">
      <p className="font-medium">{filtered ? t('facets.noMatch') : emptyText}</p>
      <p className="mt-2 text-stone-600">{filtered ? t('facets.noMatchHint') : emptyHint}</p>
      {filtered ? (
        <Link to={withQuery(search, Object.fromEntries(FILTER_PARAM_NAMES.map((name) => [name, null])))} className="button-primary mt-4 inline-block">
          {t('facets.clear')}
        </Link>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A listing: filters beside the products, the count, sort, page size and view above them, pagination below;
 * or an empty state that says what to do. `children` adds to the empty state (a search's 'did you mean').
 */
export function ListingView({ listing, emptyText, emptyHint, children }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { pagination, facets } = listing;
  const filtered = hasFilters(search);
  const showFilters = facets !== null && (pagination.total_items > 0 || filtered);
  return (
    <div className={showFilters ? 'grid gap-8 lg:grid-cols-[16rem_1fr]' : ''}>
      {showFilters ? (
        <div>
          <FilterPanel facets={facets} />
        </div>
      ) : null}
      <section aria-labelledby="listing-count">
        <ListingToolbar listing={listing} />
        {facets ? <ActiveFilters facets={facets} /> : null}
        {listing.products.length > 0 ? (
          <ProductGrid products={listing.products} label={t('catalog.products')} headingLevel={2} layout={readListingView(search)} aboveTheFold />
        ) : (
          <EmptyState filtered={filtered} emptyText={emptyText} emptyHint={emptyHint}>
            {children}
          </EmptyState>
        )}
        <Pagination page={pagination.page} pages={pagination.pages} />
      </section>
    </div>
  );
}
