import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { REVIEW_MODERATIONS, REVIEW_STATES, adminModerateReviewInput, type ReviewState } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { dateTime } from '../lib/format';
import { buttonClass, DoneNotice, FieldError, FormAlert, inputClass, panelClass, Select, useStaffForm } from '../lib/forms';
import { Pages, pageParam } from '../lib/pages';
import { rowIdOf } from '../lib/ids';
import type { Route } from './+types/reviews';

const isState = (value: string | null): value is ReviewState => REVIEW_STATES.includes(value as ReviewState);

/**
 * One review's moderation form: the button pressed says what to do (`intent`: a field named `action` would hide the
 * form's own action in the browser); deleting for good asks for the box to be ticked.
 */
const moderationForm = adminModerateReviewInput
  .omit({ action: true })
  .extend({ intent: z.enum(REVIEW_MODERATIONS), confirm: z.literal('on').optional() })
  .refine((input) => input.intent !== 'delete' || input.confirm === 'on', { path: ['confirm'], error: 'Tick the box to delete for good.' });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = params.get('status');
  const rating = Number(params.get('rating'));
  const filters = {
    status: isState(status) ? status : undefined,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    product_id: rowIdOf(params.get('product')) ?? undefined,
  };
  return { list: await staffCall(request, 'listReviews', { ...filters, page: pageParam(params) }), filters };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const id = Number(formData.get('id'));
  return submitStaffForm(
    formData,
    moderationForm,
    async (value, submission) => {
      const done = await staffCall(request, 'moderateReview', { id: value.id, action: value.intent, reason: value.reason });
      return { id, result: submission.reply({ resetForm: true }), done: done.status };
    },
    { rowInForm: true, refused: (result) => ({ id, result, done: null }) },
  );
}

type Review = Route.ComponentProps['loaderData']['list']['reviews'][number];

function ReviewCard({ review, lastResult }: { review: Review; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(review.id);
  const [form, fields] = useStaffForm(moderationForm, lastResult);
  const stateClass = review.status === 'published' ? 'bg-green-100 text-green-900' : review.status === 'held' ? 'bg-amber-100 text-amber-900' : 'bg-stone-200 text-stone-900';
  return (
    <li className={panelClass}>
      <article aria-labelledby={`review-${review.id}-title`}>
        <p className="mb-1 text-sm">
          <span className={`mr-2 rounded px-2 py-0.5 text-xs font-semibold ${stateClass}`}>{t(`reviews.states.${review.status}`)}</span>
          {review.product_name} (#{review.product_id})
        </p>
        <h2 id={`review-${review.id}-title`} className="font-semibold">
          {review.title} <span className="font-normal">· {t('reviews.stars', { count: review.rating })}</span>
        </h2>
        <p className="text-sm text-stone-700">{t('reviews.by', { author: review.author, lang: review.lang, date: dateTime(review.created_at, i18n.language) })}</p>
        <p className="my-2 whitespace-pre-line">{review.content}</p>
        {review.photo_count > 0 && <p className="text-sm">{t('reviews.photos', { count: review.photo_count })}</p>}
        {review.reason && <p className="text-sm text-stone-700">{t('reviews.reasonWas', { reason: review.reason })}</p>}
      </article>
      <Form method="post" {...getFormProps(form)} className="mt-3">
        <FormAlert errors={form.errors} hasFieldErrors={false} />
        <input type="hidden" name="id" value={review.id} />
        <label htmlFor={fields.reason.id}>{t('reviews.reason')}</label>
        <input {...getInputProps(fields.reason, { type: 'text' })} key={fields.reason.key} className={inputClass} />
        <FieldError field={fields.reason} />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {review.status !== 'hidden' && (
            <button type="submit" name="intent" value="hide" disabled={busy} className={buttonClass}>
              {t('reviews.hide')}
            </button>
          )}
          {review.status !== 'published' && (
            <button type="submit" name="intent" value="show" disabled={busy} className={buttonClass}>
              {review.status === 'held' ? t('reviews.approve') : t('reviews.show')}
            </button>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.confirm, { type: 'checkbox' })} key={fields.confirm.key} />
            {t('reviews.confirmDelete')}
          </label>
          <button type="submit" name="intent" value="delete" disabled={busy} className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60">
            {t('reviews.delete')}
          </button>
        </div>
        <FieldError field={fields.confirm} />
      </Form>
    </li>
  );
}

/** Reviews to moderate: filter by state, rating and product; hide, show (approve) or delete each with a reason. */
export default function Reviews({ loaderData: { list, filters }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('reviews.title')}</h1>
      {actionData?.done && (
        <DoneNotice>
          {t(`reviews.done.${actionData.done}`)}
        </DoneNotice>
      )}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <Select name="status" label={t('reviews.state')} empty={t('reviews.anyState')} choices={REVIEW_STATES.map((state) => ({ value: state, label: t(`reviews.states.${state}`) }))} defaultValue={filters.status ?? ''} />
        <Select name="rating" label={t('reviews.rating')} empty={t('reviews.anyRating')} choices={[5, 4, 3, 2, 1].map((stars) => ({ value: stars, label: t('reviews.stars', { count: stars }) }))} defaultValue={filters.rating ?? ''} />
        <div>
          <label htmlFor="product">{t('reviews.product')}</label>
          <input id="product" name="product" type="number" min={1} inputMode="numeric" defaultValue={filters.product_id ?? ''} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass}>
          {t('reviews.filter')}
        </button>
      </Form>
      <p className="mb-2" aria-live="polite">
        {t('reviews.count', { count: list.total })}
      </p>
      {list.reviews.length === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <ul className="space-y-4">
          {list.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} lastResult={actionData?.id === review.id ? actionData.result : undefined} />
          ))}
        </ul>
      )}
      <Pages page={list.page} pages={list.pages} params={{ status: filters.status ?? '', rating: String(filters.rating ?? ''), product: String(filters.product_id ?? '') }} />
    </>
  );
}
