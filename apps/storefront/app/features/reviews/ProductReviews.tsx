import { useTranslation } from 'react-i18next';

/**
 * The product page's reviews block (`#reviews`, a region named by its heading). Until the reviews feature
 * brings the list, the rating and the form, it shows the empty state: no product has a review yet.
 */
export function ProductReviews() {
  const { t } = useTranslation();
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 border-t border-stone-200 pt-10">
      <h2 id="reviews-heading" className="text-2xl font-semibold">
        {t('product.reviews')}
      </h2>
      <p className="mt-4 text-stone-700">{t('product.reviewsEmpty')}</p>
      <p className="mt-1 text-sm text-stone-600">{t('product.reviewsFromBuyers')}</p>
    </section>
  );
}
