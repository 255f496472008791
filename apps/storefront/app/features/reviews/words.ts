import type { TFunction } from 'i18next';

/** The words of the five stars ('1 star' … '5 stars'). */
export const starChoices = (t: TFunction) => [1, 2, 3, 4, 5].map((count) => t('reviews.stars', { count }));
/** The fit scale's five steps, 'Runs small' to 'Runs large'. */
export const fitChoices = (t: TFunction) => [1, 2, 3, 4, 5].map((step) => t(`reviews.fit.${step}`));

/** How an average fit reads: the step it is nearest to. */
export const fitWords = (t: TFunction, average: number) => t(`reviews.fit.${Math.min(5, Math.max(1, Math.round(average)))}`);
