import type { UnheldLine } from '@shop/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { carts } from '../db/schema.ts';
import { HELD_UNITS_PER_CART } from '../stock/holds.ts';
import { attributesLabel } from './lines.ts';

/** A line's hold while it runs, else 0 (SQL, for the cart_lines alias given). */
const running = (line: ReturnType<typeof sql>) => sql`case when ${line}.reserved_until > now() then ${line}.held_quantity else 0 end`;

/** Keeps every holder's units of the cart's lines within what each line holds now (cart_line_holders). */
const clampHolders = (tx: Queryable, cartId: number) =>
  tx.execute(sql`update cart_line_holders h set units = least(h.units, l.held_quantity) from cart_lines l where l.id = h.line_id and l.cart_id = ${cartId}`);

/**
 * At sign-in, a guest's cart and wishlist become the customer's. With a cart already saved on the account,
 * the two merge: quantities of the same combination add up (within the product's quantity limit), codes join
 * where they combine; the stock is checked again when the cart is shown and at checkout. Holds stay within the
 * bounds (docs/adr/0031-holds-counted-per-client.md): the account's cart keeps its holds, the guest's add what fits
 * in the cart's 10, and the rest stays in the cart unheld; returned, so the shopper is told. Every hold keeps
 * counting against the clients that set it, so no client's holds grow.
 */
export async function moveGuestBelongings(tx: Queryable, sessionHash: string, customerId: number, lang: string): Promise<UnheldLine[]> {
  // Both carts locked, in id order, like any change to them (cart/owner.ts lockCart): a change from another tab or device waits.
  const locked = await tx
    .select({ id: carts.id, customerId: carts.customerId })
    .from(carts)
    .where(or(eq(carts.sessionHash, sessionHash), eq(carts.customerId, customerId)))
    .orderBy(carts.id)
    .for('update');
  const guestCart = locked.find((cart) => cart.customerId === null);
  const customerCart = locked.find((cart) => cart.customerId !== null);
  let unheld: UnheldLine[] = [];
  if (guestCart && !customerCart) {
    await tx.update(carts).set({ sessionHash: null, customerId, updatedAt: sql`now()` }).where(eq(carts.id, guestCart.id));
  } else if (guestCart && customerCart) {
    unheld = await fitGuestHolds(tx, guestCart.id, customerCart.id, lang);
    // Holds move with their units, never more than the merged quantity; a lapsed hold is not taken back.
    await tx.execute(sql`delete from cart_line_holders h using cart_lines l where l.id = h.line_id and l.cart_id = ${customerCart.id} and l.reserved_until <= now()`);
    await tx.execute(sql`insert into cart_lines (cart_id, product_id, combination_id, quantity, held_quantity, on_demand, reserved_until)
      select ${customerCart.id}, g.product_id, g.combination_id, g.quantity, ${running(sql`g`)}, g.on_demand, g.reserved_until
      from cart_lines g where g.cart_id = ${guestCart.id}
      on conflict (cart_id, combination_id) do update set
        quantity = least(cart_lines.quantity + excluded.quantity,
          (select p.quantity_limit from products p where p.id = excluded.product_id)),
        held_quantity = least(${running(sql`cart_lines`)} + excluded.held_quantity, cart_lines.quantity + excluded.quantity,
          (select p.quantity_limit from products p where p.id = excluded.product_id)),
        on_demand = coalesce(excluded.on_demand, cart_lines.on_demand),
        reserved_until = greatest(cart_lines.reserved_until, excluded.reserved_until)`);
    await tx.execute(sql`insert into cart_line_holders (line_id, client_key, units)
      select c.id, h.client_key, h.units
      from cart_line_holders h join cart_lines g on g.id = h.line_id
      join cart_lines c on c.cart_id = ${customerCart.id} and c.combination_id = g.combination_id
      where g.cart_id = ${guestCart.id} and g.reserved_until > now()
      on conflict (line_id, client_key) do update set units = cart_line_holders.units + excluded.units`);
    await clampHolders(tx, customerCart.id);
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
  await tx.execute(sql`insert into wishlist_items (customer_id, product_id, combination_id, created_at)
    select ${customerId}, product_id, combination_id, created_at from wishlist_items where session_hash = ${sessionHash}
    on conflict (customer_id, product_id) do nothing`);
  return unheld;
}

/**
 * Lowers the guest cart's running holds, oldest line first, to what the account's cart leaves of its bound;
 * returns what no longer fits, named in `lang`.
 */
async function fitGuestHolds(tx: Queryable, guestCartId: number, customerCartId: number, lang: string): Promise<UnheldLine[]> {
  const [kept] = await selectRows<{ units: number }>(tx, sql`select coalesce(sum(${running(sql`l`)}), 0)::int as units from cart_lines l where l.cart_id = ${customerCartId}`);
  const lines = await selectRows<{ id: number; product_id: number; combination_id: number; held: number; name: string | null; attributes_label: string | null }>(
    tx,
    sql`select line.id, line.product_id, line.combination_id, ${running(sql`line`)} as held, pt.name, ${attributesLabel(sql`line.combination_id`, lang)} as attributes_label
      from cart_lines line left join product_translations pt on pt.product_id = line.product_id and pt.lang = ${lang}
      where line.cart_id = ${guestCartId} and ${running(sql`line`)} > 0 order by line.id`,
  );
  let room = Math.max(0, HELD_UNITS_PER_CART - (kept?.units ?? 0));
  const unheld: UnheldLine[] = [];
  for (const line of lines) {
    const fits = Math.min(line.held, room);
    room -= fits;
    if (fits === line.held) continue;
    await tx.execute(sql`update cart_lines set held_quantity = ${fits} where id = ${line.id}`);
    unheld.push({ product_id: line.product_id, combination_id: line.combination_id, name: line.name ?? '', attributes_label: line.attributes_label ?? '', units: line.held - fits });
  }
  await clampHolders(tx, guestCartId);
  return unheld;
}
