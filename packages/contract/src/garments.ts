/**
 * The demo catalogue's kinds of garment: the one list the API's seed builds products of and the storefront
 * draws a picture of each (apps/storefront/app/features/media). Plain values, no zod: the storefront's media
 * route and the seed both import it.
 */
export const GARMENTS = ['dress', 'shirt', 'tshirt', 'trousers', 'skirt', 'knit', 'jacket', 'coat', 'shoes', 'pyjamas', 'scarf'] as const;
export type Garment = (typeof GARMENTS)[number];

/** The picture of a product that has none of its own (the storefront serves it, and answers it for any picture it cannot draw). */
export const PLACEHOLDER_IMAGE_URL = '/media/placeholder.svg';
