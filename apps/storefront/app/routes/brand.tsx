import { useTranslation } from '~/i18n/use-translation';
import type { Route } from './+types/brand';
import { PageMeta } from '~/components/PageMeta';
import { assertBrandPagesEnabled } from '~/features/catalog/brands.server';
import { forCards } from '~/features/catalog/card-product';
import { readListingQuery } from '~/features/catalog/listing-query';
import { ListingView } from '~/features/catalog/ListingView';
import { SocialMeta, useListingTitle } from '~/features/catalog/seo';
import { loadOrFail } from '~/lib/api/shop.server';
import { BRAND_ID, leadingNumber } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = pageContext(context);
  const id = BRAND_ID.test(params.brandId) ? leadingNumber(params.brandId) : null;
  if (!id) return notFound();
  const url = new URL(request.url);
  const [, brand, listing] = await Promise.all([
    assertBrandPagesEnabled(shop),
    loadOrFail(shop.api('getBrand', { id_brand: id })),
    loadOrFail(shop.api('getProducts', { id_brand: id, with_category_tree: false, ...readListingQuery(url) })),
  ]);
  if (params.brandId !== `${brand.id}-${brand.slug}`) return notFound();
  return { brand, listing: forCards(listing) };
}

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { brand, listing } = loaderData;
  const title = useListingTitle(brand.name, listing.pagination.page);
  return (
    <div className="py-8">
      <PageMeta title={title} description={brand.description} />
      <SocialMeta title={title} description={brand.description} image={listing.products[0]?.default_image.url} />
      <h1 className="text-3xl font-semibold">{brand.name}</h1>
      <p className="mb-8 mt-2 max-w-2xl text-stone-700">{brand.description}</p>
      <ListingView listing={listing} emptyText={t('catalog.empty')} emptyHint={t('catalog.emptyHint')} />
    </div>
  );
}
