import { redirect } from 'react-router';
import type { Route } from './+types/language-redirect';
import { detectLanguage } from '~/lib/locale.server';

/** `/` goes to the home page in the visitor's language (cookie, browser, domain, else English). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/${detectLanguage(request)}`, { headers: { Vary: 'Cookie, Accept-Language' } });
}
