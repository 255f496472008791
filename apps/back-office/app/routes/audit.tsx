import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { Pages } from '../lib/pages';
import { dateTime } from '../lib/format';
import { buttonClass, inputClass } from '../lib/forms';
import type { Route } from './+types/audit';

const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every change made in the back office, newest first, filtered in the URL (a GET form); read-only. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim().slice(0, 100) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = await staffCall(request, 'listAuditLog', {
    action: filters.action || undefined,
    actor: filters.actor || undefined,
    target: filters.target || undefined,
    from: DAY.test(filters.from) ? filters.from : undefined,
    to: DAY.test(filters.to) ? filters.to : undefined,
    page,
  });
  return { list, filters };
}

export default function Audit({ loaderData: { list, filters } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('audit.title')}</h1>
      <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end" role="search">
        {FILTERS.map((name) => (
          <div key={name}>
            <label htmlFor={`audit-${name}`}>{t(`audit.${name}`)}</label>
            <input id={`audit-${name}`} name={name} type={name === 'from' || name === 'to' ? 'date' : 'text'} defaultValue={filters[name]} className={inputClass} />
          </div>
        ))}
        <button type="submit" className={buttonClass}>
          {t('orders.filter')}
        </button>
      </Form>
      <p className="mb-2">{t('audit.count', { count: list.total })}</p>
      {list.entries.length === 0 ? (
        <p>{t('audit.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2">{t('audit.when')}</th>
                <th scope="col" className="p-2">{t('audit.who')}</th>
                <th scope="col" className="p-2">{t('audit.what')}</th>
                <th scope="col" className="p-2">{t('audit.targetColumn')}</th>
                <th scope="col" className="p-2">{t('audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry, index) => (
                <tr key={index} className="border-b border-stone-200 align-top">
                  <td className="p-2 whitespace-nowrap">{dateTime(entry.date, i18n.language)}</td>
                  <td className="p-2">
                    {entry.actor}
                    {entry.client_ip && <span className="block text-stone-700">{entry.client_ip}</span>}
                  </td>
                  <td className="p-2">
                    {i18n.exists(`orderActions.events.${entry.action.replace('.', '_')}`) && <span className="block">{t(`orderActions.events.${entry.action.replace('.', '_')}`)}</span>}
                    <span className="block font-mono text-xs text-stone-700">{entry.action}</span>
                  </td>
                  <td className="p-2 font-mono">
                    {entry.target_type === 'order' ? (
                      <Link to={`/orders/${entry.target_id}`} className="text-blue-800 underline">
                        {entry.target_id}
                      </Link>
                    ) : (
                      `${entry.target_type} ${entry.target_id}`
                    )}
                  </td>
                  <td className="p-2 font-mono text-xs break-all">
                    {entry.before && <span className="block">{t('audit.before')}: {entry.before}</span>}
                    {entry.after && <span className="block">{t('audit.after')}: {entry.after}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pages page={list.page} pages={list.pages} params={filters} />
    </>
  );
}
