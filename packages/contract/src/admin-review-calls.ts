import { adminCall } from './admin-call.ts';
import { adminModeratedSchema, adminModerateReviewInput, adminReviewsInput, adminReviewsSchema } from './admin-reviews.ts';

/** Review moderation: the list with its filters, and hiding, showing or deleting one with a reason. */
export const adminReviewCalls = {
  listReviews: adminCall('reviews', adminReviewsInput, adminReviewsSchema, { readOnly: true }),
  moderateReview: adminCall('reviews', adminModerateReviewInput, adminModeratedSchema, { refusals: ['not_found'] }),
};
