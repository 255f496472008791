import type { CategoryNode, Listing, ProductSummary } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { PageMeta } from '~/components/PageMeta';
import { cardProduct, forCards } from '~/features/catalog/card-product';
import { readListingQuery } from '~/features/catalog/listing-query';
import { ListingView } from '~/features/catalog/ListingView';
import { ProductGrid } from '~/features/catalog/ProductCard';
import { useListingTitle } from '~/features/catalog/seo';
import { categoryUrl } from '~/features/catalog/paths';
import { exactSearchPath, searchPath } from '~/features/search/paths';
import { loadOrFail, orNothing } from '~/lib/api/shop.server';
import { useLang } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

const POPULAR_COUNT = 8;

type Api = ReturnType<typeof pageContext>['api'];
type Place = { id: number; name: string; slug: string };

/** The path of menu nodes down to category `id` ([Women, Shoes]), or null when the menu has no such category. */
function pathTo(nodes: CategoryNode[], id: number): CategoryNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * What a search that found nothing offers instead: the closest category (the one its words named, 'scarpe donna
 * xyz': Women › Shoes; else the first the suggestions find for it) and the best sellers of the shopper's gender when
 * the words named one (the top category of that path: Women), else of the whole shop.
 */
async function nothingFound(api: Api, q: string, listing: Listing): Promise<{ popular: ProductSummary[]; gender: Place | null; closest: Place | null }> {
  const named = listing.query_filters.filter((filter) => filter.kind === 'category');
  const menu = named.length ? ((await orNothing(api('bootstrap', {}), 'category menu'))?.menu ?? []) : [];
  const path = named.map((filter) => pathTo(menu, filter.id)).find((found) => found !== null) ?? null;
  const gender = path?.[0] ?? null;
  const closest =
    path?.at(-1) ?? (await orNothing(api('search', { q, limit: 1 }), 'closest category'))?.categories[0] ?? null;
  const popular = gender
    ? (await orNothing(api('getProducts', { id_category: gender.id, order: 'popularity', per_page: POPULAR_COUNT, with_facets: false, with_category_tree: false }), 'popular products'))
        ?.products
    : (await orNothing(api('getProductsBestsellers', { limit: POPULAR_COUNT }), 'popular products'))?.products;
  const place = (node: Place | null) => node && { id: node.id, name: node.name, slug: node.slug };
  return { popular: popular ?? [], gender: place(gender), closest: place(closest) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, listing: null, popular: [], gender: null, closest: null };
  // `exact=1`: the shopper asked for the query as typed rather than its corrected spelling.
  const exact = url.searchParams.get('exact') === '1';
  const listing = await loadOrFail(api('getProducts', { q, exact, with_category_tree: false, ...readListingQuery(url) }));
  // Nothing found at all: a category and best sellers, so that the page still leads somewhere.
  if (listing.pagination.total_items > 0) return { q, listing: forCards(listing), popular: [], gender: null, closest: null };
  const nothing = await nothingFound(api, q, listing);
  return { q, listing: forCards(listing), ...nothing, popular: nothing.popular.map(cardProduct) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { q, listing, popular, gender, closest } = loaderData;
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
          {closest ? (
            <p className="mt-4">
              {t('search.closestCategoryLead')}{' '}
              <Link to={categoryUrl(lang, closest)} className="font-semibold underline">
                {t('search.closestCategory', { category: closest.name })}
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
            {gender ? t('search.popularIn', { category: gender.name }) : t('search.popular')}
          </h2>
          <ProductGrid products={popular} label={gender ? t('search.popularIn', { category: gender.name }) : t('search.popular')} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
