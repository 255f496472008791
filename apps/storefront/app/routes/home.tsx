import { RECOMMENDED_CATEGORY_ID } from '@shop/contract/constants';
import type { ProductSummary } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { PageMeta } from '../components/PageMeta';
import { categoryUrl } from '../features/catalog/paths';
import { ProductGrid } from '../features/catalog/ProductCard';
import { OrganizationJsonLd, SocialMeta } from '../features/catalog/seo';
import { useLang, useRootData } from '../lib/hooks';
import { pageContext } from '../lib/request-context.server';

const RAIL_SIZE = 8;

/** A rail's call, or nothing when it fails: the home page shows the other rails rather than an error screen. */
async function railOrNothing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    console.error(`home rail left out: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  // The four rails are independent: one round trip's time, not four, and one failing rail is left out alone.
  const [featured, bestsellers, latest, recommended] = await Promise.all([
    railOrNothing(api('getProductsFeatured', { limit: RAIL_SIZE })),
    railOrNothing(api('getProductsBestsellers', { limit: RAIL_SIZE })),
    railOrNothing(api('getProductsLatest', { limit: RAIL_SIZE })),
    railOrNothing(
      api('getProducts', { id_category: RECOMMENDED_CATEGORY_ID, page: 1, per_page: RAIL_SIZE, with_category_tree: false, with_facets: false }),
    ),
  ]);
  return {
    rails: {
      featured: featured?.products ?? [],
      bestsellers: bestsellers?.products ?? [],
      latest: latest?.products ?? [],
      recommended: recommended?.products ?? [],
    },
    recommendedCategory: recommended?.category ?? null,
  };
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const menu = useRootData()?.bootstrap.menu ?? [];
  const { rails, recommendedCategory } = loaderData;
  return (
    <>
      <PageMeta title={t('site.homeTitle')} description={t('site.homeDescription')} standalone />
      <SocialMeta title={t('site.homeTitle')} description={t('site.homeDescription')} image={rails.featured[0]?.default_image.url} />
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
      <Rail id="rail-featured" title={t('home.featured')} products={rails.featured} first />
      <Rail id="rail-bestsellers" title={t('home.bestsellers')} products={rails.bestsellers} />
      <Rail id="rail-latest" title={t('home.latest')} products={rails.latest} />
      <Rail
        id="rail-recommended"
        title={t('home.recommended')}
        products={rails.recommended}
        moreTo={recommendedCategory ? categoryUrl(lang, recommendedCategory) : undefined}
      />
    </>
  );
}
