import type { Listing, ProductSummary } from '@shop/contract';

/**
 * A product as its card draws it (ProductCard, QuickAddButton, WishlistButton). A page's HTML carries its data twice,
 * drawn and again for hydration, so a listing's loader sends the browser this and not the whole summary (a
 * category page is read by every shopper; docs/performance.md).
 */
export type CardProduct = Pick<
  ProductSummary,
  | 'id_product'
  | 'name'
  | 'link_rewrite'
  | 'reference'
  | 'regular_price'
  | 'price'
  | 'discount_percent'
  | 'price_varies'
  | 'lowest_prior_price'
  | 'colors'
  | 'badges'
  | 'free_shipping'
  | 'remaining_stock'
  | 'single_combination_id'
  | 'rating'
> & { brand: { name: string } | null; default_image: Omit<ProductSummary['default_image'], 'alt'> };

export type CardListing = Omit<Listing, 'products'> & { products: CardProduct[] };

export function cardProduct(product: ProductSummary): CardProduct {
  const { url, width, height, photo } = product.default_image;
  return {
    id_product: product.id_product,
    name: product.name,
    link_rewrite: product.link_rewrite,
    reference: product.reference,
    regular_price: product.regular_price,
    price: product.price,
    discount_percent: product.discount_percent,
    price_varies: product.price_varies,
    lowest_prior_price: product.lowest_prior_price ?? null,
    colors: product.colors,
    badges: product.badges,
    free_shipping: product.free_shipping,
    remaining_stock: product.remaining_stock,
    single_combination_id: product.single_combination_id,
    rating: product.rating,
    brand: product.brand && { name: product.brand.name },
    default_image: { url, width, height, photo },
  };
}

/** A listing with its products as cards draw them. */
export function forCards(listing: Listing): CardListing {
  return { ...listing, products: listing.products.map(cardProduct) };
}
