import { z } from 'zod';
import { call } from './call.ts';
import {
  createProductReviewInput,
  deleteProductReviewInput,
  updateProductReviewInput,
  getProductReviewsInput,
  getReviewPhotoInput,
  photoUploadSchema,
  productReviewsSchema,
  reviewPhotoFileSchema,
  reviewPhotoUploadInput,
  reviewSchema,
  startReviewPhotoUploadInput,
  uploadReviewPhotoChunkInput,
} from './reviews.ts';

/** Refused to a shopper who may not write (not signed in), or about a product or upload that does not exist. */
const writer = ['review_login_required', 'not_found'] as const;

/**
 * Product reviews (SPEC §6, §7). Writing needs a signed-in customer who bought the product in a paid order;
 * a customer changes only their own review. The list names what the asking shopper may do, so it is not cached.
 */
export const reviewCalls = {
  getProductReviews: call(getProductReviewsInput, productReviewsSchema, { readOnly: true, refusals: ['not_found'] }),
  createProductReview: call(createProductReviewInput, reviewSchema, { refusals: [...writer, 'purchase_required', 'review_exists'] }),
  updateProductReview: call(updateProductReviewInput, reviewSchema, { refusals: [...writer, 'review_not_found', 'review_not_yours'] }),
  deleteProductReview: call(deleteProductReviewInput, z.object({}), { refusals: [...writer, 'review_not_found', 'review_not_yours'] }),
  startReviewPhotoUpload: call(startReviewPhotoUploadInput, photoUploadSchema, { refusals: [...writer, 'purchase_required'] }),
  uploadReviewPhotoChunk: call(uploadReviewPhotoChunkInput, photoUploadSchema, { refusals: [...writer, 'conflict'] }),
  getReviewPhotoUpload: call(reviewPhotoUploadInput, photoUploadSchema, { readOnly: true, refusals: writer }),
  getReviewPhoto: call(getReviewPhotoInput, reviewPhotoFileSchema, { readOnly: true, publicCache: true, refusals: ['not_found'] }),
  /** The uploader's own finished photo, shown in the form before the review is (getReviewPhoto shows published ones only). */
  getOwnReviewPhoto: call(reviewPhotoUploadInput, reviewPhotoFileSchema, { readOnly: true, refusals: writer }),
};
