import { useParams } from 'react-router';
import type { Route } from './+types/page';
import { loadCategoryPage } from '~/features/catalog/category-page.server';
import { loadContentPage } from '~/features/content/content.server';
import { parsePageSegment } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';
import CategoryPage, { ErrorBoundary as CategoryErrorBoundary } from './category';
import ContentPage, { ErrorBoundary as ContentErrorBoundary } from './content';

/**
 * `/{lang}/{segment}` that is not a product's `{id}.html` (routes/product.tsx takes those). A route table matches
 * paths, not patterns, so this is the one place that tells a category (`{digits-and-hyphens}-{slug}`) from a
 * content page (`{slug}`) and hands the request to that page type's module; anything else is a 404.
 */
export function loader(args: Route.LoaderArgs) {
  const target = parsePageSegment(args.params.page);
  switch (target.kind) {
    case 'category':
      return loadCategoryPage(pageContext(args.context), target.id, target.param, new URL(args.request.url));
    case 'content':
      return loadContentPage(pageContext(args.context), target.slug, 'page');
    default:
      return notFound(new URL(args.request.url).pathname);
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'category' ? <CategoryPage loaderData={loaderData} /> : <ContentPage loaderData={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const kind = parsePageSegment(useParams().page ?? '').kind;
  return kind === 'category' ? <CategoryErrorBoundary error={error} /> : <ContentErrorBoundary error={error} />;
}
