import type { GatewayName } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { orderRefunds, orders } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { audit, type Actor } from './audit.ts';
import { deliverMails } from '../orders/mails.ts';
import { payable, queueApplied, recordRefunded } from '../orders/payment.ts';
import { isPaid } from '../orders/status.ts';
import { lockOrder, type OrderRow } from '../orders/view.ts';

type RefundDeps = Pick<CallContext, 'db' | 'mailer' | 'config' | 'log' | 'gateways'>;

/**
 * Who asked for a refund and what else it does: the audit entry's action, and a change made in the transaction
 * that applies the refund (a cancellation puts the stock back), so that the refund, the change and their trace are
 * kept together. A failed refund leaves its trace too.
 */
export type RefundRequest = { actor: Actor; action: string; details?: Record<string, unknown>; alongside?: (tx: Queryable, before: OrderRow, after: OrderRow) => Promise<void> };

/**
 * Gives money of a paid order back through the gateway it was paid with: all that is left, or `amountCents` of it.
 * The amount is spoken for (a 'requested' refund row) before the gateway is asked, so two refunds at once cannot
 * give back more than was paid; the gateway's answer completes it (the order is 'refunded' once all is given back,
 * and the shopper gets a refund notice) or fails it (nothing changes). The gateway's own refund notification that
 * follows changes nothing more: what has been given back never goes down and is never counted twice.
 */
export async function refundOrder(deps: RefundDeps, input: { reference: string; amountCents?: number }, request: RefundRequest): Promise<{ order: OrderRow; refundId: string }> {
  const requested = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.reference, input.reference.toUpperCase()));
    const order = found ? await lockOrder(tx, found.id) : null;
    if (!order) throw notFound('Order');
    if (!isPaid(order.status as never) || !order.gateway || !order.paymentId) throw new ApiError(409, 'order_not_refundable', 'This order has no payment to refund');
    const [{ pending }] = (await tx
      .select({ pending: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)`.mapWith(Number) })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'requested')))) as [{ pending: number }];
    const left = order.totalCents - order.refundedCents - pending;
    const amountCents = input.amountCents ?? left;
    if (left <= 0) throw new ApiError(409, 'order_not_refundable', 'Nothing of this order is left to refund');
    if (amountCents > left) throw new ApiError(409, 'refund_too_large', `At most ${left} cents of this order can be refunded`, { refundable: left });
    const [refund] = await tx.insert(orderRefunds).values({ orderId: order.id, amountCents, status: 'requested' }).returning({ id: orderRefunds.id });
    return { order, refundId: refund!.id, amountCents };
  });

  const { order, amountCents } = requested;
  const gateway = deps.gateways.get(order.gateway as GatewayName);
  let gatewayRefundId: string;
  try {
    if (!gateway) throw new Error(`the gateway ${order.gateway} is not configured`);
    ({ refundId: gatewayRefundId } = await gateway.refund({ order: payable(deps.config, order), paymentId: order.paymentId!, amountCents }));
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      await tx.update(orderRefunds).set({ status: 'failed', updatedAt: sql`now()` }).where(eq(orderRefunds.id, requested.refundId));
      await audit(tx, request.actor, { action: `${request.action}_failed`, targetType: 'order', targetId: order.reference, after: { ...request.details, amount: amountCents, gateway: order.gateway } });
    });
    deps.log.error({ gateway: order.gateway, reference: order.reference, amountCents, failure: (error as Error).message }, 'refund failed');
    throw new ApiError(502, 'gateway_failed', 'The payment gateway did not make the refund; nothing was given back');
  }

  const applied = await deps.db.transaction(async (tx) => {
    await tx.update(orderRefunds).set({ status: 'completed', gatewayRefundId, updatedAt: sql`now()` }).where(eq(orderRefunds.id, requested.refundId));
    const locked = (await lockOrder(tx, order.id))!;
    const [{ completed }] = (await tx
      .select({ completed: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)`.mapWith(Number) })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'completed')))) as [{ completed: number }];
    // The gateway's notification of this refund may have come first and counted it already.
    const recorded = await recordRefunded(tx, locked, Math.max(completed, locked.refundedCents));
    await request.alongside?.(tx, locked, recorded.order);
    await audit(tx, request.actor, {
      action: request.action,
      targetType: 'order',
      targetId: order.reference,
      before: { status: locked.status, refunded: locked.refundedCents },
      after: { ...request.details, status: recorded.order.status, refunded: recorded.order.refundedCents, amount: amountCents, gateway_refund_id: gatewayRefundId },
    });
    return { recorded, mails: await queueApplied(tx, recorded) };
  });
  await deliverMails(deps, applied.mails);
  return { order: applied.recorded.order, refundId: gatewayRefundId };
}
