import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { useLang } from '~/lib/hooks';
import { QuickAddButton } from '~/features/cart/QuickAddButton';
import { ProductPicture } from '~/features/media/ProductPicture';
import { RatingSummary } from '~/features/reviews/Stars';
import { WishlistButton } from '~/features/wishlist/WishlistButton';
import { Badges } from './Badges';
import type { CardProduct } from './card-product';
import type { ListingView } from './listing-query';
import { productPath } from './paths';
import { LowestPriorPrice, Price } from './Price';

/** How soon a card's image loads: the page's likely largest image first, the rest of the first row at once, others when scrolled to. */
type ImagePriority = 'high' | 'eager' | 'lazy';
type CardProps = { product: CardProduct; imagePriority?: ImagePriority; headingLevel: 2 | 3; layout?: ListingView };

function ColourDots({ product }: { product: CardProduct }) {
  const { t } = useTranslation();
  if (product.colors.length === 0) return null;
  return (
    <p className="flex items-center gap-1">
      <span className="sr-only">{t('product.colorsNamed', { names: product.colors.map((colour) => colour.name).join(', ') })}</span>
      {product.colors.map((colour) => (
        <span key={colour.id} aria-hidden="true" title={colour.name} className="inline-block h-3 w-3 rounded-full border border-stone-400" style={{ backgroundColor: colour.hex }} />
      ))}
    </p>
  );
}

/**
 * A product in a list: picture with its badges, brand, name, price (crossed regular price and discount),
 * colours, free shipping and 'only N left'. In the list layout the same, side by side.
 */
export function ProductCard({ product, imagePriority = 'lazy', headingLevel, layout = 'grid' }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation();
  const lang = useLang();
  const image = product.default_image;
  const isList = layout === 'list';
  return (
    <article className={isList ? 'group relative flex flex-row gap-6 border-b border-stone-200 pb-6' : 'group card'}>
      <div className={isList ? 'card-picture w-32 sm:w-40' : 'card-picture'}>
        <ProductPicture
          image={image}
          alt=""
          // Two columns on a phone, three from md, four from lg; 10rem in the list.
          sizes={isList ? '10rem' : '(min-width:1024px) 25vw, (min-width:768px) 33vw, 50vw'}
          loading={imagePriority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imagePriority === 'high' ? 'high' : undefined}
          decoding="async"
          className="card-image"
        />
        {product.badges.length > 0 ? (
          <div className="card-badges">
            <Badges badges={product.badges} />
          </div>
        ) : null}
        {/* Beside the card's link, not in it (no button inside a link), and above its stretched area. */}
        <div className="card-wish">
          <WishlistButton product={product} />
        </div>
      </div>
      <div className="card-body">
        {product.brand ? <p className="card-brand">{product.brand.name}</p> : null}
        <Heading className={isList ? 'card-name text-lg' : 'card-name'}>
          {/* The whole card is clickable through this link's stretched area. */}
          <Link to={productPath(lang, product)} className="card-link">
            {product.name}
          </Link>
        </Heading>
        <Price price={product.price} regularPrice={product.regular_price} discountPercent={product.discount_percent} from={product.price_varies} />
        <LowestPriorPrice amount={product.discount_percent ? (product.lowest_prior_price ?? null) : null} size="sm" />
        <RatingSummary rating={product.rating} />
        {isList ? <ColourDots product={product} /> : null}
        {(!isList && product.colors.length > 1) || product.free_shipping || product.remaining_stock ? (
          <div className="card-notes">
            {!isList && product.colors.length > 1 ? <span>{t('product.colors', { count: product.colors.length })}</span> : null}
            {product.free_shipping ? <span className="text-emerald-800">{t('product.freeShipping')}</span> : null}
            {product.remaining_stock ? <span className="text-red-800">{t('product.onlyLeft', { count: product.remaining_stock })}</span> : null}
          </div>
        ) : null}
        {isList ? <p className="text-xs text-stone-600">{t('product.reference')}: {product.reference}</p> : null}
        {product.single_combination_id !== null ? <QuickAddButton product={{ ...product, single_combination_id: product.single_combination_id }} /> : null}
      </div>
    </article>
  );
}

type GridProps = { products: CardProduct[]; label: string; headingLevel: 2 | 3; layout?: ListingView; aboveTheFold?: boolean };

/** A phone's first row: the cards whose images a shopper sees without scrolling. */
const FIRST_ROW = 2;

/**
 * A list of product cards, as a grid or a list; their names are headings one level below the section's. Only a
 * grid at the top of its page (a listing) loads its first row at once, its first image with high priority.
 */
export function ProductGrid({ products, label, headingLevel, layout = 'grid', aboveTheFold = false }: GridProps) {
  const priorityOf = (index: number): ImagePriority => (!aboveTheFold || index >= FIRST_ROW ? 'lazy' : index === 0 ? 'high' : 'eager');
  const listClass = layout === 'list' ? 'flex flex-col gap-6' : 'grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4';
  return (
    <ul aria-label={label} className={listClass} data-layout={layout}>
      {products.map((product, index) => (
        <li key={product.id_product}>
          <ProductCard product={product} imagePriority={priorityOf(index)} headingLevel={headingLevel} layout={layout} />
        </li>
      ))}
    </ul>
  );
}
