import { z } from 'zod';
import {
  addOrRemoveCouponInput,
  cartSchema,
  createCartItemInput,
  createWishlistItemInput,
  removeCartItemInput,
  removeWishlistItemInput,
  shopperSummarySchema,
  updateCartItemInput,
  wishlistSchema,
} from './cart.ts';
import { call } from './call.ts';

const empty = z.object({}).strict();
const personalRead = { readOnly: true } as const;

/**
 * The cart and the wishlist, bound to the session (`X-Session-Id`). A change without a session starts a
 * guest session and returns it in `psdata.session`; a customer's cart and wishlist follow them across devices.
 */
export const cartCalls = {
  getCartItems: call(empty, cartSchema, personalRead),
  createCartItem: call(createCartItemInput, cartSchema),
  updateCartItem: call(updateCartItemInput, cartSchema),
  removeCartItem: call(removeCartItemInput, cartSchema),
  addOrRemoveCoupon: call(addOrRemoveCouponInput, cartSchema),
  getWishlistItems: call(empty, wishlistSchema, personalRead),
  createWishlistItem: call(createWishlistItemInput, wishlistSchema),
  removeWishlistItem: call(removeWishlistItemInput, wishlistSchema),
  /** The cart count and saved products for the header and the hearts on cards. */
  getShopperSummary: call(empty, shopperSummarySchema, personalRead),
};
