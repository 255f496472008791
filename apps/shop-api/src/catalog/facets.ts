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

/**
 * Columns computing every facet over the listing's `base` rows. Options are what the listing holds, so they
 * stay put while the shopper filters; each count applies every other filter. Sizes, colours and badges are
 * first counted per distinct set (thousands of products share a few hundred), then per value.
 */
export function facetColumns(conditions: FilterConditions, lang: Lang): SQL {
  const but = (key: Parameters<typeof allConditions>[1]) => allConditions(conditions, key);
  const inRange = ({ min, max }: (typeof PRICE_RANGES)[number]) => (max === null ? sql`price >= ${min}` : sql`price between ${min} and ${max}`);
  const countPair = (condition: SQL, filter: SQL) =>
    sql`json_build_array(count(*) filter (where ${condition}), count(*) filter (where ${condition} and ${filter}))`;
  return sql`
    (select json_agg(json_build_object('id', a.id, 'kind', g.kind, 'label', at.name, 'hex', a.color_hex,
        'size_count', counted.size_count, 'color_count', counted.color_count) order by g.position, a.position, a.id)
      from (select attribute_id, sum(size_count)::int as size_count, sum(color_count)::int as color_count
        from (select attribute_ids, count(*) filter (where ${but('sizes')}) as size_count, count(*) filter (where ${but('colors')}) as color_count
          from base group by attribute_ids) as same_choice, unnest(attribute_ids) as attribute_id
        group by attribute_id) counted
      join attributes a on a.id = counted.attribute_id
      join attribute_groups g on g.id = a.group_id
      join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}) as attributes,
    (select json_agg(json_build_object('id', b.id, 'label', b.name, 'count', counted.count) order by b.name)
      from (select brand_id, count(*) filter (where ${but('brands')}) as count from base where brand_id is not null group by brand_id) counted
      join brands b on b.id = counted.brand_id) as brands,
    (select json_agg(json_build_object('value', badge, 'count', count))
      from (select badge, sum(count)::int as count
        from (select badges, count(*) filter (where ${but('badges')}) as count from base group by badges) as same_badges, unnest(badges) as badge
        group by badge) counted) as badges,
    (select json_build_object(
        'availability', json_build_object(${sql.join(
          AVAILABILITIES.map((state) => sql`${state}::text, ${countPair(AVAILABILITY_SQL[state], but('availability'))}`),
          sql`, `,
        )}),
        'price', json_build_object(
          'min', min(price) filter (where ${but('price')}),
          'max', max(price) filter (where ${but('price')}),
          'ranges', json_build_array(${sql.join(
            PRICE_RANGES.map((range) => countPair(inRange(range), but('price'))),
            sql`, `,
          )})))
      from base) as states_and_prices`;
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
