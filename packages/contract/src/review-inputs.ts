import { z } from 'zod';
import { rowId } from './bounds.ts';
import { REVIEW_LANGUAGE_FILTERS, REVIEW_LIMITS, REVIEWS_PER_PAGE, UPLOAD_CHUNK_BYTES, REVIEW_PHOTO_MAX_BYTES } from './review-constants.ts';

/**
 * What the review calls take. The storefront's review form validates with `reviewFields` in the browser and
 * in its action; the API validates the same again (SPEC §5: title ≥ 3, content ≥ 10, a rating).
 */

const RATING_REQUIRED = 'Please select a rating';

/** 1 to 5 stars; the overall rating says SPEC §5's 'Please select a rating' when it is missing or out of range. */
const stars = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message ? { error: message } : undefined)
    .min(1, message ? { error: message } : undefined)
    .max(5, message ? { error: message } : undefined);

/** An upload's id (photos, see startReviewPhotoUpload): 32 random bytes in base64url. */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Invalid upload id' });

export const reviewFields = z.object({
  title: z.string().trim().min(REVIEW_LIMITS.titleMin).max(REVIEW_LIMITS.titleMax),
  content: z.string().trim().min(REVIEW_LIMITS.contentMin).max(REVIEW_LIMITS.contentMax),
  rating: stars(RATING_REQUIRED),
  /** 1 runs small … 3 true to size … 5 runs large. */
  fit: stars().optional(),
  quality: stars().optional(),
  comfort: stars().optional(),
  /** Uploads of this customer (finished) to show with the review; on an update, the photos it keeps or gains. */
  photos: z.array(uploadIdSchema).max(REVIEW_LIMITS.photos).optional(),
});
export type ReviewFields = z.output<typeof reviewFields>;

export const getProductReviewsInput = z.object({
  productId: rowId,
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  per_page: z.coerce.number().int().min(1).max(20).default(REVIEWS_PER_PAGE),
  languages: z.enum(REVIEW_LANGUAGE_FILTERS).default('mine'),
});
export const createProductReviewInput = z.object({ productId: rowId, review: reviewFields });
export const updateProductReviewInput = z.object({ productId: rowId, reviewId: rowId, review: reviewFields });
export const deleteProductReviewInput = z.object({ productId: rowId, reviewId: rowId });

/** A photo upload is announced with its size, then sent in chunks of at most 64 KB (SPEC §9), base64-encoded. */
export const startReviewPhotoUploadInput = z.object({ productId: rowId, size: z.number().int().min(1).max(REVIEW_PHOTO_MAX_BYTES) });
export const uploadReviewPhotoChunkInput = z.object({
  uploadId: uploadIdSchema,
  offset: z.number().int().min(0).max(REVIEW_PHOTO_MAX_BYTES),
  // base64 of at most UPLOAD_CHUNK_BYTES bytes.
  data: z
    .string()
    .max(Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'Invalid chunk' }),
});
export const reviewPhotoUploadInput = z.object({ uploadId: uploadIdSchema });
export const getReviewPhotoInput = z.object({ id: rowId });
