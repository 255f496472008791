import { z } from 'zod';
import { categoryNodeSchema } from './catalog.ts';
import { STOREFRONT_LANGUAGES, THEMES } from './constants.ts';

export const publicSettingsSchema = z.object({
  maintenance_mode: z.boolean(),
  theme: z.enum(THEMES),
  gtm_id: z.string().nullable(),
  currency: z.string(),
  default_country: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const countrySchema = z.object({
  iso: z.string().length(2),
  group: z.string(),
  vat_rate_bp: z.number().int(),
  free_shipping_from: z.number().int().nullable(),
  /** Free shipping there once one brand's items reach an amount (SPEC §9: from 100 EUR for one brand to Italy). */
  brand_free_shipping: z.array(z.object({ brand_id: z.number().int(), from: z.number().int() })),
  /** Working days from the quickest to the slowest delivery offered there (null: no carrier goes there). */
  delivery_days: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** The states or provinces an address in this country names (empty: none). */
  states: z.array(z.string()),
});
export type Country = z.infer<typeof countrySchema>;

export const getCountryInput = z.object({ iso: z.string().trim().toUpperCase().length(2) });

export const countriesSchema = z.object({
  countries: z.array(countrySchema),
  groups: z.array(z.object({ key: z.string(), countries: z.array(z.string()) })),
});

export const localeSchema = z.object({ code: z.enum(STOREFRONT_LANGUAGES), label: z.string(), language: z.string() });

export const footerLinkSchema = z.object({ key: z.string(), slug: z.string(), title: z.string() });

/** What every page needs, fetched once per request (and cached for 5 s as public catalogue data). */
export const bootstrapSchema = z.object({
  settings: publicSettingsSchema,
  languages: z.array(localeSchema),
  countries: z.array(countrySchema),
  menu: z.array(categoryNodeSchema),
  footer_links: z.array(footerLinkSchema),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
