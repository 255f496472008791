import { MAX_ROW_ID } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime } from '../lib/format';
import { buttonClass } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import type { Route } from './+types/subscribers';

/** The newsletter's subscribers with their consent date, a page after another; and the CSV export. */
export async function loader({ request }: Route.LoaderArgs) {
  const after = Math.max(0, Number.parseInt(new URL(request.url).searchParams.get('after') ?? '0', 10) || 0);
  return { list: await staffCall(request, 'listSubscribers', { after: Math.min(after, MAX_ROW_ID) }), after };
}

export default function Subscribers({ loaderData: { list, after } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('subscribers.title')}</h1>
      <Form method="post" action="/subscribers/export" reloadDocument className="mb-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass}>
          {t('subscribers.export')}
        </button>
        <span className="text-sm text-stone-700">{t('subscribers.exportHelp')}</span>
      </Form>
      <p className="mb-2">{t('subscribers.count', { count: list.total })}</p>
      <ListTable
        columns={[
          { header: t('customers.email'), cell: (row) => <Link to={`/customers/${row.id}`} className="text-blue-800 underline">{row.email}</Link>, className: 'break-all' },
          { header: t('customers.name'), cell: (row) => `${row.first_name} ${row.last_name}` },
          { header: t('customers.language'), cell: (row) => row.lang },
          { header: t('subscribers.interests'), cell: (row) => row.interests.join(', ') },
          { header: t('subscribers.consentAt'), cell: (row) => (row.consent_at ? dateTime(row.consent_at, i18n.language) : '—'), className: 'whitespace-nowrap' },
        ]}
        rows={list.subscribers}
        rowKey={(row) => row.id}
        empty={t('subscribers.none')}
      />
      <nav aria-label={t('subscribers.title')} className="mt-4 flex gap-4">
        {after > 0 && (
          <Link to="/subscribers" className="text-blue-800 underline">
            {t('subscribers.first')}
          </Link>
        )}
        {list.next !== null && (
          <Link to={`?after=${list.next}`} className="text-blue-800 underline">
            {t('subscribers.next')}
          </Link>
        )}
      </nav>
    </>
  );
}
