import { RECOMMENDED_CATEGORY_ID } from '@shop/contract/constants';
import type { CategoryNode, ProductSummary } from '@shop/contract';
import { productImageUrl, type Figure, type Texture } from '@shop/contract/garments';
import { useTranslation } from '~/i18n/use-translation';
import { type ReactNode, Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Route } from './+types/home';
import { PageMeta } from '~/components/PageMeta';
import { categoryUrl } from '~/features/catalog/paths';
import { ProductGrid } from '~/features/catalog/ProductCard';
import { ProductGridSkeleton } from '~/features/catalog/ProductGridSkeleton';
import { OrganizationJsonLd, SocialMeta } from '~/features/catalog/seo';
import { orNothing } from '~/lib/api/shop.server';
import { useLang, useRootData } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

const RAIL_SIZE = 8;
const OUTLINE_BUTTON = 'inline-block rounded border border-stone-900 px-5 py-2.5 font-medium hover:bg-white';

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

/** The drawings of the home page's artwork: a cut, its material and colour (the same pictures as products'). */
type Art = [figure: Figure, texture: Texture, hex: string];
const HERO_ART: Art[] = [
  ['trench', 'twill', '#d8c3a5'],
  ['dress_wrap', 'sheen', '#b3262e'],
  ['boots', 'gloss', '#6b4a35'],
];
/** One picture per category tile, in the menu's order (women, men, kids in the demo shop). */
const CATEGORY_ART: Art[] = [
  ['dress_midi', 'slub', '#e8a7b8'],
  ['blazer', 'weave', '#1f2a44'],
  ['dungarees', 'twill', '#3a6ea5'],
];
const EDITORIAL_ART: Art[] = [
  ['turtleneck', 'knit', '#5f6b3a'],
  ['coat', 'nap', '#8a8d91'],
];

/**
 * A drawing as decoration: the words next to it say what it shows. Lazy: React would otherwise preload every
 * picture it renders, ahead of the page's largest paint (the first product's); the hero's are not shown on a phone
 * at all, and a hidden lazy picture is never loaded.
 */
function Artwork({ art: [figure, texture, hex], className }: { art: Art; className: string }) {
  return <img src={productImageUrl(figure, texture, hex, 1)} alt="" width={600} height={800} loading="lazy" decoding="async" className={className} />;
}

/** The season's opening: words and the ways into the shop on one side, a composition of its clothes on the other. */
function Hero({ menu }: { menu: CategoryNode[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section className="mt-4 grid overflow-hidden rounded-lg bg-[#efe7dc] md:grid-cols-2">
      <div className="px-6 py-8 sm:px-12 md:py-20">
        <p className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">{t('home.heroEyebrow')}</p>
        <h1 className="mt-3 text-4xl leading-tight font-semibold sm:text-6xl">{t('home.heroTitle')}</h1>
        <p className="mt-4 max-w-md text-lg text-stone-700">{t('home.heroText')}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {menu.map((category, index) => (
            <li key={category.id}>
              <Link to={categoryUrl(lang, category)} className={index === 0 ? 'button-primary inline-block' : OUTLINE_BUTTON}>
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="hidden grid-cols-3 gap-3 p-6 sm:grid md:pl-0">
        {HERO_ART.map((art) => (
          <Artwork key={art[0]} art={art} className="h-full w-full rounded object-cover" />
        ))}
      </div>
    </section>
  );
}

/** A large tile per top category, each with its own picture. */
function CategoryTiles({ menu }: { menu: CategoryNode[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section aria-labelledby="shop-by" className="mt-10">
      <h2 id="shop-by" className="mb-4 text-2xl font-semibold">
        {t('home.shopBy')}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {menu.map((category, index) => (
          <li key={category.id}>
            <Link to={categoryUrl(lang, category)} className="group block overflow-hidden rounded-lg bg-stone-100">
              <Artwork art={CATEGORY_ART[index % CATEGORY_ART.length]!} className="aspect-[3/4] w-full object-contain p-3 transition-transform group-hover:scale-105" />
              <span className="block bg-white/80 px-2 py-2 text-center font-display text-base font-semibold sm:text-xl">
                {category.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An editorial block: a story of the season, leading to the new arrivals below it. */
function Editorial() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="editorial" className="mt-14 grid items-center gap-6 overflow-hidden rounded-lg bg-stone-900 text-white md:grid-cols-2">
      <div className="flex h-56 justify-center gap-2 bg-[#d8d2c4] pt-6 sm:h-72 md:order-2 md:h-96">
        {EDITORIAL_ART.map((art) => (
          <Artwork key={art[0]} art={art} className="h-full w-auto" />
        ))}
      </div>
      <div className="px-6 pb-8 sm:px-12 md:py-12">
        <p className="text-xs font-semibold tracking-[0.2em] text-stone-300 uppercase">{t('home.editorialEyebrow')}</p>
        <h2 id="editorial" className="mt-3 text-3xl font-semibold sm:text-4xl">
          {t('home.editorialTitle')}
        </h2>
        <p className="mt-4 max-w-md text-stone-200">{t('home.editorialText')}</p>
        <a href="#rail-latest" className="mt-6 inline-block rounded bg-white px-5 py-2.5 font-medium text-stone-900 hover:bg-stone-200">
          {t('home.editorialLink')}
        </a>
      </div>
    </section>
  );
}

/** What every order comes with, said once, plainly. */
function Promises() {
  const { t } = useTranslation();
  const promises = [
    ['promiseReturns', 'promiseReturnsText'],
    ['promisePayment', 'promisePaymentText'],
    ['promiseSizes', 'promiseSizesText'],
  ] as const;
  return (
    <section aria-labelledby="promises" className="mt-14 border-y border-stone-200 py-8">
      <h2 id="promises" className="sr-only">
        {t('home.promises')}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-3">
        {promises.map(([title, text]) => (
          <li key={title}>
            <p className="font-semibold">{t(`home.${title}`)}</p>
            <p className="mt-1 text-sm text-stone-600">{t(`home.${text}`)}</p>
          </li>
        ))}
      </ul>
    </section>
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
      <Hero menu={menu} />
      <CategoryTiles menu={menu} />
      <Rail id="rail-featured" title={t('home.featured')} products={featured} first />
      <Editorial />
      <StreamedRail data={streamed.latest}>{(products) => <Rail id="rail-latest" title={t('home.latest')} products={products} />}</StreamedRail>
      <Promises />
      <StreamedRail data={streamed.bestsellers}>
        {(products) => <Rail id="rail-bestsellers" title={t('home.bestsellers')} products={products} />}
      </StreamedRail>
      <StreamedRail data={streamed.recommended}>
        {({ products, category }) => (
          <Rail id="rail-recommended" title={t('home.recommended')} products={products} moreTo={category ? categoryUrl(lang, category) : undefined} />
        )}
      </StreamedRail>
    </>
  );
}
