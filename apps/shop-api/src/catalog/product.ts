import type { Alternates, Product, RelatedProducts } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectPrepared } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { loadCategoryTree } from './categories.ts';
import { ACTIVE_REDUCTION, discountPercent, lowestPriorNet, reducedNet, priceRateFor, withVat } from './pricing.ts';
import { productSummaries, summariesWithPriorPrices } from './summaries.ts';
import { heldByCarts } from '../stock/holds.ts';
import { photoImage } from '../media/files.ts';
import { deliveryDates, type Readiness } from './delivery-dates.ts';
import { standardDeliverySql, type StandardDelivery } from './shipping.ts';

export async function productAlternates(context: CallContext, productId: number): Promise<Alternates> {
  const rows = await selectPrepared<{ lang: string; slug: string }>(
    context.db,
    sql`select lang, slug from product_translations where product_id = ${productId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.lang, `${productId}-${row.slug}`]));
}

/** The card's price fields for the chosen combination. */
function pricesOf({ price, regular_price, discount_percent, lowest_prior_price }: { price: number; regular_price: number; discount_percent: number | null; lowest_prior_price: number | null }) {
  return { price, regular_price, discount_percent, has_discount: discount_percent !== null, lowest_prior_price: discount_percent !== null ? lowest_prior_price : null };
}

type DetailRow = {
  description: string;
  additional_info: string;
  meta_title: string;
  meta_description: string;
  out_of_stock_policy: Product['out_of_stock_policy'];
  available_date: Date | null;
  minimal_quantity: number;
  default_category_id: number;
  gender: string;
  price_net_cents: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
  reduction_id: number | null;
};

export async function getProduct(input: { product_id: number; group?: Record<string, number> }, context: CallContext): Promise<Product> {
  const { db, lang } = context;
  const id = input.product_id;
  // Every part at once: one round trip's time, not nine. A product off sale (a draft, issue 27) has no page.
  const [{ summaries: [summary], prior: priorByProduct }, [detail], groups, combinations, images, alternates, tree, priceRate, sizeChart, [standard]] = await Promise.all([
    summariesWithPriorPrices(context, [id]),
    selectPrepared<DetailRow>(
      db,
      sql`select pt.description, pt.additional_info, pt.meta_title, pt.meta_description, p.out_of_stock_policy, p.available_date, p.minimal_quantity,
          p.default_category_id, p.gender, p.price_net_cents, reduction.reduction_percent, reduction.reduction_net_cents,
          reduction.id as reduction_id
        from products p join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
        ${ACTIVE_REDUCTION}
        where p.id = ${id} and p.is_active`,
    ),
    selectPrepared<{ id: number; kind: 'size' | 'color'; name: string; attributes: { id: number; name: string; hex: string | null }[] }>(
      db,
      sql`select g.id, g.kind, gt.name,
          json_agg(json_build_object('id', a.id, 'name', at.name, 'hex', a.color_hex) order by a.position, a.id) as attributes
        from attribute_groups g
        join attribute_group_translations gt on gt.group_id = g.id and gt.lang = ${lang}
        join attributes a on a.group_id = g.id
        join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
        where a.id in (select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = ${id})
        group by g.id, g.kind, gt.name, g.position order by g.position, g.id`,
    ),
    selectPrepared<{ id: number; attributes: number[]; price_impact_net_cents: number; quantity: number; is_default: boolean; available_date: Date | string | null }>(
      db,
      // What a shopper can still put in a cart: the stock less what carts hold (the cart's own check, cart/changes.ts).
      sql`select c.id, array_agg(ca.attribute_id order by ca.attribute_id) as attributes, c.price_impact_net_cents,
          greatest(c.quantity - ${heldByCarts(sql`c.id`)}, 0) as quantity, c.is_default, c.available_date
        from combinations c join combination_attributes ca on ca.combination_id = c.id
        where c.product_id = ${id} group by c.id order by c.id`,
    ),
    // The merchant's photos when it has any, else the storefront's drawings.
    selectPrepared<{ url: string | null; width: number; height: number; color_id: number | null; name: string | null; widths: number[] | null; alt: string | null }>(
      db,
      sql`select url, width, height, color_id, name, widths, alt from (
          select 0 as kind, position, id, null::text as url, width, height, color_attribute_id as color_id, name, widths, alt ->> ${lang} as alt
          from product_photos where product_id = ${id}
          union all
          select 1, i.position, i.id, i.url, i.width, i.height, i.color_attribute_id, null, null, null from product_images i
          where i.product_id = ${id} and not exists (select from product_photos where product_id = ${id})
        ) pictures order by kind, position, id`,
    ),
    productAlternates(context, id),
    loadCategoryTree(db, lang),
    priceRateFor(db, context.country, context.config.defaultCountry),
    selectPrepared<{ slug: string }>(
      db,
      // The size chart of the product's main category, or of its nearest parent that has one (ADR 48).
      sql`with recursive up (id, parent_id, depth) as (
          select c.id, c.parent_id, 0 from products p join categories c on c.id = p.default_category_id where p.id = ${id}
          union all select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 10)
        select t.slug from up join category_size_charts sc on sc.category_id = up.id
          join content_page_translations t on t.page_id = sc.page_id and t.lang = ${lang}
        order by up.depth limit 1`,
    ),
    // The standard delivery to the shopper's country (the shop's home country for one it does not sell to).
    selectPrepared<{ delivery: StandardDelivery | null }>(
      db,
      sql`select ${standardDeliverySql(sql`c.group_key`)} as delivery from countries c
        where c.is_active and c.iso in (${context.country}, ${context.config.defaultCountry}) order by c.iso = ${context.country} desc limit 1`,
    ),
  ]);
  if (!summary || !detail) throw notFound('Product');

  const sellable = (quantity: number) => quantity > 0 || detail.out_of_stock_policy !== 'deny';
  // From stock at once; beyond it, a pre-order or backorder leaves once it is there (the variant's date, else the product's).
  const readiness = (quantity: number, availableDate: Date | string | null): Readiness => {
    if (quantity > 0) return 'now';
    const date = availableDate ?? detail.available_date;
    return detail.out_of_stock_policy !== 'deny' && date ? new Date(date) : 'unknown';
  };
  const now = new Date();
  const delivery = standard?.delivery ?? null;
  // The EU's 30-day lowest price (Omnibus, ADR 43): the prices of the 30 days before the running discount started,
  // read with the card's.
  const prior = detail.reduction_id === null ? null : (priorByProduct.get(id) ?? []);
  const priced = combinations.map((combination) => {
    const net = detail.price_net_cents + combination.price_impact_net_cents;
    const reduction = { percent: detail.reduction_percent, netCents: detail.reduction_net_cents };
    const price = withVat(reducedNet(net, reduction), priceRate);
    const regular = withVat(net, priceRate);
    return {
      id: combination.id,
      attributes: combination.attributes,
      price,
      regular_price: regular,
      discount_percent: discountPercent(regular, price),
      lowest_prior_price: prior && price < regular ? withVat(lowestPriorNet(prior, combination.price_impact_net_cents, net), priceRate) : null,
      stock: combination.quantity,
      available: sellable(combination.quantity),
      delivery: delivery && deliveryDates(delivery, readiness(combination.quantity, combination.available_date), context.config.delivery, now),
      isDefault: combination.is_default,
    };
  });
  const wanted = Object.values(input.group ?? {});
  const chosen =
    (wanted.length > 0 && priced.find((combination) => wanted.every((attributeId) => combination.attributes.includes(attributeId)))) ||
    priced.find((combination) => combination.isDefault) ||
    priced[0];

  return {
    ...summary,
    ...(chosen ? pricesOf(chosen) : {}),
    description: detail.description,
    additional_info: detail.additional_info,
    meta_title: detail.meta_title,
    meta_description: detail.meta_description,
    images: images.map(({ url, width, height, color_id, name, widths, alt }) =>
      name && widths ? { ...photoImage({ name, width, height, widths }), color_id, alt: alt || summary.name } : { url: url ?? '', width, height, color_id, alt: summary.name },
    ),
    groups,
    combinations: priced.map(({ isDefault: _isDefault, ...combination }) => combination),
    selected_combination_id: chosen?.id ?? null,
    out_of_stock_policy: detail.out_of_stock_policy,
    available_date: detail.available_date ? new Date(detail.available_date).toISOString() : null,
    minimal_quantity: detail.minimal_quantity,
    breadcrumbs: tree.breadcrumbs(detail.default_category_id).map(({ id: crumbId, name, slug }) => ({ id: crumbId, name, slug })),
    size_chart_slug: sizeChart[0]?.slug ?? null,
    alternates,
  };
}


/**
 * Products to show beside one, one page at a time: the merchant's chosen ones that are on sale, in the merchant's
 * order, then the others of its category, best sellers first. An unknown or inactive product is a 404, not an empty list.
 */
export async function getRelatedProducts(
  input: { id_product: number; page: number; per_page: number },
  context: CallContext,
): Promise<RelatedProducts> {
  const { id_product: id, page, per_page: perPage } = input;
  const [row] = await selectPrepared<{ total: number; ids: number[] | null }>(
    context.db,
    sql`with product as (select default_category_id from products where id = ${id} and is_active),
      chosen as (
        select r.related_id as product_id, r.position from product_related r
        join catalog_listing l on l.product_id = r.related_id and l.is_active
        where r.product_id = ${id}
      ),
      related as (
        select product_id, 0 as tier, position, 0 as sales_count from chosen
        union all
        select l.product_id, 1, 0, l.sales_count from catalog_listing l
        join product on l.category_ids @> array[product.default_category_id]
        where l.is_active and l.product_id <> ${id} and l.product_id not in (select product_id from chosen)
      )
      select (select count(*)::int from related) as total,
        (select json_agg(picked.product_id order by picked.tier, picked.position, picked.sales_count desc, picked.product_id) from (
          select * from related order by tier, position, sales_count desc, product_id limit ${perPage} offset ${(page - 1) * perPage}
        ) picked) as ids
      from product`,
  );
  if (!row) throw notFound('Product');
  return {
    products: await productSummaries(context, row.ids ?? []),
    pagination: { total_items: row.total, page, pages: Math.max(1, Math.ceil(row.total / perPage)), per_page: perPage },
  };
}
