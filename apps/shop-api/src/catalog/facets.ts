import { AVAILABILITIES, BADGES, type Facets, type ListingFilters, type PriceRange } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { classFilters, IN_AVAILABILITY, priceFilterSql, type ClassFilterKey, type FilterKey, type ListingClass } from './listing-filters.ts';
import { withVat } from './pricing.ts';
import type { ScopeOrder } from './scope-orders.ts';

/** Ready-made price ranges, in cents with VAT, both bounds included (the last one has no top). */
export const PRICE_RANGES: { min: number; max: number | null }[] = [
  { min: 0, max: 4_999 },
  { min: 5_000, max: 9_999 },
  { min: 10_000, max: 19_999 },
  { min: 20_000, max: null },
];

export type RawFacets = {
  attributes: { id: number; kind: 'size' | 'color'; label: string; hex: string | null; size_count: number; color_count: number }[] | null;
  brands: { id: number; label: string; count: number }[] | null;
  badges: { value: string; count: number }[] | null;
  states_and_prices: {
    /** Per state: [products of the listing in that state, of those the ones matching the other filters]. */
    availability: Record<string, [number, number]>;
    price: { min: number | null; max: number | null; ranges: [number, number][] };
  };
};

/** The index in PRICE_RANGES of the range `price` is in (null for none), as an SQL expression. */
export function priceRangeIndexSql(price: SQL): SQL {
  const inRange = ({ min, max }: (typeof PRICE_RANGES)[number]) => (max === null ? sql`${price} >= ${min}` : sql`${price} between ${min} and ${max}`);
  return sql`case ${sql.join(
    PRICE_RANGES.map((range, index) => sql`when ${inRange(range)} then ${sql.raw(String(index))}`),
    sql` `,
  )} end`;
}

/** The index in PRICE_RANGES of the range `price` is in (null for none): priceRangeIndexSql, for a price in hand. */
function priceRangeIndex(price: number): number | null {
  const index = PRICE_RANGES.findIndex(({ min, max }) => price >= min && (max === null || price <= max));
  return index === -1 ? null : index;
}

/**
 * The scope's products in groups (listing.ts): per class and price range (and, for a price filter that is not one
 * of the ranges, per side of it), with their count, how many have a stored price no longer current, and their
 * lowest and highest price. Some hundreds of groups for tens of thousands of products.
 */
export type ProductGroup = { class_id: number; price_range: number | null; f_price?: boolean; n: number; stale: number; min_price: number; max_price: number };

/**
 * The groups of a scope made from its kept order (scope-orders.ts) rather than counted by SQL: a pass over its arrays,
 * each net price with the shopper's VAT (`priceRate`, basis points) as the SQL adds it. An order is kept only while
 * every stored price is current, so none of its products is stale.
 */
export function groupsOfOrder(order: ScopeOrder, priceRate: number): ProductGroup[] {
  const groups = new Map<number, ProductGroup>();
  for (let index = 0; index < order.ids.length; index++) {
    const price = withVat(order.nets[index]!, priceRate);
    const range = priceRangeIndex(price);
    // A number, not a text: tens of thousands of products a pass.
    const key = order.classes[index]! * (PRICE_RANGES.length + 1) + (range ?? PRICE_RANGES.length);
    const group = groups.get(key);
    if (!group) groups.set(key, { class_id: order.classes[index]!, price_range: range, n: 1, stale: 0, min_price: price, max_price: price });
    else {
      group.n++;
      group.min_price = Math.min(group.min_price, price);
      group.max_price = Math.max(group.max_price, price);
    }
  }
  return [...groups.values()];
}

/** What the facets name: the classes (by id), and the attributes and brands in the order the facets list them. */
export type FacetData = {
  classes: Map<number, ListingClass>;
  attributes: { id: number; kind: 'size' | 'color'; label: string; hex: string | null }[];
  brands: { id: number; label: string }[];
};

/** What a listing's groups add up to: its total, its scope, its stale prices, the classes that pass its filters, its facets. */
export type GroupCounts = { total: number; scope: number; stale: number; classes: number[] | null; facets: RawFacets };

/**
 * Totals and every facet of a listing, summed over its groups. Options are what the listing holds, so they stay
 * put while the shopper filters; each option's count applies every other filter, so that counts respond to each
 * other.
 */
export function countGroups(groups: ProductGroup[], data: FacetData, filters: ListingFilters): GroupCounts {
  const tests = classFilters(filters);
  const keys: FilterKey[] = [...(Object.keys(tests) as ClassFilterKey[]), ...(priceFilterSql(filters) ? (['price'] as const) : [])];
  const rows = groups.map((group) => {
    const listingClass = data.classes.get(group.class_id)!;
    const meets = { ...Object.fromEntries(Object.entries(tests).map(([key, test]) => [key, test(listingClass)])), price: group.f_price === true };
    return { ...group, listingClass, meets: meets as Record<FilterKey, boolean> };
  });
  type Row = (typeof rows)[number];
  /** The row meets every filter but `except`. */
  const passes = (row: Row, except?: FilterKey) => keys.every((key) => key === except || row.meets[key]);
  const products = (test: (row: Row) => boolean) => rows.reduce((sum, row) => sum + (test(row) ? row.n : 0), 0);
  const countPair = (test: (row: Row) => boolean, except: FilterKey): [number, number] => [products(test), products((row) => test(row) && passes(row, except))];
  const prices = rows.filter((row) => passes(row, 'price'));

  const present = new Set(rows.flatMap((row) => row.listingClass.attribute_ids));
  const brands = new Set(rows.map((row) => row.listingClass.brand_id));
  const badges = [...new Set(rows.flatMap((row) => row.listingClass.badges))];
  const classKeys = keys.filter((key) => key !== 'price');
  return {
    total: products((row) => passes(row)),
    scope: products(() => true),
    stale: rows.reduce((sum, row) => sum + row.stale, 0),
    classes: classKeys.length === 0 ? null : [...new Set(rows.filter((row) => classKeys.every((key) => row.meets[key])).map((row) => row.class_id))],
    facets: {
      attributes: data.attributes
        .filter((attribute) => present.has(attribute.id))
        .map((attribute) => {
          const has = (row: Row) => row.listingClass.attribute_ids.includes(attribute.id);
          return { ...attribute, size_count: products((row) => has(row) && passes(row, 'sizes')), color_count: products((row) => has(row) && passes(row, 'colors')) };
        }),
      brands: data.brands
        .filter((brand) => brands.has(brand.id))
        .map((brand) => ({ ...brand, count: products((row) => row.listingClass.brand_id === brand.id && passes(row, 'brands')) })),
      badges: badges.map((badge) => ({ value: badge, count: products((row) => row.listingClass.badges.includes(badge) && passes(row, 'badges')) })),
      states_and_prices: {
        availability: Object.fromEntries(AVAILABILITIES.map((state) => [state, countPair((row) => IN_AVAILABILITY[state](row.listingClass), 'availability')])),
        price: {
          min: prices.length === 0 ? null : Math.min(...prices.map((row) => row.min_price)),
          max: prices.length === 0 ? null : Math.max(...prices.map((row) => row.max_price)),
          ranges: PRICE_RANGES.map((_, index) => countPair((row) => row.price_range === index, 'price')),
        },
      },
    },
  };
}

const selectedIn = (values: readonly (string | number)[] | undefined, value: string | number) => Boolean(values?.includes(value as never));

/** The facets as the contract gives them. A chosen option stays listed even with no product, so that it can be taken back. */
export function toFacets(raw: RawFacets, filters: ListingFilters): Facets {
  const attributes = raw.attributes ?? [];
  const attributeOptions = (kind: 'size' | 'color', chosen: number[] | undefined) =>
    attributes
      .filter((attribute) => attribute.kind === kind)
      .map((attribute) => ({
        value: String(attribute.id),
        label: attribute.label,
        ...(attribute.hex ? { hex: attribute.hex } : {}),
        count: kind === 'size' ? attribute.size_count : attribute.color_count,
        selected: selectedIn(chosen, attribute.id),
      }));
  const badgeCounts = new Map((raw.badges ?? []).map((badge) => [badge.value, badge.count]));
  const { availability, price } = raw.states_and_prices;
  const priceSelected = (range: Pick<PriceRange, 'min' | 'max'>) => filters.price_min === range.min && (filters.price_max ?? null) === range.max;
  return {
    sizes: attributeOptions('size', filters.sizes),
    colors: attributeOptions('color', filters.colors),
    brands: (raw.brands ?? []).map((brand) => ({
      value: String(brand.id),
      label: brand.label,
      count: brand.count,
      selected: selectedIn(filters.brands, brand.id),
    })),
    badges: BADGES.filter((badge) => badgeCounts.has(badge) || selectedIn(filters.badges, badge)).map((badge) => ({
      value: badge,
      count: badgeCounts.get(badge) ?? 0,
      selected: selectedIn(filters.badges, badge),
    })),
    // Likewise a stock state.
    availability: AVAILABILITIES.filter((state) => (availability[state]?.[0] ?? 0) > 0 || selectedIn(filters.availability, state)).map(
      (state) => ({ value: state, count: availability[state]?.[1] ?? 0, selected: selectedIn(filters.availability, state) }),
    ),
    price: {
      min: price.min,
      max: price.max,
      // A range none of the listing's products is in is left out, unless chosen.
      ranges: PRICE_RANGES.flatMap((range, index) => {
        const [inListing = 0, count = 0] = price.ranges[index] ?? [];
        const selected = priceSelected(range);
        return inListing > 0 || selected ? [{ ...range, count, selected }] : [];
      }),
    },
  };
}
