import type { RelatedProducts as Related } from '@shop/contract';
import { lazy, Suspense } from 'react';
import { Await } from 'react-router';
import { ProductGridSkeleton } from './ProductGridSkeleton';

// The cards and their pager are below the fold: their code loads with them, not with the page (docs/performance.md).
const RelatedList = lazy(() => import('./RelatedList').then((module) => ({ default: module.RelatedList })));

/** The related products a page holds (the API's page size): what the skeleton stands for. */
const RELATED_SKELETON_CARDS = 4;

/**
 * Other products of the same category, a page at a time (links: they work without JavaScript). They stream in
 * below the product (deferred data): a skeleton of their size until they arrive, nothing when there are none or
 * their call failed. The list's code is loaded with the data, behind the same skeleton.
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
