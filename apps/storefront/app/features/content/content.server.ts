import type { ContentPage } from '@shop/contract';
import { loadOrFail } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';

/** A content page or a size chart, with its address in every language. */
export async function loadContentPage({ api }: PageContext, slug: string, kind: ContentPage['kind']) {
  const page = await loadOrFail(api('getContent', { slug, kind }));
  const folder = kind === 'size-chart' ? 'size-chart/' : '';
  const alternates = Object.fromEntries(Object.entries(page.alternates).map(([code, path]) => [code, `/${code}/${folder}${path}`]));
  return { kind: 'content' as const, page, alternates };
}
