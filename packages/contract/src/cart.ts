import { z } from 'zod';
import { rowId } from './bounds.ts';
import { sessionSchema } from './account.ts';
import { deliveryDatesSchema, imageSchema, productSummarySchema } from './catalog.ts';
import { COUPON_ERROR_CODES, MAX_LINE_QUANTITY, ON_DEMAND_KINDS } from './constants.ts';

/** Money is integer cents with the VAT of the cart's country, computed by the API (never by the browser). */
const cents = z.number().int();
const id = rowId;
const quantity = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);

export const onDemandKindSchema = z.enum(ON_DEMAND_KINDS);

/** One line of the cart: a combination of a product and how many. */
export const cartLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  combination_id: z.number().int(),
  name: z.string(),
  link_rewrite: z.string(),
  reference: z.string(),
  image: imageSchema,
  /** The chosen size and colour, in the request's language. */
  attributes: z.array(z.object({ kind: z.enum(['size', 'color']), group: z.string(), value: z.string() })),
  quantity: z.number().int(),
  unit_price: cents,
  regular_unit_price: cents,
  total: cents,
  minimal_quantity: z.number().int(),
  /** The most this line may hold (the product's quantity limit, or the stock when it cannot be sold beyond it). */
  max_quantity: z.number().int(),
  /** Units beyond the stock, bought as a pre-order or backorder the shopper confirmed; 0 for a plain line. */
  on_demand_quantity: z.number().int(),
  on_demand: onDemandKindSchema.nullable(),
  /** When a pre-order is expected to ship. */
  available_date: z.string().nullable(),
  /** Pre-order lines cannot be cancelled once ordered (SPEC §4). */
  cancellable: z.boolean(),
  /** Units the shop can still give this cart when fewer than the line asks (stock changed under the shopper), else null. */
  available_quantity: z.number().int().nullable(),
  free_shipping: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const CART_RULE_KINDS = ['coupon', 'voucher'] as const;

/** A coupon or voucher code in the cart and what it takes off now. */
export const cartCouponSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(CART_RULE_KINDS),
  discount: cents,
  free_shipping: z.boolean(),
  /** Why the code takes nothing off at the moment (the cart fell under its minimum, …), else null. */
  problem: z.enum(COUPON_ERROR_CODES).nullable(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

export const cartTotalsSchema = z.object({
  items_count: z.number().int(),
  /** The lines' totals. */
  products: cents,
  /** What the codes take off the products (shipping offered by a code is in `shipping`). */
  discounts: cents,
  shipping: cents,
  shipping_free: z.boolean(),
  /** The VAT included in the total. */
  tax: cents,
  total: cents,
  /** The destination's standard VAT rate: 0 for an export (no VAT). */
  vat_rate_bp: z.number().int(),
  /** The rates the VAT in the total is at, lowest first: more than one when the lines' tax classes are taxed differently there (ADR 64). */
  vat_rates_bp: z.array(z.number().int()),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  coupons: z.array(cartCouponSchema),
  totals: cartTotalsSchema,
  /** The country the shipping and VAT are computed for. */
  country: z.string(),
  currency: z.string(),
  /** Progress towards the country's free-shipping threshold (null where there is none). */
  free_shipping: z.object({ threshold: cents, remaining: cents }).nullable(),
  /**
   * When the whole cart is expected with the country's standard home delivery (in the checkout, the chosen carrier's):
   * the same dates its lines' product pages and the checkout's carriers show; null for an empty cart or where no date
   * is promised (a backorder without a date).
   */
  delivery: z.object({ carrier: z.string(), dates: deliveryDatesSchema }).nullable(),
  /** A new guest session started by this call: the storefront keeps it in its cookie. */
  session: sessionSchema.nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const createCartItemInput = z.object({
  product_id: id,
  combination_id: id,
  quantity: quantity.default(1),
  /** The shopper's confirmation to buy beyond the stock; without it such an add is refused. */
  confirm: onDemandKindSchema.optional(),
});
export type CreateCartItemInput = z.input<typeof createCartItemInput>;

export const updateCartItemInput = z.object({ item_id: id, quantity, confirm: onDemandKindSchema.optional() });
export const removeCartItemInput = z.object({ item_id: id });

export const couponCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((code) => code.toUpperCase());
export const addOrRemoveCouponInput = z.object({ code: couponCodeSchema, action: z.enum(['add', 'remove']) });

/** A saved product; `combination_id` when it was saved with a size and colour chosen. */
export const wishlistItemSchema = z.object({
  product: productSummarySchema,
  combination_id: z.number().int().nullable(),
  /** The saved size and colour, in the request's language ('M, Black'), or ''. */
  attributes_label: z.string(),
  added_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z.object({
  items: z.array(wishlistItemSchema),
  session: sessionSchema.nullable(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const createWishlistItemInput = z.object({ product_id: id, combination_id: id.optional() });
export const removeWishlistItemInput = z.object({ product_id: id });

/** What the header shows on every page for a shopper with a session: one light call. */
export const shopperSummarySchema = z.object({ cart_items: z.number().int(), wishlist_product_ids: z.array(z.number().int()) });
export type ShopperSummary = z.infer<typeof shopperSummarySchema>;
