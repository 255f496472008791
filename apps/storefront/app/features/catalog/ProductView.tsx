import type { Product, RelatedProducts as Related } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLang } from '../../lib/hooks';
import { AddToCartForm } from '../cart/AddToCartForm';
import { WishlistButton } from '../wishlist/WishlistButton';
import { Badges } from './Badges';
import { Breadcrumbs } from './Breadcrumbs';
import { withQuery } from './listing-query';
import { Price } from './Price';
import { RelatedProducts } from './RelatedProducts';

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

/** Size buttons and colour swatches: links that keep the choice in the URL (`?g1=…&g2=…`). */
function AttributeChoice({ product, selected, group }: { product: Product; selected: Combination | undefined; group: Group }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const current = group.attributes.find((attribute) => selected?.attributes.includes(attribute.id));
  return (
    <fieldset className="mt-6">
      <legend className="mb-2 text-sm font-semibold">
        {current ? t('product.selected', { group: group.name, value: current.name }) : t('product.choose', { group: group.name })}
      </legend>
      <ul className="flex flex-wrap gap-2">
        {group.attributes.map((attribute) => {
          const target = combinationWith(product, selected, group, attribute.id);
          const available = Boolean(target?.available);
          const isCurrent = attribute.id === current?.id;
          const query = Object.fromEntries(
            product.groups.map((g) => [`g${g.id}`, g.attributes.find((a) => target?.attributes.includes(a.id))?.id ?? null]),
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
                className={`${base} ${state} ${group.kind === 'color' ? 'h-11 w-11 p-1' : 'h-11 px-3'} ${available ? '' : 'text-stone-500 line-through'}`}
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
  );
}

function StockState({ product, selected }: { product: Product; selected: Combination | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const stock = selected?.stock ?? 0;
  if (product.out_of_stock_policy === 'preorder' && stock <= 0 && product.available_date) {
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(product.available_date));
    return <p className="text-amber-800">{t('product.preorder', { date })}</p>;
  }
  if (product.out_of_stock_policy === 'backorder' && stock <= 0) return <p className="text-amber-800">{t('product.backorder')}</p>;
  if (stock <= 0) return <p className="text-red-800">{t('product.outOfStock')}</p>;
  if (stock <= 5) return <p className="text-red-800">{t('product.onlyLeft', { count: stock })}</p>;
  return <p className="text-emerald-800">{t('product.inStock')}</p>;
}

const INFO_BLOCKS = [
  ['product.manual', 'product.manualText'],
  ['product.shipping', 'product.shippingText'],
  ['product.returns', 'product.returnsText'],
  ['product.payment', 'product.paymentText'],
  ['product.support', 'product.supportText'],
] as const;

/** The pictures of the chosen variant's colour, or all of the product's when that colour has none of its own. */
export function shownImages(product: Product): Product['images'] {
  const selected = product.combinations.find((combination) => combination.id === product.selected_combination_id);
  const colorIds = new Set(selected?.attributes ?? []);
  const colorImages = product.images.filter((image) => image.color_id !== null && colorIds.has(image.color_id));
  return colorImages.length > 0 ? colorImages : product.images;
}

type ViewProps = { product: Product; related: Promise<Related | null>; /** The reviews block (features/reviews), below the product. */ reviews: React.ReactNode };

/** The product page's content (its head tags are the route's, routes/product.tsx). */
export function ProductView({ product, related, reviews }: ViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const selected = product.combinations.find((combination) => combination.id === product.selected_combination_id);
  const images = shownImages(product);
  return (
    <>
      <Breadcrumbs trail={product.breadcrumbs} current={product.name} />
      <div className="grid gap-10 lg:grid-cols-2">
        <section aria-label={t('product.gallery')}>
          <ul className="grid grid-cols-2 gap-3">
            {images.map((image, index) => (
              <li key={image.url} className={index === 0 ? 'col-span-2' : ''}>
                <img
                  src={image.url}
                  alt={t('product.imageOf', { name: product.name, index: index + 1, total: images.length })}
                  width={image.width}
                  height={image.height}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  // The first picture is the page's largest: it loads before anything else.
                  fetchPriority={index === 0 ? 'high' : undefined}
                  className="h-auto w-full rounded bg-stone-100"
                />
              </li>
            ))}
          </ul>
        </section>
        <div>
          {product.brand ? <p className="text-sm uppercase tracking-wide text-stone-600">{product.brand.name}</p> : null}
          <div className="mt-1 flex items-start justify-between gap-4">
            <h1 className="text-3xl font-semibold">{product.name}</h1>
            {/* Saved with the size and colour on show, the ones 'Add to cart' would take. */}
            <WishlistButton product={product} combinationId={selected?.id} variant="labelled" />
          </div>
          <p className="mt-1 text-sm text-stone-600">
            {t('product.reference')}: {product.reference}
          </p>
          <div className="mt-4 space-y-2">
            <Badges badges={product.badges} />
            <Price price={product.price} regularPrice={product.regular_price} discountPercent={product.discount_percent} size="lg" />
            {product.free_shipping ? <p className="text-sm text-emerald-800">{t('product.freeShipping')}</p> : null}
            <StockState product={product} selected={selected} />
          </div>
          {product.groups.map((group) => (
            <AttributeChoice key={group.id} product={product} selected={selected} group={group} />
          ))}
          <AddToCartForm product={product} selected={selected} />
          <p className="mt-2 text-sm text-stone-600">{t('product.quantityLimit', { count: product.quantity })}</p>
          {product.size_chart_slug ? (
            <Link to={`/${lang}/size-chart/${product.size_chart_slug}`} className="mt-2 inline-block text-sm underline">
              {t('product.sizeGuide')}
            </Link>
          ) : null}
          <section aria-labelledby="product-description" className="mt-8">
            <h2 id="product-description" className="text-lg font-semibold">
              {t('product.description')}
            </h2>
            <p className="mt-2 leading-relaxed text-stone-700">{product.description}</p>
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
                <p className="mt-2 text-sm text-stone-700">{t(text)}</p>
              </details>
            ))}
          </div>
        </div>
      </div>
      {reviews}
      <RelatedProducts related={related} />
    </>
  );
}
