import { useTranslation } from '~/i18n/use-translation';
import { useActionData } from 'react-router';
import type { Route } from './+types/confirm-account';
import { SubmitButton } from '~/components/forms/fields';
import { useShopForm } from '~/components/forms/useShopForm';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, confirmAccountForm } from '~/features/account/forms';
import { MailedLinkScreen } from '~/features/account/MailedLinkScreen';
import { sessionHeaders } from '~/lib/auth.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { pageContext } from '~/lib/request-context.server';

/**
 * The link of the registration mail opens this screen; its button creates the account and signs the shopper in.
 * Confirming takes a click (a POST), not the page view: mail scanners that open links must not use them up.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitForm(
    request,
    lang,
    formData,
    confirmAccountForm,
    async ({ token }) => {
      const { session } = await api('confirmRegistration', { token });
      return redirectWithFlash(request, `/${lang}/my-account`, 'registered', sessionHeaders(request, session));
    },
    { labelsOf: accountLabels, refusalKey: 'auth.confirmLinkInvalid' },
  );
}

export default function ConfirmAccount() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>()?.result;
  const { busy, formProps } = useShopForm({ id: 'confirm-account', schema: confirmAccountForm, labels: accountLabels(t), lastResult });
  return (
    <MailedLinkScreen
      title={t('auth.confirmTitle')}
      intro={t('auth.confirmIntro')}
      missingToken={t('auth.confirmLinkInvalid')}
      formProps={formProps}
      againPath="/auth/register"
      againLabel={t('auth.registerAgain')}
    >
      <SubmitButton busy={busy}>{t('auth.confirmAccount')}</SubmitButton>
    </MailedLinkScreen>
  );
}
