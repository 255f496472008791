import { RECOMMENDED_CATEGORY_ID } from '@shop/contract/constants';
import type { ProductSummary } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { type ReactNode, Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Route } from './+types/home';
import { PageMeta } from '../components/PageMeta';
import { categoryUrl } from '../features/catalog/paths';
import { ProductGrid } from '../features/catalog/ProductCard';
import { ProductGridSkeleton } from '../features/catalog/ProductGridSkeleton';
import { OrganizationJsonLd, SocialMeta } from '../features/catalog/seo';
import { orNothing } from '../lib/api/shop.server';
import { useLang, useRootData } from '../lib/hooks';
import { pageContext } from '../lib/request-context.server';

const RAIL_SIZE = 8;

/** A rail's call, or nothing when it fails: the home page shows the other rails rather than an error screen. */
const railOrNothing = <T,>(call: Promise<T>) => orNothing(call, 'home rail');

/**
 * The hero and the first rail (its first image is a phone's LCP, and the page's sharing image) are awaited; the
 * three rails below them stream (React Router's deferred data). All four calls start at once: one round trip's
 * time, not four, and one failing rail is left out alone. docs/performance.md says when a page streams.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const featured = railOrNothing(api('getProductsFeatured', { limit: RAIL_SIZE }));
  const bestsellers = railOrNothing(api('getProductsBestsellers', { limit: RAIL_SIZE })).then((rail) => rail?.products ?? []);
  const latest = railOrNothing(api('getProductsLatest', { limit: RAIL_SIZE })).then((rail) => rail?.products ?? []);
  const recommended = railOrNothing(
    api('getProducts', { id_category: RECOMMENDED_CATEGORY_ID, page: 1, per_page: RAIL_SIZE, with_category_tree: false, with_facets: false }),
  ).then((rail) => ({ products: rail?.products ?? [], category: rail?.category ?? null }));
  return { featured: (await featured)?.products ?? [], streamed: { bestsellers, latest, recommended } };
}

type RailProps = { id: string; title: string; products: ProductSummary[]; moreTo?: string; first?: boolean };

/** A rail of products; the first rail's images are the first a phone shows below the hero. */
function Rail({ id, title, products, moreTo, first = false }: RailProps) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-14">
      <div className="mb-6 flex items-baseline justify-between">
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
        {moreTo ? (
          <Link to={moreTo} className="text-sm underline">
            {t('home.seeAll')}
          </Link>
        ) : null}
      </div>
      <ProductGrid products={products} label={title} headingLevel={3} aboveTheFold={first} />
    </section>
  );
}

/** A rail whose products are still on their way: a skeleton of its size until they arrive, nothing if there are none. */
function StreamedRail<T>({ data, children }: { data: Promise<T>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={<ProductGridSkeleton count={RAIL_SIZE} />}>
      <Await resolve={data} errorElement={null}>
        {children}
      </Await>
    </Suspense>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const menu = useRootData()?.bootstrap.menu ?? [];
  const { featured, streamed } = loaderData;
  return (
    <>
      <PageMeta title={t('site.homeTitle')} description={t('site.homeDescription')} standalone />
      <SocialMeta title={t('site.homeTitle')} description={t('site.homeDescription')} image={featured[0]?.default_image.url} />
      <OrganizationJsonLd />
      <section className="mt-6 rounded-lg bg-gradient-to-br from-stone-100 to-amber-50 px-6 py-16 text-center sm:px-16">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{t('home.heroTitle')}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-stone-700">{t('home.heroText')}</p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {menu.map((category) => (
            <li key={category.id}>
              <Link to={categoryUrl(lang, category)} className="button-primary">
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Rail id="rail-featured" title={t('home.featured')} products={featured} first />
      <StreamedRail data={streamed.bestsellers}>
        {(products) => <Rail id="rail-bestsellers" title={t('home.bestsellers')} products={products} />}
      </StreamedRail>
      <StreamedRail data={streamed.latest}>{(products) => <Rail id="rail-latest" title={t('home.latest')} products={products} />}</StreamedRail>
      <StreamedRail data={streamed.recommended}>
        {({ products, category }) => (
          <Rail id="rail-recommended" title={t('home.recommended')} products={products} moreTo={category ? categoryUrl(lang, category) : undefined} />
        )}
      </StreamedRail>
    </>
  );
}
