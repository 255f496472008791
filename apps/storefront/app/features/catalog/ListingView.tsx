import { useTranslation } from '~/i18n/use-translation';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Drawer, DrawerToggle } from '~/components/Drawer';
import { ActiveFilters, activeFilterCount } from './ActiveFilters';
import { FilterPanel } from './FilterPanel';
import { FILTER_PARAM_NAMES, hasFilters, readListingView, withQuery } from './listing-query';
import { useSamePageLoading } from './get-form';
import { ListingToolbar, SortForm } from './ListingToolbar';
import { Pagination } from './Pagination';
import type { CardListing } from './card-product';
import { ProductGrid } from './ProductCard';

type Props = { listing: CardListing; emptyText: string; emptyHint: string; children?: React.ReactNode };

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

/** From `lg` up the filter drawer's panel is the listing's left column. */
const FILTERS_WIDE = 'lg:w-auto lg:max-w-none lg:overflow-visible lg:p-0 lg:shadow-none';

/**
 * A listing: the count, sort, page size and view above the products, the chosen filters as chips, pagination
 * below; or an empty state that says what to do. The filters (and, on a phone, sort) are a drawer opened by
 * 'Filters (n)' on a phone and the left column from `lg` up. `children` adds to the empty state (a search's
 * 'did you mean'). While another version of the listing loads, the products say so (aria-busy, dimmed).
 */
export function ListingView({ listing, emptyText, emptyHint, children }: Props) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const loading = useSamePageLoading();
  const { pagination, facets } = listing;
  const filtered = hasFilters(search);
  const showFilters = facets !== null && (pagination.total_items > 0 || filtered);
  const chosen = facets ? activeFilterCount(facets, search) : 0;
  const filtersButton = showFilters ? (
    <DrawerToggle
      href="#filters"
      onClick={() => setFiltersOpen(true)}
      expanded={filtersOpen}
      controls="filters"
      className="rounded border border-stone-900 px-4 py-2 text-sm font-medium hover:bg-stone-100 lg:hidden"
    >
      {chosen > 0 ? t('facets.openWithCount', { count: chosen }) : t('facets.title')}
    </DrawerToggle>
  ) : null;
  return (
    <div className={showFilters ? 'grid gap-8 lg:grid-cols-[16rem_1fr]' : ''}>
      {showFilters ? (
        <Drawer id="filters" title={t('facets.title')} open={filtersOpen} setOpen={setFiltersOpen} side="right" wide={FILTERS_WIDE}>
          <div className="mb-4 lg:hidden">
            <SortForm listing={listing} idPrefix="drawer" />
          </div>
          <FilterPanel facets={facets} total={pagination.total_items} onShow={() => setFiltersOpen(false)} />
        </Drawer>
      ) : null}
      <section aria-labelledby="listing-count" aria-busy={loading || undefined} className="min-w-0">
        <ListingToolbar listing={listing} filters={filtersButton} />
        {facets ? <ActiveFilters facets={facets} queryFilters={listing.query_filters} /> : null}
        <div className={`transition-opacity ${loading ? 'opacity-50' : ''}`}>
          {listing.products.length > 0 ? (
            <ProductGrid products={listing.products} label={t('catalog.products')} headingLevel={2} layout={readListingView(search)} aboveTheFold />
          ) : (
            <EmptyState filtered={filtered} emptyText={emptyText} emptyHint={emptyHint}>
              {children}
            </EmptyState>
          )}
        </div>
        <Pagination page={pagination.page} pages={pagination.pages} />
      </section>
    </div>
  );
}
