import type { Availability, ListingFilters } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The listing's filters as SQL conditions (see listing.ts). Price applies to a product's row (`price`); every
 * other filter to its class (catalog_listing_classes: attribute_ids, brand_id, badges, policy, in_stock), so
 * that it is evaluated once per class and not once per product. A filter the shopper did not use is absent.
 */
export type FilterKey = 'sizes' | 'colors' | 'brands' | 'badges' | 'availability' | 'price';
export type FilterConditions = Partial<Record<FilterKey, SQL>>;

export const intArray = (values: number[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::int[]`;
const textArray = (values: string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/** Which classes are in each stock state. A product can be in two (a backorder item with stock left). */
export const AVAILABILITY_SQL: Record<Availability, SQL> = {
  in_stock: sql`in_stock`,
  backorder: sql`policy = 'backorder'`,
  preorder: sql`policy = 'preorder'`,
  out_of_stock: sql`(not in_stock and policy = 'deny')`,
};

export function filterConditions(filters: ListingFilters): FilterConditions {
  const conditions: FilterConditions = {};
  // Sizes and colours are attribute ids of the combinations one can buy: a sold-out size does not match.
  if (filters.sizes?.length) conditions.sizes = sql`attribute_ids && ${intArray(filters.sizes)}`;
  if (filters.colors?.length) conditions.colors = sql`attribute_ids && ${intArray(filters.colors)}`;
  if (filters.brands?.length) conditions.brands = sql`brand_id = any(${intArray(filters.brands)})`;
  if (filters.badges?.length) conditions.badges = sql`badges && ${textArray(filters.badges)}`;
  if (filters.availability?.length) {
    conditions.availability = sql`(${sql.join(filters.availability.map((state) => AVAILABILITY_SQL[state]), sql` or `)})`;
  }
  if (filters.price_min !== undefined || filters.price_max !== undefined) {
    conditions.price = sql`price between ${filters.price_min ?? 0} and ${filters.price_max ?? 2_147_483_647}`;
  }
  return conditions;
}

/** The filters on a product's class, all but price. */
export function classConditions(conditions: FilterConditions): FilterConditions {
  return Object.fromEntries(Object.entries(conditions).filter(([key]) => key !== 'price'));
}

/** Each filter's condition as a boolean column `f_{key}`: evaluated once per group of products, not once per count. */
export function flagColumns(conditions: FilterConditions): SQL {
  const flags = Object.entries(conditions).map(([key, condition]) => sql`${condition} as ${sql.raw(`f_${key}`)}`);
  return flags.length === 0 ? sql`` : sql`, ${sql.join(flags, sql`, `)}`;
}

/**
 * Every filter but `except` (on the flag columns): the rows an option of `except` is counted on, so that
 * facet counts respond to each other. Without `except`: the rows the listing shows.
 */
export function allConditions(conditions: FilterConditions, except?: FilterKey): SQL {
  const flags = (Object.keys(conditions) as FilterKey[]).filter((key) => key !== except).map((key) => sql.raw(`f_${key}`));
  return flags.length === 0 ? sql`true` : sql`(${sql.join(flags, sql` and `)})`;
}
