import { RETURN_STATUSES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { Pages } from '../lib/pages';
import { dateTime } from '../lib/format';
import { buttonClass, inputClass } from '../lib/forms';
import type { Route } from './+types/returns';

type ReturnStatus = (typeof RETURN_STATUSES)[number];
const isStatus = (value: string | null): value is ReturnStatus => RETURN_STATUSES.includes(value as ReturnStatus);

/** Returns to handle, newest first: by default those asked for and not yet received. Each is handled on its order's page. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const given = params.get('status');
  const status = given === 'all' ? undefined : isStatus(given) ? given : 'requested';
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return { list: await staffCall(request, 'listReturns', { status, page }), status: status ?? 'all' };
}

export default function Returns({ loaderData: { list, status } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('returns.title')}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status">{t('orders.status')}</label>
          <select id="status" name="status" defaultValue={status} className={inputClass}>
            {RETURN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`returns.status.${value}`)}
              </option>
            ))}
            <option value="all">{t('returns.all')}</option>
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          {t('orders.filter')}
        </button>
      </Form>
      <p className="mb-2">{t('returns.count', { count: list.total })}</p>
      {list.returns.length === 0 ? (
        <p>{t('returns.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2">{t('returns.reference')}</th>
                <th scope="col" className="p-2">{t('orders.reference')}</th>
                <th scope="col" className="p-2">{t('orders.date')}</th>
                <th scope="col" className="p-2">{t('orders.customer')}</th>
                <th scope="col" className="p-2">{t('returns.reason')}</th>
                <th scope="col" className="p-2 text-right">{t('returns.items')}</th>
                <th scope="col" className="p-2">{t('orders.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.returns.map((entry) => (
                <tr key={entry.reference} className="border-b border-stone-200">
                  <td className="p-2 font-mono">{entry.reference}</td>
                  <td className="p-2 font-mono">
                    <Link to={`/orders/${entry.order_reference}#returns`} className="text-blue-800 underline">
                      {entry.order_reference}
                    </Link>
                  </td>
                  <td className="p-2 whitespace-nowrap">{dateTime(entry.date, i18n.language)}</td>
                  <td className="p-2">{entry.email}</td>
                  <td className="p-2">{t(`returns.reasons.${entry.reason}`, { defaultValue: entry.reason })}</td>
                  <td className="p-2 text-right">{entry.item_count}</td>
                  <td className="p-2">{t(`returns.status.${entry.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pages page={list.page} pages={list.pages} params={{ status }} />
    </>
  );
}
