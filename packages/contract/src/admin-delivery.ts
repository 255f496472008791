import { z } from 'zod';
import { TAX_CLASSES } from './admin-products.ts';
import { rowId } from './bounds.ts';
import { SHOP_ROUTE_SEGMENTS } from './constants.ts';
import { STOREFRONT_LANGUAGES } from './locales.ts';
import { SLUG_PATTERN } from './slug.ts';

// The back office's delivery settings and content pages (issue 27, "Pages and shipping";
// docs/adr/0048-shipping-and-pages-editor.md). Amounts are cents with VAT, as every shipping price of the shop.

/** Cents, VAT included: a shipping price or a threshold (no negative price, nothing beyond a million euros). */
const cents = z.coerce.number().int().min(0).max(100_000_000);
const days = z.coerce.number().int().min(0).max(90);
/** The version of a row the staff member's form was read at: a save over a newer one is refused (stale_edit). */
const version = z.coerce.number().int().min(0).max(2_147_483_647);
/** A zone (group of countries) as the shop keys it: EU, EUROPE_OTHER, WORLD... */
export const ZONE_KEY_PATTERN = /^[A-Z][A-Z0-9_]{1,15}$/;
const zone = z.string().regex(ZONE_KEY_PATTERN);
/** An ISO 3166-1 alpha-2 country code (whether the shop knows it is the API's to say: country_unknown). */
const iso = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/);
/** Whether a code is a region Intl knows by name (an unassigned code such as 'XY' comes back as itself). */
export const isAssignedRegion = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) !== code;
/** A carrier's code, for links and reports: lowercase letters, digits and hyphens. */
export const CARRIER_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
/** A VAT rate in basis points: 0 to 100 %. */
const rateBasisPoints = z.coerce.number().int().min(0).max(10_000);

export const adminCarrierRateSchema = z.object({ zone: z.string(), price: z.number().int(), min_days: z.number().int(), max_days: z.number().int(), version: z.number().int() });
export const adminCarrierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['home', 'pickup']),
  name: z.string(),
  free_shipping_applies: z.boolean(),
  is_active: z.boolean(),
  /** Its price per zone; a zone without a rate is one it does not deliver to. */
  rates: z.array(adminCarrierRateSchema),
  /** A pickup carrier's countries with an active collection point (it is offered there only); none for a home carrier. */
  pickup_countries: z.array(z.string()),
});
export type AdminCarrier = z.infer<typeof adminCarrierSchema>;
export const adminShippingCountrySchema = z.object({
  iso: z.string(),
  zone: z.string(),
  is_active: z.boolean(),
  /** Free shipping from this amount (products after discounts), or none. */
  free_shipping_from: z.number().int().nullable(),
  /** The shop's home country: always sold to. */
  is_home: z.boolean(),
  version: z.number().int(),
});
export type AdminShippingCountry = z.infer<typeof adminShippingCountrySchema>;
/** SPEC §9's one-brand rule: free shipping to a country once one brand's products reach an amount. */
export const adminBrandThresholdSchema = z.object({ country: z.string(), brand_id: z.number().int(), brand_name: z.string(), from: z.number().int() });

/** A shipping zone: a group of countries that share carrier rates, named in the shop's languages. */
export const adminZoneSchema = z.object({
  key: z.string(),
  /** Its name in the staff member's language (or English). */
  name: z.string(),
  /** Its name per shop language; a language without one shows the English name. */
  names: z.record(z.string(), z.string()),
  /** How many of the shop's countries are in it. */
  countries: z.number().int(),
  version: z.number().int(),
});
export type AdminZone = z.infer<typeof adminZoneSchema>;

export const adminDeliverySettingsSchema = z.object({
  zones: z.array(adminZoneSchema),
  carriers: z.array(adminCarrierSchema),
  countries: z.array(adminShippingCountrySchema),
  brand_thresholds: z.array(adminBrandThresholdSchema),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminDeliverySettings = z.infer<typeof adminDeliverySettingsSchema>;

/** A name per shop language, for a carrier or a zone: English required, another language missing shows the English one. */
const namesInput = z
  .object({ en: z.string().trim().min(1).max(60) })
  .extend(Object.fromEntries(STOREFRONT_LANGUAGES.filter((lang) => lang !== 'en').map((lang) => [lang, z.string().trim().max(60).optional()])));

/** A carrier's price and delivery time to a zone; `version` 0: a zone it did not deliver to yet. */
export const adminSaveCarrierRateInput = z
  .object({ carrier_id: rowId, zone, price: cents, min_days: days, max_days: days, version })
  .refine((input) => input.min_days <= input.max_days, { path: ['max_days'], error: 'At least the shortest time.' });

/** Whether a carrier is offered, and whether the free-shipping rules make it free. */
export const adminSaveCarrierInput = z.object({ id: rowId, is_active: z.boolean(), free_shipping_applies: z.boolean() });

/**
 * A new carrier, to the door (collection points come with their network's points, which the shop does not create):
 * its code (for links and reports) and its name per shop language (English required; another language missing shows
 * the English one). It is offered once it has a rate to a zone (saveCarrierRate).
 */
export const adminCreateCarrierInput = z.object({ code: z.string().trim().toLowerCase().regex(CARRIER_CODE_PATTERN), names: namesInput, free_shipping_applies: z.boolean() });

/**
 * A new shipping zone: its key (capitals, digits and underscores, as the seeded EU, EUROPE_OTHER, WORLD; another zone's is
 * refused `zone_key_taken`) and its name per shop language. It starts empty: countries move into it and carriers get
 * a rate to it with the forms that exist.
 */
export const adminCreateZoneInput = z.object({ key: z.string().trim().toUpperCase().regex(ZONE_KEY_PATTERN), names: namesInput });
/** A zone's names, over the version the form read. */
export const adminSaveZoneInput = z.object({ key: zone, names: namesInput, version });

/** A country the shop sells to (or no longer does), its zone and its free-shipping threshold (null: none). */
export const adminSaveCountryInput = z.object({ iso, zone, is_active: z.boolean(), free_shipping_from: cents.nullable(), version });

/**
 * A country the shop did not have: its code (a region Intl knows by name: an unassigned code is refused), its zone,
 * its standard VAT rate (what the cart holds there when its zone is the home country's), its free-shipping threshold
 * and whether it is sold to already.
 */
export const adminCreateCountryInput = z.object({
  iso: iso.refine(isAssignedRegion),
  zone,
  vat_rate_bp: rateBasisPoints,
  free_shipping_from: cents.nullable(),
  is_active: z.boolean(),
});

/** One brand's free-shipping threshold to a country; `from` null removes it. */
export const adminSaveBrandThresholdInput = z.object({ country: iso, brand_id: rowId, from: cents.nullable() });

// ---------------------------------------------------------------------------------------------------------------
// VAT rates per country and tax class (ADR 64, ADR 65).

/** The tax classes a country may tax at a rate of its own (the standard one is the country's standard rate). */
export const REDUCED_TAX_CLASSES = TAX_CLASSES.filter((taxClass) => taxClass !== 'standard') as Exclude<(typeof TAX_CLASSES)[number], 'standard'>[];
const reducedTaxClass = z.enum(TAX_CLASSES).exclude(['standard']);

export const adminTaxCountrySchema = z.object({
  iso: z.string(),
  /** The country's standard rate (`countries.vat_rate_bp`), which every class without a rate of its own pays. */
  standard_bp: z.number().int(),
  /** Each other class's own rate, or null: the standard rate. */
  rates: z.array(z.object({ tax_class: reducedTaxClass, rate_bp: z.number().int().nullable() })),
  /** The country's version (the delivery page's too): a save over a newer one is refused (stale_edit). */
  version: z.number().int(),
});
export type AdminTaxCountry = z.infer<typeof adminTaxCountrySchema>;
/** The countries of the home country's zone: the others buy VAT-free (ADR 23), whatever their rates. */
export const adminTaxRatesSchema = z.object({ countries: z.array(adminTaxCountrySchema) });
/** A country's own rate for a class, or null to tax the class at the country's standard rate. */
export const adminSaveTaxRateInput = z.object({ iso, tax_class: reducedTaxClass, rate_bp: rateBasisPoints.nullable(), version });

// ---------------------------------------------------------------------------------------------------------------
// Content pages and size charts, each in every storefront language.

export const CONTENT_PAGE_KINDS = ['page', 'size-chart'] as const;
const contentLang = z.enum(STOREFRONT_LANGUAGES);
/** At most this much Markdown per page and language (a long returns policy is a few thousand characters). */
export const MAX_PAGE_MARKDOWN = 20_000;
const tableCell = z.string().trim().max(60);
/** A size chart: its header row, then one row per size (its first cell is the size), each as long as the header. */
export const sizeChartTableInput = z
  .object({ columns: z.array(tableCell.min(1)).min(2).max(12), rows: z.array(z.array(tableCell)).min(1).max(40) })
  .refine((table) => table.rows.every((row) => row.length === table.columns.length && row[0] !== ''), { path: ['rows'], error: 'Every row has a size and one cell per column.' });

export const adminContentTranslationSchema = z.object({
  lang: contentLang,
  slug: z.string(),
  title: z.string(),
  /** A page's Markdown, or '' for a size chart. */
  markdown: z.string(),
  table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }).nullable(),
  version: z.number().int(),
});
export const adminContentPageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.enum(CONTENT_PAGE_KINDS),
  /** The title in the staff member's language (or English, or the key). */
  title: z.string(),
  /** Languages with a title and a text; the others are missing (the storefront has no such page in them). */
  complete: z.array(contentLang),
  missing: z.array(contentLang),
  translations: z.array(adminContentTranslationSchema),
  /** For a size chart: the categories whose products link to it. */
  category_ids: z.array(z.number().int()),
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;
export const adminContentPagesSchema = z.object({
  pages: z.array(adminContentPageSchema.omit({ translations: true })),
});
export const adminContentPageInput = z.object({ id: rowId });
export const adminContentPageDetailSchema = z.object({
  page: adminContentPageSchema,
  /** The categories a size chart can be given to, with their parent's name. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** A page's address in one language: ASCII only, as the storefront serves it (slug.ts, ADR 59). */
const slug = z.string().trim().toLowerCase().regex(SLUG_PATTERN).max(120);
/** Whether a page's slug is an address the storefront already gives another page (SHOP_ROUTE_SEGMENTS) or a category. */
export const slugIsShopRoute = (value: string) => (SHOP_ROUTE_SEGMENTS as readonly string[]).includes(value) || /^[0-9]/.test(value);
/** A page's (or size chart's) text in one language; `version` 0: the language it did not have yet. */
export const adminSaveContentTranslationInput = z.object({
  id: rowId,
  lang: contentLang,
  title: z.string().trim().min(1).max(160),
  slug,
  markdown: z.string().max(MAX_PAGE_MARKDOWN).optional(),
  table: sizeChartTableInput.optional(),
  version,
});

/** A new page or size chart: its language-independent key, then its texts language by language. */
export const adminCreateContentPageInput = z.object({ kind: z.enum(CONTENT_PAGE_KINDS), key: z.string().trim().toLowerCase().regex(SLUG_PATTERN).max(60) });

/** The categories a size chart is for (each category has at most one: giving it this chart takes it from another). */
export const adminSetSizeChartCategoriesInput = z.object({ id: rowId, category_ids: z.array(rowId).max(200) });
