import type { ProductReviews as Reviews } from '@shop/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Await } from 'react-router';

type Props = { productId: number; reviews: Promise<Reviews | null> };

/** The block's content loads with its data, after the product: it is below the fold (first-load budget, docs/performance.md). */
const ReviewsBlock = lazy(() => import('./ReviewsBlock'));

/**
 * The product page's reviews block (`#reviews`): the ratings (average, count, distribution, fit, quality and
 * comfort), what the shopper may do (sign in, buy first, write, or edit and delete their own review), and the
 * reviews a page at a time, the shopper's language first. It streams in below the product (deferred data).
 */
export function ProductReviews({ productId, reviews }: Props) {
  const { t } = useTranslation();
  const unavailable = <p className="mt-4 text-stone-700">{t('reviews.unavailable')}</p>;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 border-t border-stone-200 pt-10">
      <h2 id="reviews-heading" className="text-2xl font-semibold">
        {t('product.reviews')}
      </h2>
      <Suspense fallback={<div aria-hidden="true" className="mt-6 h-48 rounded bg-stone-100" />}>
        <Await resolve={reviews} errorElement={null}>
          {(resolved) => (resolved ? <ReviewsBlock productId={productId} data={resolved} /> : unavailable)}
        </Await>
      </Suspense>
    </section>
  );
}

