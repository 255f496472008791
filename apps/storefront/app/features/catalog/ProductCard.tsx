import type { ProductSummary } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/hooks';
import { Badges } from './Badges';
import { productPath } from './paths';
import { Price } from './Price';

type CardProps = { product: ProductSummary; eager?: boolean; headingLevel: 2 | 3 };

export function ProductCard({ product, eager = false, headingLevel }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation();
  const lang = useLang();
  const image = product.default_image;
  return (
    <article className="group relative flex flex-col gap-2">
      <div className="relative overflow-hidden rounded bg-stone-100">
        <img
          src={image.url}
          alt=""
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[3/4] h-auto w-full object-cover transition group-hover:scale-[1.02]"
        />
        <div className="absolute left-2 top-2">
          <Badges badges={product.badges} />
        </div>
      </div>
      {product.brand ? <p className="text-xs uppercase tracking-wide text-stone-600">{product.brand.name}</p> : null}
      <Heading className="font-medium leading-snug">
        {/* The whole card is clickable through this link's stretched area. */}
        <Link to={productPath(lang, product)} className="after:absolute after:inset-0">
          {product.name}
        </Link>
      </Heading>
      <Price price={product.price} regularPrice={product.regular_price} discountPercent={product.discount_percent} />
      <div className="flex flex-wrap gap-x-3 text-xs text-stone-600">
        {product.colors.length > 1 ? <span>{t('product.colors', { count: product.colors.length })}</span> : null}
        {product.free_shipping ? <span className="text-emerald-800">{t('product.freeShipping')}</span> : null}
        {product.remaining_stock ? <span className="text-red-800">{t('product.onlyLeft', { count: product.remaining_stock })}</span> : null}
      </div>
    </article>
  );
}

/** A list of product cards; their names are headings one level below the section's. */
export function ProductGrid({ products, label, headingLevel }: { products: ProductSummary[]; label: string; headingLevel: 2 | 3 }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id_product}>
          <ProductCard product={product} eager={index < 4} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
