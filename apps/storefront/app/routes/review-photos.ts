import type { Route } from './+types/review-photos';
import { ownPhotoAnswer, photoUploadAction } from '~/features/reviews/reviews.server';
import { rowId } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';

/** The review form's photo uploads post here; its previews of them are read from here (`?upload=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return (await ownPhotoAnswer(request, pageContext(context))) ?? notFound();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = rowId(params.productId);
  if (!productId) return notFound();
  return photoUploadAction(request, pageContext(context), productId);
}
