/**
 * The contract's plain values, without any schema: safe to import in browser code, where the zod
 * schemas of the calls would only add weight.
 */
export * from './locales.ts';

export const BADGES = ['outlet', 'promo', 'sale', 'offer', 'discount', 'new_product', 'limited', 'black_friday'] as const;

export const SORT_KEYS = [
  'relevance',
  'price_asc',
  'price_desc',
  'popularity',
  'date_add_asc',
  'date_add_desc',
  'title_asc',
  'title_desc',
  'discount_desc',
  'discount_asc',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Stock states a listing can be filtered by (a product may be in several: a backorder item with some stock). */
export const AVAILABILITIES = ['in_stock', 'backorder', 'preorder', 'out_of_stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The listing filters that are lists of options (price is a range). */
export const FACET_KEYS = ['sizes', 'colors', 'brands', 'badges', 'availability'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;

export const THEMES = ['default', 'blue'] as const;

/** The recommended-products rail always shows this clothing category, page 1 (SPEC §7, §9). */
export const RECOMMENDED_CATEGORY_ID = 10;
