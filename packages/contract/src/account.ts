import { z } from 'zod';
import { rowId } from './bounds.ts';
import { deliveryDatesSchema } from './catalog.ts';
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
  /** When the customer asked to have their data erased (the back office erases), if they did. */
  erasure_requested_at: z.string().nullable().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A signed-in session: the storefront keeps `token` in its HttpOnly cookie and sends it with every call. */
export const sessionSchema = z.object({ token: z.string(), expires_at: z.string() });
/**
 * Units of a guest's cart that a sign-in left in the merged cart but no longer holds for the shopper: one cart
 * holds at most 10 units (docs/adr/0031-holds-counted-per-client.md). The name and size are in the request's language.
 */
export const unheldLineSchema = z.object({
  product_id: z.number().int(),
  combination_id: z.number().int(),
  name: z.string(),
  /** The size and colour ('M, Black'), or ''. */
  attributes_label: z.string(),
  units: z.number().int(),
});
export type UnheldLine = z.infer<typeof unheldLineSchema>;
export const signedInSchema = z.object({ customer: customerSchema, session: sessionSchema, unheld: z.array(unheldLineSchema) });

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

/** 'code name|code name' pairs as a record (names may hold spaces, apostrophes and accents). */
const codeNames = (pairs: string): Readonly<Record<string, string>> =>
  Object.fromEntries(pairs.split('|').map((pair) => [pair.slice(0, pair.indexOf(' ')), pair.slice(pair.indexOf(' ') + 1)]));

/**
 * Countries whose addresses need a state or province: the accepted codes with their names as the country writes
 * them (a shopper picks 'Milano', the address keeps 'MI'). Italian provinces, Spanish provinces (ISO 3166-2:ES), US states.
 */
export const STATE_NAMES: Record<string, Readonly<Record<string, string>>> = {
  IT: codeNames(
    "AG Agrigento|AL Alessandria|AN Ancona|AO Aosta|AP Ascoli Piceno|AQ L'Aquila|AR Arezzo|AT Asti|AV Avellino|BA Bari|BG Bergamo|BI Biella|BL Belluno|BN Benevento|BO Bologna|BR Brindisi|BS Brescia|BT Barletta-Andria-Trani|BZ Bolzano|CA Cagliari|CB Campobasso|CE Caserta|CH Chieti|CL Caltanissetta|CN Cuneo|CO Como|CR Cremona|CS Cosenza|CT Catania|CZ Catanzaro|EN Enna|FC Forlì-Cesena|FE Ferrara|FG Foggia|FI Firenze|FM Fermo|FR Frosinone|GE Genova|GO Gorizia|GR Grosseto|IM Imperia|IS Isernia|KR Crotone|LC Lecco|LE Lecce|LI Livorno|LO Lodi|LT Latina|LU Lucca|MB Monza e Brianza|MC Macerata|ME Messina|MI Milano|MN Mantova|MO Modena|MS Massa-Carrara|MT Matera|NA Napoli|NO Novara|NU Nuoro|OR Oristano|PA Palermo|PC Piacenza|PD Padova|PE Pescara|PG Perugia|PI Pisa|PN Pordenone|PO Prato|PR Parma|PT Pistoia|PU Pesaro e Urbino|PV Pavia|PZ Potenza|RA Ravenna|RC Reggio Calabria|RE Reggio Emilia|RG Ragusa|RI Rieti|RM Roma|RN Rimini|RO Rovigo|SA Salerno|SI Siena|SO Sondrio|SP La Spezia|SR Siracusa|SS Sassari|SU Sud Sardegna|SV Savona|TA Taranto|TE Teramo|TN Trento|TO Torino|TP Trapani|TR Terni|TS Trieste|TV Treviso|UD Udine|VA Varese|VB Verbano-Cusio-Ossola|VC Vercelli|VE Venezia|VI Vicenza|VR Verona|VT Viterbo|VV Vibo Valentia",
  ),
  ES: codeNames(
    'A Alicante|AB Albacete|AL Almería|AV Ávila|B Barcelona|BA Badajoz|BI Bizkaia|BU Burgos|C A Coruña|CA Cádiz|CC Cáceres|CE Ceuta|CO Córdoba|CR Ciudad Real|CS Castellón|CU Cuenca|GC Las Palmas|GI Girona|GR Granada|GU Guadalajara|H Huelva|HU Huesca|J Jaén|L Lleida|LE León|LO La Rioja|LU Lugo|M Madrid|MA Málaga|ML Melilla|MU Murcia|NA Navarra|O Asturias|OR Ourense|P Palencia|PM Illes Balears|PO Pontevedra|S Cantabria|SA Salamanca|SE Sevilla|SG Segovia|SO Soria|SS Gipuzkoa|T Tarragona|TE Teruel|TF Santa Cruz de Tenerife|TO Toledo|V Valencia|VA Valladolid|VI Araba/Álava|Z Zaragoza|ZA Zamora',
  ),
  US: codeNames(
    'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming',
  ),
};

/** The accepted state or province codes of the countries that need one. */
export const COUNTRY_STATES: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(STATE_NAMES).map(([country, names]) => [country, Object.keys(names)]),
);

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
  /** The product's slug in the request's language while it is on sale (its page), else null. */
  link_rewrite: z.string().nullable(),
  /** The line's size and colour as the product page picks them (group id → attribute id, getProduct's `group`). */
  variant: z.record(z.string(), z.number().int()),
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
  /** How many of it can still be sent back (0 when the order cannot be returned now). */
  returnable: z.number().int(),
  /** How many of it have left in a parcel (all of it once the order is shipped). */
  shipped: z.number().int(),
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
  carrier: z
    .object({
      name: z.string(),
      kind: z.enum(['home', 'pickup']),
      delivery_days: z.object({ min: z.number().int(), max: z.number().int() }),
      /** The dates the checkout promised when the order was placed (absent on orders placed before dates were shown). */
      delivery: deliveryDatesSchema.nullable().optional(),
    })
    .nullable(),
  pickup_point: z.object({ name: z.string(), address1: z.string(), postcode: z.string(), city: z.string(), country: z.string() }).nullable(),
  delivery_message: z.string(),
  coupons: z.array(z.object({ code: z.string(), name: z.string(), discount: z.number().int() })),
  invoice: z.object({ vat_number: z.string(), fiscal_code: z.string(), pec: z.string(), sdi: z.string(), issued: z.boolean(), vat_check: z.string() }).nullable(),
  gateway: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The parcels sent, each with its carrier and tracking (a link to the carrier's page where the shop gave one). */
  shipments: z.array(
    z.object({
      carrier: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      date: z.string(),
      /** What the parcel held: lines of the order (with their pictures) and how many of each. */
      lines: z.array(z.object({ name: z.string(), attributes: z.string(), image_url: z.string().nullable(), quantity: z.number().int() })),
    }),
  ),
  /** What has been given back to the shopper so far (refunds, in cents); all of it when the status is 'refunded'. */
  refunded: z.number().int(),
  /** Whether it can still be paid (awaiting payment or after a failed payment). */
  payable: z.boolean(),
  /**
   * Money that arrived on a payment page no longer valid for this order (paid after another payment, or after the
   * order was cancelled): never kept, refunded through its gateway; `refund` says how far that is.
   */
  stray_payments: z.array(z.object({ gateway: z.string(), amount: z.number().int(), refund: z.enum(['requested', 'refunded', 'failed']) })),
  lines: z.array(orderLineSchema),
  /** Returns of this order (none until a return is made), with what each sends back. */
  returns: z.array(z.object({ reference: z.string(), status: z.string(), date: z.string(), reason: z.string(), lines: z.array(z.object({ name: z.string(), quantity: z.number().int() })) })),
  /** Until when a return can be asked for (the withdrawal period from delivery); null when it cannot now. */
  return_by: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type Order = z.infer<typeof orderSchema>;

export const resetPasswordEmailInput = z.object({ email });
/** The token comes from the link in the registration's confirmation mail. */
export const confirmRegistrationInput = z.object({ token: z.string().min(20).max(200) });
/** The token comes from the link in the reset email. */
export const resetPasswordEnterInput = z.object({ token: z.string().min(20).max(200), password: newPasswordSchema });
export const validatePasswordInput = z.object({ password: z.string().max(1024) });
