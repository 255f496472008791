import type { Route } from './+types/page';
import { ErrorScreen, errorScreenProps } from '~/components/ErrorScreen';
import { PageMeta } from '~/components/PageMeta';
import { CategoryView } from '~/features/catalog/CategoryView';
import { BreadcrumbJsonLd, SocialMeta, useListingTitle } from '~/features/catalog/seo';
import type { loadCategoryPage } from '~/features/catalog/category-page.server';

/**
 * `/{lang}/{id}-{slug}`, a category page with its listing (SPEC §2). The route table cannot tell this shape
 * from a content page's, so routes/page.tsx serves both: its loader reads a category's page with
 * features/catalog/category-page.server and hands it to this module's component and error boundary.
 */

export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;

/** Title (with the page number from page 2 on), description, sharing tags and breadcrumb data. */
function CategoryMeta({ category, listing }: CategoryPageData) {
  const title = useListingTitle(category.name, listing.pagination.page);
  return (
    <>
      <PageMeta title={title} description={category.description} />
      <SocialMeta title={title} description={category.description} image={listing.products[0]?.default_image.url} />
      <BreadcrumbJsonLd trail={category.breadcrumbs} />
    </>
  );
}

export default function CategoryPage({ loaderData }: { loaderData: CategoryPageData }) {
  return (
    <>
      <CategoryMeta {...loaderData} />
      <CategoryView category={loaderData.category} listing={loaderData.listing} />
    </>
  );
}

/** A category that does not exist (or no longer), or a failing shop API: the error screen inside the shop's frame. */
export function ErrorBoundary({ error }: Pick<Route.ErrorBoundaryProps, 'error'>) {
  return <ErrorScreen {...errorScreenProps(error)} />;
}
