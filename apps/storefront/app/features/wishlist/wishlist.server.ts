import { createWishlistItemInput, type Product, type WishlistItem } from '@shop/contract';
import { data } from 'react-router';
import { z } from 'zod';
import { ShopApiError } from '~/lib/api/client';
import { pageError, type ShopApi } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { sessionToken, startedSessionHeaders } from '~/lib/session.server';
import type { ShownRefusal } from '~/lib/refusal-text';
import { safeRedirect } from '~/lib/safe-redirect.server';
import { failureOf } from '~/features/cart/cart.server';
import { productPath } from '~/features/catalog/paths';
import { wishlistPath } from './paths';
import { readForm } from '~/lib/form-body.server';
import { IN_PLACE_FIELD } from '~/lib/form-fields';

/** A saved product and the combination 'Move to cart' adds: the saved one, or the product's only one while in stock. */
export type WishlistEntry = WishlistItem & { cart_combination_id: number | null };

/** A refusal of the shop API (not a fault of the API itself); anything else becomes the page's error. */
function refusal(error: unknown): ShopApiError {
  if (error instanceof ShopApiError && !error.isTransportFailure) return error;
  return pageError(error);
}

/**
 * The shopper's saved products. Without a session there is nothing saved, and no call is made: the page
 * stays public and cacheable (DESIGN.md §2). An expired session reads as an empty wishlist.
 */
export async function loadWishlist(request: Request, api: ShopApi): Promise<WishlistEntry[]> {
  if (!sessionToken(request)) return [];
  let items: WishlistItem[];
  try {
    ({ items } = await api('getWishlistItems', {}));
  } catch (error) {
    if (refusal(error).status === 401) return [];
    return pageError(error);
  }
  // A product with a single combination in stock needs no size: the summary names it, without another call per line.
  return items.map((item) => ({ ...item, cart_combination_id: item.combination_id ?? item.product.single_combination_id }));
}

/** The product page opened on the given combination (`?g{group}={attribute}`, as its size and colour links do). */
function productPathWith(lang: string, product: Product, combinationId: number | null): string {
  const attributes = product.combinations.find((combination) => combination.id === combinationId)?.attributes ?? [];
  const query = new URLSearchParams();
  for (const group of product.groups) {
    const chosen = group.attributes.find((attribute) => attributes.includes(attribute.id));
    if (chosen) query.set(`g${group.id}`, String(chosen.id));
  }
  const search = query.toString();
  return `${productPath(lang, product)}${search ? `?${search}` : ''}`;
}

/** Takes a product off the wishlist; one already gone (removed in another tab) counts as done. */
async function removeSaved(request: Request, api: ShopApi, productId: number): Promise<ShopApiError | null> {
  // Without a session nothing is saved: there is nothing to remove.
  if (!sessionToken(request)) return null;
  try {
    await api('removeWishlistItem', { product_id: productId });
    return null;
  } catch (error) {
    const refusedBy = refusal(error);
    return refusedBy.status === 404 ? null : refusedBy;
  }
}

const INTENTS = ['add', 'remove', 'move'] as const;
const wishlistPost = createWishlistItemInput.extend({ intent: z.enum(INTENTS) });
type WishlistPost = z.infer<typeof wishlistPost>;

/** A change the shop API refused: the heart or the wishlist row says so (the row with the cart's reason). */
function refused(productId: number, failure: ShownRefusal, status: number) {
  return data({ refused: { product_id: productId, failure } }, { status });
}


/**
 * 'Move to cart': the saved combination (or the only one) in the product's minimal quantity goes to the
 * cart, then leaves the wishlist. A product that ships later needs the shopper's confirmation first, and
 * a product with a size still to choose needs the choice: both happen on the product page.
 */
async function moveToCart(request: Request, { api, lang }: PageContext, { product_id, combination_id }: WishlistPost) {
  let product: Product;
  try {
    product = await api('getProduct', { product_id });
  } catch (error) {
    // Gone from the catalogue since it was saved.
    refusal(error);
    return refused(product_id, { code: 'product_unavailable', details: null }, 404);
  }
  const combinationId = combination_id ?? (product.combinations.length === 1 ? product.combinations[0]!.id : null);
  if (!combinationId) return redirectWithFlash(request, productPath(lang, product), 'wishlist.flash.chooseSize');
  let cart;
  try {
    cart = await api('createCartItem', { product_id, combination_id: combinationId, quantity: product.minimal_quantity });
  } catch (error) {
    const refusedBy = refusal(error);
    if (refusedBy.code === 'preorder_confirmation_required' || refusedBy.code === 'backorder_confirmation_required') {
      return redirectWithFlash(request, productPathWith(lang, product, combinationId), 'wishlist.flash.confirmOnProductPage');
    }
    return refused(product_id, failureOf(refusedBy), refusedBy.status);
  }
  // Should the wishlist refuse now, the product is in the cart and still saved: the shopper can remove it.
  await removeSaved(request, api, product_id);
  return redirectWithFlash(request, wishlistPath(lang), 'wishlist.flash.movedToCart', startedSessionHeaders(request, cart.session));
}

/**
 * Every wishlist change: the hearts (add, remove) and the wishlist page's buttons (remove, move). A form
 * sent without JavaScript goes back to its `redirectTo` with a one-time message; one sent in place
 * (IN_PLACE_FIELD) gets data and stays where it is.
 */
export async function wishlistAction(request: Request, context: PageContext) {
  const { api, lang } = context;
  const formData = await readForm(request);
  const parsed = wishlistPost.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ invalid: true }, { status: 400 });
  const post = parsed.data;
  if (post.intent === 'move') return moveToCart(request, context, post);

  const redirectTo = formData.get('redirectTo');
  const done = (session: { token: string; expires_at: string } | null = null) =>
    formData.has(IN_PLACE_FIELD)
      ? data({ ok: true }, { headers: startedSessionHeaders(request, session) })
      : redirectWithFlash(request, safeRedirect(request, redirectTo, wishlistPath(lang)), `wishlist.flash.${post.intent === 'add' ? 'added' : 'removed'}`, startedSessionHeaders(request, session));
  if (post.intent === 'remove') {
    const refusedBy = await removeSaved(request, api, post.product_id);
    return refusedBy ? refused(post.product_id, failureOf(refusedBy), refusedBy.status) : done();
  }
  try {
    const { session } = await api('createWishlistItem', { product_id: post.product_id, combination_id: post.combination_id });
    return done(session);
  } catch (error) {
    const refusedBy = refusal(error);
    return refused(post.product_id, failureOf(refusedBy), refusedBy.status);
  }
}
