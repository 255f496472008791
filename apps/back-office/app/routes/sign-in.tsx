import { getFormProps, getInputProps } from '@conform-to/react';
import { staffSignInInput } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { adminApi } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, FieldError, FormAlert, inputClass, useStaffForm } from '../lib/forms';
import { challengeCookie } from '../lib/session.server';
import type { Route } from './+types/sign-in';

/** The password step: a right password leaves a challenge (a cookie of five minutes) for the code step. */
export async function action({ request }: Route.ActionArgs) {
  return submitStaffForm(
    await request.formData(),
    staffSignInInput,
    async (value) => {
      const { challenge } = await adminApi(request, 'staffSignIn', value, null);
      return redirect('/sign-in/code', { headers: { 'Set-Cookie': challengeCookie(request, challenge) } });
    },
    { hideFields: ['password'] },
  );
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useStaffForm(staffSignInInput, actionData?.result);
  return (
    <main id="main" className="mx-auto max-w-sm p-6">
      <h1 className="mb-6 text-2xl font-semibold">{t('signIn.title')}</h1>
      <FormAlert errors={form.errors} hasFieldErrors={Boolean(fields.email.errors || fields.password.errors)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <div>
          <label htmlFor={fields.email.id}>{t('signIn.email')}</label>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" className={inputClass} />
          <FieldError field={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.password.id}>{t('signIn.password')}</label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
          <FieldError field={fields.password} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
          {t('signIn.submit')}
        </button>
      </Form>
    </main>
  );
}
