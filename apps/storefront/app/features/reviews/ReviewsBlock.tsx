import type { ProductReviews as Reviews, Review, ReviewStats } from '@shop/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { ConfirmDeleteForm } from '~/components/forms/ConfirmDeleteForm';
import { useFormatDate, useLang } from '~/lib/hooks';
import { withQuery } from '~/features/catalog/listing-query';
import { Pagination } from '~/features/catalog/Pagination';
import { REVIEW_FORM_PARAM, REVIEWS_LANGUAGES_PARAM, REVIEWS_PAGE_PARAM, reviewsPath, type ReviewFormMode } from './paths';
import { Stars } from './Stars';
import { fitWords } from './words';
import { displayNames, numberFormat } from '~/lib/intl';

/**
 * The form and its validation (zod, Conform) load only when a shopper opens it (the product page's first-load
 * JavaScript budget, docs/performance.md). The server renders it whole, so it works without JavaScript.
 */
const LazyReviewForm = lazy(() => import('./ReviewForm').then((module) => ({ default: module.ReviewForm })));

function ReviewForm(props: React.ComponentProps<typeof LazyReviewForm>) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-96 max-w-2xl rounded border border-stone-300" />}>
      <LazyReviewForm {...props} />
    </Suspense>
  );
}

/**
 * What the reviews block shows once its data is there: the ratings, what the shopper may do, and the list.
 */
export default function ReviewsBlock({ productId, data }: { productId: number; data: Reviews }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const mode = new URLSearchParams(search).get(REVIEW_FORM_PARAM) as ReviewFormMode | null;
  const { stats, reviewer } = data;
  const closed = withQuery(search, { [REVIEW_FORM_PARAM]: null, page: null });
  return (
    <>
      {stats.count > 0 ? <RatingsOverview stats={stats} /> : <p className="mt-4 text-stone-700">{t('product.reviewsEmpty')}</p>}
      <p className="mt-2 text-sm text-stone-600">{t('product.reviewsFromBuyers')}</p>
      <div className="mt-6">
        {reviewer.status === 'sign_in' ? <SignInToReview /> : null}
        {reviewer.status === 'purchase_required' ? <p className="rounded bg-stone-100 px-4 py-3 text-stone-800">{t('reviews.purchaseRequired')}</p> : null}
        {reviewer.status === 'can_review' ? (
          mode === 'write' ? (
            <ReviewForm productId={productId} review={null} cancelTo={`${closed}#reviews`} />
          ) : (
            <Link to={`${withQuery(search, { [REVIEW_FORM_PARAM]: 'write', page: null })}#review-form`} preventScrollReset className="button-primary inline-block">
              {t('reviews.write')}
            </Link>
          )
        ) : null}
        {reviewer.own ? <OwnReview productId={productId} review={reviewer.own} mode={mode} closed={closed} /> : null}
      </div>
      <ReviewList data={data} />
    </>
  );
}

function SignInToReview() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  return (
    <Link to={`/${lang}/auth/login?redirectTo=${encodeURIComponent(`${pathname}${search}#reviews`)}`} className="button-primary inline-block">
      {t('reviews.loginToReview')}
    </Link>
  );
}

/** Average, count, how many gave each number of stars, and the criteria. */
function RatingsOverview({ stats }: { stats: ReviewStats }) {
  const { t } = useTranslation();
  const lang = useLang();
  const number = numberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const average = stats.average ?? 0;
  return (
    <div className="mt-6 grid gap-8 md:grid-cols-3">
      <div>
        <p className="flex items-baseline gap-3">
          <span className="text-5xl font-semibold" aria-hidden="true">
            {number.format(average)}
          </span>
          <Stars value={average} size="lg" />
        </p>
        <p className="mt-1 text-stone-700">{t('reviews.basedOn', { count: stats.count })}</p>
      </div>
      <div>
        <h3 className="sr-only">{t('reviews.distribution')}</h3>
        <ul className="space-y-1">
          {stats.distribution.map(({ stars, count }) => (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="w-16 shrink-0">{t('reviews.stars', { count: stars })}</span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-stone-200">
                <span className="block h-full bg-amber-600" style={{ width: `${stats.count ? Math.round((count / stats.count) * 100) : 0}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-stone-700">
                <span aria-hidden="true">{count}</span>
                <span className="sr-only">{t('reviews.count', { count })}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <Criteria stats={stats} />
    </div>
  );
}

function Criteria({ stats }: { stats: ReviewStats }) {
  const { t } = useTranslation();
  const { fit, quality, comfort } = stats.criteria;
  return (
    <dl className="space-y-3 text-sm">
      {fit.average !== null ? (
        <div>
          <dt className="font-medium">{t('reviews.criteria.fit')}</dt>
          <dd>
            <FitScale average={fit.average} />
            <span className="mt-1 block text-stone-700">
              {fitWords(t, fit.average)} · {t('reviews.count', { count: fit.count })}
            </span>
          </dd>
        </div>
      ) : null}
      {(['quality', 'comfort'] as const).map((criterion) => {
        const { average } = criterion === 'quality' ? quality : comfort;
        return average === null ? null : (
          <div key={criterion} className="flex flex-wrap items-center justify-between gap-2">
            <dt className="font-medium">{t(`reviews.criteria.${criterion}`)}</dt>
            <dd>
              <Stars value={average} size="sm" />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Where the fit lands between 'runs small' and 'runs large'; the words beside it say it for screen readers. */
function FitScale({ average }: { average: number }) {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" className="mt-1 block">
      <span className="relative block h-2 rounded bg-stone-200">
        <span className="absolute top-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-stone-900" style={{ left: `${((average - 1) / 4) * 100}%` }} />
      </span>
      <span className="mt-1 flex justify-between text-xs text-stone-600">
        <span>{t('reviews.fit.1')}</span>
        <span>{t('reviews.fit.5')}</span>
      </span>
    </span>
  );
}

/** One review, its text as text: markup in it is shown, never run. */
function ReviewCard({ review, headingLevel = 3 }: { review: Review; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="space-y-2" lang={review.lang}>
      <Stars value={review.rating} />
      <Heading className="font-semibold">{review.title}</Heading>
      <p className="text-sm text-stone-600" lang={lang}>
        {t('reviews.byline', { author: review.author, date: formatDate(review.created_at) })}
        {review.lang !== lang ? <> · {t('reviews.writtenIn', { language: displayNames(lang, { type: 'language' }).of(review.lang) })}</> : null}
      </p>
      {review.fit !== null ? (
        <p className="text-sm text-stone-700" lang={lang}>
          {t('reviews.criteria.fit')}: {fitWords(t, review.fit)}
        </p>
      ) : null}
      <p className="whitespace-pre-line break-words text-stone-800">{review.content}</p>
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" lang={lang}>
          {review.photos.map((photo, index) => (
            <li key={photo.url}>
              <a href={photo.url}>
                <img
                  src={photo.url}
                  alt={t('reviews.photos.of', { author: review.author, index: index + 1 })}
                  width={96}
                  height={Math.round((96 * photo.height) / Math.max(1, photo.width))}
                  loading="lazy"
                  className="h-24 w-24 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** The shopper's own review, with Edit and Delete (which asks first: it cannot be undone). */
function OwnReview({ productId, review, mode, closed }: { productId: number; review: Review; mode: ReviewFormMode | null; closed: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { search } = useLocation();
  if (mode === 'edit') return <ReviewForm productId={productId} review={review} cancelTo={`${closed}#reviews`} />;
  return (
    <section aria-labelledby="own-review-heading" className="rounded border border-stone-300 p-4 sm:p-6">
      <h3 id="own-review-heading" className="mb-3 text-lg font-semibold">
        {t('reviews.yourReview')}
      </h3>
      {review.status && (
        <p role="status" className="mb-3 rounded bg-amber-50 p-3 text-amber-950">
          {t(review.status === 'held' ? 'reviews.awaitingApproval' : 'reviews.hiddenByShop')}
        </p>
      )}
      <ReviewCard review={review} headingLevel={4} />
      {mode === 'delete' ? (
        <ConfirmDeleteForm
          action={reviewsPath(lang, productId)}
          form="delete-review"
          fields={{ reviewId: review.id }}
          message={t('reviews.deleteConfirm')}
          confirmLabel={t('reviews.confirmDelete')}
          cancelTo={`${closed}#reviews`}
        />
      ) : (
        <div className="mt-4 flex gap-6">
          <Link to={`${withQuery(search, { [REVIEW_FORM_PARAM]: 'edit', page: null })}#review-form`} preventScrollReset className="underline">
            {t('reviews.edit')}
          </Link>
          <Link to={`${withQuery(search, { [REVIEW_FORM_PARAM]: 'delete', page: null })}#reviews`} preventScrollReset className="underline">
            {t('reviews.delete')}
          </Link>
        </div>
      )}
    </section>
  );
}

/** The list, a page at a time, with the language filter: the shopper's language, or every language. */
function ReviewList({ data }: { data: Reviews }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { search } = useLocation();
  const language = displayNames(lang, { type: 'language' }).of(lang) ?? lang;
  const filterLink = (languages: 'mine' | 'all') => withQuery(search, { [REVIEWS_LANGUAGES_PARAM]: languages === 'mine' ? null : 'all', [REVIEWS_PAGE_PARAM]: null, page: null });
  if (data.in_language + data.in_other_languages === 0) return null;
  // The shopper's own review is shown above with its Edit and Delete: not a second time in the list.
  const others = data.reviews.filter((review) => review.id !== data.reviewer.own?.id);
  const filters = [
    { key: 'mine' as const, label: t('reviews.inLanguage', { language, count: data.in_language }) },
    { key: 'all' as const, label: t('reviews.allLanguages', { count: data.in_language + data.in_other_languages }) },
  ];
  return (
    <div className="mt-10">
      {data.in_other_languages > 0 ? (
        <nav aria-label={t('reviews.languageFilter')} className="mb-6">
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.key}>
                <Link
                  to={`${filterLink(filter.key)}#reviews`}
                  preventScrollReset
                  aria-current={data.languages === filter.key ? 'true' : undefined}
                  className={`block rounded-full border px-4 py-2 text-sm ${data.languages === filter.key ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-400 hover:border-stone-900'}`}
                >
                  {filter.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.reviews.length === 0 ? (
        <p className="text-stone-700">{t('reviews.noneInLanguage', { language })}</p>
      ) : others.length === 0 ? null : (
        <ul aria-label={t('reviews.list')} className="divide-y divide-stone-200">
          {others.map((review) => (
            <li key={review.id} className="py-6">
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.pagination.page} pages={data.pagination.pages} param={REVIEWS_PAGE_PARAM} label={t('reviews.pages')} />
    </div>
  );
}
