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

/**
 * Product reviews (SPEC §6, §7). Writing needs a signed-in customer who bought the product in a paid order;
 * a customer changes only their own review. The list names what the asking shopper may do, so it is not cached.
 */
export const reviewCalls = {
  getProductReviews: call(getProductReviewsInput, productReviewsSchema, { readOnly: true }),
  createProductReview: call(createProductReviewInput, reviewSchema),
  updateProductReview: call(updateProductReviewInput, reviewSchema),
  deleteProductReview: call(deleteProductReviewInput, z.object({})),
  startReviewPhotoUpload: call(startReviewPhotoUploadInput, photoUploadSchema),
  uploadReviewPhotoChunk: call(uploadReviewPhotoChunkInput, photoUploadSchema),
  getReviewPhotoUpload: call(reviewPhotoUploadInput, photoUploadSchema, { readOnly: true }),
  getReviewPhoto: call(getReviewPhotoInput, reviewPhotoFileSchema, { readOnly: true, publicCache: true }),
};
