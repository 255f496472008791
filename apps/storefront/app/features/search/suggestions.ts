import type { SearchSuggestions } from '@shop/contract';
import { categoryUrl, productPath } from '~/features/catalog/paths';
import { searchPath } from './paths';

/** Shorter queries would match nearly everything. */
export const MIN_QUERY_LENGTH = 2;

/** What the browser gets for the suggestion box: only what it shows, links ready. */
export type SuggestionList = {
  q: string;
  corrected: string | null;
  products: { id: number; name: string; brand: string | null; price: number; image: string; href: string }[];
  categories: { id: number; name: string; parent: string | null; href: string }[];
  /** Colours the last word typed starts ('ros' → Rosso): the search of the query with that word completed. */
  colors: { id: number; name: string; hex: string | null; href: string }[];
};

export const NO_SUGGESTIONS = (q: string): SuggestionList => ({ q, corrected: null, products: [], categories: [], colors: [] });

export function toSuggestionList(lang: string, q: string, found: SearchSuggestions): SuggestionList {
  return {
    q,
    corrected: found.corrected,
    products: found.products.map((product) => ({
      id: product.id_product,
      name: product.name,
      brand: product.brand?.name ?? null,
      price: product.price,
      image: product.default_image.url,
      href: productPath(lang, product),
    })),
    categories: found.categories.map((category) => ({ id: category.id, name: category.name, parent: category.parent, href: categoryUrl(lang, category) })),
    colors: found.colors.map((colour) => ({ id: colour.id, name: colour.name, hex: colour.hex, href: searchPath(lang, colour.q) })),
  };
}
