import { z } from 'zod';
import { rowId } from './bounds.ts';

// The back office's prices, sales and codes (issue 27): coupons and vouchers (the cart_rules the cart reads, SPEC
// §8) and sales periods per product, category or brand, which every price of the shop applies
// (docs/adr/0043-sales-and-price-history.md). Amounts are cents with VAT, as the shelf price.

/** A row's id as the database holds it (bounds.ts). */
const id = rowId;
const amount = z.coerce.number().int().min(1).max(100_000_000);
const percent = z.coerce.number().int().min(1).max(100);
const when = z.iso.datetime({ offset: true });
export const ADMIN_PROMOTIONS_PAGE_SIZE = 25;
export const CODE_KINDS = ['coupon', 'voucher'] as const;
export const PROMOTION_STATES = ['scheduled', 'running', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** What a code or a sale takes off: a percentage or an amount, not both (a code may take off only the shipping). */
const reduction = { reduction_percent: percent.optional(), reduction_amount: amount.optional() };

/**
 * A code as the merchant sets it. Uppercase letters, digits, dash and underscore (the cart upper-cases what a shopper
 * types). Empty category and brand lists: every product.
 */
export const adminCodeFields = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{3,32}$/),
  kind: z.enum(CODE_KINDS),
  /** The name shoppers read in their cart (English, the fallback of every language). */
  name: z.string().trim().min(1).max(120),
  ...reduction,
  free_shipping: z.boolean().default(false),
  minimum_amount: z.coerce.number().int().min(0).max(100_000_000).default(0),
  category_ids: z.array(id).max(50).default([]),
  brand_ids: z.array(id).max(50).default([]),
  total_uses_limit: z.coerce.number().int().min(1).max(10_000_000).optional(),
  uses_per_customer_limit: z.coerce.number().int().min(1).max(1_000).optional(),
  combinable: z.boolean().default(true),
  applies_to_discounted: z.boolean().default(true),
  starts_at: when.optional(),
  ends_at: when.optional(),
});
const codeRules = <S extends z.ZodType<z.output<typeof adminCodeFields>>>(schema: S) =>
  schema
    .refine((input) => !(input.reduction_percent !== undefined && input.reduction_amount !== undefined), { path: ['reduction_amount'], error: 'A percentage or an amount, not both.' })
    .refine((input) => input.reduction_percent !== undefined || input.reduction_amount !== undefined || input.free_shipping, { path: ['reduction_percent'], error: 'A code takes something off.' })
    .refine((input) => !input.starts_at || !input.ends_at || input.starts_at < input.ends_at, { path: ['ends_at'], error: 'It ends after it starts.' });

/** Creates a code (no `id`) or changes one (with its `id`); the code itself may be changed only while unused. */
export const adminSaveCodeInput = codeRules(adminCodeFields.extend({ id: id.optional() }));

export const adminCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  name: z.string(),
  reduction_percent: z.number().int().nullable(),
  reduction_amount: z.number().int().nullable(),
  free_shipping: z.boolean(),
  minimum_amount: z.number().int(),
  category_ids: z.array(z.number().int()),
  brand_ids: z.array(z.number().int()),
  total_uses_limit: z.number().int().nullable(),
  uses_per_customer_limit: z.number().int().nullable(),
  combinable: z.boolean(),
  applies_to_discounted: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  state: z.enum(PROMOTION_STATES),
  /** Uses that count against the limits (paid orders, and unpaid ones still within their time to pay). */
  uses: z.number().int(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;

export const adminCodesInput = z.object({
  query: z.string().trim().max(32).optional(),
  state: z.enum(PROMOTION_STATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminCodesSchema = z.object({ codes: z.array(adminCodeSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int() });

export const adminCodeInput = z.object({ id });
/** A code with the orders that used it, newest first. */
export const adminCodeDetailSchema = z.object({
  code: adminCodeSchema,
  orders: z.array(z.object({ reference: z.string().nullable(), email: z.string().nullable(), status: z.string().nullable(), counted: z.boolean(), used_at: z.string() })),
});
export const adminEndInput = z.object({ id });

/** The categories and brands a code or a sale can be limited to, named in the staff member's language. */
export const adminPromotionChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const SALE_SCOPES = ['product', 'category', 'brand'] as const;
export const adminSaveSaleInput = z
  .object({
    name: z.string().trim().min(1).max(120),
    scope: z.enum(SALE_SCOPES),
    /** The product's, category's or brand's id. */
    target_id: id,
    ...reduction,
    starts_at: when,
    ends_at: when,
  })
  .refine((input) => (input.reduction_percent === undefined) !== (input.reduction_amount === undefined), { path: ['reduction_percent'], error: 'A percentage or an amount.' })
  .refine((input) => input.starts_at < input.ends_at, { path: ['ends_at'], error: 'It ends after it starts.' });

/**
 * A change to a sale that has not ended: its name, its reduction and its end; its start only while it has not
 * started (a running sale's start is history, `sale_started`). Its scope stays: another scope is another sale.
 */
export const adminUpdateSaleInput = z
  .object({
    id,
    name: z.string().trim().min(1).max(120),
    ...reduction,
    starts_at: when.optional(),
    ends_at: when,
  })
  .refine((input) => (input.reduction_percent === undefined) !== (input.reduction_amount === undefined), { path: ['reduction_percent'], error: 'A percentage or an amount.' })
  .refine((input) => input.starts_at === undefined || input.starts_at < input.ends_at, { path: ['ends_at'], error: 'It ends after it starts.' });

export const adminSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(SALE_SCOPES),
  target_id: z.number().int(),
  target_name: z.string(),
  reduction_percent: z.number().int().nullable(),
  reduction_amount: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  ended_at: z.string().nullable(),
  state: z.enum(PROMOTION_STATES),
  /** The products it reaches. */
  product_count: z.number().int(),
});
export type AdminSale = z.infer<typeof adminSaleSchema>;
export const adminSalesInput = z.object({ state: z.enum(PROMOTION_STATES).optional(), page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const adminSalesSchema = z.object({ sales: z.array(adminSaleSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int() });
