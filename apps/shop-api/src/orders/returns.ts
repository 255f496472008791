import type { Order, requestReturnInput } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { orderLines, orderReturnLines, orderReturns } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { deliverMails, queueOrderMail } from './mails.ts';
import { newReference } from './place.ts';
import { accessibleOrder, lockOrder, orderView, returnDeadline } from './view.ts';
import type { Queryable } from '../db/client.ts';

const notReturnable = () => new ApiError(409, 'return_not_allowed', 'These items cannot be returned: the withdrawal period is over, or they are already being returned');

/** How many of each line of an order are already on their way back (any return, whatever its state). */
export async function quantitiesReturned(db: Queryable, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: orderReturnLines.orderLineId, quantity: sql<number>`sum(${orderReturnLines.quantity})`.mapWith(Number) })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(eq(orderReturns.orderId, orderId))
    .groupBy(orderReturnLines.orderLineId);
  return new Map(rows.map((row) => [row.lineId, row.quantity]));
}

/**
 * The shopper asks to send lines of a delivered order back within its withdrawal period (orders.return_by). The
 * order is locked while the quantities are checked, so two requests at once cannot send back more than was bought.
 * The return instructions go by mail; the order page then shows the return.
 */
export async function requestReturn(input: z.output<typeof requestReturnInput>, context: CallContext): Promise<Order> {
  const order = await accessibleOrder(context.db, context, input);
  const mails = await context.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || !returnDeadline(locked)) throw notReturnable();
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const returned = await quantitiesReturned(tx, order.id);
    const wanted = new Map<number, number>();
    for (const { line, quantity } of input.lines) wanted.set(line, (wanted.get(line) ?? 0) + quantity);
    const chosen = [...wanted].map(([index, quantity]) => {
      const line = lines[index];
      if (!line || quantity > line.quantity - (returned.get(line.id) ?? 0)) throw notReturnable();
      return { line, quantity };
    });
    const [created] = await tx.insert(orderReturns).values({ orderId: order.id, reference: newReference('RT'), status: 'requested', reason: input.reason }).returning();
    await tx.insert(orderReturnLines).values(chosen.map(({ line, quantity }) => ({ returnId: created!.id, orderLineId: line.id, quantity })));
    return [await queueOrderMail(tx, locked, 'return_notice', { returnReference: created!.reference, step: 'requested' })];
  });
  await deliverMails(context, mails);
  return orderView(context.db, order);
}
