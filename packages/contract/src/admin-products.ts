import { z } from 'zod';
import { rowId } from './bounds.ts';
import { GARMENTS } from './garments.ts';
import { STOREFRONT_LANGUAGES } from './locales.ts';
import { SLUG_PATTERN } from './slug.ts';

/** The back office's catalogue (issue 27): products, their texts per shop language, and their size × colour variants. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/**
 * The product list counts its matches up to this many (then says 'more than'): counting all of a 100,000-product
 * catalogue's matches cost more than the page itself (docs/performance.md). A multiple of the page size.
 */
export const ADMIN_PRODUCTS_COUNT_CAP = 1_000;
export const PRODUCT_STATES = ['active', 'draft'] as const;
export const PRODUCT_GENDERS = ['women', 'men', 'kids'] as const;
/**
 * What a product is for VAT: 'standard', or children's clothing and footwear, which some countries tax lower (Ireland:
 * 0 %). Each country's rate for a class is in the API's country_tax_rates; a class it has no rate for is standard there.
 */
export const TAX_CLASSES = ['standard', 'children'] as const;
export const PRODUCT_SORTS = ['newest', 'oldest', 'name', 'reference', 'price_asc', 'price_desc', 'stock_asc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** A variant counts as low on stock at this many units or fewer, unless the list asks for another threshold. */
export const LOW_STOCK_THRESHOLD = 3;

/** A row's id as the database holds it (bounds.ts). */
const id = rowId;
const lang = z.enum(STOREFRONT_LANGUAGES);

/**
 * A GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14): digits only, the last one the GS1 check digit of the others (weights 3
 * and 1 from the right).
 */
export function gtinValid(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
export const gtinSchema = z
  .string()
  .trim()
  .refine(gtinValid, { error: 'Not a GTIN: 8, 12, 13 or 14 digits with a right check digit.' });
/** A reference (the product's or a variant's SKU): letters, digits and - _ . / as merchants write them. */
export const referenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/);
/** A product's slug in one language: ASCII only (slug.ts, ADR 59). */
export const slugSchema = z.string().trim().min(1).max(128).regex(SLUG_PATTERN);

export const adminProductsInput = z.object({
  /** A name (part of one, any language), a product reference or variant SKU, or a GTIN. */
  query: z.string().trim().max(100).optional(),
  category: id.optional(),
  brand: id.optional(),
  state: z.enum(PRODUCT_STATES).optional(),
  stock: z.enum(['in', 'out']).optional(),
  /** Products without a complete text in this language. */
  missing: lang.optional(),
  /** Products with a discount running now (a sale or a product's own). */
  on_sale: z.boolean().optional(),
  /** Products without a photo of the merchant's (the storefront shows its drawings for them). */
  missing_photo: z.boolean().optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string(),
  state: z.enum(PRODUCT_STATES),
  /** The shelf price (ADR 23), cents. */
  price: z.number().int(),
  stock: z.number().int(),
  variant_count: z.number().int(),
  /** The shop languages whose text is complete. */
  complete_langs: z.array(lang),
});
/**
 * A page of the list. With `more`, `total` and `pages` are lower bounds: there are more than `total` products and
 * more than `pages` pages (the count stops at ADMIN_PRODUCTS_COUNT_CAP, or at the page asked for when it has a next).
 */
export const adminProductsSchema = z.object({ products: z.array(adminProductRowSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int(), more: z.boolean() });

/** What search engines show of a title and of a description (longer ones are cut in their results). */
export const PRODUCT_META_TITLE_MAX = 70;
export const PRODUCT_META_DESCRIPTION_MAX = 160;
/** The products the merchant can set beside one (the storefront pages them with the category's best sellers after them). */
export const RELATED_PRODUCTS_MAX = 12;

export const productTextSchema = z.object({
  name: z.string().trim().max(200).default(''),
  slug: z.union([slugSchema, z.literal('')]).default(''),
  description: z.string().trim().max(20_000).default(''),
  additional_info: z.string().trim().max(20_000).default(''),
  /** The product page's <title> and meta description in this language (optional: empty, they are made of the name and description). */
  meta_title: z.string().trim().max(PRODUCT_META_TITLE_MAX).default(''),
  meta_description: z.string().trim().max(PRODUCT_META_DESCRIPTION_MAX).default(''),
});
export type ProductText = z.output<typeof productTextSchema>;
/** A language's text is complete with a name, a slug and a description. */
export const textComplete = (text: Pick<ProductText, 'name' | 'slug' | 'description'> | undefined): boolean => Boolean(text?.name && text.slug && text.description);
/** A language's SEO texts are complete with both a title and a description of the merchant's (each is optional). */
export const seoComplete = (text: Pick<ProductText, 'meta_title' | 'meta_description'> | undefined): boolean => Boolean(text?.meta_title && text.meta_description);

export const adminVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  gtin: z.string().nullable(),
  size_id: z.number().int().nullable(),
  size: z.string().nullable(),
  colour_id: z.number().int().nullable(),
  colour: z.string().nullable(),
  stock: z.number().int(),
  /** A pre-order's date of availability (YYYY-MM-DD), or null. */
  available_date: z.string().nullable(),
  price_impact: z.number().int(),
});
export type AdminVariant = z.output<typeof adminVariantSchema>;
const option = z.object({ id: z.number().int(), name: z.string() });
export const adminProductEditorSchema = z.object({
  product: z
    .object({
      id: z.number().int(),
      reference: z.string(),
      brand_id: z.number().int().nullable(),
      category_id: z.number().int(),
      gender: z.enum(PRODUCT_GENDERS),
      garment: z.enum(GARMENTS),
      tax_class: z.enum(TAX_CLASSES),
      price: z.number().int(),
      state: z.enum(PRODUCT_STATES),
      texts: z.partialRecord(lang, productTextSchema),
      /** The products the merchant shows beside this one, in order. */
      related: z.array(z.object({ id: z.number().int(), reference: z.string(), name: z.string() })),
      variants: z.array(adminVariantSchema),
    })
    .nullable(),
  langs: z.array(lang),
  brands: z.array(option),
  categories: z.array(option),
  sizes: z.array(option),
  colours: z.array(option),
});
export const adminProductInput = z.object({ id });

/** Creating (no id) or saving a product: a new one is a draft until published. */
export const adminSaveProductInput = z.object({
  id: id.optional(),
  reference: referenceSchema,
  brand_id: id.nullable().optional(),
  category_id: id,
  gender: z.enum(PRODUCT_GENDERS),
  /** What the garment is (the storefront draws products without photos by it). */
  garment: z.enum(GARMENTS),
  /** What the product is for VAT; not sent: as it is (a new product: standard). */
  tax_class: z.enum(TAX_CLASSES).optional(),
  /** The shelf price, VAT included in the EU zone (ADR 23), in cents. */
  price: z.coerce.number().int().min(1).max(10_000_000),
  state: z.enum(PRODUCT_STATES).default('draft'),
  /** The languages to write: one sent with an empty name is taken off, one not sent is left as it is. */
  texts: z.partialRecord(lang, productTextSchema),
  /**
   * The products to show beside this one, in order, by reference (or id): replaces the list; left as it is when not
   * sent. An unknown one, or the product itself, is refused (`related_unknown`).
   */
  related: z.array(z.string().trim().min(1).max(64)).max(RELATED_PRODUCTS_MAX).optional(),
});
export const adminSavedProductSchema = z.object({ id: z.number().int(), state: z.enum(PRODUCT_STATES), complete_langs: z.array(lang) });

export const adminPublishProductInput = z.object({ id, state: z.enum(PRODUCT_STATES) });

/** The size × colour grid in one step: every pair not yet a variant becomes one, with this stock. */
export const adminVariantGridInput = z.object({
  product_id: id,
  sizes: z.array(id).min(1).max(40),
  colours: z.array(id).min(1).max(40),
  stock: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const adminVariantGridSchema = z.object({ created: z.number().int(), variants: z.array(adminVariantSchema) });

export const adminSaveVariantInput = z.object({
  id,
  sku: referenceSchema,
  gtin: z.union([gtinSchema, z.literal('').transform(() => null)]).nullable().default(null),
  stock: z.coerce.number().int().min(0).max(1_000_000),
  available_date: z.union([z.iso.date(), z.literal('').transform(() => null)]).nullable().default(null),
});

/** Stock changes for many variants at once: a new count, or units added (or taken off, negative) to what is there. */
export const adminChangeStockInput = z.object({
  mode: z.enum(['set', 'add']),
  changes: z
    .array(z.object({ id, quantity: z.coerce.number().int().min(-1_000_000).max(1_000_000) }))
    .min(1)
    .max(500),
});
export const adminChangedStockSchema = z.object({ variants: z.array(z.object({ id: z.number().int(), stock: z.number().int() })) });

export const adminLowStockInput = z.object({
  threshold: z.coerce.number().int().min(0).max(1_000).default(LOW_STOCK_THRESHOLD),
  /** One product's variants only. */
  product_id: id.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminLowStockSchema = z.object({
  variants: z.array(adminVariantSchema.extend({ product_id: z.number().int(), product_name: z.string(), product_reference: z.string() })),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
