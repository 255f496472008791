import { useTranslation } from '~/i18n/use-translation';
import { redirect } from 'react-router';
import type { Route } from './+types/cookie-settings';
import { Screen } from '~/components/Screen';
import { ConsentForm } from '~/features/consent/ConsentDialog';
import { CONSENT_CATEGORIES, isConsentCategory, type ConsentCategory } from '~/lib/consent';
import { consentCookies } from '~/lib/consent.server';
import { storefrontConfig } from '~/lib/config.server';
import { readForm, refusal } from '~/lib/form-body.server';
import { useRootData } from '~/lib/hooks';
import { readCookies } from '~/lib/locale.server';
import { notFound } from '~/lib/request-context.server';
import { safeRedirect } from '~/lib/safe-redirect.server';

/** A shop without a tag manager sets only necessary cookies: there is nothing to choose. */
function assertConsentNeeded(request: Request): void {
  if (!storefrontConfig.gtmId) notFound(new URL(request.url).pathname);
}

/** The settings page: the consent dialog's form as a page, for the footer's link without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  assertConsentNeeded(request);
  return null;
}

/**
 * Stores the shopper's choice ('all', 'none', or the ticked categories) with the consent text's version and the
 * date, removes the cookies of refused categories, and goes back to the page the shopper was on.
 */
export async function action({ request, params }: Route.ActionArgs) {
  assertConsentNeeded(request);
  const form = await readForm(request);
  const choice = form.get('choice');
  let granted: ConsentCategory[];
  if (choice === 'all') granted = [...CONSENT_CATEGORIES];
  else if (choice === 'none') granted = [];
  else if (choice === 'chosen') granted = form.getAll('category').filter(isConsentCategory);
  else refusal(400, 'bad_request');
  const headers = new Headers();
  for (const cookie of consentCookies(request, granted, readCookies(request))) headers.append('Set-Cookie', cookie);
  return redirect(safeRedirect(request, form.get('return'), `/${params.lang}`), { headers });
}

export default function CookieSettings() {
  const { t } = useTranslation();
  const { consent } = useRootData()!;
  return (
    <div className="mx-auto max-w-xl">
      <Screen title={t('consent.title')} intro={t('consent.text')}>
        <ConsentForm state={consent} settingsOpen />
      </Screen>
    </div>
  );
}
