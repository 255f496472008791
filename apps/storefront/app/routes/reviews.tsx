import { useTranslation } from '~/i18n/use-translation';
import { data, Link, useActionData } from 'react-router';
import type { Route } from './+types/reviews';
import { ErrorScreen, errorScreenProps } from '~/components/ErrorScreen';
import { FormAlert } from '~/components/forms/fields';
import { PageMeta } from '~/components/PageMeta';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { productPath } from '~/features/catalog/paths';
import { reviewForm, reviewLabels } from '~/features/reviews/forms';
import { ReviewForm } from '~/features/reviews/ReviewForm';
import { backToProduct, backWithFlash, REVIEW_FORM_MAX_BYTES, uploadPostedPhotos } from '~/features/reviews/reviews.server';
import { ShopApiError } from '~/lib/api/client';
import { loadOrFail, pageError } from '~/lib/api/shop.server';
import { apiErrorMessage } from '~/lib/api-messages';
import { loginRedirect } from '~/lib/auth.server';
import { rowId } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';
import { serverTranslator } from '~/i18n/i18n.server';

/**
 * `/{lang}/reviews/{productId}`: where the product page's review forms post (write, edit, delete). A sent review
 * goes back to the product with 'review submitted' or 'updated', a deletion with 'review deleted'. A refused form is
 * shown here again with its messages (the same form, with or without JavaScript); opened directly, this page is the
 * shopper's review form for the product.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const productId = rowId(params.productId);
  if (!productId) return notFound();
  const { api, customer, lang } = pageContext(context);
  if (!(await customer())) throw loginRedirect(request, lang);
  const [product, reviews] = await loadOrFail(Promise.all([api('getProduct', { product_id: productId }), api('getProductReviews', { productId })]));
  return { product: { id: product.id_product, name: product.name, path: productPath(lang, product) }, own: reviews.reviewer.own };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = rowId(params.productId);
  if (!productId) return notFound();
  const page = pageContext(context);
  const { api, lang } = page;
  // The review form may carry photos (without JavaScript): up to REVIEW_FORM_MAX_BYTES, as server.js allows.
  const { formData, formId } = await postedForm(request, REVIEW_FORM_MAX_BYTES);
  const reviewId = rowId(String(formData.get('reviewId') ?? ''));
  const back = backToProduct(request, productPath(lang, await loadOrFail(api('getProduct', { product_id: productId }))));
  if (formId === 'delete-review') {
    if (!reviewId) return notFound();
    try {
      await api('deleteProductReview', { productId, reviewId });
      return backWithFlash(request, back, 'reviews.flash.deleted');
    } catch (error) {
      if (!(error instanceof ShopApiError) || error.isTransportFailure) return pageError(error);
      if (error.status === 401) throw loginRedirect(request, lang);
      const t = await serverTranslator(lang);
      return data({ deleteError: apiErrorMessage(error, t, 'reviews.errors.delete') }, { status: error.status });
    }
  }
  if (formId !== 'review') return notFound();
  return submitForm(
    request,
    lang,
    formData,
    reviewForm,
    async (review, t) => {
      const kept = review.photos ?? [];
      review = { ...review, photos: [...kept, ...(await uploadPostedPhotos(api, productId, formData, kept.length, t))] };
      if (reviewId) await api('updateProductReview', { productId, reviewId, review });
      else await api('createProductReview', { productId, review });
      return backWithFlash(request, back, reviewId ? 'reviews.flash.updated' : 'reviews.flash.submitted');
    },
    { labelsOf: reviewLabels, refusalKey: 'reviews.errors.submit', fieldOf: (path) => path.replace(/^review\./, '') },
  );
}

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const { product, own } = loaderData;
  const lastResult = answer && 'result' in answer ? answer.result : null;
  const deleteError = answer && 'deleteError' in answer ? answer.deleteError : null;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageMeta title={t('reviews.pageTitle', { name: product.name })} noIndex />
      <h1 className="text-3xl font-semibold">{t('reviews.pageTitle', { name: product.name })}</h1>
      <FormAlert message={deleteError} />
      <ReviewForm productId={product.id} review={own} lastResult={lastResult} cancelTo={`${product.path}#reviews`} />
      <Link to={`${product.path}#reviews`} className="inline-block underline">
        {t('reviews.backToProduct', { name: product.name })}
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen {...errorScreenProps(error)} />;
}
