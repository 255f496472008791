import { RETURN_STATUSES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { staffCall } from '../lib/api.server';
import { OrderLink } from '../lib/links';
import { ListTable } from '../lib/list-table';
import { CursorPages, cursorParam, ListCount } from '../lib/pages';
import { dateTime } from '../lib/format';
import { buttonClass, Select } from '../lib/forms';
import type { Route } from './+types/returns';

type ReturnStatus = (typeof RETURN_STATUSES)[number];
const isStatus = (value: string | null): value is ReturnStatus => RETURN_STATUSES.includes(value as ReturnStatus);

/** Returns to handle, newest first: by default those asked for and not yet received. Each is handled on its order's page. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const given = params.get('status');
  const status = given === 'all' ? undefined : isStatus(given) ? given : 'requested';
  const cursor = cursorParam(params);
  return { list: await staffCall(request, 'listReturns', { status, cursor }), status: status ?? 'all', paged: cursor !== undefined };
}

export default function Returns({ loaderData: { list, status, paged } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('returns.title')}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <Select name="status" label={t('orders.status')} choices={[...RETURN_STATUSES.map((value) => ({ value, label: t(`returns.status.${value}`) })), { value: 'all', label: t('returns.all') }]} defaultValue={status} />
        <button type="submit" className={buttonClass}>
          {t('orders.filter')}
        </button>
      </Form>
      <ListCount list={list} text="returns.count" />
      <ListTable
        columns={[
          { header: t('returns.reference'), cell: (entry) => entry.reference, className: 'font-mono' },
          { header: t('orders.reference'), cell: (entry) => <OrderLink reference={entry.order_reference} section="returns" />, className: 'font-mono' },
          { header: t('orders.date'), cell: (entry) => dateTime(entry.date, i18n.language), className: 'whitespace-nowrap' },
          { header: t('orders.customer'), cell: (entry) => entry.email },
          { header: t('returns.reason'), cell: (entry) => t(`returns.reasons.${entry.reason}`, { defaultValue: entry.reason }) },
          { header: t('returns.items'), cell: (entry) => entry.item_count, numeric: true },
          { header: t('orders.status'), cell: (entry) => t(`returns.status.${entry.status}`) },
        ]}
        rows={list.returns}
        rowKey={(entry) => entry.reference}
        empty={t('returns.none')}
      />
      <CursorPages list={list} params={{ status }} paged={paged} />
    </>
  );
}
