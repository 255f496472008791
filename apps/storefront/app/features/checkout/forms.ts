import { addressFields, emailSchema } from '@shop/contract/account';
import { checkoutDraftSchema, DELIVERY_MESSAGE_MAX, gatewayNameSchema, invoiceFields } from '@shop/contract/checkout';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { accountLabels } from '~/features/account/forms';

/**
 * The checkout's forms, validated in the browser and again by the route's action with the contract's own
 * schemas. Each screen is one form (its `form` field names it) holding the sections of SPEC §2's steps, and the
 * collection points and codes have their own small forms, so every section works without JavaScript.
 */

/** A saved address's id, or 'new' for the typed one. */
const savedChoice = z.string().regex(/^(new|\d{1,9})$/).optional();

type AddressPost = Record<string, unknown> & { shipping_id?: string; billing_same?: boolean; invoice_requested?: boolean };

/**
 * The Address step: shipping (a saved address or a typed one), billing (the same, or typed) and the invoice.
 * Fields the shopper's choices make irrelevant are dropped before validation: without JavaScript every field
 * is on the page, and a typed address left blank beside a chosen saved one must not count as an error.
 */
const addressPost = z.object({
  shipping_id: savedChoice,
  shipping: addressFields.optional(),
  save_shipping: z.boolean().optional(),
  billing_same: z.boolean().optional(),
  billing: addressFields.optional(),
  invoice_requested: z.boolean().optional(),
  invoice: invoiceFields.omit({ requested: true }).optional(),
});

function dropUnused(value: unknown): unknown {
  const post = { ...(value as AddressPost) };
  if (post.shipping_id && post.shipping_id !== 'new') delete post.shipping;
  if (post.billing_same) delete post.billing;
  if (!post.invoice_requested) delete post.invoice;
  return post;
}

/**
 * The first screen is one form (ADR 0038): contact (a guest's email; a signed-in customer has hers), the
 * address step's fields and the carrier, checked together so that every field error shows at once.
 */
const detailsPost = addressPost.extend({ carrier_id: z.coerce.number().int().positive() });
const guestDetailsPost = detailsPost.extend({ email: emailSchema });

// Typed as the object it checks (what the form's fields are), though it first drops what does not apply.
export const checkoutDetailsForm = z.preprocess(dropUnused, detailsPost) as unknown as typeof detailsPost;
export const guestDetailsForm = z.preprocess(dropUnused, guestDetailsPost) as unknown as typeof guestDetailsPost;
export const detailsFormFor = (signedIn: boolean) => (signedIn ? checkoutDetailsForm : guestDetailsForm);
export type CheckoutDetailsPost = z.output<typeof checkoutDetailsForm> & { email?: string };

/**
 * The first screen's fields as a draft (ADR 0046): whatever is typed, within bounds. A box left unticked is not
 * posted, so it is read as unticked (not as 'not said').
 */
export const checkoutDraftForm = checkoutDraftSchema.extend({
  save_shipping: z.boolean().default(false),
  billing_same: z.boolean().default(false),
  invoice_requested: z.boolean().default(false),
});

/** Which button posted the first screen as a draft: the way back to the cart, or the carriers' refresh (no JavaScript); 'auto' while typing. */
export const DRAFT_FIELD = 'draft';
export const draftTarget = z.enum(['cart', 'delivery', 'auto']);

export const checkoutPointForm = z.object({ pickup_point_id: z.coerce.number().int().positive() });

/**
 * The second screen's form: the gateway, the optional delivery note (with the one saved, so that an unchanged
 * note is not sent again), the terms, and the placing's key.
 */
export const placeOrderForm = z.object({
  gateway: gatewayNameSchema,
  message: z.string().trim().max(DELIVERY_MESSAGE_MAX).default(''),
  saved_message: z.string().max(DELIVERY_MESSAGE_MAX * 2).default(''),
  idempotency_key: z.string().min(16).max(64),
  accept_terms: z.literal(true),
  accept_privacy: z.literal(true),
});

const ADDRESS_FIELDS = ['alias', 'first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'country', 'postcode', 'phone', 'vat_number'] as const;

/** The label of every checkout field, nested ones by their path ('shipping.city'). */
export function checkoutLabels(t: TFunction): Record<string, string> {
  const account = accountLabels(t);
  const nested = (prefix: string) => Object.fromEntries(ADDRESS_FIELDS.map((field) => [`${prefix}.${field}`, account[field]!]));
  return {
    ...account,
    ...nested('shipping'),
    ...nested('billing'),
    'invoice.vat_number': t('checkout.invoice.vatNumber'),
    'invoice.fiscal_code': t('checkout.invoice.fiscalCode'),
    'invoice.pec': t('checkout.invoice.pec'),
    'invoice.sdi': t('checkout.invoice.sdi'),
    carrier_id: t('checkout.delivery.title'),
    pickup_point_id: t('checkout.points.title'),
    message: t('checkout.message.label'),
    gateway: t('checkout.payment.title'),
  };
}
