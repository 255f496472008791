import { useActionData, useSearchParams } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { Route } from './+types/login';
import { TextField, SubmitButton } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { Screen } from '~/components/Screen';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, loginForm } from '~/features/account/forms';
import { sessionHeaders, signedInFlash } from '~/lib/auth.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { useLocalePath } from '~/lib/hooks';
import { pageContext, redirectSignedIn } from '~/lib/request-context.server';
import { safeRedirect } from '~/lib/safe-redirect.server';

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitForm(request, lang, formData, loginForm, async ({ email, password, redirectTo }) => {
    const { session, unheld } = await api('login', { email, password });
    return redirectWithFlash(request, safeRedirect(request, redirectTo ?? null, `/${lang}/my-account`), signedInFlash(unheld), sessionHeaders(request, session));
  }, { labelsOf: accountLabels, hideFields: ['password'] });
}

export default function Login() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  const lastResult = useActionData<typeof action>()?.result;
  const { fields, busy, formProps } = useShopForm({ id: 'login', schema: loginForm, labels: accountLabels(t), lastResult });
  return (
    <Screen title={t('auth.loginTitle')} intro={redirectTo ? t('auth.loginRequired') : t('auth.loginIntro')}>
      <div className="mt-6 max-w-md">
        <ShopForm {...formProps}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <TextField field={fields.email} label={t('auth.email')} type="email" autoComplete="email" />
          <TextField field={fields.password} label={t('auth.password')} type="password" autoComplete="current-password" />
          <SubmitButton busy={busy}>{t('auth.signIn')}</SubmitButton>
        </ShopForm>
        <ul className="mt-6 space-y-2">
          <li>
            <Link to={localePath('/auth/register')} className="underline">
              {t('auth.noAccount')}
            </Link>
          </li>
          <li>
            <Link to={localePath('/forgot-password')} className="underline">
              {t('auth.forgotLink')}
            </Link>
          </li>
        </ul>
      </div>
    </Screen>
  );
}
