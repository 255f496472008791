/** The reviews' plain values (browser-safe, no schema), apart from constants.ts: only pages with reviews load them. */

/**
 * Product reviews (SPEC §5, §9): a title of at least 3 characters, a text of at least 10, an overall rating of
 * 1 to 5 stars, and for clothing three optional criteria. Fit is a scale, not a grade: 1 runs small, 3 true to
 * size, 5 runs large; quality and comfort are stars.
 */
export const REVIEW_LIMITS = { titleMin: 3, titleMax: 120, contentMin: 10, contentMax: 4000, photos: 3 } as const;
export const REVIEW_CRITERIA = ['fit', 'quality', 'comfort'] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];
/** A page of the reviews list. */
export const REVIEWS_PER_PAGE = 5;
/** Which reviews a list shows: those in the shopper's language (first, by default), or every language. */
export const REVIEW_LANGUAGE_FILTERS = ['mine', 'all'] as const;
export type ReviewLanguageFilter = (typeof REVIEW_LANGUAGE_FILTERS)[number];
/** Why a review call was refused (the storefront has a translated text for each). */
export const REVIEW_ERROR_CODES = ['review_login_required', 'purchase_required', 'review_exists', 'review_not_found', 'review_not_yours'] as const;
export type ReviewErrorCode = (typeof REVIEW_ERROR_CODES)[number];
/** SPEC §9: photos travel in chunks of 64 KB, so that an interrupted upload resumes where it stopped. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/** The largest photo a shopper may send (it is resized on the server), and the types it may be. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const REVIEW_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
