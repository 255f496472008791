import type { Order, OrderStatus, OrderSummary } from '@shop/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { currentSession, requireCustomerId } from '../sessions/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { carriers, orderLines, orderReturnLines, orderReturns, orderShipmentLines, orderShipments, orders, paymentAttempts, products, productTranslations } from '../db/schema.ts';
import { attributesLabel } from '../cart/lines.ts';
import type { CallContext } from '../call-context.ts';
import { notFound } from '../http/errors.ts';
import { opensOrder } from './links.ts';

/**
 * What a stray payment's refund became when a merchant gave the money back outside the shop, after the automatic
 * refund failed (staff/order-actions.ts): never retried, shown to the shopper as refunded.
 */
export const STRAY_REFUNDED_BY_HAND = 'by_hand';

export type OrderRow = typeof orders.$inferSelect;

/** Until when a return of the order can be asked for: a delivered order within its withdrawal period; else null. */
export function returnDeadline(order: OrderRow): Date | null {
  return order.status === 'delivered' && order.returnBy && order.returnBy > new Date() ? order.returnBy : null;
}

/** An order can be paid while it waits for its payment or after a failed one. */
export const isPayable = (status: string) => status === 'awaiting_payment' || status === 'payment_error';

const summary = (row: OrderRow, itemCount: number): OrderSummary => ({
  reference: row.reference,
  date: row.createdAt.toISOString(),
  status: row.status,
  total: row.totalCents,
  currency: row.currency,
  item_count: itemCount,
});

const itemCount = sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number);

/** The signed-in customer's orders, newest first. */
export async function getOrders(context: CallContext): Promise<{ orders: OrderSummary[] }> {
  const customerId = await requireCustomerId(context);
  const rows = await context.db
    .select({ order: orders, itemCount })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.customerId, customerId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return { orders: rows.map((row) => summary(row.order, row.itemCount)) };
}

/**
 * The newest order of this session that waits for its payment (a customer's, or the one the guest session placed):
 * its items left the cart when it was placed, so the cart page says where they are and offers to pay or change it.
 */
export async function getPayableOrder(context: CallContext): Promise<{ order: OrderSummary | null }> {
  const session = await currentSession(context, context.db);
  if (!session) return { order: null };
  const owner = session.customerId !== null ? eq(orders.customerId, session.customerId) : eq(orders.sessionHash, session.tokenHash);
  const [row] = await context.db
    .select({ order: orders, itemCount })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(owner, inArray(orders.status, ['awaiting_payment', 'payment_error'])))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return { order: row ? summary(row.order, row.itemCount) : null };
}

/** The size and colour of an order line's combination as the product page picks them: { group id: attribute id }. */
const lineVariant = sql<Record<string, number> | null>`(select json_object_agg(a.group_id, ca.attribute_id)
  from combination_attributes ca join attributes a on a.id = ca.attribute_id where ca.combination_id = ${orderLines.combinationId})`;

/** A line's product name in a language, while the product is in the catalogue (SQL, null otherwise). */
const namedIn = (lang: string) =>
  sql<string | null>`(select named.name from product_translations named where named.product_id = ${orderLines.productId} and named.lang = ${lang})`;

/**
 * An order with its lines (each with its product's page in `lang` while it is on sale), as the shopper reads it:
 * the products, their sizes and colours and the carrier named in `lang` while the catalogue has them, else as
 * they were named when the order was placed (in the order's language).
 */
export async function orderView(db: Queryable, order: OrderRow, lang = order.lang): Promise<Order> {
  // As placed (orders/place.ts): the carrier's id beside what the shopper reads (none in orders from before it was kept).
  const placedCarrier = order.carrier as (NonNullable<Order['carrier']> & { id?: number }) | null;
  const [lineRows, returns, returned, strays, shipments, parcelled] = await Promise.all([
    db
      .select({
        line: orderLines,
        slug: productTranslations.slug,
        variant: lineVariant,
        name: namedIn(lang),
        attributes: sql<string | null>`${attributesLabel(orderLines.combinationId, lang)}`,
        // The carrier's name now, read with the lines rather than in a statement of its own.
        carrierName:
          placedCarrier?.id != null
            ? sql<string | null>`(select c.names ->> ${lang} from ${carriers} c where c.id = ${placedCarrier.id})`
            : sql<null>`null`,
      })
      .from(orderLines)
      .leftJoin(products, and(eq(products.id, orderLines.productId), eq(products.isActive, true)))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.lang, lang)))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id)).orderBy(asc(orderReturns.createdAt), asc(orderReturns.id)),
    db
      .select({ returnId: orderReturnLines.returnId, orderLineId: orderReturnLines.orderLineId, quantity: orderReturnLines.quantity })
      .from(orderReturnLines)
      .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
      .where(eq(orderReturns.orderId, order.id))
      .orderBy(asc(orderReturnLines.id)),
    db
      .select({ gateway: paymentAttempts.gateway, amount: paymentAttempts.strayCents, refund: paymentAttempts.strayRefund })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), isNotNull(paymentAttempts.strayRefund)))
      .orderBy(asc(paymentAttempts.id)),
    db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)).orderBy(asc(orderShipments.id)),
    db
      .select({ shipmentId: orderShipmentLines.shipmentId, orderLineId: orderShipmentLines.orderLineId, quantity: orderShipmentLines.quantity })
      .from(orderShipmentLines)
      .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
      .where(eq(orderShipments.orderId, order.id))
      .orderBy(asc(orderShipmentLines.id)),
  ]);
  const lines = lineRows.map((row) => ({ ...row.line, productName: row.name ?? row.line.productName, attributesLabel: row.attributes ?? row.line.attributesLabel }));
  const links = new Map(lineRows.map((row) => [row.line.id, { link_rewrite: row.slug, variant: row.variant ?? {} }]));
  const returnBy = returnDeadline(order);
  const sentBack = (lineId: number) => returned.filter((entry) => entry.orderLineId === lineId).reduce((sum, entry) => sum + entry.quantity, 0);
  const lineName = new Map(lines.map((line) => [line.id, line.productName]));
  const lineById = new Map(lines.map((line) => [line.id, line]));
  const shipped = (lineId: number) => parcelled.filter((entry) => entry.orderLineId === lineId).reduce((sum, entry) => sum + entry.quantity, 0);
  return {
    ...summary(
      order,
      lines.reduce((sum, line) => sum + line.quantity, 0),
    ),
    email: order.email,
    items_total: order.itemsCents,
    discounts: order.discountsCents,
    shipping: order.shippingCents,
    tax: order.taxCents,
    shipping_address: order.shippingAddress as Record<string, unknown>,
    billing_address: order.billingAddress as Record<string, unknown>,
    carrier: placedCarrier && { ...placedCarrier, name: lineRows[0]?.carrierName ?? placedCarrier.name },
    pickup_point: order.pickupPoint as Order['pickup_point'],
    delivery_message: order.deliveryMessage,
    coupons: order.coupons as Order['coupons'],
    invoice: order.invoice as Order['invoice'],
    gateway: order.gateway,
    tracking_number: order.trackingNumber,
    shipments: shipments.map((shipment) => ({
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      tracking_url: shipment.trackingUrl,
      date: shipment.createdAt.toISOString(),
      lines: parcelled
        .filter((entry) => entry.shipmentId === shipment.id)
        .map((entry) => {
          const line = lineById.get(entry.orderLineId);
          return { name: line?.productName ?? '', attributes: line?.attributesLabel ?? '', image_url: line?.imageUrl ?? null, quantity: entry.quantity };
        }),
    })),
    refunded: order.refundedCents,
    payable: isPayable(order.status as OrderStatus),
    // Given back outside the shop (the merchant's word, staff/order-actions.ts): refunded, as far as the shopper goes.
    stray_payments: strays.map((stray) => ({ ...stray, refund: (stray.refund === STRAY_REFUNDED_BY_HAND ? 'refunded' : stray.refund) as Order['stray_payments'][number]['refund'] })),
    lines: lines.map((line) => ({
      product_id: line.productId,
      ...links.get(line.id)!,
      name: line.productName,
      attributes: line.attributesLabel,
      reference: line.reference,
      image_url: line.imageUrl,
      quantity: line.quantity,
      unit_price: line.unitPriceCents,
      total: line.totalCents,
      on_demand: line.onDemand,
      on_demand_quantity: line.quantity - line.stockQuantity,
      available_date: line.availableDate?.toISOString() ?? null,
      cancellable: line.onDemand !== 'preorder',
      returnable: returnBy ? Math.max(0, line.quantity - sentBack(line.id)) : 0,
      shipped: shipped(line.id),
    })),
    returns: returns.map((entry) => ({
      reference: entry.reference,
      status: entry.status,
      date: entry.createdAt.toISOString(),
      reason: entry.reason,
      lines: returned.filter((line) => line.returnId === entry.id).map((line) => ({ name: lineName.get(line.orderLineId) ?? '', quantity: line.quantity })),
    })),
    return_by: returnBy?.toISOString() ?? null,
  };
}

/**
 * The order a request may read: a customer's own, the one the guest session placed, or one named with the
 * token of its confirmation mail while that link still opens it. Anyone else's is not found (as one that does not
 * exist), and so is one named with an expired or spent link: a link says nothing about the order it named.
 */
export async function accessibleOrder(db: Queryable, context: CallContext, access: { reference: string; token?: string }): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.reference, access.reference.toUpperCase()));
  if (!order) throw notFound('Order');
  if (access.token && (await opensOrder(db, context.config, order, access.token))) return order;
  const session = await currentSession(context, db);
  const mine = session && ((session.customerId !== null && session.customerId === order.customerId) || (order.sessionHash !== null && session.tokenHash === order.sessionHash));
  if (!mine) throw notFound('Order');
  return order;
}

export async function getOrder(access: { reference: string; token?: string }, context: CallContext): Promise<Order> {
  return orderView(context.db, await accessibleOrder(context.db, context, access), context.lang);
}

/** The order row by id, locked until the transaction ends: payment outcomes for one order take turns. */
export async function lockOrder(tx: Queryable, id: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.id, id))).for('update');
  return row ?? null;
}
