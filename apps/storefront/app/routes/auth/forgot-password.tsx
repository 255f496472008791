import { useTranslation } from '~/i18n/use-translation';
import { Link, useActionData } from 'react-router';
import type { Route } from './+types/forgot-password';
import { SubmitButton, TextField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { Screen } from '~/components/Screen';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, forgotPasswordForm } from '~/features/account/forms';
import { redirectWithFlash } from '~/lib/flash.server';
import { useLocalePath } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';
import { safeRedirect } from '~/lib/safe-redirect.server';

/** Asks for the reset email. The answer is the same whether or not the address is known (SPEC §8). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitForm(request, lang, formData, forgotPasswordForm, async ({ email }) => {
    await api('resetPasswordEmail', { email });
    return redirectWithFlash(request, safeRedirect(request, new URL(request.url).pathname, `/${lang}/forgot-password`), 'passwordResetEmailSent');
  }, { labelsOf: accountLabels });
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const lastResult = useActionData<typeof action>()?.result;
  const { fields, busy, formProps } = useShopForm({ id: 'forgot-password', schema: forgotPasswordForm, labels: accountLabels(t), lastResult });
  return (
    <Screen title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      <div className="mt-6 max-w-md">
        <ShopForm {...formProps}>
          <TextField field={fields.email} label={t('auth.email')} type="email" autoComplete="email" />
          <SubmitButton busy={busy}>{t('auth.sendResetLink')}</SubmitButton>
        </ShopForm>
        <p className="mt-6">
          <Link to={localePath('/auth/login')} className="underline">
            {t('auth.backToLogin')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
