import { REVIEW_LANGUAGE_FILTERS, type ReviewLanguageFilter } from '@shop/contract/review-constants';

/** The product page's query parameters of its reviews block: the list's page, the language filter, the form on show. */
export const REVIEWS_PAGE_PARAM = 'reviews_page';
export const REVIEWS_LANGUAGES_PARAM = 'review_languages';
export const REVIEW_FORM_PARAM = 'review';
/** `?review=write` (or `edit`) opens the form, `?review=delete` asks to confirm the deletion: links, so no JavaScript is needed. */
export type ReviewFormMode = 'write' | 'edit' | 'delete';

/** The review form's file input: photos chosen without JavaScript arrive with the form (with it, in chunks before). */
export const PHOTO_FILES_FIELD = 'photo_files';

/** Where the review forms post (routes/reviews.tsx), and where a refused form is shown again without JavaScript. */
export const reviewsPath = (lang: string, productId: number) => `/${lang}/reviews/${productId}`;

/** The review form's preview of a photo the shopper sent, before a review shows it (routes/review-photos.ts). */
export const photoPreviewPath = (lang: string, productId: number, uploadId: string) => `${reviewsPath(lang, productId)}/photos?upload=${encodeURIComponent(uploadId)}`;

/** The list's page and language filter asked in the product page's address. */
export function readReviewQuery(url: URL): { page: number; languages: ReviewLanguageFilter } {
  const page = Number(url.searchParams.get(REVIEWS_PAGE_PARAM) ?? 1);
  const languages = url.searchParams.get(REVIEWS_LANGUAGES_PARAM);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000 ? page : 1,
    languages: (REVIEW_LANGUAGE_FILTERS as readonly (string | null)[]).includes(languages) ? (languages as ReviewLanguageFilter) : 'mine',
  };
}
