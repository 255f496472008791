import type { GatewayName, Order, OrderStatus, PlacedOrder } from '@shop/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { storefrontLink } from '../mail/layout.ts';
import { orderConfirmationMail } from '../mail/order-confirmation.ts';
import { refundNoticeMail } from '../mail/refund-notice.ts';
import type { ApiConfig } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { cartRuleUses, orderLines, orders, paymentEvents } from '../db/schema.ts';
import type { CallContext } from '../http/call-context.ts';
import { ApiError } from '../http/errors.ts';
import type { PayableOrder, PaymentOutcome, VerifiedNotification } from '../payments/gateway.ts';
import { orderToken } from './links.ts';
import { canMove, isPaid } from './status.ts';
import { accessibleOrder, isPayable, lockOrder, orderView, type OrderRow } from './view.ts';

/**
 * An order's payment: started with its gateway, confirmed by the shopper's return (validateOrder) or by the
 * gateway's notification, whichever comes first (the other then changes nothing, through the state machine),
 * and given up after UNPAID_ORDER_MINUTES, which puts the stock back on sale.
 */

/** What the gateway needs of an order; the shopper comes back to the storefront's checkout/validate. */
export function payable(config: ApiConfig, order: OrderRow): PayableOrder {
  const validate = storefrontLink(config.storefrontUrl, order.lang as never, `/checkout/validate?order=${encodeURIComponent(order.reference)}`);
  return {
    reference: order.reference,
    totalCents: order.totalCents,
    currency: order.currency,
    lang: order.lang,
    returnUrl: validate,
    cancelUrl: `${validate}&cancelled=1`,
  };
}

/** Starts a payment of the order with its gateway: where to send the shopper, or null when the gateway failed (logged). */
export async function startPayment(context: CallContext, order: OrderRow): Promise<string | null> {
  const gateway = order.gateway ? context.gateways.get(order.gateway as GatewayName) : undefined;
  if (!gateway) return null;
  try {
    const payment = await gateway.createPayment(payable(context.config, order));
    await context.db.update(orders).set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    return payment.redirectUrl;
  } catch (error) {
    context.log.error({ gateway: gateway.name, reference: order.reference, failure: (error as Error).message }, 'payment could not be started');
    return null;
  }
}

/** Puts the units an unpaid order took back on sale (in the order's transaction, with the order locked). */
async function returnStock(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(sql`update combinations c set quantity = c.quantity + l.stock_quantity
    from order_lines l where l.order_id = ${orderId} and l.combination_id = c.id and l.stock_quantity > 0`);
}

/** What applying an outcome did, for the mails sent once it is committed. */
export type Applied = { order: OrderRow; sendConfirmation: boolean; refundedNow: number };

/**
 * Moves a locked order to `target` when the state machine allows it (anything else changes nothing: a late
 * 'failed' after 'paid', a repeated 'paid'); a cancellation gives the stock back, the first payment sends the
 * confirmation mail once, and a refund of all of it counts the whole order as given back.
 */
export async function moveOrder(tx: Queryable, order: OrderRow, outcome: OrderStatus): Promise<Applied> {
  const hasOnDemand = (await tx.select({ id: orderLines.id }).from(orderLines).where(and(eq(orderLines.orderId, order.id), sql`${orderLines.onDemand} is not null`)).limit(1)).length > 0;
  const target: OrderStatus = outcome === 'payment_accepted' && hasOnDemand ? 'backorder_paid' : outcome;
  const from = order.status as OrderStatus;
  if (target === from || !canMove(from, target)) return { order, sendConfirmation: false, refundedNow: 0 };
  const paid = target === 'payment_accepted' || target === 'backorder_paid';
  const [moved] = await tx
    .update(orders)
    .set({
      status: target,
      updatedAt: sql`now()`,
      ...(paid ? { confirmationSentAt: sql`coalesce(${orders.confirmationSentAt}, now())` } : {}),
      ...(target === 'refunded' ? { refundedCents: order.totalCents } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (target === 'cancelled' && (from === 'awaiting_payment' || from === 'payment_error' || from === 'backorder_unpaid')) await returnStock(tx, order.id);
  return { order: moved!, sendConfirmation: paid && order.confirmationSentAt === null, refundedNow: moved!.refundedCents - order.refundedCents };
}

/**
 * Records what has been given back of a locked, paid order in all, as the gateway (or the shop's own completed
 * refunds) says: it never goes down, so a late or repeated report changes nothing; all of it refunds the order.
 */
export async function recordRefunded(tx: Queryable, order: OrderRow, refundedCents: number): Promise<Applied> {
  const total = Math.min(refundedCents, order.totalCents);
  if (total <= order.refundedCents) return { order, sendConfirmation: false, refundedNow: 0 };
  if (total === order.totalCents) return moveOrder(tx, order, 'refunded');
  const [updated] = await tx.update(orders).set({ refundedCents: total, updatedAt: sql`now()` }).where(eq(orders.id, order.id)).returning();
  return { order: updated!, sendConfirmation: false, refundedNow: total - order.refundedCents };
}

/** Sends an order's mail built from its current view (a guest's link carries the order's token); a failure is logged, not thrown. */
async function mailOrder(deps: Pick<CallContext, 'db' | 'mailer' | 'config' | 'log'>, order: OrderRow, what: 'confirmation' | 'refund', refundedNow = 0): Promise<void> {
  try {
    const token = order.customerId === null ? await orderToken(deps.db, order.reference) : null;
    const view = await orderView(deps.db, order);
    const common = { order: view, lang: order.lang, storefrontUrl: deps.config.storefrontUrl, token };
    await deps.mailer.send(what === 'confirmation' ? orderConfirmationMail(common) : refundNoticeMail({ ...common, amountCents: refundedNow }));
  } catch (error) {
    deps.log.error({ reference: order.reference, mail: what, failure: (error as Error).message }, 'order mail failed');
  }
}

/** The mails an applied change calls for, once it is committed: the confirmation of a first payment, the notice of a refund. */
export async function mailApplied(deps: Pick<CallContext, 'db' | 'mailer' | 'config' | 'log'>, applied: Applied | null): Promise<void> {
  if (applied?.sendConfirmation) await mailOrder(deps, applied.order, 'confirmation');
  if (applied && applied.refundedNow > 0) await mailOrder(deps, applied.order, 'refund', applied.refundedNow);
}

/**
 * Applies a payment outcome to an order (by id), with what the gateway says it has given back, then mails the
 * confirmation if this outcome paid it, or the refund notice if it gave more back.
 */
export async function applyOutcome(
  deps: Pick<CallContext, 'db' | 'mailer' | 'config' | 'log'>,
  orderId: number,
  outcome: PaymentOutcome & { refundedCents?: number },
  event?: { gateway: string; eventId: string },
): Promise<OrderRow | null> {
  const applied = await deps.db.transaction(async (tx) => {
    if (event) {
      // A notification is applied once: a replay of the same event id finds its row and changes nothing.
      const recorded = await tx
        .insert(paymentEvents)
        .values({ gateway: event.gateway, eventId: event.eventId, orderId, status: outcome.status })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return null;
    }
    const order = await lockOrder(tx, orderId);
    if (!order) return null;
    const moved = await moveOrder(tx, order, outcome.status);
    if (outcome.refundedCents === undefined || !isPaid(moved.order.status as OrderStatus)) return moved;
    const refunded = await recordRefunded(tx, moved.order, outcome.refundedCents);
    return { ...refunded, sendConfirmation: moved.sendConfirmation, refundedNow: moved.refundedNow + refunded.refundedNow };
  });
  await mailApplied(deps, applied);
  return applied?.order ?? null;
}

/** The shopper is back from the gateway's page: the gateway says what happened (the query alone is never believed). */
export async function validateOrder(input: { reference: string; token?: string; query: Record<string, string> }, context: CallContext): Promise<Order> {
  const order = await accessibleOrder(context.db, context, input);
  const gateway = order.gateway ? context.gateways.get(order.gateway as GatewayName) : undefined;
  if (!gateway || !order.paymentId || !isPayable(order.status)) return orderView(context.db, order);
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.handleReturn({ order: payable(context.config, order), query: { ...input.query, session_id: order.paymentId } });
  } catch (error) {
    // The gateway cannot say now: the order waits as it is (the page says the payment is pending), and the
    // gateway's notification, or the next look, settles it.
    context.log.error({ gateway: gateway.name, reference: order.reference, failure: (error as Error).message }, 'payment could not be confirmed on return');
    return orderView(context.db, order);
  }
  const moved = await applyOutcome(context, order.id, outcome);
  return orderView(context.db, moved ?? order);
}

/** Pays an unpaid order again (after a failure or a cancelled payment page), with the same or another gateway. */
export async function updateOrder(input: { reference: string; token?: string; gateway: GatewayName }, context: CallContext): Promise<PlacedOrder> {
  const order = await accessibleOrder(context.db, context, input);
  if (!isPayable(order.status)) throw new ApiError(409, 'order_not_payable', 'This order cannot be paid any more');
  if (!context.gateways.has(input.gateway)) throw new ApiError(409, 'gateway_unavailable', 'This payment method is not available');
  const [retried] = await context.db
    .update(orders)
    .set({ gateway: input.gateway, status: 'awaiting_payment', paymentId: null, paymentUrl: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['awaiting_payment', 'payment_error'])))
    .returning();
  if (!retried) throw new ApiError(409, 'order_not_payable', 'This order cannot be paid any more');
  const redirectUrl = await startPayment(context, retried);
  const [fresh] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  return { order: await orderView(context.db, fresh!), redirect_url: redirectUrl, access_token: null };
}

/** A verified notification from a gateway: applied to its order once (replays change nothing). */
export async function applyNotification(deps: Pick<CallContext, 'db' | 'mailer' | 'config' | 'log'>, gateway: string, notification: VerifiedNotification): Promise<void> {
  const [order] = await deps.db
    .select({ id: orders.id, totalCents: orders.totalCents, currency: orders.currency })
    .from(orders)
    .where(eq(orders.reference, notification.orderReference));
  if (!order) {
    deps.log.warn({ gateway, eventId: notification.eventId }, 'notification for an unknown order');
    return;
  }
  const { amountCents, currency } = notification;
  if ((amountCents !== undefined && amountCents !== order.totalCents) || (currency !== undefined && currency.toUpperCase() !== order.currency)) {
    deps.log.error({ gateway, eventId: notification.eventId, reference: notification.orderReference, amountCents, currency }, 'notification amount does not match the order: refused');
    return;
  }
  await applyOutcome(deps, order.id, notification, { gateway, eventId: notification.eventId });
}

/**
 * Cancels an unpaid order (locked), its stock back on sale and its codes' uses given back, so that its items and
 * codes can go back into a cart. False when it is not unpaid any more.
 */
export async function cancelUnpaid(tx: Queryable, orderId: number): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || !isPayable(order.status)) return false;
  const { order: moved } = await moveOrder(tx, order, 'cancelled');
  await tx.delete(cartRuleUses).where(eq(cartRuleUses.orderId, orderId));
  return moved.status === 'cancelled';
}

/** Cancels the orders still unpaid after their time and puts their stock back on sale; returns how many. */
export async function releaseUnpaidOrders(db: Database): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'payment_error']), lt(orders.payBy, sql`now()`)));
  let released = 0;
  for (const { id } of due) {
    const moved = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      // Paid meanwhile, or already released by another process: nothing to do.
      if (!order || !isPayable(order.status) || !order.payBy || order.payBy > new Date()) return false;
      return (await moveOrder(tx, order, 'cancelled')).order.status === 'cancelled';
    });
    if (moved) released++;
  }
  return released;
}
