import { useTranslation } from 'react-i18next';
import type { Route } from './+types/search';
import { PageMeta } from '../components/PageMeta';
import { readListingQuery } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/ListingView';
import { loadOrFail } from '../lib/api/shop.server';
import { pageContext } from '../lib/request-context.server';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = pageContext(request, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { q, listing: null };
  const listing = await loadOrFail(api('getProducts', { q, with_category_tree: false, ...readListingQuery(url) }));
  return { q, listing };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, listing } = loaderData;
  return (
    <div className="py-8">
      <PageMeta title={q ? t('search.resultsFor', { q }) : t('search.title')} noIndex />
      <h1 className="mb-6 text-3xl font-semibold">{q ? t('search.resultsFor', { q }) : t('search.title')}</h1>
      {listing ? (
        <ListingView listing={listing} emptyText={t('search.noResults', { q })} emptyHint={t('search.noResultsHint')} />
      ) : (
        <p className="text-stone-700">{t('search.noQuery')}</p>
      )}
    </div>
  );
}
