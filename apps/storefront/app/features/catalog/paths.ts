/** The storefront's URL for each catalogue thing (SPEC §2's route shapes). */
export const productPath = (lang: string, product: { id_product: number; link_rewrite: string }) =>
  `/${lang}/${product.id_product}-${product.link_rewrite}.html`;
export const categoryUrl = (lang: string, category: { id: number; slug: string }) => `/${lang}/${category.id}-${category.slug}`;
export const brandPath = (lang: string, brand: { id: number; slug: string }) => `/${lang}/brands/${brand.id}-${brand.slug}`;
