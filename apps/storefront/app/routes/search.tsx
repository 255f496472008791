import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { PageMeta } from '../components/PageMeta';
import { cardProduct, forCards } from '../features/catalog/card-product';
import { readListingQuery } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/ListingView';
import { ProductGrid } from '../features/catalog/ProductCard';
import { useListingTitle } from '../features/catalog/seo';
import { exactSearchPath, searchPath } from '../features/search/paths';
import { loadOrFail, orNothing } from '../lib/api/shop.server';
import { useLang } from '../lib/hooks';
import { pageContext } from '../lib/request-context.server';

const POPULAR_COUNT = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, listing: null, popular: [] };
  // `exact=1`: the shopper asked for the query as typed rather than its corrected spelling.
  const exact = url.searchParams.get('exact') === '1';
  const listing = await loadOrFail(api('getProducts', { q, exact, with_category_tree: false, ...readListingQuery(url) }));
  // Nothing found at all: the shop's best sellers, so that the page still leads somewhere.
  const popular =
    listing.pagination.total_items === 0 ? ((await orNothing(api('getProductsBestsellers', { limit: POPULAR_COUNT }), 'popular products'))?.products ?? []) : [];
  return { q, listing: forCards(listing), popular: popular.map(cardProduct) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { q, listing, popular } = loaderData;
  const corrected = listing?.showing_results_for;
  const heading = corrected ? t('search.showingResultsFor', { q: corrected }) : q ? t('search.resultsFor', { q }) : t('search.title');
  const title = useListingTitle(heading, listing?.pagination.page ?? 1);
  const description = listing ? t('search.description', { count: listing.pagination.total_items, q: corrected ?? q, shop: t('site.name') }) : t('search.noQuery');
  return (
    <div className="py-8">
      {/* Result pages are endless combinations of words: search engines should not index them. */}
      <PageMeta title={title} description={description} noIndex />
      <h1 className="mb-2 text-3xl font-semibold">{heading}</h1>
      {corrected ? (
        <p className="mb-6 text-stone-700">
          {t('search.noResults', { q })}{' '}
          <Link to={exactSearchPath(lang, q)} className="underline">
            {t('search.searchInstead', { q })}
          </Link>
        </p>
      ) : (
        <div className="mb-4" />
      )}
      {listing ? (
        <ListingView listing={listing} emptyText={t('search.noResults', { q })} emptyHint={t('search.noResultsHint')}>
          {listing.did_you_mean ? (
            <p className="mt-4">
              {t('search.didYouMean')}{' '}
              <Link to={searchPath(lang, listing.did_you_mean)} className="font-semibold underline">
                {listing.did_you_mean}
              </Link>
            </p>
          ) : null}
        </ListingView>
      ) : (
        <p className="text-stone-700">{t('search.noQuery')}</p>
      )}
      {popular.length > 0 ? (
        <section aria-labelledby="popular" className="mt-12">
          <h2 id="popular" className="mb-6 text-2xl font-semibold">
            {t('search.popular')}
          </h2>
          <ProductGrid products={popular} label={t('search.popular')} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
