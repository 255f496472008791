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
import { CART_ERROR_CODES, COUPON_ERROR_CODES } from './constants.ts';
import type { RefusalCode } from './refusals.ts';

const empty = z.object({}).strict();
const personalRead = { readOnly: true } as const;

/** Why a line's quantity is refused: the stock, a consent the shopper has not given, the product's bounds. */
const quantityRefusals = CART_ERROR_CODES.filter((code) => code !== 'cart_item_not_found') satisfies readonly RefusalCode[];

/**
 * The cart and the wishlist, bound to the session (`X-Session-Id`). A change without a session starts a
 * guest session and returns it in `psdata.session`; a customer's cart and wishlist follow them across devices.
 */
export const cartCalls = {
  getCartItems: call(empty, cartSchema, personalRead),
  createCartItem: call(createCartItemInput, cartSchema, { refusals: quantityRefusals }),
  updateCartItem: call(updateCartItemInput, cartSchema, { refusals: [...quantityRefusals, 'cart_item_not_found'] }),
  removeCartItem: call(removeCartItemInput, cartSchema, { refusals: ['cart_item_not_found'] }),
  addOrRemoveCoupon: call(addOrRemoveCouponInput, cartSchema, { refusals: COUPON_ERROR_CODES }),
  getWishlistItems: call(empty, wishlistSchema, personalRead),
  createWishlistItem: call(createWishlistItemInput, wishlistSchema, { refusals: ['product_unavailable'] }),
  removeWishlistItem: call(removeWishlistItemInput, wishlistSchema),
  /** The cart count and saved products for the header and the hearts on cards. */
  getShopperSummary: call(empty, shopperSummarySchema, personalRead),
};
