import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../accounts/database.ts';
import { carts } from '../db/schema.ts';

/**
 * At sign-in, a guest's cart and wishlist become the customer's. With a cart already saved on the account,
 * the two merge: quantities of the same combination add up (within the product's quantity limit), codes join;
 * the stock is checked again when the cart is shown and at checkout.
 */
export async function moveGuestBelongings(tx: Queryable, sessionHash: string, customerId: number): Promise<void> {
  const [guestCart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.sessionHash, sessionHash));
  if (guestCart) {
    const [customerCart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId));
    if (!customerCart) {
      await tx.update(carts).set({ sessionHash: null, customerId, updatedAt: sql`now()` }).where(eq(carts.id, guestCart.id));
    } else {
      await tx.execute(sql`insert into cart_lines (cart_id, product_id, combination_id, quantity, on_demand, reserved_until)
        select ${customerCart.id}, g.product_id, g.combination_id, g.quantity, g.on_demand, g.reserved_until
        from cart_lines g where g.cart_id = ${guestCart.id}
        on conflict (cart_id, combination_id) do update set
          quantity = least(cart_lines.quantity + excluded.quantity,
            (select p.quantity_limit from products p where p.id = excluded.product_id)),
          on_demand = coalesce(excluded.on_demand, cart_lines.on_demand),
          reserved_until = greatest(cart_lines.reserved_until, excluded.reserved_until)`);
      await tx.execute(sql`insert into cart_coupons (cart_id, rule_id, added_at)
        select ${customerCart.id}, rule_id, added_at from cart_coupons where cart_id = ${guestCart.id}
        on conflict do nothing`);
      await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, customerCart.id));
      // The guest cart itself goes with the guest session (foreign key cascade).
    }
  }
  await tx.execute(sql`insert into wishlist_items (customer_id, product_id, combination_id, created_at)
    select ${customerId}, product_id, combination_id, created_at from wishlist_items where session_hash = ${sessionHash}
    on conflict (customer_id, product_id) do nothing`);
}
