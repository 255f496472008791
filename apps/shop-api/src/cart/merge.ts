import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { carts } from '../db/schema.ts';

/**
 * At sign-in, a guest's cart and wishlist become the customer's. With a cart already saved on the account,
 * the two merge: quantities of the same combination add up (within the product's quantity limit), codes join
 * where they combine; the stock is checked again when the cart is shown and at checkout.
 */
export async function moveGuestBelongings(tx: Queryable, sessionHash: string, customerId: number): Promise<void> {
  const [guestCart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.sessionHash, sessionHash));
  if (guestCart) {
    // Locked like any change to the customer's cart (cart/owner.ts lockCart): a change from another device waits.
    const [customerCart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)).for('update');
    if (!customerCart) {
      await tx.update(carts).set({ sessionHash: null, customerId, updatedAt: sql`now()` }).where(eq(carts.id, guestCart.id));
    } else {
      // Holds move with their units (each side within its bounds), never more than the merged quantity.
      await tx.execute(sql`insert into cart_lines (cart_id, product_id, combination_id, quantity, held_quantity, on_demand, reserved_until)
        select ${customerCart.id}, g.product_id, g.combination_id, g.quantity, g.held_quantity, g.on_demand, g.reserved_until
        from cart_lines g where g.cart_id = ${guestCart.id}
        on conflict (cart_id, combination_id) do update set
          quantity = least(cart_lines.quantity + excluded.quantity,
            (select p.quantity_limit from products p where p.id = excluded.product_id)),
          held_quantity = least(cart_lines.held_quantity + excluded.held_quantity, cart_lines.quantity + excluded.quantity,
            (select p.quantity_limit from products p where p.id = excluded.product_id)),
          on_demand = coalesce(excluded.on_demand, cart_lines.on_demand),
          reserved_until = greatest(cart_lines.reserved_until, excluded.reserved_until)`);
      // The cart's codes keep their rule (coupons.ts checkCode): a guest's code joins codes already on the account
      // only when every one of them combines; otherwise the account's codes stay and the guest's is dropped.
      await tx.execute(sql`insert into cart_coupons (cart_id, rule_id, added_at)
        select ${customerCart.id}, guest.rule_id, guest.added_at
        from cart_coupons guest join cart_rules rule on rule.id = guest.rule_id
        where guest.cart_id = ${guestCart.id}
          and (not exists (select 1 from cart_coupons kept where kept.cart_id = ${customerCart.id})
            or (rule.combinable and not exists (
              select 1 from cart_coupons kept join cart_rules kept_rule on kept_rule.id = kept.rule_id
              where kept.cart_id = ${customerCart.id} and not kept_rule.combinable)))
        on conflict do nothing`);
      await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, customerCart.id));
      // The guest cart itself goes with the guest session (foreign key cascade).
    }
  }
  await tx.execute(sql`insert into wishlist_items (customer_id, product_id, combination_id, created_at)
    select ${customerId}, product_id, combination_id, created_at from wishlist_items where session_hash = ${sessionHash}
    on conflict (customer_id, product_id) do nothing`);
}
