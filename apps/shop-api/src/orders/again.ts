import type { BoughtAgain } from '@shop/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { topUpItems, type WantedItem } from '../cart/changes.ts';
import { attributesLabel } from '../cart/lines.ts';
import { selectRows } from '../db/raw.ts';
import { orderLines } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { accessibleOrder } from './view.ts';

/**
 * 'Buy again' on a past order (docs/adr/0049-delivery-dates-and-buying-again.md): the cart is topped up to hold at
 * least the order's quantity of each of its items still sold, from stock (cart/changes.ts topUpItems), so a double
 * click adds once. Only an order the request may read: anyone else's is not found. What did not go in is named in the
 * request's language, for the shopper to be told.
 */
export async function buyOrderAgain(input: { reference: string }, context: CallContext): Promise<BoughtAgain> {
  const order = await accessibleOrder(context.db, context, { reference: input.reference });
  const lines = await context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const wanted = new Map<number, WantedItem>();
  for (const line of lines) {
    if (line.productId === null || line.combinationId === null) continue;
    const item = wanted.get(line.combinationId) ?? { productId: line.productId, combinationId: line.combinationId, quantity: 0 };
    wanted.set(line.combinationId, { ...item, quantity: item.quantity + line.quantity });
  }
  const { cart, shortfalls } = await topUpItems([...wanted.values()], context);
  const short = [...shortfalls.keys()];
  // Today's names in the shopper's language, where the product still has them; else as the order has them.
  const names =
    short.length === 0
      ? []
      : await selectRows<{ id: number; name: string; attributes: string | null }>(
          context.db,
          sql`select c.id, pt.name, ${attributesLabel(sql`c.id`, context.lang)} as attributes from combinations c
            join product_translations pt on pt.product_id = c.product_id and pt.lang = ${context.lang}
            where ${inArray(sql`c.id`, short)}`,
        );
  const named = new Map(names.map((row) => [row.id, row]));
  const none = [...wanted.values()].filter((item) => shortfalls.get(item.combinationId)?.missing === item.quantity).length;
  // In the order's order; a combination on two lines is told once.
  const leftOut: BoughtAgain['left_out'] = [];
  for (const line of lines) {
    const shortfall = line.combinationId === null ? undefined : shortfalls.get(line.combinationId);
    if (line.productId === null || line.combinationId === null) {
      leftOut.push({ name: line.productName, attributes: line.attributesLabel, quantity: line.quantity, reason: 'unavailable' });
    } else if (shortfall) {
      const current = named.get(line.combinationId);
      leftOut.push({ name: current?.name ?? line.productName, attributes: current ? (current.attributes ?? '') : line.attributesLabel, quantity: shortfall.missing, reason: shortfall.reason });
      shortfalls.delete(line.combinationId);
    }
  }
  return { cart, left_out: leftOut, items_in_cart: wanted.size - none };
}
