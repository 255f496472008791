import type { Route } from './+types/logout';
import { ShopApiError } from '~/lib/api/client';
import { pageError } from '~/lib/api/shop.server';
import { sessionHeaders } from '~/lib/auth.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { notFound, pageContext } from '~/lib/request-context.server';

/** Signing out is a form post (a link could be followed by a crawler or another site). */
export const loader = () => notFound();

export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  try {
    await api('logout', {});
  } catch (error) {
    // An already expired session is signed out all the same.
    if (!(error instanceof ShopApiError) || error.isTransportFailure) pageError(error);
  }
  return redirectWithFlash(request, `/${lang}`, 'logout', sessionHeaders(request, null));
}
