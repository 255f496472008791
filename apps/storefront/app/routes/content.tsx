import type { Route } from './+types/page';
import { ErrorScreen, errorScreenProps } from '~/components/ErrorScreen';
import { PageMeta } from '~/components/PageMeta';
import { SocialMeta } from '~/features/catalog/seo';
import type { loadContentPage } from '~/features/content/content.server';
import { ContentView, pageDescription } from '~/features/content/ContentView';

/**
 * `/{lang}/{slug}`, a content page (delivery, returns, ...: SPEC §2). routes/page.tsx hands it every segment
 * that is neither a product's nor a category's.
 */

export type ContentPageData = Awaited<ReturnType<typeof loadContentPage>>;

/** Title, description (the first paragraph) and sharing tags. */
function ContentMeta({ page }: ContentPageData) {
  const description = pageDescription(page);
  return (
    <>
      <PageMeta title={page.title} description={description} />
      <SocialMeta title={page.title} description={description} />
    </>
  );
}

export default function ContentPage({ loaderData }: { loaderData: ContentPageData }) {
  return (
    <>
      <ContentMeta {...loaderData} />
      <ContentView page={loaderData.page} />
    </>
  );
}

/** A content page that does not exist, or a failing shop API: the error screen inside the shop's frame. */
export function ErrorBoundary({ error }: Pick<Route.ErrorBoundaryProps, 'error'>) {
  return <ErrorScreen {...errorScreenProps(error)} />;
}
