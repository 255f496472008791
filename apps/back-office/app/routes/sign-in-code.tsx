import { getFormProps, getInputProps } from '@conform-to/react';
import { secondFactorCode } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { adminApi } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, FieldError, FormAlert, inputClass, useStaffForm } from '../lib/forms';
import { CHALLENGE_COOKIE, clearChallenge, readCookie, sessionCookie } from '../lib/session.server';
import type { Route } from './+types/sign-in-code';

const codeForm = z.object({ code: secondFactorCode });

/** Without a challenge (no password given, or more than five minutes ago) there is no code to ask for. */
export function loader({ request }: Route.LoaderArgs) {
  if (!readCookie(request, CHALLENGE_COOKIE)) throw redirect('/sign-in');
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const challenge = readCookie(request, CHALLENGE_COOKIE);
  if (!challenge) throw redirect('/sign-in');
  return submitStaffForm(
    await request.formData(),
    codeForm,
    async (value) => {
      const { session } = await adminApi(request, 'staffSecondFactor', { challenge, code: value.code }, null);
      const headers = new Headers([
        ['Set-Cookie', sessionCookie(request, session.token)],
        ['Set-Cookie', clearChallenge(request)],
      ]);
      return redirect('/', { headers });
    },
    { hideFields: ['code'] },
  );
}

export default function SignInCode({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useStaffForm(codeForm, actionData?.result);
  return (
    <main id="main" className="mx-auto max-w-sm p-6">
      <h1 className="mb-2 text-2xl font-semibold">{t('signIn.codeTitle')}</h1>
      <p className="mb-6">{t('signIn.codeHelp')}</p>
      <FormAlert errors={form.errors} hasFieldErrors={Boolean(fields.code.errors)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <div>
          <label htmlFor={fields.code.id}>{t('signIn.code')}</label>
          <input {...getInputProps(fields.code, { type: 'text' })} autoComplete="one-time-code" inputMode="text" className={inputClass} />
          <FieldError field={fields.code} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
          {t('signIn.verify')}
        </button>
      </Form>
      <p className="mt-6">
        <a href="/sign-in" className="text-blue-800 underline">
          {t('signIn.restart')}
        </a>
      </p>
    </main>
  );
}
