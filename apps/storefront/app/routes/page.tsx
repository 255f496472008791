import type { Route } from './+types/page';
import { loadCategoryPage } from '../features/catalog/category.server';
import { CategoryView } from '../features/catalog/CategoryView';
import { loadProductPage } from '../features/catalog/product.server';
import { ProductView } from '../features/catalog/ProductView';
import { loadContentPage } from '../features/content/content.server';
import { ContentView } from '../features/content/ContentView';
import { parsePageSegment } from '../lib/route-ids';
import { notFound, pageContext } from '../lib/request-context.server';

/** `/{lang}/{segment}`: the segment's shape says whether it is a product, a category or a content page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = pageContext(context);
  const url = new URL(request.url);
  const target = parsePageSegment(params.page);
  switch (target.kind) {
    case 'product':
      return loadProductPage(shop, target.id, target.param, url);
    case 'category':
      return loadCategoryPage(shop, target.id, target.param, url);
    case 'content':
      return loadContentPage(shop, target.slug, 'page');
    case 'invalid':
      return notFound();
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'product':
      return <ProductView product={loaderData.product} related={loaderData.related} />;
    case 'category':
      return <CategoryView category={loaderData.category} listing={loaderData.listing} />;
    case 'content':
      return <ContentView page={loaderData.page} />;
  }
}
