import { getFormProps, getInputProps } from '@conform-to/react';
import { changeOwnStaffPasswordInput } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation, useRouteLoaderData } from 'react-router';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, DoneNotice, FieldError, FormAlert, inputClass, useStaffForm } from '../lib/forms';
import type { Route } from './+types/own-password';

/** Where a refusal of the API belongs: the current password that is not right, the new one that is too easy. */
const FIELD_OF = { invalid_password: ['current_password', 'invalid_password'], password_too_weak: ['new_password', 'password_too_weak'] } as const;

export async function action({ request }: Route.ActionArgs) {
  return submitStaffForm(
    await request.formData(),
    changeOwnStaffPasswordInput,
    async (value, submission) => {
      await staffCall(request, 'changeOwnStaffPassword', value);
      return { result: submission.reply({ resetForm: true }), done: true };
    },
    { hideFields: ['current_password', 'new_password'], fieldOf: FIELD_OF, refused: (result) => ({ result, done: false }) },
  );
}

/** A staff member's own password: the current one, then a new one; their other sessions end (ADR 33). */
export default function OwnPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const layout = useRouteLoaderData('routes/staff-layout') as { staff: { email: string } } | undefined;
  const [form, fields] = useStaffForm(changeOwnStaffPasswordInput, actionData?.result);
  return (
    <section className="max-w-xl">
      <h1 className="mb-4 text-2xl font-semibold">{t('ownPassword.title')}</h1>
      <p className="mb-4">{t('ownPassword.help')}</p>
      {actionData?.done && (
        <DoneNotice>
          {t('ownPassword.done')}
        </DoneNotice>
      )}
      <FormAlert errors={form.errors} hasFieldErrors={Boolean(fields.current_password.errors || fields.new_password.errors)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* For the password managers: the account the new password is for. */}
        <input type="hidden" name="username" autoComplete="username" value={layout?.staff.email ?? ''} />
        <div>
          <label htmlFor={fields.current_password.id}>{t('ownPassword.current')}</label>
          <input {...getInputProps(fields.current_password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
          <FieldError field={fields.current_password} />
        </div>
        <div>
          <label htmlFor={fields.new_password.id}>{t('ownPassword.new')}</label>
          <input {...getInputProps(fields.new_password, { type: 'password' })} autoComplete="new-password" aria-describedby={[`${fields.new_password.id}-help`, fields.new_password.errors ? fields.new_password.errorId : ''].join(' ').trim()} className={inputClass} />
          <p id={`${fields.new_password.id}-help`} className="mt-1 text-sm text-stone-700">
            {t('ownPassword.newHelp')}
          </p>
          <FieldError field={fields.new_password} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy} aria-busy={busy}>
          {t('ownPassword.submit')}
        </button>
      </Form>
    </section>
  );
}
