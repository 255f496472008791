import type { CartLine, OnDemandKind } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import type { OutOfStockPolicy } from '../db/schema.ts';
import { ACTIVE_REDUCTION, reducedNet, withVat } from '../catalog/pricing.ts';
import { reservedElsewhere } from '../stock/holds.ts';
import type { Readiness } from '../catalog/delivery-dates.ts';
import type { PricedLine } from './totals.ts';

/** A combination's size and colour in a language, 'M, Black' (SQL, null for none). */
export const attributesLabel = (combinationId: unknown, lang: string) =>
  sql`(select string_agg(label_at.name, ', ' order by label_g.position, label_g.id)
    from combination_attributes label_ca join attributes label_a on label_a.id = label_ca.attribute_id
    join attribute_groups label_g on label_g.id = label_a.group_id
    join attribute_translations label_at on label_at.attribute_id = label_a.id and label_at.lang = ${lang}
    where label_ca.combination_id = ${combinationId})`;

type LineRow = {
  id: number;
  product_id: number;
  combination_id: number;
  quantity: number;
  on_demand: OnDemandKind | null;
  name: string;
  slug: string;
  reference: string;
  net: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
  policy: OutOfStockPolicy;
  available_date: Date | string | null;
  minimal_quantity: number;
  quantity_limit: number;
  free_shipping: boolean;
  brand_id: number | null;
  tax_class: string;
  category_ids: number[];
  stock: number;
  reserved_elsewhere: number;
  image: { url: string; width: number; height: number } | null;
  attributes: CartLine['attributes'];
};

/** A cart line as the shopper sees it, with what the totals need to know about it and when it can leave the shop. */
export type LoadedLine = { view: CartLine; priced: PricedLine; readiness: Readiness };

/** Units beyond what the shop can give this cart from stock now. */
function linePlan(row: LineRow) {
  const available = Math.max(0, row.stock - row.reserved_elsewhere);
  const beyondStock = Math.max(0, row.quantity - available);
  const confirmed = row.on_demand !== null && row.on_demand === row.policy;
  return {
    onDemandQuantity: confirmed ? beyondStock : 0,
    // Stock changed under the shopper: the line asks more than the shop can give and nobody agreed to wait.
    shortOf: beyondStock > 0 && !confirmed ? available : null,
    maxQuantity: row.policy === 'deny' ? Math.min(row.quantity_limit, Math.max(available, row.minimal_quantity)) : row.quantity_limit,
  };
}

function toLine(row: LineRow, priceRate: number): LoadedLine {
  const unitPrice = withVat(reducedNet(row.net, { percent: row.reduction_percent, netCents: row.reduction_net_cents }), priceRate);
  const regularUnitPrice = withVat(row.net, priceRate);
  const plan = linePlan(row);
  const onDemand = plan.onDemandQuantity > 0 ? row.on_demand : null;
  const total = unitPrice * row.quantity;
  // Units bought beyond the stock leave once they are there; a backorder without a date has no date to promise.
  const readiness: Readiness = onDemand === null ? 'now' : row.available_date ? new Date(row.available_date) : 'unknown';
  return {
    view: {
      id: row.id,
      product_id: row.product_id,
      combination_id: row.combination_id,
      name: row.name,
      link_rewrite: row.slug,
      reference: row.reference,
      image: { url: row.image?.url ?? '', width: row.image?.width ?? 0, height: row.image?.height ?? 0, alt: row.name },
      attributes: row.attributes,
      quantity: row.quantity,
      unit_price: unitPrice,
      regular_unit_price: regularUnitPrice,
      total,
      minimal_quantity: row.minimal_quantity,
      max_quantity: plan.maxQuantity,
      on_demand_quantity: plan.onDemandQuantity,
      on_demand: onDemand,
      available_date: onDemand === 'preorder' && row.available_date ? new Date(row.available_date).toISOString() : null,
      cancellable: onDemand !== 'preorder',
      available_quantity: plan.shortOf,
      free_shipping: row.free_shipping,
    },
    priced: {
      total,
      quantity: row.quantity,
      discounted: unitPrice < regularUnitPrice,
      freeShipping: row.free_shipping,
      categoryIds: row.category_ids,
      brandId: row.brand_id,
      taxClass: row.tax_class,
    },
    readiness,
  };
}

/** The lines of a cart in the request's language and prices, oldest first (inactive products are left out). */
export async function loadLines(db: Queryable, context: Pick<CallContext, 'lang'>, cartId: number, priceRate: number): Promise<LoadedLine[]> {
  const rows = await selectRows<LineRow>(
    db,
    sql`select l.id, l.product_id, l.combination_id, l.quantity, l.on_demand,
        pt.name, pt.slug, c.reference, p.price_net_cents + c.price_impact_net_cents as net,
        reduction.reduction_percent, reduction.reduction_net_cents,
        p.out_of_stock_policy as policy, coalesce(c.available_date, p.available_date) as available_date, p.minimal_quantity, p.quantity_limit, p.free_shipping, p.brand_id, p.tax_class,
        array(select pc.category_id from product_categories pc where pc.product_id = p.id) as category_ids,
        c.quantity as stock, ${reservedElsewhere(sql`l.combination_id`, sql`l.cart_id`)} as reserved_elsewhere,
        (select json_build_object('url', i.url, 'width', i.width, 'height', i.height) from product_images i
          where i.product_id = p.id
          order by (i.color_attribute_id in (select ca.attribute_id from combination_attributes ca where ca.combination_id = c.id)) desc nulls last,
            i.position, i.id
          limit 1) as image,
        (select coalesce(json_agg(json_build_object('kind', g.kind, 'group', gt.name, 'value', at.name) order by g.position, g.id), '[]'::json)
          from combination_attributes ca join attributes a on a.id = ca.attribute_id
          join attribute_groups g on g.id = a.group_id
          join attribute_group_translations gt on gt.group_id = g.id and gt.lang = ${context.lang}
          join attribute_translations at on at.attribute_id = a.id and at.lang = ${context.lang}
          where ca.combination_id = c.id) as attributes
      from cart_lines l
      join combinations c on c.id = l.combination_id
      join products p on p.id = l.product_id
      join product_translations pt on pt.product_id = p.id and pt.lang = ${context.lang}
      ${ACTIVE_REDUCTION}
      where l.cart_id = ${cartId} and p.is_active
      order by l.id`,
  );
  return rows.map((row) => toLine(row, priceRate));
}
