import { ADMIN_RETURNS_PAGE_SIZE, type adminReturnsInput, type receiveReturnInput } from '@shop/contract/admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { combinations, orderLines, orderReturnLines, orderReturns, orders } from '../db/schema.ts';
import { notFound, refusal } from '../http/errors.ts';
import { deliverMails, queueOrderMail } from '../orders/mails.ts';
import { refundOrder } from './refund.ts';
import { quantitiesReturned } from '../orders/returns.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminCallHandler, type AdminContext } from './context.ts';
import { cappedCount, keysetPage } from './list-pages.ts';
import { getOrderDetail } from './orders.ts';

type ReturnRow = typeof orderReturns.$inferSelect;

/** Returns newest first, those of a state (the ones to receive, to refund); a page at a time. */
export async function listReturns(input: z.output<typeof adminReturnsInput>, { db }: AdminContext) {
  const where = input.status ? eq(orderReturns.status, input.status) : undefined;
  const keyset = keysetPage(orderReturns.createdAt, orderReturns.id, input.cursor, ADMIN_RETURNS_PAGE_SIZE);
  const [rows, counted] = await Promise.all([
    db
      .select({
        entry: orderReturns,
        key: keyset.key,
        orderReference: orders.reference,
        email: orders.email,
        itemCount: sql<number>`(select coalesce(sum(${orderReturnLines.quantity}), 0) from ${orderReturnLines} where ${orderReturnLines.returnId} = ${orderReturns.id})`.mapWith(Number),
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(and(where, keyset.where))
      .orderBy(keyset.orderBy)
      .limit(keyset.limit),
    cappedCount(db, sql`${orderReturns}`, where),
  ]);
  const { rows: page, next, previous } = keyset.page(rows, ({ key, entry }) => ({ micros: key, id: entry.id }));
  return {
    returns: page.map(({ entry, orderReference, email, itemCount }) => ({
      reference: entry.reference,
      order_reference: orderReference,
      status: entry.status,
      date: entry.createdAt.toISOString(),
      reason: entry.reason,
      email,
      item_count: itemCount,
    })),
    next,
    previous,
    ...counted,
  };
}

/** The return by its reference, locked, with its order's reference; refused unless it is in `status`. */
async function lockedReturn(tx: Queryable, reference: string, status: ReturnRow['status']) {
  const [found] = await tx
    .select({ entry: orderReturns, orderReference: orders.reference })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(eq(orderReturns.reference, reference.toUpperCase()))
    .for('update', { of: orderReturns });
  if (!found) throw notFound('Return');
  if (found.entry.status !== status) throw refusal(409, 'order_action_not_allowed', `This return is ${found.entry.status}`, { status: found.entry.status });
  return found;
}

const returnLinesOf = (db: Queryable, returnId: number) =>
  db
    .select({ id: orderReturnLines.id, quantity: orderReturnLines.quantity, line: orderLines })
    .from(orderReturnLines)
    .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
    .where(eq(orderReturnLines.returnId, returnId))
    .orderBy(asc(orderReturnLines.id));

/** The parcel is in: the lines chosen go back on sale (the others do not: worn, damaged), and the shopper is told. */
const receiveReturn: AdminCallHandler<'receiveReturn'> = async (input: z.output<typeof receiveReturnInput>, context) => {
  const { orderReference, mails } = await context.db.transaction(async (tx) => {
    const { entry, orderReference } = await lockedReturn(tx, input.reference, 'requested');
    const lines = await returnLinesOf(tx, entry.id);
    const restocked: string[] = [];
    for (const [index, { id, quantity, line }] of lines.entries()) {
      const restock = input.restock.includes(index) && line.combinationId !== null;
      if (restock) {
        await tx.update(combinations).set({ quantity: sql`${combinations.quantity} + ${quantity}` }).where(eq(combinations.id, line.combinationId!));
        restocked.push(`${quantity} × ${line.reference || line.productName}`);
      }
      await tx.update(orderReturnLines).set({ restock }).where(eq(orderReturnLines.id, id));
    }
    await tx.update(orderReturns).set({ status: 'received', updatedAt: sql`now()` }).where(eq(orderReturns.id, entry.id));
    await audit(tx, actorOf(context), { action: 'return.receive', targetType: 'order', targetId: orderReference, before: { return: entry.reference, status: 'requested' }, after: { return: entry.reference, status: 'received', restocked: restocked.join(', ') } });
    const [order] = await tx.select().from(orders).where(eq(orders.reference, orderReference));
    return { orderReference, mails: [await queueOrderMail(tx, order!, 'return_notice', { returnReference: entry.reference, step: 'received' })] };
  });
  await deliverMails(context, mails);
  return getOrderDetail({ reference: orderReference }, context);
};

/**
 * Refunds a received return through the order's gateway: its lines at their price, and the original shipping when
 * with it the whole order has come back. The return is claimed ('refunding') first, so it is refunded once however
 * often it is asked; a refund the gateway refuses gives it back to 'received'. The shopper gets the refund notice.
 */
const refundReturn: AdminCallHandler<'refundReturn'> = async ({ reference }, context) => {
  const claimed = await context.db.transaction(async (tx) => {
    const { entry, orderReference } = await lockedReturn(tx, reference, 'received');
    const lines = await returnLinesOf(tx, entry.id);
    const [order] = await tx.select().from(orders).where(eq(orders.id, entry.orderId));
    const allLines = await tx.select({ id: orderLines.id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, entry.orderId));
    const returned = await quantitiesReturned(tx, entry.orderId);
    const whole = allLines.every((line) => (returned.get(line.id) ?? 0) >= line.quantity);
    const amountCents = lines.reduce((sum, { quantity, line }) => sum + quantity * line.unitPriceCents, 0) + (whole ? order!.shippingCents : 0);
    await tx.update(orderReturns).set({ status: 'refunding', updatedAt: sql`now()` }).where(eq(orderReturns.id, entry.id));
    return { entry, orderReference, amountCents, whole };
  });
  try {
    await refundOrder(context, { reference: claimed.orderReference, amountCents: claimed.amountCents }, {
      actor: actorOf(context),
      action: 'return.refund',
      details: { return: claimed.entry.reference, with_shipping: claimed.whole },
      alongside: async (tx) => {
        await tx.update(orderReturns).set({ status: 'refunded', refundedCents: claimed.amountCents, updatedAt: sql`now()` }).where(eq(orderReturns.id, claimed.entry.id));
      },
    });
  } catch (error) {
    await context.db.update(orderReturns).set({ status: 'received', updatedAt: sql`now()` }).where(and(eq(orderReturns.id, claimed.entry.id), eq(orderReturns.status, 'refunding')));
    throw error;
  }
  return getOrderDetail({ reference: claimed.orderReference }, context);
};

export const returnHandlers = { listReturns, receiveReturn, refundReturn };
