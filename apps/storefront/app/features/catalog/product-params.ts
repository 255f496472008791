/** The query parameter of the related products' page (the product page's own URL stays the product's). */
export const RELATED_PAGE_PARAM = 'related';

