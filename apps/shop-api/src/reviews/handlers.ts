import type { CallName } from '@shop/contract';
import type { CallHandlers } from '../call-context.ts';
import { getOwnReviewPhoto, getReviewPhoto, getReviewPhotoUpload, startReviewPhotoUpload, uploadReviewPhotoChunk } from './photos.ts';
import { createProductReview, deleteProductReview, getProductReviews, updateProductReview } from './reviews.ts';

/**
 * Product reviews (issue 14). The author is always the session's customer, never an id in the payload: nobody
 * writes as, or changes the review of, someone else.
 */
export const reviewHandlers = {
  getProductReviews,
  createProductReview,
  updateProductReview,
  deleteProductReview,
  startReviewPhotoUpload,
  uploadReviewPhotoChunk,
  getReviewPhotoUpload,
  getReviewPhoto,
  getOwnReviewPhoto,
} satisfies Partial<CallHandlers>;

/** SPEC §8's success messages. */
export const reviewSuccessMessages: Partial<Record<CallName, string>> = {
  createProductReview: 'Review submitted',
  updateProductReview: 'Review updated',
  deleteProductReview: 'Review deleted',
};

/** SPEC §8: a review that breaks its rules. */
export const reviewInvalidPayloadMessages: Partial<Record<CallName, string>> = {
  createProductReview: 'Error submitting the review. Please try again.',
  updateProductReview: 'Error submitting the review. Please try again.',
  deleteProductReview: 'Failed to delete the review. Please try again.',
};
