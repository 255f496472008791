import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { PageMeta } from '../components/PageMeta';
import { readListingQuery } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/ListingView';
import { useListingTitle } from '../features/catalog/seo';
import { searchPath } from '../features/search/paths';
import { loadOrFail } from '../lib/api/shop.server';
import { useLang } from '../lib/hooks';
import { pageContext } from '../lib/request-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, listing: null };
  const listing = await loadOrFail(api('getProducts', { q, with_category_tree: false, ...readListingQuery(url) }));
  return { q, listing };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { q, listing } = loaderData;
  const heading = q ? t('search.resultsFor', { q }) : t('search.title');
  const title = useListingTitle(heading, listing?.pagination.page ?? 1);
  return (
    <div className="py-8">
      {/* Result pages are endless combinations of words: search engines should not index them. */}
      <PageMeta title={title} noIndex />
      <h1 className="mb-6 text-3xl font-semibold">{heading}</h1>
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
    </div>
  );
}
