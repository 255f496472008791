import type { RelatedProducts as Related } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { Pagination } from './Pagination';
import { RELATED_PAGE_PARAM } from './product-params';
import { ProductGrid } from './ProductCard';

/** A page of related products with its pager (RelatedProducts loads it with its data). */
export function RelatedList({ related }: { related: Related }) {
  const { t } = useTranslation();
  if (related.products.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-16">
      <h2 id="related-products" className="mb-6 text-2xl font-semibold">
        {t('product.related')}
      </h2>
      <ProductGrid products={related.products} label={t('product.related')} headingLevel={3} />
      <Pagination page={related.pagination.page} pages={related.pagination.pages} param={RELATED_PAGE_PARAM} label={t('product.relatedPages')} />
    </section>
  );
}
