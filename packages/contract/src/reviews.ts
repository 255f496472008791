import { z } from 'zod';
import { paginationSchema } from './catalog.ts';
import { REVIEW_LANGUAGE_FILTERS } from './review-constants.ts';

export * from './review-inputs.ts';

const average = z.number().nullable();

export const reviewPhotoSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** A review as anyone reads it: the author's display name ('Giulia R.'), never who they are. */
export const reviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  lang: z.string(),
  title: z.string(),
  content: z.string(),
  rating: z.number().int(),
  fit: z.number().int().nullable(),
  quality: z.number().int().nullable(),
  comfort: z.number().int().nullable(),
  photos: z.array(reviewPhotoSchema.extend({ upload_id: z.string().nullable() })),
  /** Only on the author's own review when shoppers do not see it: awaiting approval, or hidden by moderation. */
  status: z.enum(['held', 'hidden']).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A criterion's average over the reviews that rated it, and how many did. */
const criterionSchema = z.object({ average, count: z.number().int() });

/** The product's ratings over every review in every language. */
export const reviewStatsSchema = z.object({
  count: z.number().int(),
  average,
  /** How many reviews gave 5, 4, 3, 2 and 1 stars (in that order). */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  criteria: z.object({ fit: criterionSchema, quality: criterionSchema, comfort: criterionSchema }),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

/**
 * What the shopper asking may do: sign in first, buy the product first, write a review, or change the one they
 * wrote (`own`).
 */
export const reviewerSchema = z.object({
  status: z.enum(['sign_in', 'purchase_required', 'can_review', 'reviewed']),
  own: reviewSchema.nullable(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

export const productReviewsSchema = z.object({
  stats: reviewStatsSchema,
  reviews: z.array(reviewSchema),
  pagination: paginationSchema,
  languages: z.enum(REVIEW_LANGUAGE_FILTERS),
  /** Reviews in the shopper's language, and in the others (behind the language filter). */
  in_language: z.number().int(),
  in_other_languages: z.number().int(),
  reviewer: reviewerSchema,
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const photoUploadSchema = z.object({
  upload_id: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  chunk_size: z.number().int(),
  /** Set once every byte arrived and the picture was checked, resized and stripped of its metadata. */
  photo: reviewPhotoSchema.nullable(),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/** A review photo's bytes (WebP), base64-encoded: the storefront serves them as an image. */
export const reviewPhotoFileSchema = z.object({ type: z.string(), data: z.string() });
