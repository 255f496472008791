import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TYPES } from '@shop/contract/review-constants';
import type { TFunction } from 'i18next';

/** The words of the five stars ('1 star' … '5 stars'). */
export const starChoices = (t: TFunction) => [1, 2, 3, 4, 5].map((count) => t('reviews.stars', { count }));
/** The fit scale's five steps, 'Runs small' to 'Runs large'. */
export const fitChoices = (t: TFunction) => [1, 2, 3, 4, 5].map((step) => t(`reviews.fit.${step}`));

/** How an average fit reads: the step it is nearest to. */
export const fitWords = (t: TFunction, average: number) => t(`reviews.fit.${Math.min(5, Math.max(1, Math.round(average)))}`);

/** The photo types as shoppers read them: 'JPEG, PNG, WEBP'. */
export const photoTypeNames = () => REVIEW_PHOTO_TYPES.map((type) => type.replace('image/', '').toUpperCase()).join(', ');

/** Why a photo was refused: not a JPEG, PNG or WebP by its content ('mime'), or over 8 MB ('max'). */
export const photoRefusalMessage = (t: TFunction, rule: 'mime' | 'max') =>
  rule === 'mime'
    ? t('validation.mime', { name: t('reviews.photos.label'), types: photoTypeNames() })
    : t('validation.maxFile', { name: t('reviews.photos.label'), max: REVIEW_PHOTO_MAX_BYTES / 1024 / 1024 });
