import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/confirm-account';
import { SubmitButton } from '../../components/forms/fields';
import { ShopForm } from '../../components/forms/ShopForm';
import { useShopForm } from '../../components/forms/useShopForm';
import { Screen } from '../../components/Screen';
import { postedForm, submitAccountForm } from '../../features/account/form-action.server';
import { accountLabels, confirmAccountForm } from '../../features/account/forms';
import { sessionHeaders } from '../../lib/auth.server';
import { useLocalePath } from '../../lib/hooks';
import { pageContext } from '../../lib/request-context.server';

/**
 * The link of the registration mail opens this screen; its button creates the account and signs the shopper in.
 * Confirming takes a click (a POST), not the page view: mail scanners that open links must not use them up.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitAccountForm(
    request,
    lang,
    formData,
    confirmAccountForm,
    async ({ token }) => {
      const { session } = await api('confirmRegistration', { token });
      return redirect(`/${lang}/my-account`, { headers: sessionHeaders(request, session, 'registered') });
    },
    { refusalKey: 'auth.confirmLinkInvalid' },
  );
}

export default function ConfirmAccount() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const lastResult = useActionData<typeof action>()?.result;
  const { busy, formProps } = useShopForm({ id: 'confirm-account', schema: confirmAccountForm, labels: accountLabels(t), lastResult });
  return (
    <Screen title={t('auth.confirmTitle')} intro={token ? t('auth.confirmIntro') : t('auth.confirmLinkInvalid')}>
      <div className="mt-6 max-w-md">
        {token ? (
          <ShopForm {...formProps}>
            <input type="hidden" name="token" value={token} />
            <SubmitButton busy={busy}>{t('auth.confirmAccount')}</SubmitButton>
          </ShopForm>
        ) : null}
        <p className="mt-6">
          <Link to={localePath('/auth/register')} className="underline">
            {t('auth.registerAgain')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
