import type { RelatedProducts as Related } from '@shop/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Await } from 'react-router';
import { Pagination } from './Pagination';
import { RELATED_PAGE_PARAM } from './product-params';
import { ProductGrid } from './ProductCard';
import { ProductGridSkeleton } from './ProductGridSkeleton';

/** The related products a page holds (the API's page size): what the skeleton stands for. */
const RELATED_SKELETON_CARDS = 4;

/**
 * Other products of the same category, a page at a time (links: they work without JavaScript). They stream in
 * below the product (deferred data): a skeleton of their size until they arrive, nothing when there are none or
 * their call failed.
 */
export function RelatedProducts({ related }: { related: Promise<Related | null> }) {
  return (
    <Suspense fallback={<ProductGridSkeleton count={RELATED_SKELETON_CARDS} className="mt-16" />}>
      <Await resolve={related} errorElement={null}>
        {(resolved) => (resolved ? <RelatedList related={resolved} /> : null)}
      </Await>
    </Suspense>
  );
}

function RelatedList({ related }: { related: Related }) {
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
