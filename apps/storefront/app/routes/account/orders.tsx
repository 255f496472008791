import type { Order, OrderSummary } from '@shop/contract/account';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { AccountScreen } from '../../features/account/AccountScreen';
import { loadOrFail } from '../../lib/api/shop.server';
import { useFormatPrice, useLang } from '../../lib/hooks';
import { pageContext } from '../../lib/request-context.server';

/** The order history, or one order's details with `?order=REFERENCE`. */
// Signed-in only: routes/account/layout.tsx guards the loader.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const reference = new URL(request.url).searchParams.get('order');
  const [orders, order] = await Promise.all([
    loadOrFail(api('getOrders', {})),
    reference ? loadOrFail(api('getOrder', { reference })) : null,
  ]);
  return { orders: orders.orders, order };
}

function useFormatDate() {
  const lang = useLang();
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  return (iso: string) => format.format(new Date(iso));
}

function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{t(`account.status.${status}`, { defaultValue: status })}</>;
}

function OrderList({ orders }: { orders: OrderSummary[] }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  if (orders.length === 0) return <p>{t('account.noOrders')}</p>;
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{t('account.orders')}</caption>
      <thead>
        <tr className="border-b-2 border-stone-900">
          <th scope="col" className="py-2 pr-4">{t('account.orderReference')}</th>
          <th scope="col" className="py-2 pr-4">{t('account.orderDate')}</th>
          <th scope="col" className="py-2 pr-4">{t('account.orderStatus')}</th>
          <th scope="col" className="py-2 pr-4 text-right">{t('account.orderTotal')}</th>
          <th scope="col" className="py-2"><span className="sr-only">{t('account.orderDetails')}</span></th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.reference} className="border-b border-stone-200">
            <th scope="row" className="py-3 pr-4 font-mono font-normal">{order.reference}</th>
            <td className="py-3 pr-4">{formatDate(order.date)}</td>
            <td className="py-3 pr-4"><OrderStatus status={order.status} /></td>
            <td className="py-3 pr-4 text-right">{formatPrice(order.total)}</td>
            <td className="py-3 text-right">
              <Link to={`?order=${encodeURIComponent(order.reference)}`} className="underline" aria-label={`${t('account.orderDetails')}: ${order.reference}`}>
                {t('account.orderDetails')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddressBlock({ title, address }: { title: string; address: Record<string, unknown> }) {
  const lines = ['alias', 'first_name', 'last_name', 'company', 'address', 'address1', 'address2', 'zip_code', 'postcode', 'city', 'country', 'phone']
    .map((key) => address[key])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <address className="mt-1 not-italic text-stone-700">{lines.join(', ')}</address>
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  return (
    <article aria-labelledby="order-title" className="space-y-6">
      <div>
        <h2 id="order-title" className="text-2xl font-semibold">{t('account.orderTitle', { reference: order.reference })}</h2>
        <p className="text-stone-700">
          {t('account.orderPlaced', { date: formatDate(order.date) })} · <OrderStatus status={order.status} />
        </p>
      </div>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t('account.orderItems')}</caption>
        <thead>
          <tr className="border-b-2 border-stone-900">
            <th scope="col" className="py-2 pr-4">{t('account.orderItems')}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t('account.quantity')}</th>
            <th scope="col" className="py-2 pr-4 text-right">{t('account.unitPrice')}</th>
            <th scope="col" className="py-2 text-right">{t('account.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-200">
              <th scope="row" className="py-3 pr-4 font-normal">
                {line.name}
                {line.attributes ? <span className="block text-sm text-stone-600">{line.attributes}</span> : null}
              </th>
              <td className="py-3 pr-4 text-right">{line.quantity}</td>
              <td className="py-3 pr-4 text-right">{formatPrice(line.unit_price)}</td>
              <td className="py-3 text-right">{formatPrice(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1">
        <dt>{t('account.itemsTotal')}</dt>
        <dd className="text-right">{formatPrice(order.items_total)}</dd>
        <dt>{t('account.shippingCost')}</dt>
        <dd className="text-right">{formatPrice(order.shipping)}</dd>
        <dt className="font-semibold">{t('account.orderTotal')}</dt>
        <dd className="text-right font-semibold">{formatPrice(order.total)}</dd>
        <dt className="text-sm text-stone-600">{t('account.taxIncluded')}</dt>
        <dd className="text-right text-sm text-stone-600">{formatPrice(order.tax)}</dd>
      </dl>
      <div className="grid gap-6 sm:grid-cols-2">
        <AddressBlock title={t('account.shippingAddress')} address={order.shipping_address} />
        <AddressBlock title={t('account.billingAddress')} address={order.billing_address} />
      </div>
      <section aria-labelledby="order-returns">
        <h3 id="order-returns" className="font-semibold">{t('account.returns')}</h3>
        {order.returns.length === 0 ? (
          <p className="text-stone-700">{t('account.noReturns')}</p>
        ) : (
          <ul>
            {order.returns.map((entry) => (
              <li key={entry.reference}>
                {entry.reference} · {formatDate(entry.date)} · <OrderStatus status={entry.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link to="?" className="underline">{t('account.backToOrders')}</Link>
    </article>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AccountScreen title={t('account.orders')}>
      {loaderData.order ? <OrderDetails order={loaderData.order} /> : <OrderList orders={loaderData.orders} />}
    </AccountScreen>
  );
}
