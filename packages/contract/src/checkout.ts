import { z } from 'zod';
import { addressSchema, orderSchema } from './account.ts';
import { cartSchema } from './cart.ts';
import { deliveryDatesSchema } from './catalog.ts';
import { checkoutDraftSchema, gatewayNameSchema } from './checkout-inputs.ts';
import { CHECKOUT_STEPS } from './constants.ts';

export * from './checkout-inputs.ts';

const cents = z.number().int();

/**
 * The checkout (DESIGN.md §5): a record bound to the shopper's cart that the steps fill in. The server says
 * which steps are complete and which comes next; the storefront only shows them.
 */
export const checkoutStepSchema = z.enum(CHECKOUT_STEPS);
export type CheckoutStep = z.infer<typeof checkoutStepSchema>;

export const carrierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Delivered to the address, or to a collection point (pudo) the shopper picks. */
  kind: z.enum(['home', 'pickup']),
  /** What it costs this cart (0 when a free-shipping rule applies to it). */
  price: cents,
  /** Its price without the cart's free-shipping rules. */
  regular_price: cents,
  free: z.boolean(),
  delivery_days: z.object({ min: z.number().int(), max: z.number().int() }),
  /** When it is expected to bring this cart (null where no date is promised: a backorder without a date). */
  delivery: deliveryDatesSchema.nullable(),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const openingHoursSchema = z.array(z.object({ days: z.string(), hours: z.string() }));
export const pickupPointSchema = z.object({
  id: z.number().int(),
  carrier_id: z.number().int(),
  name: z.string(),
  address1: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  opening_hours: openingHoursSchema,
  /** From the place searched for, in km (one decimal). */
  distance_km: z.number().nullable(),
  /** When its carrier is expected to bring the cart there (its carrier's `delivery`). */
  delivery: deliveryDatesSchema.nullable(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const gatewaySchema = z.object({ name: gatewayNameSchema });
export type Gateway = z.infer<typeof gatewaySchema>;

/** A typed-in or saved address as the checkout keeps it (no id: it belongs to this order). */
export const checkoutAddressSchema = addressSchema.omit({ id: true, is_default: true });
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

export const invoiceSchema = z.object({
  requested: z.boolean(),
  vat_number: z.string(),
  fiscal_code: z.string(),
  pec: z.string(),
  sdi: z.string(),
  /** Whether an invoice will be issued: only with a valid number (SPEC §5). */
  issued: z.boolean(),
  /** verified by VIES, unverified when VIES could not be reached (or is not configured), none without a number. */
  vat_check: z.enum(['verified', 'unverified', 'none']),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const checkoutSchema = z.object({
  cart: cartSchema,
  email: z.string().nullable(),
  signed_in: z.boolean(),
  shipping_address: checkoutAddressSchema.nullable(),
  /** Null with a shipping address: the billing address is the same. */
  billing_address: checkoutAddressSchema.nullable(),
  invoice: invoiceSchema.nullable(),
  carrier: carrierSchema.nullable(),
  pickup_point: pickupPointSchema.nullable(),
  delivery_message: z.string(),
  /** What was typed on the first screen and not sent yet (null once the address is saved). */
  draft: checkoutDraftSchema.nullable(),
  gateway: gatewayNameSchema.nullable(),
  /** The steps this checkout goes through (Points only with a collection-point carrier), each complete or not. */
  steps: z.array(z.object({ step: checkoutStepSchema, complete: z.boolean() })),
  /** The first step that is not complete ('review' when all are). */
  next_step: checkoutStepSchema,
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const placedOrderSchema = z.object({
  order: orderSchema,
  /** Where to send the shopper to pay (the gateway's page); null when the gateway could not be reached. */
  redirect_url: z.string().nullable(),
  /** A guest's key to the order (the confirmation mail's link carries it); null for a customer. */
  access_token: z.string().nullable(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** Buying a past order again: the order named by its reference (a customer's own, or the session's). */
export const buyOrderAgainInput = z.object({ reference: z.string().trim().min(1).max(16) });
/**
 * Why part of a past order did not go back in the cart: no longer sold, not enough in stock, sold beyond the stock only
 * with the shopper's own confirmation (a pre-order or backorder: from its product page), or above its quantity limit.
 */
export const LEFT_OUT_REASONS = ['unavailable', 'sold_out', 'confirmation_required', 'limit'] as const;
export const boughtAgainSchema = z.object({
  cart: cartSchema,
  /**
   * The order's lines the cart does not hold as ordered: the name and size and colour in the request's language, the
   * units that did not go in, and why. The cart then holds at least what the order had of everything else.
   */
  left_out: z.array(z.object({ name: z.string(), attributes: z.string(), quantity: z.number().int(), reason: z.enum(LEFT_OUT_REASONS) })),
  /** How many of the order's items (sizes and colours) the cart now holds, all or some of their quantity: 0, none went in. */
  items_in_cart: z.number().int(),
});
export type BoughtAgain = z.infer<typeof boughtAgainSchema>;
