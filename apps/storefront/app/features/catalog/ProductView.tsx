import type { Product, RelatedProducts as Related } from '@shop/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useFormatDate, useLang, useRootData } from '~/lib/hooks';
import { ShippingInfo } from '~/features/geo/ShippingRule';
import { DeliveryDatesText } from '~/features/geo/DeliveryDates';
import { ADD_TO_CART_BUTTON_ID, ADD_TO_CART_FORM_ID, AddToCartForm, SIZE_CHOICE_ID } from '~/features/cart/AddToCartForm';
import { useHydrated } from '~/components/Drawer';
import { WishlistButton } from '~/features/wishlist/WishlistButton';
import { ProductPicture } from '~/features/media/ProductPicture';
import { Badges } from './Badges';
import { Breadcrumbs } from './Breadcrumbs';
import { withQuery } from './listing-query';
import { LowestPriorPrice, Price } from './Price';
import { readChosenAttributes } from './chosen-variant';
import { RelatedProducts } from './RelatedProducts';

// Needed once the page has been scrolled: its code loads after the page's (docs/performance.md).
const StickyBuyBar = lazy(() => import('./StickyBuyBar').then((module) => ({ default: module.StickyBuyBar })));

type Group = Product['groups'][number];
type Combination = Product['combinations'][number];

/** The combination that has `attributeId` in `group` and keeps the other chosen attributes, if one exists. */
function combinationWith(product: Product, selected: Combination | undefined, group: Group, attributeId: number): Combination | undefined {
  const others = (selected?.attributes ?? []).filter((id) => !group.attributes.some((attribute) => attribute.id === id));
  return (
    product.combinations.find((c) => c.attributes.includes(attributeId) && others.every((id) => c.attributes.includes(id))) ??
    product.combinations.find((c) => c.attributes.includes(attributeId))
  );
}

type ChoiceProps = { product: Product; shown: Combination | undefined; group: Group; /** Groups whose choice the URL does not make yet (the size). */ unchosen: Set<number> };

/**
 * Size buttons and colour swatches: links that keep the choice in the URL (`?g1=…&g2=…`), so that they work
 * without JavaScript. A size is never chosen for the shopper; sizes sold out in the shown colour are crossed out.
 */
function AttributeChoice({ product, shown, group, unchosen }: ChoiceProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const lang = useLang();
  const current = unchosen.has(group.id) ? undefined : group.attributes.find((attribute) => shown?.attributes.includes(attribute.id));
  const isSize = group.kind === 'size';
  return (
    <div className="relative mt-3">
    <fieldset id={isSize ? SIZE_CHOICE_ID : undefined} tabIndex={isSize ? -1 : undefined} className="outline-none">
      <legend className="mb-2 text-sm font-semibold">
        {current ? t('product.selected', { group: group.name, value: current.name }) : t('product.choose', { group: group.name })}
      </legend>
      <ul className="flex flex-wrap gap-2">
        {group.attributes.map((attribute) => {
          const target = combinationWith(product, shown, group, attribute.id);
          const available = Boolean(target?.available);
          const isCurrent = attribute.id === current?.id;
          // Another colour keeps the size unchosen when it is.
          const query = Object.fromEntries(
            product.groups.map((g) => [`g${g.id}`, g.id !== group.id && unchosen.has(g.id) ? null : (g.attributes.find((a) => target?.attributes.includes(a.id))?.id ?? null)]),
          );
          const label = available ? attribute.name : t('product.unavailable', { name: attribute.name });
          const base = 'flex min-w-11 items-center justify-center rounded border text-sm';
          const state = isCurrent ? 'border-stone-900 ring-2 ring-stone-900' : 'border-stone-300 hover:border-stone-900';
          return (
            <li key={attribute.id}>
              <Link
                to={withQuery(search, { ...query, page: null })}
                replace
                preventScrollReset
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={group.kind === 'color' ? label : undefined}
                title={group.kind === 'color' ? label : undefined}
                className={`${base} ${state} ${group.kind === 'color' ? 'h-11 w-11 p-1' : 'h-11 px-3'} ${available ? '' : 'bg-stone-50 text-stone-500 line-through'}`}
              >
                {group.kind === 'color' ? (
                  <span className="block h-full w-full rounded-full border border-stone-300" style={{ backgroundColor: attribute.hex ?? undefined }} />
                ) : (
                  <span aria-label={available ? undefined : label}>{attribute.name}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
      {/* Beside the legend, outside it: not part of the group's name. */}
      {isSize && product.size_chart_slug ? (
        <Link to={`/${lang}/size-chart/${product.size_chart_slug}`} className="absolute right-0 top-0 text-sm underline">
          {t('product.sizeGuide')}
        </Link>
      ) : null}
    </div>
  );
}

/** The pictures side by side, swiped one by one on a phone (CSS scroll snap) with a dot for each; a grid from `lg` up. */
function Gallery({ product, images }: { product: Product; images: Product['images'] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  return (
    <section aria-label={t('product.gallery')} className="relative min-w-0">
      <ul
        // Scrollable: the keyboard can reach it and scroll it with the arrow keys.
        tabIndex={0}
        onScroll={(event) => {
          const list = event.currentTarget;
          setIndex(Math.round((list.scrollLeft / Math.max(1, list.scrollWidth - list.clientWidth)) * (images.length - 1)));
        }}
        className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 [scrollbar-width:none] lg:mx-0 lg:grid lg:grid-cols-2 lg:gap-3 lg:overflow-visible lg:px-0"
      >
        {images.map((image, position) => (
          <li key={image.url} className={`shrink-0 snap-center ${position === 0 ? 'lg:col-span-2' : ''}`}>
            <ProductPicture
              image={image}
              alt={image.alt !== product.name ? image.alt : t('product.imageOf', { name: product.name, index: position + 1, total: images.length })}
              // A phone shows 85% of its width at most; from lg the first spans the gallery's two columns (about 40rem).
              sizes={`(min-width:1024px) ${position ? 20 : 40}rem, 85vw`}
              loading={position === 0 ? 'eager' : 'lazy'}
              // The first picture is the page's largest: it loads before anything else.
              fetchPriority={position === 0 ? 'high' : undefined}
              // A third of a phone's height: price, sizes and Add to cart stay on the first screen of a 390×844 phone
              // with a two-line name, a discount and its 30-day lowest price (issue 28).
              className="h-[30vh] w-auto max-w-[85vw] rounded bg-stone-100 object-cover lg:h-auto lg:w-full lg:max-w-none"
            />
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        // Over the pictures' foot, not under them: the buy box starts higher.
        <p aria-hidden="true" className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5 rounded-full bg-white/85 px-2 py-1 lg:hidden">
          {images.map((image, position) => (
            <span key={image.url} className={`h-2 w-2 rounded-full ${position === index ? 'bg-stone-900' : 'bg-stone-300'}`} />
          ))}
        </p>
      ) : null}
      <div className="absolute left-2 top-2 lg:left-3 lg:top-3">
        <Badges badges={product.badges} />
      </div>
    </section>
  );
}

/** What the chosen size's stock allows (stock less what carts hold, as the API counts it); nothing before a size is chosen. */
function StockState({ product, selected }: { product: Product; selected: Combination | undefined }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (!selected) return null;
  const stock = selected.stock;
  if (product.out_of_stock_policy === 'preorder' && stock <= 0 && product.available_date) {
    return <p className="text-amber-800">{t('product.preorder', { date: formatDate(product.available_date) })}</p>;
  }
  if (product.out_of_stock_policy === 'backorder' && stock <= 0) return <p className="text-amber-800">{t('product.backorder')}</p>;
  if (stock <= 0) return <p className="text-red-800">{t('product.outOfStock')}</p>;
  if (stock <= 5) return <p className="text-sm font-medium text-red-800">{t('product.onlyLeft', { count: stock })}</p>;
  return <p className="text-sm text-emerald-800">{t('product.inStock')}</p>;
}

/** The info blocks below the description: a title and its text; null, the shipping block of the shopper's country. */
const INFO_BLOCKS = [
  ['product.manual', 'product.manualText'],
  ['product.shipping', null],
  ['product.returns', 'product.returnsText'],
  ['product.payment', 'product.paymentText'],
  ['product.support', 'product.supportText'],
] as const;

/**
 * The variant on show: the one the address names, found as the API finds it, else the one the API answered with.
 * Read from the address in the browser too, a choice of size or colour changes the page without asking the server
 * (routes/product.tsx does not load again for it; ADR 55).
 */
export function shownCombination(product: Product, search: string): Combination | undefined {
  const wanted = Object.values(readChosenAttributes(new URLSearchParams(search)));
  const named = wanted.length > 0 ? product.combinations.find((combination) => wanted.every((id) => combination.attributes.includes(id))) : undefined;
  return named ?? product.combinations.find((combination) => combination.id === product.selected_combination_id);
}

/** The pictures of the shown variant's colour, or all of the product's when that colour has none of its own. */
export function shownImages(product: Product, shown: Combination | undefined): Product['images'] {
  const colorIds = new Set(shown?.attributes ?? []);
  const colorImages = product.images.filter((image) => image.color_id !== null && colorIds.has(image.color_id));
  return colorImages.length > 0 ? colorImages : product.images;
}

type ViewProps = { product: Product; related: Promise<Related | null>; /** The reviews block (features/reviews), below the product. */ reviews: React.ReactNode };

type PriceFields = Pick<Combination, 'price' | 'regular_price' | 'discount_percent'> & { lowest_prior_price?: number | null };

/**
 * What the price line says: the chosen variant's price; before a size is chosen, the lowest price of the shown
 * colour's sizes a shopper can buy, as a from-price when they differ (ADR 55).
 */
function priceOnShow(product: Product, shown: Combination | undefined, unchosen: Set<number>): { fields: PriceFields; from: boolean } {
  if (!shown || unchosen.size === 0) return { fields: shown ?? product, from: false };
  const open = new Set(product.groups.filter((group) => unchosen.has(group.id)).flatMap((group) => group.attributes.map((attribute) => attribute.id)));
  const kept = shown.attributes.filter((id) => !open.has(id));
  const siblings = product.combinations.filter((combination) => kept.every((id) => combination.attributes.includes(id)));
  const buyable = siblings.filter((combination) => combination.available);
  const pool = buyable.length > 0 ? buyable : siblings;
  // The shown variant is one of its colour's: the pool is never empty.
  const cheapest = pool.reduce((low, combination) => (combination.price < low.price ? combination : low), pool[0] ?? shown);
  return { fields: cheapest, from: new Set(pool.map((combination) => combination.price)).size > 1 };
}

/**
 * The groups whose choice is still the shopper's to make: the size, unless the URL names one or there is only
 * one. The API always answers with a whole combination; the page does not pretend a size was picked.
 */
function unchosenGroups(product: Product, search: string): Set<number> {
  const params = new URLSearchParams(search);
  return new Set(product.groups.filter((group) => group.kind === 'size' && group.attributes.length > 1 && !params.has(`g${group.id}`)).map((group) => group.id));
}

/**
 * The product page's content (its head tags are the route's, routes/product.tsx). On a phone the first screen
 * holds the gallery (swiped), title, price, colour and size choice and Add to cart; the description, reference
 * and info blocks follow. From `lg` up the gallery and the buy box are side by side.
 */
export function ProductView({ product, related, reviews }: ViewProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const shown = shownCombination(product, search);
  const unchosen = unchosenGroups(product, search);
  // What Add to cart would take: nothing until every choice is made.
  const selected = unchosen.size > 0 ? undefined : shown;
  const images = shownImages(product, shown);
  const price = priceOnShow(product, shown, unchosen);
  const hydrated = useHydrated();
  const root = useRootData();
  return (
    <>
      <Breadcrumbs trail={product.breadcrumbs} current={product.name} />
      <div className="grid gap-4 lg:grid-cols-2 lg:gap-x-10">
        <Gallery product={product} images={images} />
        <div className="min-w-0">
          {product.brand ? <p className="text-xs uppercase tracking-wide text-stone-600 lg:text-sm">{product.brand.name}</p> : null}
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-xl font-semibold [overflow-wrap:anywhere] lg:text-3xl">{product.name}</h1>
            {/* Saved with the size and colour on show, the ones 'Add to cart' would take. */}
            <WishlistButton product={product} combinationId={selected?.id} />
          </div>
          <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <Price price={price.fields.price} regularPrice={price.fields.regular_price} discountPercent={price.fields.discount_percent} from={price.from} size="lg" />
            <StockState product={product} selected={selected} />
          </div>
          <LowestPriorPrice amount={price.fields.lowest_prior_price ?? null} />
          {product.free_shipping ? <p className="text-sm text-emerald-800">{t('product.freeShipping')}</p> : null}
          {/* Colour first: it changes the pictures; then the size. */}
          {product.groups.toSorted((a, b) => Number(a.kind === 'size') - Number(b.kind === 'size')).map((group) => (
            <AttributeChoice key={group.id} product={product} shown={shown} group={group} unchosen={unchosen} />
          ))}
          <AddToCartForm
            product={product}
            selected={selected}
            // The country's standard delivery of the variant on show: the cart and the checkout show the same dates.
            note={<DeliveryDatesText dates={(selected ?? shown)?.delivery} className="w-full font-medium text-stone-800" />}
          />
          <section aria-labelledby="product-description" className="mt-8">
            <h2 id="product-description" className="text-lg font-semibold">
              {t('product.description')}
            </h2>
            <p className="mt-2 leading-relaxed text-stone-700">{product.description}</p>
            <p className="mt-2 text-sm text-stone-600">
              {t('product.reference')}: {product.reference}
            </p>
          </section>
          {product.additional_info ? (
            <section aria-labelledby="product-additional" className="mt-6">
              <h2 id="product-additional" className="text-lg font-semibold">
                {t('product.additionalInfo')}
              </h2>
              <p className="mt-2 text-stone-700">{product.additional_info}</p>
            </section>
          ) : null}
          <div className="mt-6 divide-y divide-stone-200 border-y border-stone-200">
            {INFO_BLOCKS.map(([title, text]) => (
              <details key={title} className="py-3">
                <summary className="cursor-pointer font-medium">{t(title)}</summary>
                <p className="mt-2 text-sm text-stone-700">{text ? t(text) : root ? <ShippingInfo root={root} brand={product.brand} /> : null}</p>
              </details>
            ))}
          </div>
        </div>
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <StickyBuyBar product={product} price={price.fields} from={price.from} formId={ADD_TO_CART_FORM_ID} buttonId={ADD_TO_CART_BUTTON_ID} />
        </Suspense>
      ) : null}
      {reviews}
      <RelatedProducts related={related} />
    </>
  );
}
