import { MAX_ROW_ID } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime } from '../lib/format';
import { buttonClass } from '../lib/forms';
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
      {list.subscribers.length === 0 ? (
        <p>{t('subscribers.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2">{t('customers.email')}</th>
                <th scope="col" className="p-2">{t('customers.name')}</th>
                <th scope="col" className="p-2">{t('customers.language')}</th>
                <th scope="col" className="p-2">{t('subscribers.interests')}</th>
                <th scope="col" className="p-2">{t('subscribers.consentAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.subscribers.map((row) => (
                <tr key={row.id} className="border-b border-stone-200">
                  <td className="p-2 break-all">
                    <Link to={`/customers/${row.id}`} className="text-blue-800 underline">
                      {row.email}
                    </Link>
                  </td>
                  <td className="p-2">{`${row.first_name} ${row.last_name}`}</td>
                  <td className="p-2">{row.lang}</td>
                  <td className="p-2">{row.interests.join(', ')}</td>
                  <td className="p-2 whitespace-nowrap">{row.consent_at ? dateTime(row.consent_at, i18n.language) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
