import type { Route } from './+types/review-photo';
import { orNothing } from '~/lib/api/shop.server';
import { rowId } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';

/** A review's photo (`/review-photos/{id}.webp`): resized and stripped of metadata by the shop API, never changed after. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = rowId(/^([0-9]{1,10})\.webp$/.exec(params.file)?.[1] ?? '');
  if (!id) return notFound();
  const photo = await orNothing(pageContext(context).api('getReviewPhoto', { id }), 'review photo');
  if (!photo) return notFound();
  return new Response(Buffer.from(photo.data, 'base64'), {
    headers: { 'Content-Type': photo.type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=86400' },
  });
}
