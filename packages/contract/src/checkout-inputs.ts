import { z } from 'zod';
import { addressFields, emailSchema } from './account.ts';
import { rowId } from './bounds.ts';
import { GATEWAY_NAMES } from './constants.ts';

/** What the checkout's calls take: the storefront's checkout forms validate with these in the browser too. */

export const gatewayNameSchema = z.enum(GATEWAY_NAMES);
export type GatewayName = z.infer<typeof gatewayNameSchema>;

/** An address of the checkout: a saved one (by id, for a customer) or one typed in, which a customer may save. */
export const checkoutAddressChoice = z.union([
  z.object({ address_id: rowId }).strict(),
  z.object({ address: addressFields, save: z.boolean().default(false) }).strict(),
]);

/**
 * What an invoice needs (SPEC §5): an EU VAT number valid for the billing country; in Italy a partita IVA or a
 * codice fiscale (a person's 16 characters, or a company's, which is its 11-digit partita IVA), and a PEC
 * address or a 7-character SDI code.
 */
export const invoiceFields = z.object({
  requested: z.boolean().default(false),
  vat_number: z.string().trim().toUpperCase().max(20).default(''),
  fiscal_code: z.string().trim().toUpperCase().max(16).default(''),
  pec: z.string().trim().toLowerCase().max(254).default(''),
  sdi: z.string().trim().toUpperCase().max(7).default(''),
});
export type InvoiceFields = z.input<typeof invoiceFields>;

/** The longest text a draft keeps in one field: more than any address field takes, less than a page of text. */
export const DRAFT_TEXT_MAX = 256;
const draftText = z.string().max(DRAFT_TEXT_MAX);
const draftAddress = z
  .object({
    first_name: draftText,
    last_name: draftText,
    company: draftText,
    address1: draftText,
    address2: draftText,
    city: draftText,
    state: draftText,
    country: draftText,
    postcode: draftText,
    phone: draftText,
  })
  .partial();

/**
 * What a shopper typed on the checkout's first screen and has not sent yet (ADR 0046): kept with the checkout
 * so that it survives a reload or a trip back to the cart, and so that the carriers follow the country chosen.
 * Only its bounds are checked (other keys are dropped): a draft may be half typed; sending the screen checks it whole.
 */
export const checkoutDraftSchema = z
  .object({
    email: draftText,
    /** A saved address's id, or 'new' for the typed one. */
    shipping_id: z.string().max(12),
    shipping: draftAddress,
    save_shipping: z.boolean(),
    billing_same: z.boolean(),
    billing: draftAddress,
    invoice_requested: z.boolean(),
    invoice: z.object({ vat_number: draftText, fiscal_code: draftText, pec: draftText, sdi: draftText }).partial(),
    carrier_id: rowId,
  })
  .partial();
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;
export const saveCheckoutDraftInput = z.object({ draft: checkoutDraftSchema });

export const updateCheckoutEmailInput = z.object({ email: emailSchema });
export const updateCheckoutAddressInput = z.object({
  shipping: checkoutAddressChoice,
  /** Absent: the billing address is the shipping address. */
  billing: checkoutAddressChoice.optional(),
  invoice: invoiceFields.optional(),
});
export const updateCheckoutCarrierInput = z.object({ carrier_id: rowId, pickup_point_id: rowId.optional() });
export const getPudosInput = z.object({
  /** A postcode or a city. */
  query: z.string().trim().min(2).max(64),
  carrier_id: rowId.optional(),
});
export const DELIVERY_MESSAGE_MAX = 500;
export const deliveryMessageInput = z.object({ message: z.string().trim().max(DELIVERY_MESSAGE_MAX) });
export const updateCheckoutPaymentInput = z.object({ gateway: gatewayNameSchema });
/** A key the storefront makes once per placing (a double submit, a reload or a retry sends the same). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const createOrderInput = z.object({
  idempotency_key: idempotencyKey,
  accept_terms: z.literal(true, { error: 'Please accept the terms of sale' }),
  accept_privacy: z.literal(true, { error: 'Please accept the privacy policy' }),
});
/** The order's reference and, for a guest, the token of the link in the confirmation mail. */
export const orderAccessInput = z.object({
  reference: z.string().trim().min(1).max(16),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/).optional(),
});
/** Pays an unpaid order again (after a failure), with the same or another gateway. */
export const updateOrderInput = orderAccessInput.extend({ gateway: gatewayNameSchema });
/** The shopper is back from the gateway's page: the return URL's query, which the gateway is asked to confirm. */
export const validateOrderInput = orderAccessInput.extend({
  query: z.record(z.string().max(64), z.string().max(512)).refine((query) => Object.keys(query).length <= 20, { message: 'At most 20 entries' }),
});

