import { REVIEW_CRITERIA } from '@shop/contract/review-constants';
import { reviewFields } from '@shop/contract/reviews';
import type { TFunction } from 'i18next';

/** The review form: the contract's review fields (SPEC §5's rules, checked again by the shop API). */
export const reviewForm = reviewFields;

export const reviewLabels = (t: TFunction) => ({
  title: t('reviews.form.title'),
  content: t('reviews.form.content'),
  rating: t('reviews.form.rating'),
  ...Object.fromEntries(REVIEW_CRITERIA.map((criterion) => [criterion, t(`reviews.criteria.${criterion}`)])),
  photos: t('reviews.photos.label'),
  photo: t('reviews.photos.label'),
});
