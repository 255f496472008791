import type { Order, OrderSummary } from '@shop/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CallContext } from '../http/call-context.ts';
import { orderLines, orders } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { requireCustomerId } from './sessions.ts';

type OrderRow = typeof orders.$inferSelect;

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

/** One of the signed-in customer's orders; anyone else's is not found. */
export async function getOrder(reference: string, context: CallContext): Promise<Order> {
  const customerId = await requireCustomerId(context);
  const [order] = await context.db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)));
  if (!order) throw notFound('Order');
  const lines = await context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return {
    ...summary(
      order,
      lines.reduce((sum, line) => sum + line.quantity, 0),
    ),
    items_total: order.itemsCents,
    shipping: order.shippingCents,
    tax: order.taxCents,
    shipping_address: order.shippingAddress as Record<string, unknown>,
    billing_address: order.billingAddress as Record<string, unknown>,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.productName,
      attributes: line.attributesLabel,
      quantity: line.quantity,
      unit_price: line.unitPriceCents,
      total: line.totalCents,
    })),
    // There is no returns table yet: no order has returns.
    returns: [],
  };
}
