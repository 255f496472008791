import { redirect } from 'react-router';
import { loadOrFail, orNothing } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { productPath } from './paths';
import { readChosenAttributes } from './chosen-variant';
import { RELATED_PAGE_PARAM } from './product-params';
import { loadProductReviews } from '~/features/reviews/reviews.server';

function relatedPage(url: URL): number {
  const page = Number(url.searchParams.get(RELATED_PAGE_PARAM) ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 1_000 ? page : 1;
}

/**
 * The product page's data: the product on the chosen variant and its address in every language, awaited; its
 * related products and its reviews (below the fold) as promises that stream (React Router's deferred data), null
 * when their call fails: the page stays without them. The calls start at once: one round trip's time, not three.
 */
export async function loadProductPage({ api, lang }: PageContext, id: number, param: string, url: URL) {
  const related = orNothing(api('getRelatedProducts', { id_product: id, page: relatedPage(url) }), 'related products');
  const reviews = loadProductReviews(api, id, url);
  const product = await loadOrFail(api('getProduct', { product_id: id, group: readChosenAttributes(url.searchParams) }));
  // An old or foreign-language slug goes to this language's address for the product.
  const canonical = productPath(lang, product);
  if (`/${lang}/${param}.html` !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  const alternates = Object.fromEntries(Object.entries(product.alternates).map(([code, path]) => [code, `/${code}/${path}.html`]));
  return { product, related, reviews, alternates };
}
