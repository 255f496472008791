import type { Availability, ListingFilters } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The listing's filters (see listing.ts). Price applies to a product's row (`priceFilterSql`); every other filter
 * to its class (catalog_listing_classes, migration 0004: the sizes and colours one can buy, badges, brand, stock
 * policy, in stock or not). Classes are a few hundred for the whole catalogue: the API holds them (facet-data.ts)
 * and tells here which of them a filter lets through, once per class and not once per product.
 */
export type ListingClass = { id: number; attribute_ids: number[]; badges: string[]; brand_id: number | null; policy: string; in_stock: boolean };

export type ClassFilterKey = 'sizes' | 'colors' | 'brands' | 'badges' | 'availability';
export type FilterKey = ClassFilterKey | 'price';

/** Which classes are in each stock state. A product can be in two (a backorder item with stock left). */
export const IN_AVAILABILITY: Record<Availability, (listingClass: ListingClass) => boolean> = {
  in_stock: (listingClass) => listingClass.in_stock,
  backorder: (listingClass) => listingClass.policy === 'backorder',
  preorder: (listingClass) => listingClass.policy === 'preorder',
  out_of_stock: (listingClass) => !listingClass.in_stock && listingClass.policy === 'deny',
};

const overlaps = <T>(values: readonly T[], chosen: readonly T[]) => values.some((value) => chosen.includes(value));

/** The filters the shopper used on classes, each as a test of a class. A filter not used is absent. */
export function classFilters(filters: ListingFilters): Partial<Record<ClassFilterKey, (listingClass: ListingClass) => boolean>> {
  const { sizes, colors, brands, badges, availability } = filters;
  return {
    // Sizes and colours are attribute ids of the combinations one can buy: a sold-out size does not match.
    ...(sizes?.length ? { sizes: (c: ListingClass) => overlaps(c.attribute_ids, sizes) } : {}),
    ...(colors?.length ? { colors: (c: ListingClass) => overlaps(c.attribute_ids, colors) } : {}),
    ...(brands?.length ? { brands: (c: ListingClass) => c.brand_id !== null && brands.includes(c.brand_id) } : {}),
    ...(badges?.length ? { badges: (c: ListingClass) => overlaps(c.badges, badges as readonly string[]) } : {}),
    ...(availability?.length ? { availability: (c: ListingClass) => availability.some((state) => IN_AVAILABILITY[state](c)) } : {}),
  };
}

/** The prices the price filter lets through (what the shopper pays, both bounds included), or null without one. */
export function priceFilterBounds({ price_min: min, price_max: max }: ListingFilters): { min: number; max: number } | null {
  return min === undefined && max === undefined ? null : { min: min ?? 0, max: max ?? 2_147_483_647 };
}

/** The price filter on a row's `price`, or null without one. */
export function priceFilterSql(filters: ListingFilters): SQL | null {
  const bounds = priceFilterBounds(filters);
  return bounds && sql`price between ${bounds.min} and ${bounds.max}`;
}
