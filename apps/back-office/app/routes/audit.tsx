import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { staffCall } from '../lib/api.server';
import { OrderLink } from '../lib/links';
import { ListTable } from '../lib/list-table';
import { CursorPages, cursorParam, ListCount } from '../lib/pages';
import { dateTime } from '../lib/format';
import { buttonClass, inputClass } from '../lib/forms';
import type { Route } from './+types/audit';

const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every change made in the back office, newest first, filtered in the URL (a GET form); read-only. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim().slice(0, 100) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const cursor = cursorParam(params);
  const list = await staffCall(request, 'listAuditLog', {
    action: filters.action || undefined,
    actor: filters.actor || undefined,
    target: filters.target || undefined,
    from: DAY.test(filters.from) ? filters.from : undefined,
    to: DAY.test(filters.to) ? filters.to : undefined,
    cursor,
  });
  return { list, filters, paged: cursor !== undefined };
}

export default function Audit({ loaderData: { list, filters, paged } }: Route.ComponentProps) {
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
      <ListCount list={list} text="audit.count" />
      <ListTable
        columns={[
          { header: t('audit.when'), cell: (entry) => dateTime(entry.date, i18n.language), className: 'whitespace-nowrap' },
          {
            header: t('audit.who'),
            cell: (entry) => (
              <>
                {entry.actor}
                {entry.client_ip && <span className="block text-stone-700">{entry.client_ip}</span>}
              </>
            ),
          },
          {
            header: t('audit.what'),
            cell: (entry) => (
              <>
                {i18n.exists(`orderActions.events.${entry.action.replace('.', '_')}`) && <span className="block">{t(`orderActions.events.${entry.action.replace('.', '_')}`)}</span>}
                <span className="block font-mono text-xs text-stone-700">{entry.action}</span>
              </>
            ),
          },
          { header: t('audit.targetColumn'), cell: (entry) => (entry.target_type === 'order' ? <OrderLink reference={entry.target_id} /> : `${entry.target_type} ${entry.target_id}`), className: 'font-mono' },
          {
            header: t('audit.change'),
            cell: (entry) => (
              <>
                {entry.before && <span className="block">{t('audit.before')}: {entry.before}</span>}
                {entry.after && <span className="block">{t('audit.after')}: {entry.after}</span>}
              </>
            ),
            className: 'font-mono text-xs break-all',
          },
        ]}
        rows={list.entries}
        rowKey={(_entry, index) => index}
        empty={t('audit.none')}
        alignTop
      />
      <CursorPages list={list} params={filters} paged={paged} />
    </>
  );
}
