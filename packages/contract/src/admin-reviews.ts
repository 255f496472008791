import { z } from 'zod';
import { rowId } from './bounds.ts';

export const REVIEW_STATES = ['published', 'held', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const ADMIN_REVIEWS_PAGE_SIZE = 25;

export const adminReviewsInput = z.object({
  status: z.enum(REVIEW_STATES).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  product_id: rowId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  author: z.string(),
  /** The author's account, when it still exists. */
  customer_id: z.number().int().nullable(),
  lang: z.string(),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(REVIEW_STATES),
  reason: z.string().nullable(),
  photo_count: z.number().int(),
  created_at: z.string(),
});
export const adminReviewsSchema = z.object({ reviews: z.array(adminReviewSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int() });

/** Hide, show (again, or for the first time when it was held) or delete for good; always with a reason, for the audit log. */
export const REVIEW_MODERATIONS = ['hide', 'show', 'delete'] as const;
export const adminModerateReviewInput = z.object({
  id: rowId,
  action: z.enum(REVIEW_MODERATIONS),
  reason: z.string().trim().min(3).max(500),
});
export const adminModeratedSchema = z.object({ id: z.number().int(), status: z.enum([...REVIEW_STATES, 'deleted']) });
