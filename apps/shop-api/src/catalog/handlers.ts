import type { CallHandlers } from '../call-context.ts';
import { bootstrap, getCountries, getCountry } from './bootstrap.ts';
import { getBrand, getBrands } from './brands.ts';
import { getCategory } from './categories.ts';
import { getContent } from './content.ts';
import { getProducts } from './listing.ts';
import { getProduct, getRelatedProducts } from './product.ts';
import { productRail } from './rails.ts';
import { readPhotoFile } from '../media/files.ts';
import { getSitemap } from './sitemap.ts';
import { searchSuggestions } from './suggestions.ts';

/** The public catalogue calls: anyone may make them, nothing personal is in their answers. */
export const catalogHandlers = {
  bootstrap: (_input, context) => bootstrap(context),
  getProducts: (input, context) => getProducts(input, context),
  getProduct: (input, context) => getProduct(input, context),
  getRelatedProducts: (input, context) => getRelatedProducts(input, context),
  search: (input, context) => searchSuggestions(input, context),
  getProductsFeatured: ({ limit }, context) => productRail(context, 'featured', limit),
  getProductsBestsellers: ({ limit }, context) => productRail(context, 'bestsellers', limit),
  getProductsLatest: ({ limit }, context) => productRail(context, 'latest', limit),
  getCategory: ({ id_category }, { db, lang }) => getCategory(db, lang, id_category),
  getBrands: (_input, { db, lang }) => getBrands(db, lang),
  getBrand: ({ id_brand }, { db, lang }) => getBrand(db, lang, id_brand),
  getContent: ({ slug, kind }, { db, lang }) => getContent(db, lang, slug, kind),
  getCountries: (_input, { db }) => getCountries(db),
  getCountry: (input, { db }) => getCountry(db, input.iso),
  getSitemap: (_input, { db }) => getSitemap(db),
  getProductPhotoFile: ({ file }, context) => readPhotoFile(context, file),
} satisfies Partial<CallHandlers>;
