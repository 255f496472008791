import { rowId, SLUG_PATTERN, STOREFRONT_LANGUAGES } from '@shop/contract';
import { CARRIER_CODE_PATTERN, CONTENT_PAGE_KINDS, isAssignedRegion, MAX_PAGE_MARKDOWN, REDUCED_TAX_CLASSES, ZONE_KEY_PATTERN } from '@shop/contract/admin';
import { z } from 'zod';

/**
 * The forms of the delivery settings and the content pages (issue 27), as the browser posts them: amounts as staff
 * type them ('6,90'), ticked boxes as 'on', a size chart as lines of cells. The actions turn them into the
 * contract's inputs (admin-delivery.ts), which the API checks again.
 */
const amount = z.string().trim().regex(/^\d{1,7}([.,]\d{1,2})?$/);
const days = z.coerce.number().int().min(0).max(90);
const version = z.coerce.number().int().min(0);
const ticked = z.literal('on').optional();
const zone = z.string().regex(ZONE_KEY_PATTERN);
/** A VAT rate in percent as typed ('13,5'), at most 100. */
const percent = z.string().trim().regex(/^\d{1,3}([.,]\d{1,2})?$/).refine((typed) => Number(typed.replace(',', '.')) <= 100);

export const rateForm = z
  .object({ carrier_id: rowId, zone, version, rate_price: amount, min_days: days, max_days: days })
  .refine((input) => input.min_days <= input.max_days, { path: ['max_days'], error: 'At least the fastest.' });
export const carrierForm = z.object({ carrier_id: rowId, offered: ticked, free_applies: ticked });
type Lang = (typeof STOREFRONT_LANGUAGES)[number];
const name = z.string().trim().max(60);
/** A name per shop language as a form posts it (`<prefix>_en`, `<prefix>_fr`…): English required, the others may be empty. */
function nameFields<Prefix extends string>(prefix: Prefix) {
  return Object.fromEntries(STOREFRONT_LANGUAGES.map((lang) => [`${prefix}_${lang}`, lang === 'en' ? name.min(1) : name.optional()])) as Record<`${Prefix}_en`, z.ZodString> &
    Record<`${Prefix}_${Exclude<Lang, 'en'>}`, z.ZodOptional<z.ZodString>>;
}
/** The names a form posted, per language, as the contract takes them (an empty one is left out by the API). */
export const namesOf = (prefix: string, value: Record<string, unknown>) =>
  Object.fromEntries(STOREFRONT_LANGUAGES.map((lang) => [lang, value[`${prefix}_${lang}`]])) as { en: string } & Partial<Record<Lang, string>>;

/** A new carrier: its code and its name per shop language (English required). */
export const newCarrierForm = z.object({ carrier_code: z.string().trim().toLowerCase().regex(CARRIER_CODE_PATTERN), ...nameFields('carrier_name'), free_applies: ticked });
/** A zone's names, over the version read; a new zone: its key (typed in any case) and names. */
export const zoneForm = z.object({ zone, version, ...nameFields('zone_name') });
export const newZoneForm = z.object({ zone_key: z.string().trim().toUpperCase().regex(ZONE_KEY_PATTERN), ...nameFields('zone_name') });
export const countryForm = z.object({ iso: z.string().regex(/^[A-Z]{2}$/), zone, version, sold_to: ticked, free_from: amount.optional() });
/** A new country: its ISO code, zone, standard VAT rate in percent as typed, threshold and whether it is sold to. */
export const newCountryForm = z.object({
  new_iso: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).refine(isAssignedRegion),
  zone,
  vat_rate: percent,
  free_from: amount.optional(),
  sold_to: ticked,
});
export const brandForm = z.object({ country: z.string().regex(/^[A-Z]{2}$/), brand_id: rowId, brand_from: amount });
/** A country's own VAT rate for a class, in percent as typed ('13,5'), at most 100; empty: the standard rate. */
export const taxRateForm = z.object({
  iso: z.string().regex(/^[A-Z]{2}$/),
  tax_class: z.enum(REDUCED_TAX_CLASSES),
  version,
  tax_rate: percent.optional(),
});

export const newPageForm = z.object({ kind: z.enum(CONTENT_PAGE_KINDS), page_key: z.string().trim().toLowerCase().regex(SLUG_PATTERN).max(60) });
// A page's address is ASCII, as the storefront serves it (ADR 59): the editor offers the ASCII spelling of what it refuses.
const textFields = { page_title: z.string().trim().min(1).max(160), page_slug: z.string().trim().toLowerCase().regex(SLUG_PATTERN).max(120), version };
export const pageTextForm = z.object({ ...textFields, markdown: z.string().trim().min(1).max(MAX_PAGE_MARKDOWN) });

/** A size chart as typed: one line per row, cells separated by '|' (a Markdown table's own pipes and rule line are taken too). */
export function parseTable(typed: string): { columns: string[]; rows: string[][] } | null {
  const lines = typed
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^\||\|$/g, ''))
    .filter((line) => line.trim() !== '' && !/^[\s|:-]+$/.test(line));
  const [header, ...rows] = lines.map((line) => line.split('|').map((cell) => cell.trim()));
  if (!header || header.length < 2 || rows.length === 0 || rows.some((row) => row.length !== header.length || row[0] === '')) return null;
  return { columns: header, rows };
}
/** A size chart's table as staff type it back. */
export const typedTable = (table: { columns: string[]; rows: string[][] }) => [table.columns, ...table.rows].map((row) => row.join(' | ')).join('\n');

export const chartTextForm = z.object({ ...textFields, table: z.string().max(10_000).refine((typed) => parseTable(typed) !== null) });
