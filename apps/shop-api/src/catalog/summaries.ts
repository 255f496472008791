import { PLACEHOLDER_IMAGE_URL, type Badge, type ProductSummary } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectPrepared } from '../db/raw.ts';
import { heldByCarts } from '../stock/holds.ts';
import { photoImage } from '../media/files.ts';
import { ACTIVE_REDUCTION, discountPercent, lowestPriorNet, priceRateSql, priorPrices, reducedNet, withVat, type PriorPrice } from './pricing.ts';

/** Stock at or under this is shown as 'only N left'. */
export const LOW_STOCK = 5;

type SummaryRow = {
  id: number;
  reference: string;
  badges: string[];
  free_shipping: boolean;
  quantity_limit: number;
  price_net_cents: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
  reduction_id: number | null;
  reduction_starts_at: Date | string | null;
  created_at: Date | string;
  out_of_stock_policy: string;
  name: string;
  slug: string;
  brand_id: number | null;
  brand_name: string | null;
  brand_slug: string | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  photo_name: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_widths: number[] | null;
  stock: number;
  /** The cheapest buyable combination's price impact (of all combinations when none can be bought). */
  lowest_impact_net_cents: number | null;
  price_varies: boolean;
  /** The price impact of the combination the card is priced as (`combinationIds`), null for the from-price. */
  chosen_impact_net_cents: number | null;
  single_combination_id: number | null;
  colors: { id: number; name: string; hex: string }[];
  review_count: number | null;
  rating_sum: number | null;
  /** The shopper's VAT rate (priceRateSql), the same on every row. */
  price_rate: number;
};

/**
 * Card data for the given products, in the order of `ids`. A card shows the front picture of the colour a shopper
 * filtered by (`colorIds`), else of the product's default combination: what the card says is what it shows. Its
 * price is the from-price (ADR 57), or that of the product's combination among `combinationIds` (a saved size).
 */
export async function productSummaries(
  context: CallContext,
  ids: number[],
  colorIds: readonly number[] = [],
  combinationIds: readonly number[] = [],
): Promise<ProductSummary[]> {
  return (await summariesWithPriorPrices(context, ids, colorIds, combinationIds)).summaries;
}

/**
 * productSummaries, with the prices of the 30 days before each running discount (by product id) that their lowest
 * prior prices were taken from: the product page prices its combinations from them.
 */
export async function summariesWithPriorPrices(context: CallContext, ids: number[], colorIds: readonly number[] = [], combinationIds: readonly number[] = []) {
  if (ids.length === 0) return { summaries: [] as ProductSummary[], prior: new Map<number, PriorPrice[]>() };
  const { db, lang } = context;
  const rows = await selectPrepared<SummaryRow>(
    db,
    sql`select p.id, p.reference, p.badges, p.free_shipping, p.quantity_limit, p.price_net_cents, p.out_of_stock_policy,
        reduction.reduction_percent, reduction.reduction_net_cents, reduction.id as reduction_id, reduction.starts_at as reduction_starts_at, p.created_at,
        pt.name, pt.slug, b.id as brand_id, b.name as brand_name, b.slug as brand_slug,
        image.url as image_url, image.width as image_width, image.height as image_height,
        photo.name as photo_name, photo.width as photo_width, photo.height as photo_height, photo.widths as photo_widths,
        stock.total as stock, stock.single_combination_id, stock.lowest_impact_net_cents, stock.price_varies,
        chosen.price_impact_net_cents as chosen_impact_net_cents, colors.list as colors, rs.review_count, rs.rating_sum,
        ${priceRateSql(context.country, context.config.defaultCountry)} as price_rate
      from products p
      join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
      left join brands b on b.id = p.brand_id
      left join product_review_stats rs on rs.product_id = p.id
      ${ACTIVE_REDUCTION}
      left join lateral (
        select url, width, height from product_images i where i.product_id = p.id
        order by i.color_attribute_id = any(${sql.param([...colorIds])}::int[]) desc,
          i.color_attribute_id in (
            select ca.attribute_id from combinations c join combination_attributes ca on ca.combination_id = c.id
            where c.product_id = p.id and c.is_default) desc,
          i.position, i.id
        limit 1
      ) image on true
      -- The merchant's photos come before the drawings: the filtered colour's, else the default combination's (or
      -- one for every colour), first in their order.
      left join lateral (
        select ph.name, ph.width, ph.height, ph.widths from product_photos ph where ph.product_id = p.id
        order by coalesce(ph.color_attribute_id = any(${sql.param([...colorIds])}::int[]), false) desc,
          coalesce(ph.color_attribute_id in (
            select ca.attribute_id from combinations c join combination_attributes ca on ca.combination_id = c.id
            where c.product_id = p.id and c.is_default), true) desc,
          ph.position, ph.id
        limit 1
      ) photo on true
      left join lateral (
        select coalesce(sum(a.units), 0)::int as total, case when count(*) = 1 and sum(a.units) > 0 then min(a.id) end as single_combination_id,
          -- The from-price (ADR 55, 57), in this query for every card: the lowest price impact of the combinations a
          -- shopper can buy (of all when none can be bought), and whether their prices differ. Buyable by the stock, not
          -- by what carts hold: the rule the listing entries are sorted, filtered and counted by (migration 0034).
          coalesce(min(a.impact) filter (where a.buyable), min(a.impact))::int as lowest_impact_net_cents,
          case when bool_or(a.buyable) then count(distinct a.impact) filter (where a.buyable) > 1 else count(distinct a.impact) > 1 end as price_varies
        -- What shoppers can still take ('only N left', quick add): the stock less what carts hold, as on the product page.
        from (
          select c.id, c.price_impact_net_cents as impact, c.units, c.quantity > 0 or p.out_of_stock_policy <> 'deny' as buyable
          from (select c.id, c.price_impact_net_cents, c.quantity, greatest(c.quantity - ${heldByCarts(sql`c.id`)}, 0) as units
            from combinations c where c.product_id = p.id) c
        ) a
      ) stock on true
      -- The combination the card is priced as instead (a wishlist's saved size).
      left join lateral (
        select c.price_impact_net_cents from combinations c where c.product_id = p.id and c.id = any(${sql.param([...combinationIds])}::int[]) limit 1
      ) chosen on true
      left join lateral (
        select coalesce(json_agg(json_build_object('id', a.id, 'name', at.name, 'hex', a.color_hex) order by a.position, a.id), '[]'::json) as list
        from attributes a join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
        where a.color_hex is not null and a.id in (
          select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = p.id)
      ) colors on true
      where p.id = any(${sql.param(ids)}::int[])`,
  );
  // The EU's 30-day lowest price (Omnibus, ADR 43) of the discounted cards, as their product pages show it: one more
  // statement, for pages with a discounted product only.
  const discounted = rows.filter((row) => row.reduction_id !== null);
  const prior = await priorPrices(
    db,
    discounted.map((row) => ({ productId: row.id, since: new Date(row.reduction_starts_at ?? row.created_at), runningId: row.reduction_id! })),
  );
  const byId = new Map(rows.map((row) => [row.id, toSummary(row, Number(row.price_rate), prior.get(row.id))]));
  return { summaries: ids.flatMap((id) => byId.get(id) ?? []), prior };
}

/** A card's data; `prior`: the prices of the 30 days before its running discount, when it is discounted. */
function toSummary(row: SummaryRow, priceRate: number, prior: PriorPrice[] | undefined): ProductSummary {
  // The cheapest buyable combination's prices (ADR 55), whether or not sizes cost differently: the price listings
  // sort, filter and count by (ADR 57). A chosen combination's own prices instead.
  const impact = row.chosen_impact_net_cents ?? row.lowest_impact_net_cents ?? 0;
  const net = row.price_net_cents + impact;
  const regular = withVat(net, priceRate);
  const price = withVat(reducedNet(net, { percent: row.reduction_percent, netCents: row.reduction_net_cents }), priceRate);
  const discount = discountPercent(regular, price);
  return {
    id_product: row.id,
    name: row.name,
    link_rewrite: row.slug,
    sku: row.reference,
    reference: row.reference,
    has_discount: discount !== null,
    regular_price: regular,
    price,
    discount_percent: discount,
    price_varies: row.chosen_impact_net_cents === null && row.price_varies,
    lowest_prior_price: discount !== null && prior ? withVat(lowestPriorNet(prior, impact, net), priceRate) : null,
    brand: row.brand_id === null ? null : { id: row.brand_id, name: row.brand_name ?? '', slug: row.brand_slug ?? '' },
    colors: row.colors,
    badges: row.badges as Badge[],
    free_shipping: row.free_shipping,
    remaining_stock: row.out_of_stock_policy === 'deny' && row.stock > 0 && row.stock <= LOW_STOCK ? row.stock : null,
    quantity: row.quantity_limit,
    single_combination_id: row.single_combination_id,
    default_image:
      row.photo_name && row.photo_widths && row.photo_width && row.photo_height
        ? { ...photoImage({ name: row.photo_name, width: row.photo_width, height: row.photo_height, widths: row.photo_widths }), alt: row.name }
        : { url: row.image_url ?? PLACEHOLDER_IMAGE_URL, width: row.image_width ?? 600, height: row.image_height ?? 800, alt: row.name },
    rating: row.review_count ? { average: Math.round((Number(row.rating_sum) / row.review_count) * 10) / 10, count: row.review_count } : null,
  };
}
