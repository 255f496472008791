import type { Route } from './+types/search-suggestions';
import { MIN_QUERY_LENGTH, NO_SUGGESTIONS, toSuggestionList } from '~/features/search/suggestions';
import { pageContext } from '~/lib/request-context.server';
import { orNothing } from '~/lib/api/shop.server';

const MAX_QUERY_LENGTH = 100;

/**
 * `/{lang}/search/suggestions?q=…`: the header's suggestion box asks here (the browser talks only to the
 * storefront), the storefront asks the shop API's `search` call. Public and the same for everyone: cacheable.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, lang } = pageContext(context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  if (q.length < MIN_QUERY_LENGTH) return Response.json(NO_SUGGESTIONS(q));
  // Suggestions are a help, not the search: when they fail, the box simply shows none (the form still works). A
  // visitor who typed on (the call aborted) is no failure to log.
  const found = await orNothing(api('search', { q, limit: 6 }), 'search suggestions');
  if (!found) return Response.json(NO_SUGGESTIONS(q), { headers: { 'Cache-Control': 'no-store' } });
  return Response.json(toSuggestionList(lang, q, found), { headers: { 'Cache-Control': 'public, max-age=60' } });
}
