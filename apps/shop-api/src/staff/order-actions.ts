import type { OrderStatus } from '@shop/contract';
import type { orderNoteInput, refundOrderInput, settleStrayPaymentInput, shipOrderInput } from '@shop/contract/admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { orderLines, orderShipmentLines, orderShipments, orders, paymentAttempts } from '../db/schema.ts';
import { ApiError, notFound, refusal } from '../http/errors.ts';
import { deliverMails, queueOrderMail } from '../orders/mails.ts';
import { cancelUnpaid, restock } from '../orders/payment.ts';
import { refundOrder as refundThroughGateway } from './refund.ts';
import { canMove } from '../orders/status.ts';
import { isPayable, lockOrder, STRAY_REFUNDED_BY_HAND, type OrderRow } from '../orders/view.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminCallHandler, type AdminContext } from './context.ts';
import { getOrderDetail } from './orders.ts';

/** A paid order the shop can still cancel: nothing of it has left the warehouse. */
const CANCELLABLE_PAID: readonly string[] = ['payment_accepted', 'backorder_paid', 'processing'];

const notAllowed = (order: OrderRow) => refusal(409, 'order_action_not_allowed', `This cannot be done to an order that is ${order.status}`, { status: order.status });

async function findOrder(db: Queryable, reference: string, lock = false): Promise<OrderRow> {
  const [found] = await db.select().from(orders).where(eq(orders.reference, reference.toUpperCase()));
  const order = found && lock ? await lockOrder(db, found.id) : found;
  if (!order) throw notFound('Order');
  return order;
}

/**
 * Moves an order to `target` when the state machine allows it (orders/status.ts), with what the move records besides
 * (`set`) and its trace, in one transaction with the order locked; `alongside` makes its own change in it first.
 */
async function transition(
  context: AdminContext,
  reference: string,
  target: OrderStatus,
  action: string,
  { set = {}, details = {}, alongside }: { set?: Partial<typeof orders.$inferInsert>; details?: Record<string, unknown>; alongside?: (tx: Queryable, order: OrderRow) => Promise<void> } = {},
): Promise<OrderRow> {
  return context.db.transaction(async (tx) => {
    const order = await findOrder(tx, reference, true);
    if (!canMove(order.status as OrderStatus, target)) throw notAllowed(order);
    await alongside?.(tx, order);
    const [moved] = await tx.update(orders).set({ status: target, updatedAt: sql`now()`, ...set }).where(eq(orders.id, order.id)).returning();
    await audit(tx, actorOf(context), { action, targetType: 'order', targetId: order.reference, before: { status: order.status }, after: { status: target, ...details } });
    return moved!;
  });
}

const startProcessing: AdminCallHandler<'startProcessing'> = async ({ reference }, context) => {
  await transition(context, reference, 'processing', 'order.start_processing');
  return getOrderDetail({ reference }, context);
};

const hasParcels = async (db: Queryable, orderId: number) => (await db.select({ id: orderShipments.id }).from(orderShipments).where(eq(orderShipments.orderId, orderId)).limit(1)).length > 0;

/** What is left to send of each line of a locked order (in the order's line order): ordered less what parcels took. */
async function leftToShip(tx: Queryable, orderId: number) {
  const [lines, parcelled] = await Promise.all([
    tx.select({ id: orderLines.id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    tx
      .select({ orderLineId: orderShipmentLines.orderLineId, quantity: orderShipmentLines.quantity })
      .from(orderShipmentLines)
      .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
      .where(eq(orderShipments.orderId, orderId)),
  ]);
  const shipped = (lineId: number) => parcelled.filter((entry) => entry.orderLineId === lineId).reduce((sum, entry) => sum + entry.quantity, 0);
  return lines.map((line) => ({ id: line.id, left: line.quantity - shipped(line.id) }));
}

/**
 * Ships a parcel: the lines asked for (by their place in the order), or all that is left. With the order locked, so
 * that two staff shipping the same lines at once cannot send more than was ordered: the second reads what the first
 * took and is refused (`shipment_too_large`, with what is left). The order moves to `processing` while lines are
 * still to go, and to `shipped` with the last of them. The shopper is mailed what the parcel holds and its tracking.
 */
const shipOrder: AdminCallHandler<'shipOrder'> = async (input: z.output<typeof shipOrderInput>, context) => {
  const shipment = { carrier: input.carrier, tracking_number: input.tracking_number, tracking_url: input.tracking_url ?? null };
  const mails = await context.db.transaction(async (tx) => {
    const order = await findOrder(tx, input.reference, true);
    if (!CANCELLABLE_PAID.includes(order.status)) throw notAllowed(order);
    const lines = await leftToShip(tx, order.id);
    const wanted = new Map<number, number>();
    if (input.lines) for (const { line, quantity } of input.lines) wanted.set(line, (wanted.get(line) ?? 0) + quantity);
    else lines.forEach((line, index) => line.left > 0 && wanted.set(index, line.left));
    if (wanted.size === 0) throw notAllowed(order);
    for (const [index, quantity] of wanted) {
      if (!lines[index] || quantity > lines[index].left) {
        const message = 'A parcel can hold at most what is left to send of each line of the order';
        throw new ApiError(409, 'shipment_too_large', message, { left: lines.map((line) => line.left), errors: { lines: [message] } });
      }
    }
    const complete = lines.every((line, index) => line.left === (wanted.get(index) ?? 0));
    const target: OrderStatus = complete ? 'shipped' : 'processing';
    const [parcel] = await tx.insert(orderShipments).values({ orderId: order.id, carrier: shipment.carrier, trackingNumber: shipment.tracking_number, trackingUrl: shipment.tracking_url }).returning({ id: orderShipments.id });
    await tx.insert(orderShipmentLines).values([...wanted].map(([index, quantity]) => ({ shipmentId: parcel!.id, orderLineId: lines[index]!.id, quantity })));
    const [moved] =
      order.status === target
        ? [order]
        : await tx.update(orders).set({ status: target, updatedAt: sql`now()`, ...(complete ? { trackingNumber: shipment.tracking_number } : {}) }).where(eq(orders.id, order.id)).returning();
    const parcelLines = [...wanted].map(([line, quantity]) => ({ line, quantity }));
    await audit(tx, actorOf(context), { action: 'order.ship', targetType: 'order', targetId: order.reference, before: { status: order.status }, after: { status: target, ...shipment, lines: parcelLines, complete } });
    const [{ parcels }] = (await tx.select({ parcels: sql<number>`count(*)`.mapWith(Number) }).from(orderShipments).where(eq(orderShipments.orderId, order.id))) as [{ parcels: number }];
    return [await queueOrderMail(tx, moved!, 'shipping_notice', { parcel: parcels - 1 })];
  });
  await deliverMails(context, mails);
  return getOrderDetail(input, context);
};

const markDelivered: AdminCallHandler<'markDelivered'> = async ({ reference }, context) => {
  // The withdrawal period is fixed at delivery, with the setting of that day.
  const deliveredAt = new Date();
  const returnBy = new Date(deliveredAt.getTime() + context.config.returnWindowDays * 24 * 60 * 60 * 1000);
  await transition(context, reference, 'delivered', 'order.mark_delivered', { set: { deliveredAt, returnBy }, details: { return_by: returnBy.toISOString() } });
  return getOrderDetail({ reference }, context);
};

/**
 * Cancels an order. Unpaid: its payment ended at the gateway, its stock and codes released (as the unpaid orders'
 * release does). Paid and not shipped: all that is left is refunded through its gateway and its stock put back, in
 * the transaction that records the refund; a refund the gateway refuses leaves the order as it was (502).
 */
const cancelOrder: AdminCallHandler<'cancelOrder'> = async ({ reference }, context) => {
  const order = await findOrder(context.db, reference);
  const actor = actorOf(context);
  if (isPayable(order.status)) {
    const cancelled = await cancelUnpaid(context, order, (tx, before, after) =>
      audit(tx, actor, { action: 'order.cancel', targetType: 'order', targetId: order.reference, before: { status: before.status }, after: { status: after.status } }),
    );
    // Paid at the last moment (the gateway said so when its payment was ended): it is a paid order now.
    if (!cancelled) throw notAllowed(await findOrder(context.db, reference));
  } else if (CANCELLABLE_PAID.includes(order.status)) {
    // A parcel already left: the order is no longer cancelled whole (refund what is not sent, then deliver the rest).
    if (await hasParcels(context.db, order.id)) throw notAllowed(order);
    // Shipped (a parcel, or all of it) while the gateway was refunding: its goods are out, and nothing goes back on sale.
    // Its status may say 'refunded' already: the gateway's notification of this very refund can come before its answer.
    const alongside = async (tx: Queryable, before: OrderRow) => ((await hasParcels(tx, before.id)) ? undefined : restock(tx, before.id));
    await refundThroughGateway(context, { reference }, { actor, action: 'order.cancel', alongside });
  } else {
    throw notAllowed(order);
  }
  return getOrderDetail({ reference }, context);
};

/** Refunds an amount, lines at their unit price (quantities at most those ordered), or all that is left. */
const refundOrder: AdminCallHandler<'refundOrder'> = async (input: z.output<typeof refundOrderInput>, context) => {
  let amountCents = input.amount;
  if (input.lines) {
    const order = await findOrder(context.db, input.reference);
    const lines = await context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const wanted = new Map<number, number>();
    for (const { line, quantity } of input.lines) wanted.set(line, (wanted.get(line) ?? 0) + quantity);
    amountCents = 0;
    for (const [index, quantity] of wanted) {
      const line = lines[index];
      if (!line || quantity > line.quantity) {
        const message = 'Each line refunded must be one of the order’s, at most in the quantity ordered';
        throw new ApiError(400, 'bad_request', message, { errors: { lines: [message] } });
      }
      amountCents += line.unitPriceCents * quantity;
    }
  }
  await refundThroughGateway(context, { reference: input.reference, amountCents }, { actor: actorOf(context), action: 'order.refund' });
  return getOrderDetail(input, context);
};

/**
 * A stray payment whose automatic refund failed, given back outside the shop: marked so, with how, in the order's
 * trail. Only a failed one: a refund under way or done is the shop's own, and one not tried yet is tried first.
 */
const settleStrayPayment: AdminCallHandler<'settleStrayPayment'> = async ({ reference, payment_id: paymentId, note }: z.output<typeof settleStrayPaymentInput>, context) => {
  await context.db.transaction(async (tx) => {
    const order = await findOrder(tx, reference, true);
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.paymentId, paymentId)))
      .for('update');
    if (!attempt) throw notFound('Payment');
    if (attempt.strayCents <= 0 || attempt.strayRefund !== 'failed') throw notAllowed(order);
    await tx.update(paymentAttempts).set({ strayRefund: STRAY_REFUNDED_BY_HAND, updatedAt: sql`now()` }).where(eq(paymentAttempts.id, attempt.id));
    await audit(tx, actorOf(context), {
      action: 'order.stray_refunded_by_hand',
      targetType: 'order',
      targetId: order.reference,
      before: { payment: attempt.paymentId, stray_refund: attempt.strayRefund },
      after: { payment: attempt.paymentId, stray_refund: STRAY_REFUNDED_BY_HAND, amount: attempt.strayCents, note },
    });
  });
  return getOrderDetail({ reference }, context);
};

/** Sends the order confirmation again (a shopper who lost it): only for an order that was confirmed. */
const resendConfirmation: AdminCallHandler<'resendConfirmation'> = async ({ reference }, context) => {
  const mails = await context.db.transaction(async (tx) => {
    const found = await findOrder(tx, reference);
    if (found.confirmationSentAt === null) throw notAllowed(found);
    await audit(tx, actorOf(context), { action: 'order.resend_confirmation', targetType: 'order', targetId: found.reference, after: { email: found.email } });
    return [await queueOrderMail(tx, found, 'order_confirmation', {})];
  });
  await deliverMails(context, mails);
  return getOrderDetail({ reference }, context);
};

/** An internal note: kept in the order's audit trail, shown in its history, never to the shopper. */
const addOrderNote: AdminCallHandler<'addOrderNote'> = async ({ reference, note }: z.output<typeof orderNoteInput>, context) => {
  await context.db.transaction(async (tx) => {
    const order = await findOrder(tx, reference);
    await audit(tx, actorOf(context), { action: 'order.note', targetType: 'order', targetId: order.reference, after: { note } });
  });
  return getOrderDetail({ reference }, context);
};

export const orderActionHandlers = { startProcessing, shipOrder, markDelivered, cancelOrder, refundOrder, settleStrayPayment, resendConfirmation, addOrderNote };
