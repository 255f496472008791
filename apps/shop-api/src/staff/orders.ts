import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrder } from '@shop/contract/admin';
import type { z } from 'zod';
import type { adminOrdersInput } from '@shop/contract/admin';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog, orderLines, orderRefunds, orders, paymentAttempts, paymentEvents } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { orderView } from '../orders/view.ts';
import type { AdminContext } from './context.ts';
import { cappedCount, keysetPage } from './list-pages.ts';

/** `%` and `_` typed in a search are letters, not patterns. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const fullName = sql<string>`trim(coalesce(${orders.shippingAddress}->>'first_name', '') || ' ' || coalesce(${orders.shippingAddress}->>'last_name', ''))`;

/** Orders whose email address or name holds `text`, through the trigram index orders_search_trgm (migration 0023): its expression, the address and the name in one text, lowercased. */
export const ordersMatching = (text: string) =>
  sql`lower(${orders.email} || ' ' || coalesce(${orders.shippingAddress}->>'first_name', '') || ' ' || coalesce(${orders.shippingAddress}->>'last_name', '')) like ${likeText(text.toLowerCase())}`;

/** The orders list: a reference, an email address or a name (part of one), a state, a period, a country, a gateway, an invoice asked for or not; newest first, a page at a time. */
export async function listOrders(input: z.output<typeof adminOrdersInput>, { db }: AdminContext) {
  const conditions: SQL[] = [];
  if (input.query) {
    // A reference is looked up by its index first: only when none has it are addresses and names searched (by trigrams).
    const reference = input.query.toUpperCase();
    const [exact] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference)).limit(1);
    conditions.push(exact ? eq(orders.reference, reference) : ordersMatching(input.query));
  }
  if (input.status) conditions.push(eq(orders.status, input.status));
  if (input.from) conditions.push(gte(orders.createdAt, sql`${input.from}::date`));
  if (input.to) conditions.push(lt(orders.createdAt, sql`${input.to}::date + 1`));
  if (input.country) conditions.push(eq(orders.countryIso, input.country));
  if (input.gateway) conditions.push(eq(orders.gateway, input.gateway));
  // An order without an invoice request keeps SQL null or JSON null, whichever the placing wrote.
  const requested = sql`(${orders.invoice} is not null and ${orders.invoice} <> 'null'::jsonb)`;
  if (input.invoice !== undefined) conditions.push(input.invoice ? requested : sql`not ${requested}`);
  return pagedOrders(db, and(...conditions), input.cursor);
}

/** A page of the orders `where` picks, newest first, from a page link's cursor (ADR 58), as the list shows them (the customer's page too). */
export async function pagedOrders(db: Database, where: SQL | undefined, cursor?: string) {
  const keyset = keysetPage(orders.createdAt, orders.id, cursor, ADMIN_ORDERS_PAGE_SIZE);
  const [rows, counted] = await Promise.all([
    db
      .select({
        order: orders,
        key: keyset.key,
        name: fullName,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`.mapWith(Number),
      })
      .from(orders)
      .where(and(where, keyset.where))
      .orderBy(keyset.orderBy)
      .limit(keyset.limit),
    cappedCount(db, sql`${orders}`, where),
  ]);
  const { rows: page, next, previous } = keyset.page(rows, ({ key, order }) => ({ micros: key, id: order.id }));
  return {
    orders: page.map(({ order, name, itemCount }) => ({
      reference: order.reference,
      date: order.createdAt.toISOString(),
      status: order.status,
      total: order.totalCents,
      currency: order.currency,
      item_count: itemCount,
      email: order.email,
      name,
      country: order.countryIso,
      gateway: order.gateway,
    })),
    next,
    previous,
    ...counted,
  };
}

/** What an action changed, as one line ('carrier: DHL · tracking_number: 123'); a note is its text. */
function describeChange(after: unknown): string {
  if (!after || typeof after !== 'object') return '';
  return Object.entries(after as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => (key === 'note' ? String(value) : `${key}: ${String(value)}`))
    .join(' · ');
}

/** One order as the shopper reads it (orders/view.ts), with its payment attempts, refunds and the gateways' events. */
export async function getOrderDetail({ reference }: { reference: string }, { db }: AdminContext): Promise<AdminOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference.toUpperCase()));
  if (!order) throw notFound('Order');
  const [view, attempts, refunds, events, actions] = await Promise.all([
    orderView(db, order),
    db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id)).orderBy(asc(paymentAttempts.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id)),
    db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id)).orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id)),
    db.select().from(auditLog).where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, order.reference))).orderBy(asc(auditLog.at), asc(auditLog.id)),
  ]);
  // The history: the placing, then each gateway event, refund and back-office action (its trace), in time order.
  const history = [
    { date: order.createdAt, event: 'placed', gateway: order.gateway, detail: '', actor: null },
    ...events.map((event) => ({ date: event.receivedAt, event: event.status, gateway: event.gateway, detail: event.eventId, actor: null })),
    ...refunds.map((refund) => ({ date: refund.createdAt, event: `refund_${refund.status}`, gateway: order.gateway, detail: String(refund.amountCents), actor: null })),
    ...view.returns.map((entry) => ({ date: new Date(entry.date), event: 'return_requested', gateway: null, detail: entry.reference, actor: null })),
    ...actions.map((entry) => ({ date: entry.at, event: entry.action, gateway: null, detail: describeChange(entry.after), actor: entry.actor })),
  ].sort((a, b) => a.date.getTime() - b.date.getTime());
  return {
    order: view,
    attempts: attempts.map((attempt) => ({
      gateway: attempt.gateway,
      payment_id: attempt.paymentId,
      started_at: attempt.createdAt.toISOString(),
      ended_at: attempt.endedAt?.toISOString() ?? null,
      stray_amount: attempt.strayCents,
      stray_refund: attempt.strayRefund,
    })),
    refunds: refunds.map((refund) => ({ amount: refund.amountCents, status: refund.status, gateway_refund_id: refund.gatewayRefundId, date: refund.createdAt.toISOString() })),
    history: history.map((entry) => ({ ...entry, date: entry.date.toISOString() })),
  };
}
