import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import type { SubmissionResult } from '@conform-to/react';
import { adminEraseInput } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { buttonClass, FieldError, FormAlert, inputClass, panelClass, useStaffForm } from './forms';

const section = `mb-6 ${panelClass}`;

/**
 * A person's data (an account or a guest's address): download everything the shop holds (a plain post that the
 * browser saves, JavaScript or not) and erase on request, confirmed by typing the address again and a reason.
 */
export function PersonData({ email, lastResult }: { email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'erase';
  const [form, fields] = useStaffForm(adminEraseInput, lastResult);
  return (
    <section className={section} aria-labelledby="personal-data">
      <h2 id="personal-data" className="mb-3 text-lg font-semibold">{t('customers.data')}</h2>
      <p className="mb-2 text-sm">{t('customers.exportHelp')}</p>
      <Form method="post" action="/people/export" reloadDocument className="mb-6">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className={buttonClass}>
          {t('customers.export')}
        </button>
      </Form>
      <h3 className="mb-2 font-semibold">{t('customers.erase')}</h3>
      <p className="mb-3 text-sm">{t('customers.eraseHelp')}</p>
      <Form method="post" {...getFormProps(form)} className="max-w-lg">
        <FormAlert errors={form.errors} hasFieldErrors={false} />
        <input type="hidden" name="intent" value="erase" />
        <input {...getInputProps(fields.email, { type: 'hidden' })} key={fields.email.key} value={email} />
        <label htmlFor={fields.confirm_email.id}>{t('customers.confirmEmail')}</label>
        <input {...getInputProps(fields.confirm_email, { type: 'email' })} key={fields.confirm_email.key} autoComplete="off" className={inputClass} />
        <FieldError field={fields.confirm_email} />
        <label htmlFor={fields.reason.id} className="mt-3 block">
          {t('customers.reason')}
        </label>
        <textarea {...getTextareaProps(fields.reason)} key={fields.reason.key} rows={2} className={inputClass} />
        <FieldError field={fields.reason} />
        <button type="submit" disabled={busy} className="mt-4 rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60">
          {busy ? t('customers.working') : t('customers.eraseSubmit')}
        </button>
      </Form>
    </section>
  );
}
