import type { CallName } from '@shop/contract';
import type { CallHandlers } from '../call-context.ts';
import { addItem, getCart, removeItem, updateItem } from './changes.ts';
import { addOrRemoveCoupon } from './coupons.ts';
import { addToWishlist, getWishlist, removeFromWishlist, shopperSummary } from './wishlist.ts';

/** The cart and the wishlist: always the session's own, never one named in a payload. */
export const cartHandlers = {
  getCartItems: (_input, context) => getCart(context),
  createCartItem: (input, context) => addItem(input, context),
  updateCartItem: (input, context) => updateItem(input, context),
  removeCartItem: (input, context) => removeItem(input, context),
  addOrRemoveCoupon: (input, context) => addOrRemoveCoupon(input, context),
  getWishlistItems: (_input, context) => getWishlist(context),
  createWishlistItem: (input, context) => addToWishlist(input, context),
  removeWishlistItem: (input, context) => removeFromWishlist(input, context),
  getShopperSummary: (_input, context) => shopperSummary(context),
} satisfies Partial<CallHandlers>;

export const cartSuccessMessages: Partial<Record<CallName, string>> = {
  createCartItem: 'Product added to cart',
  updateCartItem: 'Cart updated',
  removeCartItem: 'Product removed from cart',
};

export const cartInvalidPayloadMessages: Partial<Record<CallName, string>> = {
  createCartItem: 'Product not added to cart',
};
