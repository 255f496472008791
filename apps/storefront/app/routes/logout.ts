import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { ShopApiError } from '../lib/api/client';
import { pageError } from '../lib/api/shop.server';
import { sessionHeaders } from '../lib/auth.server';
import { assertSameOrigin } from '../lib/csrf.server';
import { notFound, pageContext } from '../lib/request-context.server';

/** Signing out is a form post (a link could be followed by a crawler or another site). */
export const loader = () => notFound();

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { api, lang } = pageContext(context);
  try {
    await api('logout', {});
  } catch (error) {
    // An already expired session is signed out all the same.
    if (!(error instanceof ShopApiError) || error.isTransportFailure) pageError(error);
  }
  return redirect(`/${lang}`, { headers: sessionHeaders(request, null, 'logout') });
}
