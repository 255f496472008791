import { PASSWORD_POLICY } from '@shop/contract/account';
import { useTranslation } from '~/i18n/use-translation';
import { redirect, useActionData } from 'react-router';
import type { Route } from './+types/set-new-password';
import { SubmitButton, TextField } from '~/components/forms/fields';
import { useShopForm } from '~/components/forms/useShopForm';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, setNewPasswordForm } from '~/features/account/forms';
import { MailedLinkScreen } from '~/features/account/MailedLinkScreen';
import { NewPasswordField } from '~/features/account/PasswordField';
import { pageContext } from '~/lib/request-context.server';

/** The new password, with the token from the emailed link; then the success screen. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitForm(
    request,
    lang,
    formData,
    setNewPasswordForm,
    async ({ token, password }) => {
      await api('resetPasswordEnter', { token, password });
      return redirect(`/${lang}/auth/reset-password-success`);
    },
    { labelsOf: accountLabels, hideFields: ['password', 'confirm_password'] },
  );
}

export default function SetNewPassword() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const { fields, busy, formProps } = useShopForm({ id: 'set-new-password', schema: setNewPasswordForm, labels: accountLabels(t), lastResult });
  return (
    <MailedLinkScreen
      title={t('auth.setNewTitle')}
      intro={t('auth.setNewIntro')}
      missingToken={t('auth.resetLinkMissing')}
      formProps={formProps}
      againPath="/forgot-password"
      againLabel={t('auth.requestNewLink')}
    >
      <NewPasswordField field={fields.password} label={t('auth.newPassword')} min={PASSWORD_POLICY.min_length} />
      <TextField field={fields.confirm_password} label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
      <SubmitButton busy={busy}>{t('auth.savePassword')}</SubmitButton>
    </MailedLinkScreen>
  );
}
