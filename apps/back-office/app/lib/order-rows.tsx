import type { AdminOrder } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { dateTime, money } from './format';
import { OrderLink } from './links';
import { ListTable, type Column } from './list-table';

type Row = Pick<AdminOrder['order'], 'reference' | 'date' | 'status' | 'total' | 'currency'>;

/** The columns every list of orders has: reference (to the order), date, state and total. */
export function useOrderColumns(): Record<'reference' | 'date' | 'status' | 'total', Column<Row>> {
  const { t, i18n } = useTranslation();
  return {
    reference: { header: t('orders.reference'), cell: (order) => <OrderLink reference={order.reference} />, className: 'font-mono' },
    date: { header: t('orders.date'), cell: (order) => dateTime(order.date, i18n.language), className: 'whitespace-nowrap' },
    status: { header: t('orders.status'), cell: (order) => t(`status.${order.status}`, { defaultValue: order.status }) },
    total: { header: t('orders.total'), cell: (order) => money(order.total, order.currency, i18n.language), numeric: true, className: 'whitespace-nowrap' },
  };
}

/** A person's orders, short: reference, date, state and total. */
export function OrderRows({ orders, empty }: { orders: Row[]; empty?: string }) {
  const { reference, date, status, total } = useOrderColumns();
  return <ListTable columns={[reference, date, status, total]} rows={orders} rowKey={(order) => order.reference} empty={empty} />;
}
