import { PRODUCT_PHOTO_FILE } from '@shop/contract';
import type { Route } from './+types/product-photo';
import { orNothing } from '~/lib/api/shop.server';
import { notFound, pageContext } from '~/lib/request-context.server';

/**
 * One file of a merchant's product photo (`/product-photos/{name}-{width}.{avif|webp|jpg}`, docs/adr/0038): made
 * once by the shop API's pipeline and never changed (a new photo gets a new name), so cached for a year, immutable.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!PRODUCT_PHOTO_FILE.test(params.file)) return notFound();
  const photo = await orNothing(pageContext(context).api('getProductPhotoFile', { file: params.file }), 'product photo');
  if (!photo) return notFound();
  return new Response(Buffer.from(photo.data, 'base64'), {
    headers: { 'Content-Type': photo.type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
