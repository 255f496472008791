import { UPLOAD_CHUNK_BYTES } from '@shop/contract/review-constants';
import { data, redirect } from 'react-router';
import { ShopApiError } from '../../lib/api/client';
import { orNothing, pageError, type ShopApi } from '../../lib/api/shop.server';
import { flashHeaders } from '../../lib/auth.server';
import { assertSameOrigin } from '../../lib/csrf.server';
import { readForm, refusal } from '../../lib/form-body.server';
import type { PageContext } from '../../lib/request-context.server';
import { readReviewQuery } from './paths';

/** The product page's reviews: started with its other calls, streamed below the fold; null when the call fails. */
export function loadProductReviews(api: ShopApi, productId: number, url: URL) {
  return orNothing(api('getProductReviews', { productId, ...readReviewQuery(url) }), 'reviews');
}

/** The product page the shopper came from (the form's Referer, same origin), else the product's own page. */
export function backToProduct(request: Request, fallback: string): string {
  const referer = request.headers.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin || !url.pathname.endsWith('.html')) return fallback;
    url.searchParams.delete('review');
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/** Back to the product's reviews with a one-time message. */
export const backWithFlash = (request: Request, to: string, flash: string) => redirect(`${to}#reviews`, { headers: flashHeaders(request, flash) });

/** An upload's state as the browser needs it (the refusal's rule, mime or max, for its message). */
function uploadAnswer(work: Promise<unknown>) {
  return work.then(
    (upload) => Response.json(upload, { headers: { 'Cache-Control': 'no-store' } }),
    (error: unknown) => {
      if (!(error instanceof ShopApiError) || error.isTransportFailure) return pageError(error);
      const rule = (error.psdata as { rule?: string } | null)?.rule ?? null;
      return data({ code: error.code, rule }, { status: error.status, headers: error.status === 429 ? { 'Retry-After': '1' } : undefined });
    },
  );
}

/** The body of a chunk post: raw bytes, at most one chunk. */
async function chunkBytes(request: Request): Promise<Buffer> {
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length === 0 || body.length > UPLOAD_CHUNK_BYTES) refusal(413, 'payload_too_large');
  return body;
}

/**
 * The review form's photo uploads (SPEC §9): `intent=start` with the file's size, then each 64 KB chunk as the raw
 * body of a post naming the upload and its offset, `intent=status` to resume. Same-origin posts only.
 */
export async function photoUploadAction(request: Request, { api }: PageContext, productId: number) {
  assertSameOrigin(request);
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
