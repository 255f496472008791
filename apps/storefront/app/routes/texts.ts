import { isLang } from '@shop/contract/constants';
import type { Route } from './+types/texts';
import { pageTexts } from '~/i18n/i18n.server';
import { notFound } from '~/lib/request-context.server';

/**
 * `/{lang}/texts/{version}.js`: the language's texts for hydration (entry.server.tsx), named by their version so that a
 * browser keeps them for good and loads them once for every page. An older version (a page rendered before a
 * deploy) gets today's texts, not kept: the page still hydrates, its texts the current ones.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isLang(params.lang)) return notFound();
  const { version, script } = await pageTexts(params.lang);
  return new Response(script, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': params.version === version ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
