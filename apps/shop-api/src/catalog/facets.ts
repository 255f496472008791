import { AVAILABILITIES, BADGES, type Facets, type Lang, type ListingFilters, type PriceRange } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { allConditions, AVAILABILITY_SQL, type FilterConditions } from './listing-filters.ts';

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

/**
 * Columns computing every facet over the listing's `groups` (see listing.ts): its products grouped by class,
 * price range and price filter, `n` products each, with their class's attribute_ids, badges, brand_id, policy
 * and in_stock, the filters' flags, and the lowest and highest price. Options are what the listing holds, so
 * they stay put while the shopper filters; each count applies every other filter. A listing of thousands of
 * products has some hundreds of groups.
 */
export function facetColumns(conditions: FilterConditions, lang: Lang): SQL {
  const but = (key: Parameters<typeof allConditions>[1]) => allConditions(conditions, key);
  const products = (filter: SQL) => sql`coalesce(sum(n) filter (where ${filter}), 0)::int`;
  const countPair = (condition: SQL, filter: SQL) => sql`json_build_array(${products(condition)}, ${products(sql`${condition} and ${filter}`)})`;
  return sql`
    (select json_agg(json_build_object('id', a.id, 'kind', g.kind, 'label', at.name, 'hex', a.color_hex,
        'size_count', counted.size_count, 'color_count', counted.color_count) order by g.position, a.position, a.id)
      from (select attribute_id, ${products(but('sizes'))} as size_count, ${products(but('colors'))} as color_count
        from groups, unnest(attribute_ids) as attribute_id group by attribute_id) counted
      join attributes a on a.id = counted.attribute_id
      join attribute_groups g on g.id = a.group_id
      join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}) as attributes,
    (select json_agg(json_build_object('id', b.id, 'label', b.name, 'count', counted.count) order by b.name)
      from (select brand_id, ${products(but('brands'))} as count from groups where brand_id is not null group by brand_id) counted
      join brands b on b.id = counted.brand_id) as brands,
    (select json_agg(json_build_object('value', badge, 'count', count))
      from (select badge, ${products(but('badges'))} as count from groups, unnest(badges) as badge group by badge) counted) as badges,
    (select json_build_object(
        'availability', json_build_object(${sql.join(
          AVAILABILITIES.map((state) => sql`${state}::text, ${countPair(AVAILABILITY_SQL[state], but('availability'))}`),
          sql`, `,
        )}),
        'price', json_build_object(
          'min', min(min_price) filter (where ${but('price')}),
          'max', max(max_price) filter (where ${but('price')}),
          'ranges', json_build_array(${sql.join(
            PRICE_RANGES.map((_, index) => countPair(sql`price_range = ${sql.raw(String(index))}`, but('price'))),
            sql`, `,
          )})))
      from groups) as states_and_prices`;
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
