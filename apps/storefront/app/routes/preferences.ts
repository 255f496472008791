import { isLang } from '@shop/contract/constants';
import { redirect } from 'react-router';
import type { Route } from './+types/preferences';
import { COUNTRY_COOKIE, COUNTRY_NOTICE_COOKIE, isSecureRequest, LANG_COOKIE, localeCookie } from '~/lib/locale.server';
import { notFound } from '~/lib/request-context.server';
import { readForm } from '~/lib/form-body.server';
import { safeRedirect } from '~/lib/safe-redirect.server';

/** Only the chooser posts here. */
export const loader = () => notFound();

/**
 * Stores the chosen language and country, then shows the same page in the chosen language. The country notice
 * posts here too: 'Switch' as a country choice, 'Dismiss' (intent=dismiss) remembers the country it offered.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const lang = String(form.get('lang') ?? params.lang);
  if (!isLang(lang)) return notFound();
  const target = safeRedirect(request, form.get(`path_${lang}`), `/${lang}`);
  // The same page in the chosen language: a path in another language gives that language's home page.
  const to = /^\/[^/?#]*/.exec(target)?.[0] === `/${lang}` ? target : `/${lang}`;
  const secure = isSecureRequest(request);
  const headers = new Headers();
  headers.append('Set-Cookie', localeCookie(LANG_COOKIE, lang, secure));
  const country = String(form.get('country') ?? '').toUpperCase();
  const cookie = form.get('intent') === 'dismiss' ? COUNTRY_NOTICE_COOKIE : COUNTRY_COOKIE;
  if (/^[A-Z]{2}$/.test(country)) headers.append('Set-Cookie', localeCookie(cookie, country, secure));
  return redirect(to, { headers });
}
