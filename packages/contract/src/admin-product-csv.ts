import { z } from 'zod';
import { rowId } from './bounds.ts';
import { STOREFRONT_LANGUAGES } from './locales.ts';
import { PRODUCT_META_DESCRIPTION_MAX, PRODUCT_META_TITLE_MAX } from './admin-products.ts';

/**
 * The catalogue as CSV (issue 27, docs/adr/0045-products-csv.md): one row per variant, the product's columns
 * repeated on each of its rows, the texts as one column per shop language (`name_en`, `description_it`, `seo_title_de`…). The
 * README lists the columns; an import's file may have any of them in any order, but a `sku` or a `handle`.
 */
export const PRODUCT_CSV_COLUMNS = [
  'handle',
  ...STOREFRONT_LANGUAGES.flatMap((lang) => [`name_${lang}`, `description_${lang}`, `seo_title_${lang}`, `seo_description_${lang}`]),
  'brand',
  'category',
  'gender',
  'age_group',
  'garment',
  'status',
  'price',
  'tax_class',
  'badges',
  'photos',
  'related',
  'sku',
  'size',
  'colour',
  'gtin',
  'price_difference',
  'stock',
  'available_date',
] as const;

/** The longest SEO title and description a cell may hold, as the editor takes them. */
export const CSV_TEXT_MAX = { seo_title: PRODUCT_META_TITLE_MAX, seo_description: PRODUCT_META_DESCRIPTION_MAX } as const;

/** Between the badges of a `badges` cell, the photos of a `photos` cell and the references of a `related` cell. */
export const CSV_LIST_SEPARATOR = '|';

/** Rows checked, staged and applied at a time: each applied batch is one transaction. */
export const PRODUCT_IMPORT_BATCH = 500;
/** The largest file taken (about 200,000 variants with texts in six languages). */
export const PRODUCT_CSV_MAX_BYTES = 100 * 1024 * 1024;
/** The refusals an import's answer lists (the count says how many there were in all). */
export const PRODUCT_IMPORT_REFUSALS_SHOWN = 200;

/** Why a row (or the whole file, row 1 being its header) is refused. */
export const PRODUCT_IMPORT_REASONS = [
  'not_utf8',
  'not_csv',
  'empty_file',
  'file_too_large',
  'missing_column',
  'unknown_column',
  'duplicate_column',
  'missing_value',
  'bad_reference',
  'bad_gtin',
  'bad_price',
  'price_unreachable',
  'bad_stock',
  'bad_date',
  'bad_status',
  'bad_tax_class',
  'bad_gender',
  'bad_garment',
  'unknown_category',
  'unknown_brand',
  'unknown_size',
  'unknown_colour',
  'unknown_sku',
  'duplicate_sku',
  'duplicate_gtin',
  'gtin_taken',
  'sku_of_other_product',
  'product_rows_differ',
  'bad_badge',
  'unknown_photo',
  'unknown_related',
  'too_many_related',
  'text_too_long',
] as const;
export type ProductImportReason = (typeof PRODUCT_IMPORT_REASONS)[number];

/**
 * Checked (dry run passed, not yet applied or applied in part), refused (a refused row: nothing can be applied),
 * applied, expired (left PRODUCT_IMPORT_KEPT_HOURS since its dry run or last applied batch: its staged rows are gone,
 * the file is to be checked again).
 */
export const PRODUCT_IMPORT_STATES = ['checked', 'refused', 'applied', 'expired'] as const;
/** How long a checked import (or one applied in part) waits untouched before housekeeping drops its staged rows. */
export const PRODUCT_IMPORT_KEPT_HOURS = 24;

export const productImportRefusalSchema = z.object({
  /** The row as a spreadsheet numbers it: 1 is the header. */
  row: z.number().int(),
  reason: z.enum(PRODUCT_IMPORT_REASONS),
  column: z.string().nullable(),
  value: z.string().nullable(),
});
export type ProductImportRefusal = z.output<typeof productImportRefusalSchema>;

export const adminProductImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  state: z.enum(PRODUCT_IMPORT_STATES),
  /** The file's rows besides the header. */
  rows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** The first refusals, in row order. */
  refusals: z.array(productImportRefusalSchema),
  /** Rows applied so far (an interrupted import goes on from there when applied again). */
  applied_rows: z.number().int(),
  created_at: z.string(),
});
export type AdminProductImport = z.output<typeof adminProductImportSchema>;
export const adminProductImportInput = z.object({ id: rowId });
