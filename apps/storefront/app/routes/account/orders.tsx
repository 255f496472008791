import type { OrderSummary } from '@shop/contract/account';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useActionData } from 'react-router';
import type { Route } from './+types/orders';
import { AccountScreen } from '~/features/account/AccountScreen';
import { loadOrFail } from '~/lib/api/shop.server';
import { OrderDetails, OrderStatus } from '~/features/orders/OrderDetails';
import { useFormatDate, useFormatPrice } from '~/lib/hooks';
import { notFound, pageContext } from '~/lib/request-context.server';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { ReturnRequest, returnForm, returnLabels } from '~/features/orders/ReturnRequest';
import { BUY_AGAIN_FORM, BuyAgain } from '~/features/orders/BuyAgain';
import { buyAgain } from '~/features/orders/buy-again.server';
import { redirectWithFlash } from '~/lib/flash.server';

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

/**
 * The order on the page (`?order=REFERENCE`): 'Buy again' puts its items back in the cart; a return request's
 * instructions come by mail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const page = pageContext(context);
  const { api, lang } = page;
  const reference = new URL(request.url).searchParams.get('order');
  const { formData, formId } = await postedForm(request);
  if (formId === BUY_AGAIN_FORM && reference) return buyAgain(request, page, reference);
  if (formId !== 'return' || !reference) return notFound();
  return submitForm(request, lang, formData, returnForm, async ({ lines, reason }) => {
    await api('requestReturn', { reference, reason, lines: lines.filter((line) => line.quantity > 0) });
    return redirectWithFlash(request, `/${lang}/my-account/orders?order=${encodeURIComponent(reference)}`, 'returnRequested');
  }, { labelsOf: returnLabels });
}

function OrderList({ orders }: { orders: OrderSummary[] }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  if (orders.length === 0) return <p>{t('account.noOrders')}</p>;
  // A table from `sm` up; on a phone each order is a card (the same rows shown as blocks, each value with its label).
  const label = (text: string) => (
    <span aria-hidden="true" className="text-stone-600 sm:hidden">
      {text}
    </span>
  );
  const cell = 'flex justify-between gap-4 py-1 sm:table-cell sm:py-3 sm:pr-4';
  return (
    <table className="block w-full border-collapse text-left sm:table">
      <caption className="sr-only">{t('account.orders')}</caption>
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="border-b-2 border-stone-900">
          <th scope="col" className="py-2 pr-4">{t('account.orderReference')}</th>
          <th scope="col" className="py-2 pr-4">{t('account.orderDate')}</th>
          <th scope="col" className="py-2 pr-4">{t('account.orderStatus')}</th>
          <th scope="col" className="py-2 pr-4 text-right">{t('account.orderTotal')}</th>
          <th scope="col" className="py-2"><span className="sr-only">{t('account.orderDetails')}</span></th>
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
        {orders.map((order) => (
          <tr key={order.reference} className="block rounded border border-stone-200 p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0">
            <th scope="row" className="block py-1 font-mono font-semibold sm:table-cell sm:py-3 sm:pr-4 sm:font-normal">{order.reference}</th>
            <td className={cell}>{label(t('account.orderDate'))}{formatDate(order.date)}</td>
            <td className={cell}>{label(t('account.orderStatus'))}<OrderStatus status={order.status} /></td>
            <td className={`${cell} sm:text-right`}>{label(t('account.orderTotal'))}{formatPrice(order.total)}</td>
            <td className="block pt-2 sm:table-cell sm:py-3 sm:text-right">
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

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  return (
    <AccountScreen title={t('account.orders')}>
      {loaderData.order ? (
        <OrderDetails order={loaderData.order} actions={<BuyAgain order={loaderData.order} />}>
          <ReturnRequest order={loaderData.order} lastResult={actionData && 'result' in actionData ? actionData.result : null} />
          <Link to="?" className="block underline">
            {t('account.backToOrders')}
          </Link>
        </OrderDetails>
      ) : (
        <OrderList orders={loaderData.orders} />
      )}
    </AccountScreen>
  );
}
