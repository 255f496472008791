import type { GatewayName, Order, OrderStatus, PlacedOrder } from '@shop/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { storefrontLink } from '../mail/layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderConfirmationMail } from '../mail/order-confirmation.ts';
import type { ApiConfig } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { cartRuleUses, orderLines, orders, paymentEvents } from '../db/schema.ts';
import type { CallContext } from '../http/call-context.ts';
import { ApiError } from '../http/errors.ts';
import type { PayableOrder, PaymentOutcome, VerifiedNotification } from '../payments/gateway.ts';
import { orderToken } from './links.ts';
import { canMove } from './status.ts';
import { accessibleOrder, isPayable, lockOrder, orderView, type OrderRow } from './view.ts';

/**
 * An order's payment: started with its gateway, confirmed by the shopper's return (validateOrder) or by the
 * gateway's notification, whichever comes first (the other then changes nothing, through the state machine),
 * and given up after UNPAID_ORDER_MINUTES, which puts the stock back on sale.
 */

/** What the gateway needs of an order; the shopper comes back to the storefront's checkout/validate. */
function payable(config: ApiConfig, order: OrderRow): PayableOrder {
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

type Applied = { order: OrderRow; sendConfirmation: boolean };

/**
 * Moves a locked order to `target` when the state machine allows it (anything else changes nothing: a late
 * 'failed' after 'paid', a repeated 'paid'); a cancellation gives the stock back, the first payment sends the
 * confirmation mail once.
 */
async function moveOrder(tx: Queryable, order: OrderRow, outcome: OrderStatus): Promise<Applied> {
  const hasOnDemand = (await tx.select({ id: orderLines.id }).from(orderLines).where(and(eq(orderLines.orderId, order.id), sql`${orderLines.onDemand} is not null`)).limit(1)).length > 0;
  const target: OrderStatus = outcome === 'payment_accepted' && hasOnDemand ? 'backorder_paid' : outcome;
  const from = order.status as OrderStatus;
  if (target === from || !canMove(from, target)) return { order, sendConfirmation: false };
  const paid = target === 'payment_accepted' || target === 'backorder_paid';
  const [moved] = await tx
    .update(orders)
    .set({
      status: target,
      updatedAt: sql`now()`,
      ...(paid ? { confirmationSentAt: sql`coalesce(${orders.confirmationSentAt}, now())` } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (target === 'cancelled' && (from === 'awaiting_payment' || from === 'payment_error' || from === 'backorder_unpaid')) await returnStock(tx, order.id);
  return { order: moved!, sendConfirmation: paid && order.confirmationSentAt === null };
}

async function sendConfirmation(db: Queryable, mailer: Mailer, config: ApiConfig, order: OrderRow, log: CallContext['log']): Promise<void> {
  try {
    const token = order.customerId === null ? await orderToken(db, order.reference) : null;
    await mailer.send(orderConfirmationMail({ order: await orderView(db, order), lang: order.lang, storefrontUrl: config.storefrontUrl, token }));
  } catch (error) {
    log.error({ reference: order.reference, failure: (error as Error).message }, 'order confirmation mail failed');
  }
}

/** Applies a payment outcome to an order (by id), then mails the confirmation if this outcome paid it. */
export async function applyOutcome(
  deps: Pick<CallContext, 'db' | 'mailer' | 'config' | 'log'>,
  orderId: number,
  outcome: PaymentOutcome,
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
    return order ? moveOrder(tx, order, outcome.status) : null;
  });
  if (applied?.sendConfirmation) await sendConfirmation(deps.db, deps.mailer, deps.config, applied.order, deps.log);
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
