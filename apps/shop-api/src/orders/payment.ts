import { type GatewayName, type Order, type OrderStatus, type PlacedOrder } from '@shop/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { storefrontLink } from '../mail/layout.ts';
import type { ApiConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { cartRuleUses, orderLines, orders, paymentAttempts, paymentEvents } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { metrics } from '../metrics.ts';
import type { NotificationHint, PayableOrder, PaymentGateway, PaymentReading } from '../payments/gateway.ts';
import { deliverMails, queueOrderMail } from './mails.ts';
import { canMove, isPaid } from './status.ts';
import { accessibleOrder, isPayable, lockOrder, orderView, type OrderRow } from './view.ts';

/**
 * An order's payment (ADR 30): attempts, each a payment started with a gateway, of which only the current one can
 * pay the order; what happened is always read back from the gateway (a shopper's return and a notification only
 * say when to look), confirmed by whichever comes first (the other then changes nothing, through the state
 * machine). Before an order is given up after UNPAID_ORDER_MINUTES (its stock back on sale) or paid another way,
 * its current attempt is ended at its gateway and read back once more. Money that arrives on an ended attempt
 * anyway is stray: refunded through its gateway, and shown on the order.
 */

/** What acting on payments needs: the database, the gateways, the mail. */
export type PaymentDeps = Pick<CallContext, 'db' | 'mailer' | 'config' | 'log' | 'gateways'>;

/** An unpaid order whose gateway cannot say whether it was paid is kept this long past its time, then given up all the same. */
const UNREACHABLE_GATEWAY_GRACE_MS = 24 * 60 * 60 * 1000;

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

/** Records an attempt of an order (ended: it can never pay it); a gateway that hands back an earlier payment revives its attempt. */
async function recordAttempt(tx: Queryable, orderId: number, gateway: string, paymentId: string, ended: boolean): Promise<void> {
  const endedAt = ended ? sql`now()` : null;
  await tx
    .insert(paymentAttempts)
    .values({ orderId, gateway, paymentId, endedAt })
    .onConflictDoUpdate({ target: [paymentAttempts.gateway, paymentAttempts.paymentId], set: { endedAt, updatedAt: sql`now()` } });
}

/**
 * Starts a payment of the order with its gateway and makes it the order's current attempt: where to send the
 * shopper, or null when the gateway failed (logged). When another payment of the order was started meanwhile (a
 * double submit), this one is ended at once and the shopper goes to that one.
 */
export async function startPayment(context: PaymentDeps, order: OrderRow): Promise<string | null> {
  const gateway = order.gateway ? context.gateways.get(order.gateway as GatewayName) : undefined;
  if (!gateway) return null;
  let payment;
  try {
    payment = await gateway.createPayment(payable(context.config, order));
    metrics.paymentsStarted.inc({ gateway: gateway.name, result: 'started' });
  } catch (error) {
    metrics.paymentsStarted.inc({ gateway: gateway.name, result: 'failed' });
    context.log.error({ gateway: gateway.name, reference: order.reference, failure: (error as Error).message }, 'payment could not be started');
    return null;
  }
  const current = await context.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    const free = locked !== null && isPayable(locked.status) && locked.gateway === gateway.name && (locked.paymentId === null || locked.paymentId === payment.paymentId);
    await recordAttempt(tx, order.id, gateway.name, payment.paymentId, !free);
    if (!free) return locked;
    const [updated] = await tx.update(orders).set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl, updatedAt: sql`now()` }).where(eq(orders.id, order.id)).returning();
    return updated!;
  });
  if (current?.paymentId === payment.paymentId) return payment.redirectUrl;
  await endQuietly(context, gateway, payment.paymentId, order.reference);
  return current && isPayable(current.status) ? current.paymentUrl : null;
}

/** Ends a payment that must not be paid; a gateway that cannot be told is logged (money that still arrives is stray, and refunded). */
async function endQuietly(deps: Pick<PaymentDeps, 'log'>, gateway: PaymentGateway, paymentId: string, reference: string): Promise<void> {
  await gateway.endPayment({ paymentId }).catch((error: unknown) => {
    deps.log.warn({ gateway: gateway.name, reference, failure: (error as Error).message }, 'payment could not be ended at its gateway');
  });
}

/**
 * Ends the order's current attempt at its gateway, then reads it back: 'paid' when money arrived before the end
 * (the order is then paid, or refunded, as the gateway says), 'ended' when it can no longer pay, 'unknown' when the
 * gateway did not answer (the attempt may still take money: it is refunded if it does).
 */
async function endCurrentAttempt(deps: PaymentDeps, order: OrderRow): Promise<'paid' | 'ended' | 'unknown'> {
  const gateway = order.gateway ? deps.gateways.get(order.gateway as GatewayName) : undefined;
  if (!gateway || !order.paymentId) return 'ended';
  let reading: PaymentReading;
  try {
    await gateway.endPayment({ paymentId: order.paymentId });
    reading = await gateway.readPayment({ order: payable(deps.config, order), paymentId: order.paymentId, settle: true });
  } catch (error) {
    deps.log.warn({ gateway: gateway.name, reference: order.reference, failure: (error as Error).message }, 'payment could not be ended and read back');
    return 'unknown';
  }
  if (reading.status !== 'payment_accepted' && reading.status !== 'refunded') return 'ended';
  await applyReading(deps, { gateway: gateway.name, paymentId: order.paymentId }, reading);
  return 'paid';
}

/**
 * Puts the units an unpaid order took back on sale and gives its codes' uses back (in the order's transaction,
 * with the order locked): whoever cancels it, a code used by an order never paid is not used up.
 */
async function returnStock(tx: Queryable, orderId: number): Promise<void> {
  await restock(tx, orderId);
  await tx.delete(cartRuleUses).where(eq(cartRuleUses.orderId, orderId));
}

/** Puts the units an order took from the stock back on sale (a paid order cancelled by the shop: its codes stay used). */
export async function restock(tx: Queryable, orderId: number): Promise<void> {
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
  if (target === 'cancelled') {
    if (from === 'awaiting_payment' || from === 'payment_error' || from === 'backorder_unpaid') await returnStock(tx, order.id);
    // A cancelled order can be paid no more: money that arrives on any of its attempts is stray.
    await tx.update(paymentAttempts).set({ endedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(paymentAttempts.orderId, order.id), isNull(paymentAttempts.endedAt)));
  }
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

/** Queues the mails an applied change calls for, in its transaction: the confirmation of a first payment, the notice of a refund. */
export async function queueApplied(tx: Queryable, applied: Applied | null): Promise<number[]> {
  const ids: number[] = [];
  if (applied?.sendConfirmation) ids.push(await queueOrderMail(tx, applied.order, 'order_confirmation', {}));
  if (applied && applied.refundedNow > 0) ids.push(await queueOrderMail(tx, applied.order, 'refund_notice', { amountCents: applied.refundedNow }));
  return ids;
}

/**
 * Acts on a payment read back from its gateway (ADR 30). On the order's current attempt it moves the order through
 * the state machine, with what the gateway says it has given back, and mails the confirmation of a first payment or
 * the notice of a refund; an event already applied (its id recorded) changes nothing. Money on any other attempt
 * (superseded, or its order cancelled) can pay nothing: it is refunded.
 */
export async function applyReading(deps: PaymentDeps, attempt: { gateway: string; paymentId: string }, reading: PaymentReading, event?: { eventId: string }): Promise<OrderRow | null> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.gateway, attempt.gateway), eq(paymentAttempts.paymentId, attempt.paymentId)));
    if (!row) return null;
    if (event) {
      // A notification is applied once: a replay of the same event id finds its row and changes nothing.
      const recorded = await tx
        .insert(paymentEvents)
        .values({ gateway: attempt.gateway, eventId: event.eventId, orderId: row.orderId, status: reading.status })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return null;
    }
    const order = await lockOrder(tx, row.orderId);
    if (!order) return null;
    const current = row.endedAt === null && order.gateway === attempt.gateway && order.paymentId === attempt.paymentId;
    if (!current) return { stray: { attemptId: row.id, order } };
    // An attempt that can no longer be paid (expired, or ended by the shop itself) leaves the order as it is: only
    // the shop gives an order up (its time to pay, the shopper's way back to the cart), never a gateway event.
    const moved = reading.status === 'cancelled' ? { order, sendConfirmation: false, refundedNow: 0 } : await moveOrder(tx, order, reading.status);
    const refunded = reading.refundedCents === undefined || !isPaid(moved.order.status as OrderStatus) ? null : await recordRefunded(tx, moved.order, reading.refundedCents);
    const applied = refunded ? { ...refunded, sendConfirmation: moved.sendConfirmation, refundedNow: moved.refundedNow + refunded.refundedNow } : moved;
    // The mails go with the change: the order cannot be paid without its confirmation being queued.
    return { applied, from: order.status, mails: await queueApplied(tx, applied) };
  });
  if (result?.applied && result.applied.order.status !== result.from) metrics.paymentOutcomes.inc({ gateway: attempt.gateway, status: result.applied.order.status });
  if (result?.stray) {
    if (reading.status === 'payment_accepted') await refundStray(deps, result.stray.attemptId, result.stray.order, reading);
    return result.stray.order;
  }
  await deliverMails(deps, result?.mails ?? []);
  return result?.applied?.order ?? null;
}

/** A stray refund spoken for this long ago without an outcome was cut short (a process stopped): it may be taken up again. */
const STRAY_CLAIM_STALE_MS = 10 * 60 * 1000;

/**
 * Gives back money paid on an attempt that could not pay its order (ADR 30), as much of it as the reading says is
 * not given back yet. The refund is spoken for on the attempt first (locked), so two notifications of one stray
 * payment refund it once; a failed refund, or one spoken for and cut short, is taken up again by the next
 * notification or by retryStrayRefunds, each time after a fresh read-back, so nothing is given back twice. The
 * shopper is told once the money is given back.
 */
async function refundStray(deps: PaymentDeps, attemptId: number, order: OrderRow, reading: PaymentReading): Promise<void> {
  const amountCents = order.totalCents - (reading.refundedCents ?? 0);
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
    if (!row || row.strayRefund === 'refunded') return null;
    if (row.strayRefund === 'requested' && Date.now() - row.updatedAt.getTime() < STRAY_CLAIM_STALE_MS) return null;
    await tx
      .update(paymentAttempts)
      .set({ strayCents: order.totalCents, strayRefund: amountCents > 0 ? 'requested' : 'refunded', updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attemptId));
    return row;
  });
  if (!claimed) return;
  let outcome: 'refunded' | 'failed' = 'refunded';
  // Nothing left to give back: the gateway already has (a refund made before this process stopped).
  if (amountCents > 0) {
    const gateway = deps.gateways.get(claimed.gateway as GatewayName);
    try {
      if (!gateway) throw new Error(`the gateway ${claimed.gateway} is not configured`);
      await gateway.refund({ order: payable(deps.config, order), paymentId: claimed.paymentId, amountCents });
      deps.log.warn({ gateway: claimed.gateway, reference: order.reference, amountCents }, 'stray payment refunded');
    } catch (error) {
      outcome = 'failed';
      deps.log.error({ gateway: claimed.gateway, reference: order.reference, amountCents, failure: (error as Error).message }, 'stray payment could not be refunded');
    }
  }
  const mails = await deps.db.transaction(async (tx) => {
    if (amountCents > 0) await tx.update(paymentAttempts).set({ strayRefund: outcome, updatedAt: sql`now()` }).where(eq(paymentAttempts.id, attemptId));
    return outcome === 'refunded' ? [await queueOrderMail(tx, order, 'stray_refund_notice', { amountCents: order.totalCents })] : [];
  });
  await deliverMails(deps, mails);
}

/**
 * Takes up the stray refunds that failed, or were spoken for and cut short, with no notification to prompt them:
 * each payment is read back first and only what it still holds is given back. Returns how many were settled.
 */
export async function retryStrayRefunds(deps: PaymentDeps): Promise<number> {
  const waiting = await deps.db
    .select({ attempt: paymentAttempts, order: orders })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        sql`${paymentAttempts.strayCents} > 0`,
        sql`(${paymentAttempts.strayRefund} = 'failed' or (${paymentAttempts.strayRefund} = 'requested' and ${paymentAttempts.updatedAt} < now() - make_interval(secs => ${STRAY_CLAIM_STALE_MS / 1000})))`,
      ),
    );
  let settled = 0;
  for (const { attempt, order } of waiting) {
    const gateway = deps.gateways.get(attempt.gateway as GatewayName);
    if (!gateway) continue;
    try {
      const reading = await gateway.readPayment({ order: payable(deps.config, order), paymentId: attempt.paymentId, settle: false });
      if (reading.status !== 'payment_accepted' && reading.status !== 'refunded') continue;
      await refundStray(deps, attempt.id, order, reading);
      const [after] = await deps.db.select({ strayRefund: paymentAttempts.strayRefund }).from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
      if (after?.strayRefund === 'refunded') settled++;
    } catch (error) {
      deps.log.warn({ gateway: attempt.gateway, reference: order.reference, failure: (error as Error).message }, 'stray payment could not be read back');
    }
  }
  return settled;
}

/** The shopper is back from the gateway's page: the order's current attempt is read back (the query is never believed). */
export async function validateOrder(input: { reference: string; token?: string; query: Record<string, string> }, context: CallContext): Promise<Order> {
  const order = await accessibleOrder(context.db, context, input);
  const gateway = order.gateway ? context.gateways.get(order.gateway as GatewayName) : undefined;
  if (!gateway || !order.paymentId || !isPayable(order.status)) return orderView(context.db, order);
  let reading: PaymentReading;
  try {
    reading = await gateway.readPayment({ order: payable(context.config, order), paymentId: order.paymentId, settle: true });
  } catch (error) {
    // The gateway cannot say now: the order waits as it is (the page says the payment is pending), and the
    // gateway's notification, or the next look, settles it.
    context.log.error({ gateway: gateway.name, reference: order.reference, failure: (error as Error).message }, 'payment could not be confirmed on return');
    return orderView(context.db, order);
  }
  const moved = await applyReading(context, { gateway: gateway.name, paymentId: order.paymentId }, reading);
  return orderView(context.db, moved ?? order);
}

/**
 * Pays an unpaid order again (after a failure or a cancelled payment page), with the same or another gateway. The
 * payment started before is ended at its gateway first: paid meanwhile, it pays the order and nothing new starts.
 */
export async function updateOrder(input: { reference: string; token?: string; gateway: GatewayName }, context: CallContext): Promise<PlacedOrder> {
  const order = await accessibleOrder(context.db, context, input);
  if (!isPayable(order.status)) throw new ApiError(409, 'order_not_payable', 'This order cannot be paid any more');
  if (!context.gateways.has(input.gateway)) throw new ApiError(409, 'gateway_unavailable', 'This payment method is not available');
  if ((await endCurrentAttempt(context, order)) === 'paid') {
    const [paid] = await context.db.select().from(orders).where(eq(orders.id, order.id));
    return { order: await orderView(context.db, paid!), redirect_url: null, access_token: null };
  }
  const retried = await context.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    // Paid, cancelled, or paid again by another request since it was read: not this request's to restart.
    if (!locked || !isPayable(locked.status) || locked.paymentId !== order.paymentId) return null;
    await tx.update(paymentAttempts).set({ endedAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(paymentAttempts.orderId, order.id), isNull(paymentAttempts.endedAt)));
    const [updated] = await tx
      .update(orders)
      .set({ gateway: input.gateway, status: 'awaiting_payment', paymentId: null, paymentUrl: null, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    return updated!;
  });
  if (!retried) throw new ApiError(409, 'order_not_payable', 'This order cannot be paid any more');
  const redirectUrl = await startPayment(context, retried);
  const [fresh] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  return { order: await orderView(context.db, fresh!), redirect_url: redirectUrl, access_token: null };
}

/**
 * A verified notification from a gateway: a hint (ADR 30). The payment it names is read back from the gateway and
 * acted on as read; one the shop never started is ignored. A read-back that fails is thrown: the webhook route
 * answers 503 and the gateway sends the notification again.
 */
export async function applyNotification(deps: PaymentDeps, gateway: PaymentGateway, hint: NotificationHint): Promise<void> {
  const [found] = await deps.db
    .select({ attempt: paymentAttempts, order: orders })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.gateway, gateway.name), eq(paymentAttempts.paymentId, hint.paymentId)));
  if (!found) {
    deps.log.warn({ gateway: gateway.name, eventId: hint.eventId }, 'notification about a payment this shop did not start');
    return;
  }
  const { attempt, order } = found;
  // Only the attempt that may pay the order is completed (captured): another one's approval takes no money.
  const current = attempt.endedAt === null && order.paymentId === attempt.paymentId && isPayable(order.status);
  const reading = await gateway.readPayment({ order: payable(deps.config, order), paymentId: attempt.paymentId, settle: current });
  await applyReading(deps, attempt, reading, { eventId: hint.eventId });
}

/**
 * Cancels an unpaid order, its stock back on sale and its codes' uses given back, so that its items and codes can go
 * back into a cart; its payment is ended at the gateway first. False when it is not unpaid any more (paid, even
 * at the last moment, or cancelled). `alongside` runs in the cancelling transaction (the back office's audit).
 */
export async function cancelUnpaid(deps: PaymentDeps, order: OrderRow, alongside?: (tx: Queryable, before: OrderRow, after: OrderRow) => Promise<void>): Promise<boolean> {
  if (!isPayable(order.status) || (await endCurrentAttempt(deps, order)) === 'paid') return false;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || !isPayable(locked.status)) return false;
    const { order: moved } = await moveOrder(tx, locked, 'cancelled');
    if (moved.status !== 'cancelled') return false;
    await alongside?.(tx, locked, moved);
    return true;
  });
}

/**
 * Cancels the orders still unpaid after their time and puts their stock back on sale; returns how many. Each one's
 * gateway is asked first (reconciliation): an order it says is paid is paid, never cancelled, so a lost notification
 * is recovered here; one whose gateway does not answer waits for the next round (a day at most).
 */
export async function releaseUnpaidOrders(deps: PaymentDeps): Promise<number> {
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'payment_error']), lt(orders.payBy, sql`now()`)));
  let released = 0;
  for (const order of due) {
    const ended = await endCurrentAttempt(deps, order);
    if (ended === 'paid') continue;
    if (ended === 'unknown' && order.payBy && Date.now() - order.payBy.getTime() < UNREACHABLE_GATEWAY_GRACE_MS) continue;
    const moved = await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      // Paid meanwhile, paid again with another attempt, or already released by another process: nothing to do.
      if (!locked || !isPayable(locked.status) || !locked.payBy || locked.payBy > new Date() || locked.paymentId !== order.paymentId) return false;
      return (await moveOrder(tx, locked, 'cancelled')).order.status === 'cancelled';
    });
    if (moved) {
      released++;
      metrics.unpaidCancelled.inc();
    }
  }
  return released;
}
