import { sql } from 'drizzle-orm';

/*
 * Stock held by carts (docs/adr/0009-soft-holds.md): the cart takes holds, the catalogue offers what they leave,
 * placing an order counts what other carts hold. Below all three, so none of them leans on another for it.
 */

/** How long a cart holds its units for the shopper after their last change. */
export const RESERVATION_MINUTES = 30;
/** Units one cart holds at most, over all its lines (docs/adr/0009-soft-holds.md); the rest are in the cart unheld. */
export const HELD_UNITS_PER_CART = 10;

/** Units of a combination held by other carts whose reservation still runs (SQL, for the combination `id`). */
export const reservedElsewhere = (combinationId: unknown, cartId: unknown) =>
  sql`(select coalesce(sum(o.held_quantity), 0)::int from cart_lines o
    where o.combination_id = ${combinationId} and o.cart_id <> ${cartId} and o.reserved_until > now())`;

/** Units of a combination held by all carts now (SQL): what the catalogue does not offer to anyone else. */
export const heldByCarts = (combinationId: unknown) =>
  sql`(select coalesce(sum(h.held_quantity), 0)::int from cart_lines h
    where h.combination_id = ${combinationId} and h.reserved_until > now())`;
