import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { AdminApiError, staffCall } from '../lib/api.server';
import { dateTime } from '../lib/format';
import { buttonClass } from '../lib/forms';
import { rowIdOf } from '../lib/ids';
import { OrderLink } from '../lib/links';
import { ListTable } from '../lib/list-table';
import type { Route } from './+types/mails';

/** "Mails not sent": the mails of the API's outbox given up or failing, newest first (owners and managers). */
export async function loader({ request }: Route.LoaderArgs) {
  return { list: await staffCall(request, 'listUnsentMails', {}) };
}

/** Sends one mail again (a plain form post, audited by the API): whether it went this time is said above the list. */
export async function action({ request }: Route.ActionArgs) {
  const id = rowIdOf((await request.formData()).get('id'));
  if (id === null) return { outcome: 'gone' as const };
  try {
    const { sent, sending } = await staffCall(request, 'sendMailAgain', { id });
    return { outcome: sent ? ('sent' as const) : sending ? ('beingSent' as const) : ('stillFailing' as const) };
  } catch (error) {
    // Sent by the job meanwhile: nothing is left to send.
    if ((error instanceof Response && error.status === 404) || (error instanceof AdminApiError && error.code === 'not_found')) return { outcome: 'gone' as const };
    throw error;
  }
}

export default function Mails({ loaderData: { list }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('mails.title')}</h1>
      <p className="mb-4 text-stone-700">{t('mails.help')}</p>
      {actionData && (
        <p role="status" className={`mb-4 rounded border p-3 ${actionData.outcome === 'sent' ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}>
          {t(`mails.${actionData.outcome}`)}
        </p>
      )}
      <p className="mb-2">{t('mails.count', { count: list.total })}</p>
      <ListTable
        alignTop
        columns={[
          { header: t('mails.recipient'), cell: (mail) => mail.recipient, className: 'break-all' },
          {
            header: t('mails.what'),
            cell: (mail) => (
              <>
                {mail.subject ?? t(`mails.kinds.${mail.kind}`)}
                {mail.order_reference && (
                  <>
                    {' · '}
                    <OrderLink reference={mail.order_reference} />
                  </>
                )}
              </>
            ),
          },
          { header: t('mails.date'), cell: (mail) => dateTime(mail.created_at, i18n.language), className: 'whitespace-nowrap' },
          { header: t('mails.attempts'), cell: (mail) => mail.attempts, numeric: true },
          { header: t('mails.state'), cell: (mail) => (mail.given_up || !mail.next_attempt_at ? t('mails.givenUp') : t('mails.retrying', { date: dateTime(mail.next_attempt_at, i18n.language) })) },
          { header: t('mails.lastError'), cell: (mail) => mail.last_error, className: 'break-all font-mono text-xs' },
          {
            header: t('mails.sendAgain'),
            cell: (mail) => (
              <Form method="post">
                <input type="hidden" name="id" value={mail.id} />
                <button type="submit" className={buttonClass} disabled={sending === String(mail.id)} aria-label={`${t('mails.sendAgain')}: ${mail.recipient}`}>
                  {sending === String(mail.id) ? t('mails.sending') : t('mails.sendAgain')}
                </button>
              </Form>
            ),
          },
        ]}
        rows={list.mails}
        rowKey={(mail) => mail.id}
        empty={t('mails.none')}
      />
    </>
  );
}
