import type { Review } from '@shop/contract';
import { REVIEW_LIMITS } from '@shop/contract/review-constants';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import { SubmitButton, TextAreaField, TextField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { useLang } from '~/lib/hooks';
import { reviewForm, reviewLabels } from './forms';
import { fitChoices, starChoices } from './words';
import { reviewsPath } from './paths';
import { StarInput } from './StarInput';
import { PhotoField } from './PhotoField';

type Props = {
  productId: number;
  /** The shopper's own review when they edit it. */
  review: Review | null;
  lastResult?: SubmissionResult<string[]> | null;
  /** Where Cancel goes (the product page without the form). */
  cancelTo: string;
};

/**
 * Writing or editing a review (SPEC §4, §5): title, text, the overall rating, fit, quality and comfort, photos.
 * It posts to the reviews route, which sends the shopper back to the product with 'review submitted' (or
 * 'updated'), or shows the form again with its messages.
 */
export function ReviewForm({ productId, review, lastResult, cancelTo }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const defaultValue = useMemo(
    () =>
      review
        ? {
            title: review.title,
            content: review.content,
            rating: review.rating,
            fit: review.fit ?? undefined,
            quality: review.quality ?? undefined,
            comfort: review.comfort ?? undefined,
          }
        : undefined,
    [review],
  );
  const { fields, busy, formProps } = useShopForm({
    id: 'review',
    schema: reviewForm,
    labels: reviewLabels(t),
    lastResult,
    defaultValue: defaultValue as never,
  });
  const stars = starChoices(t);
  return (
    <section id="review-form" aria-labelledby="review-form-heading" className="max-w-2xl rounded border border-stone-300 p-4 sm:p-6">
      <h3 id="review-form-heading" className="mb-4 text-xl font-semibold">
        {review ? t('reviews.form.editHeading') : t('reviews.form.writeHeading')}
      </h3>
      <ShopForm {...formProps} action={reviewsPath(lang, productId)} encType="multipart/form-data" incompleteMessage={t('reviews.form.fixErrors')}>
        {review ? <input type="hidden" name="reviewId" value={review.id} /> : null}
        <StarInput field={fields.rating} legend={t('reviews.form.rating')} choices={stars} required />
        <TextField field={fields.title} label={t('reviews.form.title')} description={t('reviews.form.titleHint', { min: REVIEW_LIMITS.titleMin })} />
        <TextAreaField
          field={fields.content}
          label={t('reviews.form.content')}
          description={t('reviews.form.contentHint', { min: REVIEW_LIMITS.contentMin })}
          maxLength={REVIEW_LIMITS.contentMax}
        />
        <StarInput field={fields.fit} legend={t('reviews.criteria.fit')} choices={fitChoices(t)} look="scale" />
        <div className="grid gap-4 sm:grid-cols-2">
          <StarInput field={fields.quality} legend={t('reviews.criteria.quality')} choices={stars} />
          <StarInput field={fields.comfort} legend={t('reviews.criteria.comfort')} choices={stars} />
        </div>
        <PhotoField productId={productId} initial={review?.photos ?? []} field={fields.photos} />
        <div className="flex flex-wrap items-center gap-6">
          <SubmitButton busy={busy}>{review ? t('reviews.form.update') : t('reviews.form.submit')}</SubmitButton>
          <Link to={cancelTo} preventScrollReset className="underline">
            {t('account.cancel')}
          </Link>
        </div>
      </ShopForm>
    </section>
  );
}
