import type { ShopperSummary, Wishlist } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { IssuedSession } from '../sessions/sessions.ts';
import { productSummaries } from '../catalog/summaries.ts';
import { selectRows } from '../db/raw.ts';
import { wishlistItems } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { attributesLabel } from './lines.ts';
import { findOwner, ownerColumns, ownerForChange, type Owner } from './owner.ts';

/** SQL condition: the row belongs to the owner (tables with session_hash and customer_id columns). */
const ownedBy = (owner: Owner, alias = sql`w`) =>
  owner.customerId === null ? sql`${alias}.session_hash = ${owner.sessionHash}` : sql`${alias}.customer_id = ${owner.customerId}`;

/** The owner's saved products, newest first, as cards in the request's language and prices. */
async function wishlistView(context: CallContext, owner: Owner | null, started: IssuedSession | null = null): Promise<Wishlist> {
  if (!owner) return { items: [], session: started };
  const rows = await selectRows<{ product_id: number; combination_id: number | null; attributes_label: string | null; added_at: Date | string }>(
    context.db,
    sql`select w.product_id, w.combination_id, w.created_at as added_at, ${attributesLabel(sql`w.combination_id`, context.lang)} as attributes_label
      from wishlist_items w join products p on p.id = w.product_id and p.is_active
      where ${ownedBy(owner)} order by w.created_at desc, w.id desc`,
  );
  // An item saved with a size shows that size's price, not the product's from-price.
  const saved = rows.flatMap((row) => (row.combination_id === null ? [] : [row.combination_id]));
  const summaries = new Map((await productSummaries(context, rows.map((row) => row.product_id), [], saved)).map((product) => [product.id_product, product]));
  return {
    items: rows.flatMap((row) => {
      const product = summaries.get(row.product_id);
      if (!product) return [];
      return [{ product, combination_id: row.combination_id, attributes_label: row.attributes_label ?? '', added_at: new Date(row.added_at).toISOString() }];
    }),
    session: started,
  };
}

export async function getWishlist(context: CallContext): Promise<Wishlist> {
  return wishlistView(context, await findOwner(context));
}

/** Saves a product (again: the size and colour chosen last are kept). */
export async function addToWishlist(input: { product_id: number; combination_id?: number }, context: CallContext): Promise<Wishlist> {
  const { owner, started } = await context.db.transaction(async (tx) => {
    const [product] = await selectRows<{ combination_ok: boolean }>(
      tx,
      sql`select ${input.combination_id ?? null}::int is null
          or exists (select 1 from combinations c where c.id = ${input.combination_id ?? null}::int and c.product_id = p.id) as combination_ok
        from products p where p.id = ${input.product_id} and p.is_active`,
    );
    if (!product?.combination_ok) throw new ApiError(404, 'product_unavailable', 'This product is not available');
    const found = await ownerForChange(context, tx);
    const combinationId = input.combination_id ?? null;
    const target = found.owner.customerId === null ? [wishlistItems.sessionHash, wishlistItems.productId] : [wishlistItems.customerId, wishlistItems.productId];
    await tx
      .insert(wishlistItems)
      .values({ ...ownerColumns(found.owner), productId: input.product_id, combinationId })
      .onConflictDoUpdate({ target, set: { combinationId: sql`coalesce(excluded.combination_id, ${wishlistItems.combinationId})` } });
    return found;
  });
  return wishlistView(context, owner, started);
}

export async function removeFromWishlist(input: { product_id: number }, context: CallContext): Promise<Wishlist> {
  const owner = await findOwner(context);
  if (owner) {
    const mine = owner.customerId === null ? eq(wishlistItems.sessionHash, owner.sessionHash) : eq(wishlistItems.customerId, owner.customerId);
    await context.db.delete(wishlistItems).where(and(mine, eq(wishlistItems.productId, input.product_id)));
  }
  return wishlistView(context, owner);
}

/** The header's numbers for a shopper with a session: units in the cart and the saved products' ids. */
export async function shopperSummary(context: CallContext): Promise<ShopperSummary> {
  const owner = await findOwner(context);
  if (!owner) return { cart_items: 0, wishlist_product_ids: [] };
  const cartOwner = owner.customerId === null ? sql`c.session_hash = ${owner.sessionHash}` : sql`c.customer_id = ${owner.customerId}`;
  const [row] = await selectRows<{ cart_items: number; wishlist_product_ids: number[] | null }>(
    context.db,
    sql`select
        (select coalesce(sum(l.quantity), 0)::int from carts c join cart_lines l on l.cart_id = c.id
          join products p on p.id = l.product_id and p.is_active where ${cartOwner}) as cart_items,
        (select array_agg(w.product_id order by w.product_id) from wishlist_items w
          join products p on p.id = w.product_id and p.is_active where ${ownedBy(owner)}) as wishlist_product_ids`,
  );
  return { cart_items: row?.cart_items ?? 0, wishlist_product_ids: row?.wishlist_product_ids ?? [] };
}
