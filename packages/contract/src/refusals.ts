import { z } from 'zod';
import { COUPON_ERROR_CODES } from './constants.ts';

const count = z.number().int().min(0);
/** A pre-order's or backorder's refusal: what the stock still covers, and when a pre-order ships. */
const confirmationDetails = z.object({ in_stock: count, available_date: z.iso.datetime({ offset: true }).nullable() });
/** A 400's details: what is wrong with which field (the API's English, for API clients). */
const fieldErrors = z.object({ errors: z.record(z.string(), z.array(z.string())) });

/**
 * The details (the envelope's `psdata`) each refusal code carries. The API builds its refusals with these
 * types (shop-api `refuse`), and the storefront reads them through `readRefusal`: a code's details are what is
 * written here, never guessed from psdata. A code that is not listed carries none.
 */
export const refusalDetails = {
  // Cart and wishlist (SPEC §4)
  out_of_stock: z.object({ available: count, combination_id: z.number().int().optional() }),
  preorder_confirmation_required: confirmationDetails,
  backorder_confirmation_required: confirmationDetails,
  quantity_below_minimum: z.object({ min: z.number().int().min(1) }),
  quantity_above_limit: z.object({ max: z.number().int().min(1) }),
  product_unavailable: z.null(),
  cart_item_not_found: z.null(),
  // Coupons and vouchers (SPEC §8): a refused code names the amount it needs, a code's standing problem does not.
  ...(Object.fromEntries(COUPON_ERROR_CODES.map((code) => [code, z.null()])) as Record<(typeof COUPON_ERROR_CODES)[number], z.ZodNull>),
  coupon_minimum_not_reached: z.object({ minimum: count }).nullable(),
  // Accounts (SPEC §3)
  authentication_failed: z.null(),
  email_taken: z.null(),
  reset_token_invalid: z.null(),
  registration_link_invalid: z.null(),
  // The password-strength check is full: try again in a moment.
  busy: z.null(),
  // Checkout and orders
  coupon_invalid: z.object({ code: z.string(), problem: z.enum(COUPON_ERROR_CODES) }),
  checkout_incomplete: z.object({ step: z.string() }).nullable(),
  cart_empty: z.null(),
  carrier_unavailable: z.null(),
  pickup_point_unavailable: z.null(),
  address_not_found: z.null(),
  gateway_unavailable: z.null(),
  order_not_payable: z.null(),
  idempotency_conflict: z.null(),
  // Reviews (SPEC §5): a second review of a product names the first.
  review_login_required: z.null(),
  purchase_required: z.null(),
  review_exists: z.object({ review_id: z.number().int() }),
  review_not_found: z.null(),
  review_not_yours: z.null(),
  // A photo chunk that does not start where the upload stands: where it stands, to resume from.
  conflict: z.object({ received: count }),
  // The back office's refunds (not contract calls: `/admin/…`, ADR 15).
  order_not_refundable: z.null(),
  refund_too_large: z.object({ refundable: count }),
  gateway_failed: z.null(),
  // The back office (admin calls): a staff member whose role lacks the call's right; a set-up link used or
  // expired; a wrong authenticator code while setting up (on its field).
  forbidden: z.null(),
  // An order action its state does not allow (shipping a cancelled order): the state it is in.
  order_action_not_allowed: z.object({ status: z.string() }),
  // A parcel with more of a line than is left to send (another parcel took it first): what is left, per line.
  shipment_too_large: z.object({ left: z.array(count) }),
  // An invitation for an address already on staff (invited at the same moment by another owner, too).
  staff_exists: z.null(),
  // A new set-up link for a disabled member: enabling them is its own decision.
  staff_disabled: z.null(),
  // A return asked for outside the withdrawal period (or of an order not delivered), or of more than is left to send back.
  return_not_allowed: z.null(),
  setup_link_invalid: z.null(),
  code_invalid: fieldErrors,
  // The staff page: a change that would leave the shop without an owner who can sign in.
  last_owner: z.null(),
  // The catalogue: a reference, SKU, GTIN or slug another product or variant has (the field that clashes); a shelf
  // price the VAT's rounding cannot reach (the nearest it can, cents); publishing a product without a variant or a
  // complete text in the shop's first language.
  catalogue_conflict: z.object({ field: z.string() }),
  shelf_price_unreachable: z.object({ nearest: count }),
  product_incomplete: z.object({ missing: z.string() }),
  // Related products the catalogue does not have (or the product itself): the references as typed, comma-separated.
  related_unknown: z.object({ references: z.string() }),
  // A CSV import whose dry run refused a row: nothing of it can be applied.
  import_refused: z.null(),
  // A checked import left unapplied for a day: its staged rows are gone (housekeeping); the file is checked again.
  import_expired: z.null(),
  // Product photos (back office): a file that is not a JPEG, PNG or WebP picture by its content, or too large.
  photo_not_image: z.object({ types: z.string() }),
  photo_too_large: z.object({ max_bytes: count }),
  // Promotions: a coupon or voucher code another one already has.
  code_taken: z.null(),
  // A sale that has ended cannot be changed; a running sale's start is past (its discount has run since then).
  sale_ended: z.null(),
  sale_started: z.null(),
  // Delivery settings and content pages: a save over a newer version than the form read (another staff member saved
  // first: the version there is now); a country the shop does not know; the home country taken off the countries sold to.
  stale_edit: z.object({ version: count }),
  // A new carrier's code another carrier has; a new zone's key another zone has.
  carrier_code_taken: z.null(),
  zone_key_taken: z.null(),
  // A new country the shop already has (sold to or not: the delivery page's form of it changes it).
  country_known: z.null(),
  country_unknown: z.null(),
  home_country_required: z.null(),
  // Any call
  // A review photo the API refuses names the rule it breaks (and the types it takes) for the shopper's text.
  bad_request: z.object({ errors: fieldErrors.shape.errors, rule: z.string(), types: z.string() }).partial().nullable(),
  invalid_password: fieldErrors,
  password_too_weak: fieldErrors,
  country_not_served: fieldErrors,
  vat_number_invalid: fieldErrors,
  fiscal_code_invalid: fieldErrors,
  invoice_incomplete: fieldErrors,
  too_many_requests: z.object({ retry_after: count }).nullable(),
  // A call that needs a session (or a customer's) without one; what is asked for does not exist.
  unauthorized: z.null(),
  not_found: z.null(),
} as const;

export type RefusalCode = keyof typeof refusalDetails;

/** What any call may be refused with (a malformed payload, too many requests, a session needed), besides its own. */
export const ANY_CALL_REFUSALS = ['bad_request', 'too_many_requests'] as const satisfies readonly RefusalCode[];
export type RefusalDetails<C extends RefusalCode> = z.output<(typeof refusalDetails)[C]>;

/** A refusal of the shop API as the storefront reads it: its code and that code's details. */
export type Refusal = { [C in RefusalCode]: { code: C; details: RefusalDetails<C> } }[RefusalCode] | { code: string; details: null };

/** Each refusal with details as one schema: a union told apart by its code. */
export const refusalSchema = z.discriminatedUnion(
  'code',
  Object.entries(refusalDetails).map(([code, details]) => z.object({ code: z.literal(code), details })) as unknown as [
    z.ZodObject<{ code: z.ZodLiteral<string>; details: z.ZodType }>,
  ],
);

/**
 * A refusal's code and details, checked against this contract. A known code whose details do not match is read
 * without them (the shopper gets the code's plain text rather than a wrong number); an unknown code carries none.
 */
export function readRefusal(code: string, psdata: unknown): Refusal {
  if (!(code in refusalDetails)) return { code, details: null };
  const parsed = refusalSchema.safeParse({ code, details: psdata ?? null });
  return parsed.success ? (parsed.data as Refusal) : { code, details: null };
}
