import { z } from 'zod';
import {
  brandSchema,
  categorySchema,
  contentPageSchema,
  getBrandInput,
  getCategoryInput,
  getContentInput,
  getProductInput,
  getProductsInput,
  listingSchema,
  productListSchema,
  productRailInput,
  productSchema,
  sitemapSchema,
} from './catalog.ts';
import { bootstrapSchema, countriesSchema } from './shop.ts';

/**
 * How a call travels and may be treated by the client:
 * - `method`: POST for nearly everything (SPEC §7), GET for the two marked calls.
 * - `readOnly`: a read-only POST is safe to retry once (DESIGN.md §3).
 * - `publicCache`: public catalogue data, cacheable for the 5-second freshness time.
 */
type CallDefinition<I extends z.ZodType, O extends z.ZodType> = {
  method: 'GET' | 'POST';
  input: I;
  output: O;
  readOnly: boolean;
  publicCache: boolean;
};

function call<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  options: Partial<Pick<CallDefinition<I, O>, 'method' | 'readOnly' | 'publicCache'>> = {},
): CallDefinition<I, O> {
  return { method: 'POST', readOnly: false, publicCache: false, ...options, input, output };
}

const catalogRead = { readOnly: true, publicCache: true } as const;
const empty = z.object({}).strict();

export const calls = {
  bootstrap: call(empty, bootstrapSchema, catalogRead),
  getProducts: call(getProductsInput, listingSchema, catalogRead),
  getProduct: call(getProductInput, productSchema, catalogRead),
  getProductsFeatured: call(productRailInput, productListSchema, catalogRead),
  getProductsBestsellers: call(productRailInput, productListSchema, catalogRead),
  getProductsLatest: call(productRailInput, productListSchema, catalogRead),
  getCategory: call(getCategoryInput, categorySchema, catalogRead),
  getBrands: call(empty, z.object({ brands: z.array(brandSchema) }), catalogRead),
  getBrand: call(getBrandInput, brandSchema, catalogRead),
  getContent: call(getContentInput, contentPageSchema, catalogRead),
  getCountries: call(empty, countriesSchema, catalogRead),
  getSitemap: call(empty, sitemapSchema, catalogRead),
} satisfies Record<string, CallDefinition<z.ZodType, z.ZodType>>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
