import type { Cart, OnDemandKind } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import { addItem, getCart } from '../cart/changes.ts';
import { addOrRemoveCoupon } from '../cart/coupons.ts';
import { orderLines } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { cancelUnpaid } from './payment.ts';
import { accessibleOrder, type OrderRow } from './view.ts';

/**
 * The shopper would rather change an order they have not paid (after a cancelled or failed payment): the order is
 * cancelled, its stock and codes freed, and its items (with their pre-order or backorder consent) and codes go back
 * into the session's cart. What can no longer go in (sold meanwhile, a code run out) is left out; the cart says
 * what it holds.
 */
export async function returnOrderToCart(input: { reference: string; token?: string }, context: CallContext): Promise<Cart> {
  const order: OrderRow = await accessibleOrder(context.db, context, input);
  const cancelled = await cancelUnpaid(context, order);
  if (!cancelled) throw new ApiError(409, 'order_not_payable', 'This order cannot be changed any more');
  const lines = await context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  let cart: Cart | null = null;
  let session: Cart['session'] = null;
  const keep = (changed: Cart) => {
    cart = changed;
    session ??= changed.session;
    // A guest session started by the first add: the next changes belong to it.
    if (changed.session) context.sessionToken = changed.session.token;
  };
  for (const line of lines) {
    if (line.productId === null || line.combinationId === null) continue;
    const confirm = (line.onDemand ?? undefined) as OnDemandKind | undefined;
    await addItem({ product_id: line.productId, combination_id: line.combinationId, quantity: line.quantity, confirm }, context).then(keep, ignoreRefusal);
  }
  for (const { code } of order.coupons as { code: string }[]) {
    await addOrRemoveCoupon({ code, action: 'add' }, context).then(keep, ignoreRefusal);
  }
  return { ...(cart ?? (await getCart(context))), session };
}

/** A refusal of one item or code (gone meanwhile) leaves it out; anything else is a fault. */
function ignoreRefusal(error: unknown): void {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
}
