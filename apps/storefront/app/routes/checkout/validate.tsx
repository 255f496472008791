import type { Order } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { redirect } from 'react-router';
import type { Route } from './+types/validate';
import { Screen } from '~/components/Screen';
import { notFound, pageContext } from '~/lib/request-context.server';
import { ORDER_KEY_PARAM, orderAccess, PAID_STATUSES } from '~/features/orders/order-access';
import { log } from '~/lib/log.server';

/**
 * The gateway sends the shopper back here: the shop asks the gateway what happened (the address's query alone
 * is never believed) and goes on to the success or the failed page. SPEC §7: validateOrder logs its failure
 * and gives null, which reads as a payment that did not go through.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, lang } = pageContext(context);
  const url = new URL(request.url);
  const access = orderAccess(url) ?? notFound();
  const query = Object.fromEntries(
    [...url.searchParams]
      .filter(([key]) => key !== 'order' && key !== ORDER_KEY_PARAM)
      .slice(0, 20)
      .map(([key, value]) => [key.slice(0, 64), value.slice(0, 512)]),
  );
  const order: Order | null = await api('validateOrder', { ...access, query }).catch((error: unknown) => {
    log.error('validateOrder failed', { reference: access.reference, failure: (error as Error).message });
    return null;
  });
  const params = new URLSearchParams({ order: access.reference, ...(access.token ? { [ORDER_KEY_PARAM]: access.token } : {}) });
  if (order && PAID_STATUSES.includes(order.status)) throw redirect(`/${lang}/checkout/success?${params}`);
  const cancelled = url.searchParams.has('cancelled');
  // Paid but not cleared yet (a bank transfer), or not confirmed yet: the page says so and looks again.
  if (order?.status === 'awaiting_payment' && !cancelled) return { reference: order.reference, again: `${url.pathname}?${params}` };
  params.set('reason', cancelled ? 'cancelled' : order?.status === 'payment_error' ? 'declined' : 'unavailable');
  throw redirect(`/${lang}/checkout/failed?${params}`);
}

/** The payment is pending: the gateway has not confirmed it yet. */
export default function CheckoutValidate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Screen title={t('checkout.validateTitle')} intro={t('checkout.pendingText', { reference: loaderData.reference })}>
      <a href={loaderData.again} className="button-primary mt-6 inline-block">
        {t('checkout.pendingCheck')}
      </a>
    </Screen>
  );
}
