import { redirect } from 'react-router';
import { loadOrFail } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { forCards } from './card-product';
import { readListingQuery } from './listing-query';

/** The category page's data: the category with a page of its listing, its address in every language. */
export async function loadCategoryPage({ api, lang }: PageContext, id: number, param: string, url: URL) {
  // One call: the category comes with its listing.
  const listing = await loadOrFail(api('getProducts', { id_category: id, with_category_tree: false, ...readListingQuery(url) }));
  const category = listing.category!;
  if (param !== `${category.id}-${category.slug}`) throw redirect(`/${lang}/${category.id}-${category.slug}${url.search}`, 301);
  const alternates = Object.fromEntries(Object.entries(category.alternates).map(([code, path]) => [code, `/${code}/${path}`]));
  return { kind: 'category' as const, listing: forCards(listing), category, alternates };
}
