import { z } from 'zod';
import { call } from './call.ts';
import {
  brandSchema,
  categorySchema,
  contentPageSchema,
  getBrandInput,
  getCategoryInput,
  getContentInput,
  getProductInput,
  getProductsInput,
  getRelatedProductsInput,
  listingSchema,
  productListSchema,
  productRailInput,
  productSchema,
  relatedProductsSchema,
  searchInput,
  searchSuggestionsSchema,
  sitemapSchema,
} from './catalog.ts';
import { bootstrapSchema, countriesSchema, countrySchema, getCountryInput } from './shop.ts';

const catalogRead = { readOnly: true, publicCache: true } as const;
const empty = z.object({}).strict();

/** The public catalogue calls: anyone may make them, nothing personal is in their answers. */
export const catalogCalls = {
  bootstrap: call(empty, bootstrapSchema, catalogRead),
  getProducts: call(getProductsInput, listingSchema, catalogRead),
  getProduct: call(getProductInput, productSchema, catalogRead),
  getRelatedProducts: call(getRelatedProductsInput, relatedProductsSchema, catalogRead),
  search: call(searchInput, searchSuggestionsSchema, catalogRead),
  getProductsFeatured: call(productRailInput, productListSchema, catalogRead),
  getProductsBestsellers: call(productRailInput, productListSchema, catalogRead),
  getProductsLatest: call(productRailInput, productListSchema, catalogRead),
  getCategory: call(getCategoryInput, categorySchema, catalogRead),
  getBrands: call(empty, z.object({ brands: z.array(brandSchema) }), catalogRead),
  getBrand: call(getBrandInput, brandSchema, catalogRead),
  getContent: call(getContentInput, contentPageSchema, catalogRead),
  getCountries: call(empty, countriesSchema, catalogRead),
  getCountry: call(getCountryInput, countrySchema, catalogRead),
  getSitemap: call(empty, sitemapSchema, catalogRead),
};

