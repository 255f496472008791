/** The wishlist page, whose action also takes every heart's post. */
export const wishlistPath = (lang: string) => `/${lang}/wishlist`;
