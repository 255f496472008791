import { staffCall } from '../lib/api.server';
import type { Route } from './+types/product-photo-file';

/** A product photo's file for this page's previews (same address as the back office, so its CSP's `img-src 'self'` holds). */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[0-9]{1,10}-[0-9a-f]{12}-[0-9]{1,4}\.(avif|webp|jpg)$/.test(params.file)) throw new Response('not_found', { status: 404 });
  const file = await staffCall(request, 'readProductPhotoFile', { file: params.file });
  return new Response(Buffer.from(file.data, 'base64'), {
    headers: { 'Content-Type': file.type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=31536000, immutable' },
  });
}
