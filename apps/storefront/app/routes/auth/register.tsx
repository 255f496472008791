import { GENDERS, PASSWORD_POLICY } from '@shop/contract/account';
import { useTranslation } from '~/i18n/use-translation';
import { data, Link, useActionData } from 'react-router';
import type { Route } from './+types/register';
import { ChoiceGroup, SubmitButton, TextField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { Screen } from '~/components/Screen';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, registerForm } from '~/features/account/forms';
import { NewsletterFields } from '~/features/account/NewsletterFields';
import { NewPasswordField } from '~/features/account/PasswordField';
import { useLocalePath } from '~/lib/hooks';
import { pageContext, redirectSignedIn } from '~/lib/request-context.server';

export function loader({ context }: Route.LoaderArgs) {
  return redirectSignedIn(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData } = await postedForm(request);
  return submitForm(
    request,
    lang,
    formData,
    registerForm,
    async ({ confirm_password: _repeated, ...customer }) => {
      // The same answer for a new and a known address: the account is created from the mailed link.
      await api('register', customer);
      return data({ sent: true as const });
    },
    { labelsOf: accountLabels, hideFields: ['password', 'confirm_password'] },
  );
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  return actionData && 'sent' in actionData ? <CheckYourEmail /> : <RegisterForm lastResult={actionData?.result} />;
}

/** After sending: the account exists once the link of the mail is followed. */
function CheckYourEmail() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('auth.checkEmailTitle')}>
      <p role="status" className="mt-4 max-w-lg">
        {t('auth.checkEmailText')}
      </p>
      <p className="mt-6">
        <Link to={localePath('/auth/login')} className="underline">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </Screen>
  );
}

function RegisterForm({ lastResult }: { lastResult: Parameters<typeof useShopForm>[0]['lastResult'] }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { form, fields, busy, formProps } = useShopForm({ id: 'register', schema: registerForm, labels: accountLabels(t), lastResult });
  return (
    <Screen title={t('auth.registerTitle')} intro={t('auth.registerIntro')}>
      <div className="mt-6 max-w-lg">
        <ShopForm {...formProps}>
          <ChoiceGroup
            field={fields.gender}
            legend={t('auth.gender')}
            type="radio"
            options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender${gender[0]!.toUpperCase()}${gender.slice(1)}`) }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.first_name} label={t('auth.firstName')} autoComplete="given-name" />
            <TextField field={fields.last_name} label={t('auth.lastName')} autoComplete="family-name" />
          </div>
          <TextField field={fields.email} label={t('auth.email')} type="email" autoComplete="email" />
          <NewPasswordField field={fields.password} label={t('auth.password')} min={PASSWORD_POLICY.min_length} />
          <TextField field={fields.confirm_password} label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
          <NewsletterFields newsletter={fields.newsletter} interests={fields.newsletter_interests} validate={(name) => form.validate({ name })} />
          <SubmitButton busy={busy}>{t('auth.createAccount')}</SubmitButton>
        </ShopForm>
        <p className="mt-6">
          <Link to={localePath('/auth/login')} className="underline">
            {t('auth.haveAccount')}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
