import { MAX_LINE_QUANTITY, type Cart, type LEFT_OUT_REASONS, type OnDemandKind } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { cartLineHolders, cartLines, carts, type OutOfStockPolicy } from '../db/schema.ts';
import { ApiError, refusal } from '../http/errors.ts';
import { sha256 } from '../sessions/tokens.ts';
import { HELD_UNITS_PER_CART, RESERVATION_MINUTES, reservedElsewhere } from '../stock/holds.ts';
import { findOwner, lockCart, lockCartFor, ownerForChange, type Owner } from './owner.ts';
import { cartView } from './view.ts';

/** What a quantity check needs to know about the combination and the cart. */
export type StockSituation = {
  /** Units this cart can take from stock: the stock less what other carts hold. */
  available: number;
  minimal: number;
  limit: number;
  policy: OutOfStockPolicy;
  availableDate: Date | null;
  /** What the shopper confirmed with this change, or before on this line (the stepper of a confirmed line). */
  confirmed: OnDemandKind | undefined;
};

/**
 * Whether a line may hold `wanted` units, and whether some are bought on demand (SPEC §4): beyond the stock
 * only a pre-order or backorder product sells, and only with the shopper's confirmation of that very kind.
 */
export function checkQuantity(wanted: number, situation: StockSituation): { onDemand: OnDemandKind | null } {
  const { available, minimal, limit, policy, availableDate, confirmed } = situation;
  if (wanted < minimal) throw refusal(400, 'quantity_below_minimum', `At least ${minimal} must be ordered`, { min: minimal });
  const max = Math.min(limit, MAX_LINE_QUANTITY);
  if (wanted > max) throw refusal(400, 'quantity_above_limit', `At most ${max} can be ordered`, { max });
  if (wanted <= available) return { onDemand: null };
  const inStock = Math.max(0, available);
  if (policy === 'deny') throw refusal(409, 'out_of_stock', `Only ${inStock} left in stock`, { available: inStock });
  if (confirmed !== policy) {
    throw refusal(409, `${policy}_confirmation_required`, `Buying beyond the stock needs the shopper's ${policy} confirmation`, {
      in_stock: inStock,
      available_date: availableDate ? availableDate.toISOString() : null,
    });
  }
  return { onDemand: policy };
}

type LockedCombination = {
  stock: number;
  policy: OutOfStockPolicy;
  available_date: Date | string | null;
  minimal_quantity: number;
  quantity_limit: number;
  reserved_elsewhere: number;
};

/**
 * The combination's stock, locked until the change commits: concurrent changes to the same combination
 * take turns, so two shoppers cannot both take the last unit.
 */
async function lockCombination(tx: Queryable, productId: number, combinationId: number, cartId: number): Promise<LockedCombination> {
  const [row] = await selectRows<Omit<LockedCombination, 'reserved_elsewhere'>>(
    tx,
    sql`select c.quantity as stock, p.out_of_stock_policy as policy, p.available_date, p.minimal_quantity, p.quantity_limit
      from combinations c join products p on p.id = c.product_id
      where c.id = ${combinationId} and c.product_id = ${productId} and p.is_active
      for update of c`,
  );
  if (!row) throw new ApiError(404, 'product_unavailable', 'This product is not available');
  // Read after the lock: what other carts hold now, including a change that committed while we waited.
  const [held] = await selectRows<{ units: number }>(tx, sql`select ${reservedElsewhere(combinationId, cartId)} as units`);
  return { ...row, reserved_elsewhere: held?.units ?? 0 };
}

/**
 * How many of a line's in-stock units its cart may hold: what is left of the cart's bound (HELD_UNITS_PER_CART)
 * and of the client's (its holds in every cart, HELD_UNITS_PER_CLIENT), the line's own hold aside. The client's
 * changes take turns on a lock that ends with the transaction, so concurrent changes from one client never hold
 * more than its bound; another client's change never adds to this client's holds (cart_line_holders).
 */
async function unitsToHold(
  tx: Queryable,
  { cartId, combinationId, clientKey, heldUnitsPerClient }: { cartId: number; combinationId: number; clientKey: string; heldUnitsPerClient: number },
  inStock: number,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${clientKey}))`);
  const [held] = await selectRows<{ cart: number; client: number }>(
    tx,
    sql`select
        (select coalesce(sum(l.held_quantity), 0)::int from cart_lines l
          where l.cart_id = ${cartId} and l.combination_id <> ${combinationId} and l.reserved_until > now()) as cart,
        (select coalesce(sum(h.units), 0)::int from cart_line_holders h join cart_lines l on l.id = h.line_id
          where h.client_key = ${clientKey} and l.reserved_until > now() and not (l.cart_id = ${cartId} and l.combination_id = ${combinationId})) as client`,
  );
  return Math.max(0, Math.min(inStock, HELD_UNITS_PER_CART - (held?.cart ?? 0), heldUnitsPerClient - (held?.client ?? 0)));
}

/**
 * Sets a line to `quantity` after the stock check, holds what the bounds allow of it, and renews the cart's
 * other holds that still run (a hold that lapsed is not taken back silently: changing its line holds again).
 */
async function writeLine(
  context: CallContext,
  tx: Queryable,
  cartId: number,
  target: { productId: number; combinationId: number },
  quantity: number,
  confirmed: OnDemandKind | undefined,
): Promise<void> {
  const locked = await lockCombination(tx, target.productId, target.combinationId, cartId);
  const available = locked.stock - locked.reserved_elsewhere;
  const { onDemand } = checkQuantity(quantity, {
    available,
    minimal: locked.minimal_quantity,
    limit: locked.quantity_limit,
    policy: locked.policy,
    availableDate: locked.available_date ? new Date(locked.available_date) : null,
    confirmed,
  });
  const reservedUntil = sql`now() + make_interval(mins => ${RESERVATION_MINUTES})`;
  await tx
    .update(cartLines)
    .set({ reservedUntil, heldQuantity: sql`case when ${cartLines.reservedUntil} > now() then ${cartLines.heldQuantity} else 0 end` })
    .where(eq(cartLines.cartId, cartId));
  // A lapsed hold is nobody's any more: were its line held again, it would not count against its old holders.
  await tx.execute(sql`delete from cart_line_holders h using cart_lines l where l.id = h.line_id and l.cart_id = ${cartId} and l.held_quantity = 0`);
  const clientKey = sha256(context.clientIp);
  const { heldUnitsPerClient } = context.config;
  const heldQuantity = await unitsToHold(
    tx,
    { cartId, combinationId: target.combinationId, clientKey, heldUnitsPerClient },
    Math.min(quantity, Math.max(0, available)),
  );
  const [line] = await tx
    .insert(cartLines)
    .values({ cartId, productId: target.productId, combinationId: target.combinationId, quantity, heldQuantity, onDemand, reservedUntil })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.combinationId], set: { quantity, heldQuantity, onDemand, reservedUntil } })
    .returning({ id: cartLines.id });
  await recordHolder(tx, line!.id, clientKey, heldQuantity);
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/**
 * The line's hold is now `units`, set by `clientKey`: it counts against that client, and against the clients
 * that held it before only up to what it still holds (a change from one address never frees another's bound,
 * and never adds to it).
 */
async function recordHolder(tx: Queryable, lineId: number, clientKey: string, units: number): Promise<void> {
  await tx.update(cartLineHolders).set({ units: sql`least(${cartLineHolders.units}, ${units})` }).where(eq(cartLineHolders.lineId, lineId));
  await tx
    .insert(cartLineHolders)
    .values({ lineId, clientKey, units })
    .onConflictDoUpdate({ target: [cartLineHolders.lineId, cartLineHolders.clientKey], set: { units } });
}

/**
 * Runs a change in one transaction (a guest session started for it included) and answers with the cart read in it.
 * Read in it rather than after it: on the embedded database a transaction is one turn (db/turns.ts), and five more
 * statements after it were five more waits behind whatever another client has running (issue 24, ADR 13).
 */
async function changeCart(context: CallContext, change: (tx: Queryable, owner: Owner) => Promise<void>): Promise<Cart> {
  return context.db.transaction(async (tx) => {
    const { owner, started } = await ownerForChange(context, tx);
    await change(tx, owner);
    return cartView(tx, context, owner, started);
  });
}

export function getCart(context: CallContext): Promise<Cart> {
  return findOwner(context).then((owner) => cartView(context.db, context, owner));
}

/** Adds units of a combination; a line for it grows. Beyond the stock, the confirmation must come with this very add. */
export function addItem(input: { product_id: number; combination_id: number; quantity: number; confirm?: OnDemandKind }, context: CallContext) {
  return changeCart(context, async (tx, owner) => {
    const cartId = await lockCartFor(tx, owner);
    const [existing] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.combinationId, input.combination_id)));
    const target = { productId: input.product_id, combinationId: input.combination_id };
    await writeLine(context, tx, cartId, target, (existing?.quantity ?? 0) + input.quantity, input.confirm);
  });
}

/** The owner's line, or a 404: a line of another cart is as unknown as one that never was. */
async function ownLine(tx: Queryable, owner: Owner, itemId: number) {
  const cartId = await lockCart(tx, owner);
  const [line] =
    cartId === null
      ? []
      : await tx
          .select({ productId: cartLines.productId, combinationId: cartLines.combinationId, onDemand: cartLines.onDemand })
          .from(cartLines)
          .where(and(eq(cartLines.id, itemId), eq(cartLines.cartId, cartId)));
  if (!line || cartId === null) throw new ApiError(404, 'cart_item_not_found', 'This item is no longer in the cart');
  return { cartId, line };
}

/** Sets a line's quantity; a pre-order or backorder confirmed for the line stays confirmed. */
export function updateItem(input: { item_id: number; quantity: number; confirm?: OnDemandKind }, context: CallContext) {
  return changeCart(context, async (tx, owner) => {
    const { cartId, line } = await ownLine(tx, owner, input.item_id);
    await writeLine(context, tx, cartId, line, input.quantity, input.confirm ?? line.onDemand ?? undefined);
  });
}

export function removeItem(input: { item_id: number }, context: CallContext) {
  return changeCart(context, async (tx, owner) => {
    const { cartId } = await ownLine(tx, owner, input.item_id);
    await tx.delete(cartLines).where(and(eq(cartLines.id, input.item_id), eq(cartLines.cartId, cartId)));
  });
}

/** How much of a wanted quantity a top-up could not put in the cart, and why (the contract's LEFT_OUT_REASONS). */
export type Shortfall = { missing: number; reason: (typeof LEFT_OUT_REASONS)[number] };
export type WantedItem = { productId: number; combinationId: number; quantity: number };

/**
 * Makes the cart hold at least `quantity` of each combination (a past order bought again), as far as the product is
 * still sold, its stock (less other carts' holds) and its quantity limit allow, never beyond the stock: buying a
 * pre-order or backorder is confirmed on its page. One transaction on the locked cart, so a second call, or two at
 * once, finds the lines there and adds nothing more. Answers with the cart and what fell short, by combination.
 */
export async function topUpItems(wanted: WantedItem[], context: CallContext): Promise<{ cart: Cart; shortfalls: Map<number, Shortfall> }> {
  const shortfalls = new Map<number, Shortfall>();
  const cart = await changeCart(context, async (tx, owner) => {
    const cartId = await lockCartFor(tx, owner);
    const lines = await tx.select({ combinationId: cartLines.combinationId, quantity: cartLines.quantity, onDemand: cartLines.onDemand }).from(cartLines).where(eq(cartLines.cartId, cartId));
    const inCart = new Map(lines.map((line) => [line.combinationId, line]));
    for (const item of wanted) {
      const line = inCart.get(item.combinationId);
      const had = line?.quantity ?? 0;
      if (had >= item.quantity) continue;
      const locked = await lockCombination(tx, item.productId, item.combinationId, cartId).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'product_unavailable') return null;
        throw error;
      });
      if (!locked) {
        shortfalls.set(item.combinationId, { missing: item.quantity - had, reason: 'unavailable' });
        continue;
      }
      const inStock = Math.max(0, locked.stock - locked.reserved_elsewhere);
      const limit = Math.min(locked.quantity_limit, MAX_LINE_QUANTITY);
      const target = Math.min(item.quantity, limit, inStock);
      const grows = target > had && target >= locked.minimal_quantity;
      if (grows) await writeLine(context, tx, cartId, item, target, line?.onDemand ?? undefined);
      const holds = grows ? target : had;
      if (holds >= item.quantity) continue;
      const reason = holds >= limit ? 'limit' : locked.policy === 'deny' ? 'sold_out' : 'confirmation_required';
      shortfalls.set(item.combinationId, { missing: item.quantity - holds, reason });
    }
  });
  return { cart, shortfalls };
}
