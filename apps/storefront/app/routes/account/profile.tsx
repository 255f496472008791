import { GENDERS, PASSWORD_POLICY, type Customer } from '@shop/contract/account';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useActionData } from 'react-router';
import type { Route } from './+types/profile';
import { ChoiceGroup, SubmitButton, TextField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { AccountScreen } from '~/features/account/AccountScreen';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, erasureForm, newsletterForm, passwordChangeForm, profileForm } from '~/features/account/forms';
import { YourData } from '~/features/account/YourData';
import { NewsletterFields } from '~/features/account/NewsletterFields';
import { NewPasswordField } from '~/features/account/PasswordField';
import { redirectWithFlash } from '~/lib/flash.server';
import { notFound, pageContext, signedInCustomer } from '~/lib/request-context.server';

// Signed-in only: routes/account/layout.tsx guards the loader and the action.
export async function loader({ context }: Route.LoaderArgs) {
  return { customer: await signedInCustomer(context) };
}

/** The updateCustomer call takes the whole profile: each form changes its part of what is stored. */
function profileOf(customer: Customer) {
  const { first_name, last_name, email, gender, newsletter, newsletter_interests } = customer;
  return { first_name, last_name, email, gender, newsletter, newsletter_interests };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const customer = await signedInCustomer(context);
  const { formData, formId } = await postedForm(request);
  const back = (flash: string) => redirectWithFlash(request, `/${lang}/my-account`, flash);
  switch (formId) {
    case 'profile':
      return submitForm(request, lang, formData, profileForm, async (changes) => {
        await api('updateCustomer', { ...profileOf(customer), ...changes, gender: changes.gender ?? null });
        return back(changes.email === customer.email ? 'accountUpdated' : 'contactUpdated');
      }, { labelsOf: accountLabels, hideFields: ['current_password'], refusalKey: 'messages.couldNotUpdateUser' });
    case 'newsletter':
      return submitForm(request, lang, formData, newsletterForm, async (changes) => {
        await api('updateCustomer', { ...profileOf(customer), ...changes });
        return back('newsletterSaved');
      }, { labelsOf: accountLabels });
    case 'password':
      return submitForm(request, lang, formData, passwordChangeForm, async ({ current_password, new_password }) => {
        await api('updateCustomer', { ...profileOf(customer), current_password, new_password });
        return back('passwordChanged');
      }, { labelsOf: accountLabels, hideFields: ['current_password', 'new_password', 'confirm_password'] });
    case 'erasure':
      return submitForm(request, lang, formData, erasureForm, async () => {
        await api('requestDataErasure', {});
        return back('erasureRequested');
      }, { labelsOf: accountLabels });
    default:
      return notFound();
  }
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  // Form ids are document ids too: the heading's id must not be one of them.
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="max-w-lg">
      <h2 id={headingId} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer } = loaderData;
  const actionData = useActionData<typeof action>();
  const labels = accountLabels(t);
  // One object for the life of the data: a new default each render would make the forms start over.
  const defaults = useMemo(() => profileOf(customer), [customer]);
  const resultFor = (id: string) => (actionData?.result.initialValue?.form === id ? actionData.result : undefined);
  const profile = useShopForm({ id: 'profile', schema: profileForm, labels, lastResult: resultFor('profile'), defaultValue: defaults });
  const newsletter = useShopForm({ id: 'newsletter', schema: newsletterForm, labels, lastResult: resultFor('newsletter'), defaultValue: defaults });
  const password = useShopForm({ id: 'password', schema: passwordChangeForm, labels, lastResult: resultFor('password') });
  const erasure = useShopForm({ id: 'erasure', schema: erasureForm, labels, lastResult: resultFor('erasure') });
  return (
    <AccountScreen title={t('account.hello', { name: customer.first_name })}>
      <div className="grid gap-12 lg:grid-cols-2">
        <Section id="personal-data" title={t('account.personalData')}>
          <ShopForm {...profile.formProps}>
            <ChoiceGroup
              field={profile.fields.gender}
              legend={t('auth.gender')}
              type="radio"
              options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender${gender[0]!.toUpperCase()}${gender.slice(1)}`) }))}
            />
            <TextField field={profile.fields.first_name} label={t('auth.firstName')} autoComplete="given-name" />
            <TextField field={profile.fields.last_name} label={t('auth.lastName')} autoComplete="family-name" />
            <TextField field={profile.fields.email} label={t('auth.email')} type="email" autoComplete="email" />
            <TextField field={profile.fields.current_password} label={t('auth.currentPassword')} type="password" autoComplete="current-password" />
            <SubmitButton busy={profile.busy}>{t('account.saveProfile')}</SubmitButton>
          </ShopForm>
        </Section>
        <div className="space-y-12">
          <Section id="password-change" title={t('account.passwordChange')}>
            <ShopForm {...password.formProps}>
              <TextField field={password.fields.current_password} label={t('auth.currentPassword')} type="password" autoComplete="current-password" />
              <NewPasswordField field={password.fields.new_password} label={t('auth.newPassword')} min={PASSWORD_POLICY.min_length} />
              <TextField field={password.fields.confirm_password} label={t('auth.confirmPassword')} type="password" autoComplete="new-password" />
              <SubmitButton busy={password.busy}>{t('account.savePasswordChange')}</SubmitButton>
            </ShopForm>
          </Section>
          <Section id="newsletter" title={t('account.newsletterTitle')}>
            <ShopForm {...newsletter.formProps}>
              <NewsletterFields
                newsletter={newsletter.fields.newsletter}
                interests={newsletter.fields.newsletter_interests}
                validate={(name) => newsletter.form.validate({ name })}
              />
              <SubmitButton busy={newsletter.busy}>{t('account.saveNewsletter')}</SubmitButton>
            </ShopForm>
          </Section>
          <Section id="your-data" title={t('account.yourData')}>
            <YourData erasure={erasure} requestedAt={customer.erasure_requested_at ?? null} />
          </Section>
        </div>
      </div>
    </AccountScreen>
  );
}
