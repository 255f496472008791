import { GATEWAY_NAMES, ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { buttonClass, inputClass, Select } from '../lib/forms';
import { staffCall } from '../lib/api.server';
import { CursorPages, cursorParam, ListCount } from '../lib/pages';
import { ListTable } from '../lib/list-table';
import { useOrderColumns } from '../lib/order-rows';
import type { Route } from './+types/orders';

const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/** The orders list: search and state in the URL (a GET form), newest first, a page at a time from its link's cursor (ADR 58). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get('query')?.trim().slice(0, 100) || undefined;
  const status = params.get('status');
  const cursor = cursorParam(params);
  // The other filters as typed; what is not one of theirs is left out rather than refused.
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  const country = /^[A-Za-z]{2}$/.test(params.get('country') ?? '') ? params.get('country')!.toUpperCase() : undefined;
  const gateway = GATEWAY_NAMES.find((name) => name === params.get('gateway'));
  const invoice = params.get('invoice') === 'yes' ? true : params.get('invoice') === 'no' ? false : undefined;
  const filters = { from: day('from'), to: day('to'), country, gateway, invoice };
  const list = await staffCall(request, 'listOrders', { query, status: isStatus(status) ? status : undefined, ...filters, cursor });
  const shown = { from: filters.from ?? '', to: filters.to ?? '', country: country ?? '', gateway: gateway ?? '', invoice: invoice === undefined ? '' : invoice ? 'yes' : 'no' };
  return { list, query: query ?? '', status: isStatus(status) ? status : '', shown, paged: cursor !== undefined };
}

export default function Orders({ loaderData: { list, query, status, shown, paged } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const orderColumns = useOrderColumns();
  const kept = Object.fromEntries(Object.entries({ query, status, ...shown }).filter(([, value]) => value));
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('orders.title')}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-56 flex-1">
          <label htmlFor="query">{t('orders.search')}</label>
          <input id="query" name="query" type="search" defaultValue={query} aria-describedby="query-help" className={inputClass} />
          <p id="query-help" className="mt-1 text-sm text-stone-700">
            {t('orders.searchHelp')}
          </p>
        </div>
        <Select name="status" label={t('orders.status')} empty={t('orders.anyStatus')} choices={ORDER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))} defaultValue={status} />
        <div>
          <label htmlFor="from">{t('orders.from')}</label>
          <input id="from" name="from" type="date" defaultValue={shown.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to">{t('orders.to')}</label>
          <input id="to" name="to" type="date" defaultValue={shown.to} className={inputClass} />
        </div>
        <div>
          <label htmlFor="country">{t('orders.country')}</label>
          <input id="country" name="country" defaultValue={shown.country} maxLength={2} size={4} className={inputClass} />
        </div>
        <Select name="gateway" label={t('orders.gateway')} empty={t('orders.anyGateway')} choices={GATEWAY_NAMES.map((name) => ({ value: name, label: name }))} defaultValue={shown.gateway} />
        <Select name="invoice" label={t('orders.invoice')} empty={t('orders.anyInvoice')} choices={[{ value: 'yes', label: t('orders.withInvoice') }, { value: 'no', label: t('orders.withoutInvoice') }]} defaultValue={shown.invoice} />
        <button type="submit" className={`${buttonClass} mb-6`}>
          {t('orders.filter')}
        </button>
      </Form>
      <ListCount list={list} text="orders.count" />
      <ListTable
        columns={[
          orderColumns.reference,
          orderColumns.date,
          {
            header: t('orders.customer'),
            cell: (order) => (
              <>
                {order.name}
                <br />
                <span className="text-stone-700">{order.email}</span>
              </>
            ),
          },
          orderColumns.status,
          { header: t('orders.country'), cell: (order) => order.country },
          orderColumns.total,
        ]}
        rows={list.orders}
        rowKey={(order) => order.reference}
        empty={t('orders.none')}
      />
      <CursorPages list={list} params={kept} paged={paged} />
    </>
  );
}
