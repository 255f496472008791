import { getFormProps, getInputProps } from '@conform-to/react';
import { completeStaffSetupInput } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { adminApi, AdminApiError } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, FieldError, FormAlert, inputClass, useStaffForm } from '../lib/forms';
import type { Route } from './+types/setup';

/** The one-time link of `npm run staff:create`: who it is for, and the authenticator key to enrol. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    return { token, setup: await adminApi(request, 'getStaffSetup', { token }, null) };
  } catch (error) {
    if (error instanceof AdminApiError && error.status < 500) return { token, setup: null };
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  return submitStaffForm(
    await request.formData(),
    completeStaffSetupInput,
    async (value, submission) => ({ result: submission.reply({ resetForm: true }), done: await adminApi(request, 'completeStaffSetup', value, null) }),
    { hideFields: ['password', 'code'], refused: (result) => ({ result, done: null }) },
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useStaffForm(completeStaffSetupInput, actionData?.result);
  const { setup, token } = loaderData;
  if (actionData?.done) {
    return (
      <main id="main" className="mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-semibold">{t('setup.doneTitle')}</h1>
        <p className="mb-4">{t('setup.doneRecovery')}</p>
        <ul className="mb-6 grid grid-cols-2 gap-2 font-mono" aria-label={t('setup.doneTitle')}>
          {actionData.done.recovery_codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <a href="/sign-in" className={buttonClass}>
          {t('setup.goSignIn')}
        </a>
      </main>
    );
  }
  if (!setup) {
    return (
      <main id="main" className="mx-auto max-w-xl p-6">
        <h1 className="mb-4 text-2xl font-semibold">{t('setup.title')}</h1>
        <p role="alert">{t('refusals.setup_link_invalid')}</p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">{t('setup.title')}</h1>
      <p className="mb-4">{t('setup.intro', { email: setup.email, role: t(`roles.${setup.role}`) })}</p>
      <p>{t('setup.step1')}</p>
      <p className="my-3 rounded border border-stone-300 bg-white p-3 font-mono text-lg tracking-wider break-all" data-testid="totp-secret">
        {setup.totp_secret}
      </p>
      <p className="mb-6">
        <a href={setup.otpauth_url} className="text-blue-800 underline">
          {t('setup.openApp')}
        </a>
      </p>
      <p className="mb-4">{t('setup.step2')}</p>
      <FormAlert errors={form.errors} hasFieldErrors={Boolean(fields.password.errors || fields.code.errors)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        {/* For the password managers: the account the new password is for. */}
        <input type="hidden" name="username" autoComplete="username" value={setup.email} />
        <div>
          <label htmlFor={fields.password.id}>{t('setup.password')}</label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
          <FieldError field={fields.password} />
        </div>
        <div>
          <label htmlFor={fields.code.id}>{t('setup.code')}</label>
          <input {...getInputProps(fields.code, { type: 'text' })} autoComplete="one-time-code" inputMode="numeric" className={inputClass} />
          <FieldError field={fields.code} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
          {t('setup.submit')}
        </button>
      </Form>
    </main>
  );
}
