import type { Route } from './+types/review-photos';
import { photoUploadAction } from '~/features/reviews/reviews.server';
import { rowId } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';

/** Only the review form's photo uploads post here. */
export const loader = () => notFound();

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = rowId(params.productId);
  if (!productId) return notFound();
  return photoUploadAction(request, pageContext(context), productId);
}
