/**
 * The demo catalogue's kinds of garment: the one list the API's seed builds products of and the storefront
 * draws a picture of each (apps/storefront/app/features/media). Plain values, no zod: the storefront's media
 * route and the seed both import it.
 */
export const GARMENTS = ['dress', 'shirt', 'tshirt', 'trousers', 'skirt', 'knit', 'jacket', 'coat', 'shoes', 'pyjamas', 'scarf'] as const;
export type Garment = (typeof GARMENTS)[number];

/**
 * The cuts the storefront draws, one per style of the catalogue (a wrap dress, ankle boots, joggers): a product's
 * pictures show what its name says. Each belongs to a garment kind.
 */
export const FIGURES = {
  dress_midi: 'dress',
  dress_wrap: 'dress',
  dress_shirt: 'dress',
  dress_pinafore: 'dress',
  nightdress: 'pyjamas',
  blouse: 'shirt',
  shirt: 'shirt',
  overshirt: 'shirt',
  tshirt: 'tshirt',
  polo: 'tshirt',
  longsleeve: 'tshirt',
  trousers_wide: 'trousers',
  trousers_straight: 'trousers',
  trousers_slim: 'trousers',
  trousers_jeans: 'trousers',
  trousers_pleated: 'trousers',
  joggers: 'trousers',
  dungarees: 'trousers',
  skirt_midi: 'skirt',
  skirt_pleated: 'skirt',
  skirt_mini: 'skirt',
  jumper: 'knit',
  cardigan: 'knit',
  turtleneck: 'knit',
  halfzip: 'knit',
  blazer: 'jacket',
  bomber: 'jacket',
  padded: 'jacket',
  denim_jacket: 'jacket',
  trench: 'coat',
  coat: 'coat',
  raincoat: 'coat',
  sneakers: 'shoes',
  loafers: 'shoes',
  boots: 'shoes',
  derby: 'shoes',
  pyjamas: 'pyjamas',
  scarf: 'scarf',
} as const satisfies Record<string, Garment>;
export type Figure = keyof typeof FIGURES;

/** How a material looks in a picture: denim's twill, corduroy's wales, a flannel check, leather's gloss. */
export const TEXTURES = ['plain', 'twill', 'wales', 'slub', 'knit', 'check', 'sheen', 'gloss', 'nap', 'weave'] as const;
export type Texture = (typeof TEXTURES)[number];

/** The views of each product picture set: the front, the back (slightly turned), a close detail of the front. */
export const IMAGE_VIEWS = [1, 2, 3] as const;

/** A product picture's address: `/media/{figure}-{texture}-{hex6}-{view}.svg`. */
export const productImageUrl = (figure: Figure, texture: Texture, hex: string, view: number) =>
  `/media/${figure}-${texture}-${hex.replace('#', '').toLowerCase()}-${view}.svg`;

/** The picture of a product that has none of its own (the storefront serves it, and answers it for any picture it cannot draw). */
export const PLACEHOLDER_IMAGE_URL = '/media/placeholder.svg';
