import type { AdminOrder } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime, money } from './format';

type Row = Pick<AdminOrder['order'], 'reference' | 'date' | 'status' | 'total' | 'currency'>;

/** A person's orders, short: reference (to the order), date, state and total. */
export function OrderRows({ orders }: { orders: Row[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="p-2">{t('orders.reference')}</th>
            <th scope="col" className="p-2">{t('orders.date')}</th>
            <th scope="col" className="p-2">{t('orders.status')}</th>
            <th scope="col" className="p-2 text-right">{t('orders.total')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.reference} className="border-b border-stone-200">
              <td className="p-2 font-mono">
                <Link to={`/orders/${order.reference}`} className="text-blue-800 underline">
                  {order.reference}
                </Link>
              </td>
              <td className="p-2 whitespace-nowrap">{dateTime(order.date, i18n.language)}</td>
              <td className="p-2">{t(`status.${order.status}`, { defaultValue: order.status })}</td>
              <td className="p-2 text-right whitespace-nowrap">{money(order.total, order.currency, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
