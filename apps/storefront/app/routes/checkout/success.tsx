import { useTranslation } from '~/i18n/use-translation';
import { data, Link } from 'react-router';
import type { Route } from './+types/success';
import { Screen } from '~/components/Screen';
import { OrderDetails } from '~/features/orders/OrderDetails';
import { orderAccess } from '~/features/orders/order-access';
import { loadByOrderLink } from '~/features/orders/order-link.server';
import { OrderLinkExpired } from '~/features/orders/OrderLinkExpired';
import { useLocalePath } from '~/lib/hooks';
import { notFound, pageContext } from '~/lib/request-context.server';

/** The order's confirmation: its reference and summary, what happens next; a guest may open an account from here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, customer } = pageContext(context);
  const access = orderAccess(new URL(request.url)) ?? notFound();
  const [order, signedIn] = await Promise.all([loadByOrderLink(access, api('getOrder', access)), customer()]);
  if (!order) return data({ order: null, signedIn: false }, { status: 404 });
  return { order, signedIn: signedIn !== null };
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { order, signedIn } = loaderData;
  if (!order) return <OrderLinkExpired />;
  const preorder = order.lines.some((line) => line.on_demand !== null);
  return (
    <Screen title={t('checkout.successTitle')} intro={t('checkout.successText')}>
      <p className="mt-4 text-lg font-semibold">{t('checkout.success.reference', { reference: order.reference })}</p>
      <section aria-labelledby="next-title" className="mt-6 rounded border border-stone-200 bg-stone-50 p-4">
        <h2 id="next-title" className="font-semibold">
          {t('checkout.success.next')}
        </h2>
        <p>{t('checkout.success.nextPaid')}</p>
        {preorder ? <p>{t('checkout.success.nextPreorder')}</p> : null}
      </section>
      <div className="mt-8">
        {/* A new order has no returns yet: say how to make one instead. */}
        <OrderDetails order={order} noReturns={signedIn ? t('checkout.success.returnsSignedIn') : t('checkout.success.returnsGuest')} />
      </div>
      <ul className="mt-8 flex flex-wrap gap-4">
        <li>
          {signedIn ? (
            <Link to={localePath(`/my-account/orders?order=${encodeURIComponent(order.reference)}`)} className="underline">
              {t('checkout.success.myOrders')}
            </Link>
          ) : (
            <Link to={`${localePath('/auth/register')}?email=${encodeURIComponent(order.email)}`} className="underline">
              {t('checkout.success.createAccount')}
            </Link>
          )}
        </li>
        <li>
          <Link to={localePath()} className="underline">
            {t('checkout.success.continueShopping')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
