import { z } from 'zod';
import { rowId } from './bounds.ts';
import { newPasswordSchema } from './password-policy.ts';

export const GENDERS = ['female', 'male', 'other'] as const;
/** The newsletter's interest sections a customer can choose. */
export const NEWSLETTER_INTERESTS = ['women', 'men', 'kids', 'news', 'offers'] as const;

const name = z.string().trim().min(1).max(64);
/** An email address as the shop keeps it: trimmed, lower case, at most 254 characters. */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: 'Please enter a valid email address.' }));
const email = emailSchema;

export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  newsletter: z.boolean(),
  newsletter_interests: z.array(z.enum(NEWSLETTER_INTERESTS)),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A signed-in session: the storefront keeps `token` in its HttpOnly cookie and sends it with every call. */
export const sessionSchema = z.object({ token: z.string(), expires_at: z.string() });
export const signedInSchema = z.object({ customer: customerSchema, session: sessionSchema });

const interests = z.array(z.enum(NEWSLETTER_INTERESTS)).max(NEWSLETTER_INTERESTS.length);

export const loginInput = z.object({ email, password: z.string().min(1).max(1024) });

export const registerInput = z.object({
  first_name: name,
  last_name: name,
  email,
  password: newPasswordSchema,
  gender: z.enum(GENDERS).optional(),
  newsletter: z.boolean().default(false),
  newsletter_interests: interests.default([]),
});

/** Profile changes. Changing the email or the password needs the current password. */
export const updateCustomerInput = z.object({
  first_name: name,
  last_name: name,
  email,
  gender: z.enum(GENDERS).nullable().optional(),
  newsletter: z.boolean(),
  newsletter_interests: interests,
  current_password: z.string().max(1024).optional(),
  new_password: newPasswordSchema.optional(),
});

/** Postcode formats of the shop's countries; a country not listed accepts any 2–10 letters, digits, spaces, hyphens. */
export const POSTCODE_FORMATS: Record<string, RegExp> = {
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  GR: /^\d{3} ?\d{2}$/,
  IE: /^[A-Z]\d{2} ?[A-Z\d]{4}$/i,
  IT: /^\d{5}$/,
  LU: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  US: /^\d{5}(-\d{4})?$/,
};
const ANY_POSTCODE = /^[A-Z0-9 -]{2,10}$/i;

/** Countries whose addresses need a state or province, with the accepted codes. */
export const COUNTRY_STATES: Record<string, readonly string[]> = {
  IT: 'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV'.split(' '),
  // Spanish provinces (ISO 3166-2:ES).
  ES: 'A AB AL AV B BA BI BU C CA CC CE CO CR CS CU GC GI GR GU H HU J L LE LO LU M MA ML MU NA O OR P PM PO S SA SE SG SO SS T TE TF TO V VA VI Z ZA'.split(' '),
  US: 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
};

/** Whether a not-yet-validated form value has a string at `key`. */
function hasText(value: unknown, key: string): boolean {
  return typeof (value as Record<string, unknown> | null)?.[key] === 'string';
}

export const addressFields = z
  .object({
    alias: z.string().trim().min(1).max(32),
    first_name: name,
    last_name: name,
    company: z.string().trim().max(64).default(''),
    address1: z.string().trim().min(1).max(128),
    address2: z.string().trim().max(128).default(''),
    city: z.string().trim().min(1).max(64),
    state: z.string().trim().toUpperCase().max(8).default(''),
    country: z.string().trim().toUpperCase().length(2),
    postcode: z.string().trim().min(1).max(12),
    phone: z.string().trim().max(32).regex(/^[+0-9 ()./-]*$/, { error: 'Please enter a valid phone number.' }).default(''),
    vat_number: z.string().trim().toUpperCase().max(32).default(''),
    is_default: z.boolean().default(false),
  })
  // Each rule runs as soon as the fields it reads are there, even while other fields are still wrong
  // (so that a form can say 'wrong postcode' before the city is filled in).
  .refine((address) => (POSTCODE_FORMATS[address.country] ?? ANY_POSTCODE).test(address.postcode), {
    path: ['postcode'],
    message: 'Invalid postcode for this country',
    params: { rule: 'postcode' },
    when: ({ value }) => hasText(value, 'country') && hasText(value, 'postcode'),
  })
  .refine((address) => (COUNTRY_STATES[address.country] ? COUNTRY_STATES[address.country]!.includes(address.state) : !address.state), {
    path: ['state'],
    message: 'Choose a state or province of this country (or none where the country has no states)',
    params: { rule: 'state' },
    when: ({ value }) => hasText(value, 'country'),
  });

export const addressSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postcode: z.string(),
  phone: z.string(),
  vat_number: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

// Bounded by the database's integer ids: a larger number is bad input, not a server error.
const addressId = rowId;
export const createAddressInput = z.object({ address: addressFields });
export const updateAddressInput = z.object({ id: addressId, address: addressFields });
export const removeAddressInput = z.object({ id: addressId });

export const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  attributes: z.string(),
  reference: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  total: z.number().int(),
  /** Units bought beyond the stock, on the shopper's confirmation (SPEC §4), and when a pre-order ships. */
  on_demand: z.enum(['preorder', 'backorder']).nullable(),
  on_demand_quantity: z.number().int(),
  available_date: z.string().nullable(),
  /** Pre-order lines cannot be cancelled (SPEC §4). */
  cancellable: z.boolean(),
});
export const orderSummarySchema = z.object({
  reference: z.string(),
  date: z.string(),
  status: z.string(),
  total: z.number().int(),
  currency: z.string(),
  item_count: z.number().int(),
});
const orderAddressSchema = z.record(z.string(), z.unknown());
export const orderSchema = orderSummarySchema.extend({
  email: z.string(),
  items_total: z.number().int(),
  discounts: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  shipping_address: orderAddressSchema,
  billing_address: orderAddressSchema,
  carrier: z.object({ name: z.string(), kind: z.enum(['home', 'pickup']), delivery_days: z.object({ min: z.number().int(), max: z.number().int() }) }).nullable(),
  pickup_point: z.object({ name: z.string(), address1: z.string(), postcode: z.string(), city: z.string(), country: z.string() }).nullable(),
  delivery_message: z.string(),
  coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number().int() })),
  invoice: z.object({ vat_number: z.string(), fiscal_code: z.string(), pec: z.string(), sdi: z.string(), issued: z.boolean(), vat_check: z.string() }).nullable(),
  gateway: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** What has been given back to the shopper so far (refunds, in cents); all of it when the status is 'refunded'. */
  refunded: z.number().int(),
  /** Whether it can still be paid (awaiting payment or after a failed payment). */
  payable: z.boolean(),
  lines: z.array(orderLineSchema),
  /** Returns of this order (none until a return is made). */
  returns: z.array(z.object({ reference: z.string(), status: z.string(), date: z.string() })),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type Order = z.infer<typeof orderSchema>;

export const resetPasswordEmailInput = z.object({ email });
/** The token comes from the link in the registration's confirmation mail. */
export const confirmRegistrationInput = z.object({ token: z.string().min(20).max(200) });
/** The token comes from the link in the reset email. */
export const resetPasswordEnterInput = z.object({ token: z.string().min(20).max(200), password: newPasswordSchema });
export const validatePasswordInput = z.object({ password: z.string().max(1024) });
