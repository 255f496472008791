import type { PhotoUpload } from '@shop/contract';
import { REVIEW_LIMITS, REVIEW_PHOTO_MAX_BYTES, UPLOAD_CHUNK_BYTES } from '@shop/contract/review-constants';
import type { TFunction } from 'i18next';
import { data } from 'react-router';
import { FieldRefusal } from '~/lib/form-action.server';
import { ShopApiError } from '~/lib/api/client';
import { orNothing, pageError, type ShopApi } from '~/lib/api/shop.server';
import { boundedBody, MAX_FORM_BYTES, readForm, refusal } from '~/lib/form-body.server';
import type { PageContext } from '~/lib/request-context.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { safeRedirect } from '~/lib/safe-redirect.server';
import { PHOTO_FILES_FIELD, readReviewQuery } from './paths';
import { photoRefusalMessage } from './words';

/** The review form posted without JavaScript carries its photos: three files of up to 8 MB, and its fields. */
export const REVIEW_FORM_MAX_BYTES = REVIEW_LIMITS.photos * REVIEW_PHOTO_MAX_BYTES + MAX_FORM_BYTES;

/**
 * What server.js must know of a post before the app reads it (`pathAndQuery` as requested, the body's declared
 * length if any): the most its body may hold, and the bytes it carries in photos, which the post admission
 * charges to the client's photo budget instead of counting one post. A photo chunk (64 KB at most) always
 * carries photos; the review form does when it is larger than a form (its files, sent without JavaScript).
 */
export function postBodyAllowance(pathAndQuery: string, declaredBytes: number | null): { maxBytes: number; photoBytes: number } {
  // A request target no URL can be made of (a hostile one) is a form's: the app answers it as such.
  const url = URL.parse(pathAndQuery, 'http://storefront');
  const review = url && /^\/[a-z]{2}\/reviews\/[0-9]+(\/photos)?$/.exec(url.pathname);
  if (review?.[1] && url?.searchParams.has('upload')) return { maxBytes: UPLOAD_CHUNK_BYTES, photoBytes: declaredBytes ?? UPLOAD_CHUNK_BYTES };
  if (review && !review[1]) {
    const bytes = declaredBytes ?? REVIEW_FORM_MAX_BYTES;
    return { maxBytes: REVIEW_FORM_MAX_BYTES, photoBytes: bytes > MAX_FORM_BYTES ? bytes : 0 };
  }
  return { maxBytes: MAX_FORM_BYTES, photoBytes: 0 };
}

/** The product page's reviews: started with its other calls, streamed below the fold; null when the call fails. */
export function loadProductReviews(api: ShopApi, productId: number, url: URL) {
  return orNothing(api('getProductReviews', { productId, ...readReviewQuery(url) }), 'reviews');
}

/** The product page the shopper came from (the form's Referer, same origin), else the product's own page. */
export function backToProduct(request: Request, fallback: string): string {
  const back = new URL(safeRedirect(request, request.headers.get('Referer'), fallback), request.url);
  if (!back.pathname.endsWith('.html')) return fallback;
  // The review form the shopper had open is done with.
  back.searchParams.delete('review');
  return `${back.pathname}${back.search}`;
}

/** Back to the product's reviews with a one-time message. */
export const backWithFlash = (request: Request, to: string, flash: string) => redirectWithFlash(request, `${to}#reviews`, flash);

/** The rule a refused photo breaks (mime, max), as the API's refusal names it. */
function photoRule({ refusal }: ShopApiError): string | null {
  return (refusal.code === 'bad_request' && refusal.details?.rule) || null;
}

/** An upload's state as the browser needs it (the refusal's rule, mime or max, for its message). */
function uploadAnswer(work: Promise<unknown>) {
  return work.then(
    (upload) => Response.json(upload, { headers: { 'Cache-Control': 'no-store' } }),
    (error: unknown) => {
      if (!(error instanceof ShopApiError) || error.isTransportFailure) return pageError(error);
      const rule = photoRule(error);
      return data({ code: error.code, rule }, { status: error.status, headers: error.status === 429 ? { 'Retry-After': '1' } : undefined });
    },
  );
}

/** The body of a chunk post: raw bytes, at most one chunk. */
async function chunkBytes(request: Request): Promise<Buffer> {
  const body = Buffer.from(await boundedBody(request, UPLOAD_CHUNK_BYTES));
  if (body.length === 0) refusal(400, 'bad_request');
  return body;
}

/**
 * The review form's photo uploads (SPEC §9): `intent=start` with the file's size, then each 64 KB chunk as the raw
 * body of a post naming the upload and its offset, `intent=status` to resume. Same-origin posts only.
 */
export async function photoUploadAction(request: Request, { api }: PageContext, productId: number) {
  const url = new URL(request.url);
  const uploadId = url.searchParams.get('upload');
  if (uploadId) {
    const offset = Number(url.searchParams.get('offset'));
    const bytes = await chunkBytes(request);
    return uploadAnswer(api('uploadReviewPhotoChunk', { uploadId, offset, data: bytes.toString('base64') }));
  }
  const form = await readForm(request);
  if (form.get('intent') === 'status') return uploadAnswer(api('getReviewPhotoUpload', { uploadId: String(form.get('upload') ?? '') }));
  return uploadAnswer(api('startReviewPhotoUpload', { productId, size: Number(form.get('size')) }));
}

/**
 * The form's preview of a photo the shopper sent (`?upload=` its id): theirs alone until a review shows it, so
 * never kept by a shared cache. Anything else is a 404.
 */
export async function ownPhotoAnswer(request: Request, { api }: PageContext): Promise<Response | null> {
  const uploadId = new URL(request.url).searchParams.get('upload');
  const photo = uploadId ? await orNothing(api('getOwnReviewPhoto', { uploadId }), 'review photo preview') : null;
  if (!photo) return null;
  return new Response(Buffer.from(photo.data, 'base64'), {
    headers: { 'Content-Type': photo.type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
  });
}

/** Sends a whole photo to the shop API as the browser does, chunk by chunk; the API checks and resizes it. */
async function uploadWholePhoto(api: ShopApi, productId: number, bytes: Buffer): Promise<PhotoUpload> {
  let upload = await api('startReviewPhotoUpload', { productId, size: bytes.length });
  while (!upload.photo) {
    const chunk = bytes.subarray(upload.received, upload.received + UPLOAD_CHUNK_BYTES);
    upload = await api('uploadReviewPhotoChunk', { uploadId: upload.upload_id, offset: upload.received, data: chunk.toString('base64') });
  }
  return upload;
}

/**
 * The photos chosen in the review form without JavaScript (its file input), as many as the review has room for
 * beside the `kept` ones: each is sent to the shop API and its upload id returned. A file over 8 MB, or one the
 * API refuses by its content, stops the form with the field's translated 'max' or 'mime' message.
 */
export async function uploadPostedPhotos(api: ShopApi, productId: number, formData: FormData, kept: number, t: TFunction): Promise<string[]> {
  // A file input left empty still sends a part: no name, no bytes.
  const files = formData.getAll(PHOTO_FILES_FIELD).filter((file): file is File => file instanceof File && file.size > 0);
  const uploadIds: string[] = [];
  for (const file of files.slice(0, Math.max(0, REVIEW_LIMITS.photos - kept))) {
    if (file.size > REVIEW_PHOTO_MAX_BYTES) throw new FieldRefusal('photos', photoRefusalMessage(t, 'max'));
    try {
      uploadIds.push((await uploadWholePhoto(api, productId, Buffer.from(await file.arrayBuffer()))).upload_id);
    } catch (error) {
      const rule = error instanceof ShopApiError ? photoRule(error) : null;
      if (rule === 'mime' || rule === 'max') throw new FieldRefusal('photos', photoRefusalMessage(t, rule));
      throw error;
    }
  }
  return uploadIds;
}
