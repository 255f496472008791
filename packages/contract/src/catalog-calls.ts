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
  getProductPhotoFileInput,
  getProductsInput,
  getRelatedProductsInput,
  listingSchema,
  productListSchema,
  productPhotoFileSchema,
  productRailInput,
  productSchema,
  relatedProductsSchema,
  searchInput,
  searchSuggestionsSchema,
  sitemapSchema,
} from './catalog.ts';
import { bootstrapSchema, countriesSchema, countrySchema, getCountryInput } from './shop.ts';

const catalogRead = { readOnly: true, publicCache: true } as const;
/** A catalogue read of one thing by its id (a product, a category, a brand…): `not_found` when there is none. */
const findRead = { ...catalogRead, refusals: ['not_found'] } as const;
/** Listings and suggestions share answers being worked out (the API's RevisionCache): `busy` when one takes too long. */
const sharedRead = { ...catalogRead, refusals: ['busy'] } as const;
const empty = z.object({}).strict();

/** The public catalogue calls: anyone may make them, nothing personal is in their answers. */
export const catalogCalls = {
  bootstrap: call(empty, bootstrapSchema, catalogRead),
  getProducts: call(getProductsInput, listingSchema, { ...catalogRead, refusals: ['not_found', 'busy'] }),
  getProduct: call(getProductInput, productSchema, findRead),
  getRelatedProducts: call(getRelatedProductsInput, relatedProductsSchema, findRead),
  search: call(searchInput, searchSuggestionsSchema, sharedRead),
  getProductsFeatured: call(productRailInput, productListSchema, catalogRead),
  getProductsBestsellers: call(productRailInput, productListSchema, catalogRead),
  getProductsLatest: call(productRailInput, productListSchema, catalogRead),
  getCategory: call(getCategoryInput, categorySchema, findRead),
  getBrands: call(empty, z.object({ brands: z.array(brandSchema) }), catalogRead),
  getBrand: call(getBrandInput, brandSchema, findRead),
  getContent: call(getContentInput, contentPageSchema, findRead),
  getCountries: call(empty, countriesSchema, catalogRead),
  getCountry: call(getCountryInput, countrySchema, findRead),
  getSitemap: call(empty, sitemapSchema, catalogRead),
  /** One file of a product photo (`{base}-{width}.{avif|webp|jpg}`): never changed once made. */
  getProductPhotoFile: call(getProductPhotoFileInput, productPhotoFileSchema, findRead),
};

