import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { adminChangeStaffRoleInput, adminInviteStaffInput, adminSendSetupLinkInput, BACK_OFFICE_LANGS, STAFF_ROLES, type AdminStaffMember } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { dateTime } from '../lib/format';
import { buttonClass, DoneNotice, FieldError, FormAlert, inputClass, panelClass, SelectField, useStaffForm } from '../lib/forms';
import { langOf } from '../lib/lang.server';
import type { Route } from './+types/team';

// Each form says what it does in `intent` (a field named `action` would hide the form's own action in the browser).
const inviteForm = adminInviteStaffInput.extend({ intent: z.literal('invite') });
const roleForm = adminChangeStaffRoleInput.extend({ intent: z.literal('role') });
/** A member's new set-up link (a lost phone), in the page's language. */
const linkForm = adminSendSetupLinkInput.extend({ intent: z.literal('link') });
/** Disabling asks for the box to be ticked; enabling again does not. */
const accessForm = z
  .object({ id: adminChangeStaffRoleInput.shape.id, intent: z.enum(['disable', 'enable']), confirm: z.literal('on').optional() })
  .refine((input) => input.intent !== 'disable' || input.confirm === 'on', { path: ['confirm'], error: 'Tick the box to confirm.' });

export async function loader({ request }: Route.LoaderArgs) {
  return { list: await staffCall(request, 'listStaff', {}), lang: langOf(request) };
}

type Done = 'invited' | 'reinvited' | 'role' | 'disabled' | 'enabled';

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent'));
  const id = intent === 'invite' ? null : Number(formData.get('id'));
  const schema = intent === 'invite' ? inviteForm : intent === 'role' ? roleForm : intent === 'link' ? linkForm : accessForm;
  return submitStaffForm(
    formData,
    schema,
    async (value, submission) => {
      // Only the invitation form is emptied once sent: a member's forms show what they now are.
      const answer = (done: Done, email: string) => ({ id, intent, result: submission.reply({ resetForm: intent === 'invite' }), done, email });
      if (value.intent === 'invite') {
        const invited = await staffCall(request, 'inviteStaff', { email: value.email, role: value.role, lang: value.lang });
        return answer(invited.created ? 'invited' : 'reinvited', invited.email);
      }
      if (value.intent === 'role') return answer('role', (await staffCall(request, 'changeStaffRole', { id: value.id, role: value.role })).email);
      if (value.intent === 'link') return answer('reinvited', (await staffCall(request, 'sendStaffSetupLink', { id: value.id, lang: value.lang })).email);
      const changed = await staffCall(request, 'setStaffDisabled', { id: value.id, disabled: value.intent === 'disable' });
      return answer(changed.disabled ? 'disabled' : 'enabled', changed.email);
    },
    { rowInForm: true, refused: (result) => ({ id, intent, result, done: null, email: null }) },
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function InviteForm({ lang, lastResult }: { lang: string; lastResult: LastResult }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invite';
  const [form, fields] = useStaffForm(inviteForm, lastResult);
  return (
    <section aria-labelledby="invite-title" className={`mb-8 max-w-xl ${panelClass}`}>
      <h2 id="invite-title" className="mb-2 text-lg font-semibold">
        {t('team.invite')}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t('team.inviteHelp')}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
        <input type="hidden" name="intent" value="invite" />
        <div>
          <label htmlFor={fields.email.id}>{t('team.email')}</label>
          <input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} autoComplete="off" className={inputClass} />
          <FieldError field={fields.email} />
        </div>
        <SelectField field={fields.role} label={t('team.role')} choices={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} empty={t('team.chooseRole')} />
        <SelectField field={fields.lang} label={t('team.mailLang')} choices={BACK_OFFICE_LANGS.map((code) => ({ value: code, label: t(`team.langs.${code}`) }))} defaultValue={lang} />
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? t('team.sending') : t('team.send')}
        </button>
      </Form>
    </section>
  );
}

function MemberCard({ member, lang, lastResult }: { member: AdminStaffMember; lang: string; lastResult: { intent: string; result: LastResult } | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(member.id);
  const [roleFormMeta, roleFields] = useStaffForm(roleForm, lastResult?.intent === 'role' ? lastResult.result : undefined);
  const [accessFormMeta, accessFields] = useStaffForm(accessForm, lastResult && ['disable', 'enable'].includes(lastResult.intent) ? lastResult.result : undefined);
  const [linkFormMeta] = useStaffForm(linkForm, lastResult?.intent === 'link' ? lastResult.result : undefined);
  return (
    <li className={panelClass}>
      <h2 className="font-semibold">
        <span className="break-all">{member.email}</span>
        {member.disabled && <span className="ml-2 inline-block rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-stone-900">{t('team.disabled')}</span>}
      </h2>
      <dl className="my-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-700">{t('team.role')}</dt>
        <dd>{t(`roles.${member.role}`)}</dd>
        <dt className="text-stone-700">{t('team.secondFactor')}</dt>
        <dd>{member.second_factor ? t('team.secondFactorOn') : t('team.notSetUp')}</dd>
        <dt className="text-stone-700">{t('team.lastSignIn')}</dt>
        <dd>{member.last_sign_in_at ? dateTime(member.last_sign_in_at, i18n.language) : t('team.never')}</dd>
      </dl>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-3">
        <Form method="post" {...getFormProps(roleFormMeta)} className="flex flex-wrap items-end gap-2">
          <FormAlert errors={roleFormMeta.errors} hasFieldErrors={false} />
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={member.id} />
          <SelectField field={roleFields.role} label={t('team.newRole')} choices={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} defaultValue={member.role} />
          <button type="submit" disabled={busy} className={buttonClass}>
            {t('team.changeRole')}
          </button>
        </Form>
        <Form method="post" {...getFormProps(accessFormMeta)} className="flex flex-wrap items-center gap-3">
          <FormAlert errors={accessFormMeta.errors} hasFieldErrors={false} />
          <input type="hidden" name="id" value={member.id} />
          {member.disabled ? (
            <button type="submit" name="intent" value="enable" disabled={busy} className={buttonClass}>
              {t('team.enable')}
            </button>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm">
                <input {...getInputProps(accessFields.confirm, { type: 'checkbox' })} key={accessFields.confirm.key} />
                {t('team.confirmDisable')}
              </label>
              <button type="submit" name="intent" value="disable" disabled={busy} className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60">
                {t('team.disable')}
              </button>
              <FieldError field={accessFields.confirm} />
            </>
          )}
        </Form>
        {member.disabled ? (
          <p className="text-sm text-stone-700">{t('team.linkAfterEnable')}</p>
        ) : (
          <Form method="post" {...getFormProps(linkFormMeta)} className="flex flex-wrap items-center gap-3">
            <FormAlert errors={linkFormMeta.errors} hasFieldErrors={false} />
            <input type="hidden" name="id" value={member.id} />
            <input type="hidden" name="lang" value={(BACK_OFFICE_LANGS as readonly string[]).includes(lang) ? lang : 'en'} />
            <button type="submit" name="intent" value="link" disabled={busy} className="rounded border border-stone-700 px-4 py-2 font-medium hover:bg-stone-100 disabled:opacity-60">
              {t('team.sendLink')}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

/** The owners' staff page: who works in the back office, inviting someone, their roles, disabling them. */
export default function Team({ loaderData: { list, lang }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('team.title')}</h1>
      {actionData?.done && (
        <DoneNotice>
          {t(`team.done.${actionData.done}`, { email: actionData.email })}
        </DoneNotice>
      )}
      <InviteForm lang={lang} lastResult={actionData?.intent === 'invite' ? actionData.result : undefined} />
      <p className="mb-2">{t('team.count', { count: list.staff.length })}</p>
      <ul className="space-y-4">
        {list.staff.map((member) => (
          <MemberCard key={member.id} member={member} lang={lang} lastResult={actionData && actionData.id === member.id ? actionData : undefined} />
        ))}
      </ul>
    </>
  );
}
