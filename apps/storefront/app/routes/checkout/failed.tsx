import { gatewayNameSchema } from '@shop/contract/checkout';
import { useTranslation } from '~/i18n/use-translation';
import { data, Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/failed';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { Screen } from '~/components/Screen';
import { ContinueToPayment } from '~/features/checkout/ContinueToPayment';
import { GatewayLogo } from '~/features/checkout/GatewayLogo';
import { ORDER_KEY_PARAM, orderAccess, PAID_STATUSES } from '~/features/orders/order-access';
import { loadByOrderLink } from '~/features/orders/order-link.server';
import { OrderLinkExpired } from '~/features/orders/OrderLinkExpired';
import { loadOrFail } from '~/lib/api/shop.server';
import { readForm } from '~/lib/form-body.server';
import { useLocalePath } from '~/lib/hooks';
import { redirectWithFlash } from '~/lib/flash.server';
import { startedSessionHeaders } from '~/lib/session.server';
import { notFound, pageContext } from '~/lib/request-context.server';

const REASONS = ['declined', 'cancelled', 'unavailable'] as const;

/** The payment did not go through: why, and paying again; the order keeps its items and their stock meanwhile. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const url = new URL(request.url);
  const access = orderAccess(url) ?? notFound();
  const answers = await loadByOrderLink(access, Promise.all([api('getOrder', access), api('getGateways', access)]));
  if (!answers) return data({ order: null, reason: null, gateways: [] }, { status: 404 });
  const [order, { gateways }] = answers;
  const reason = REASONS.find((candidate) => candidate === url.searchParams.get('reason')) ?? null;
  return { order, reason, gateways };
}

/**
 * Pays the order again with its gateway (or another offered one): on to the gateway's page. Or the shopper would
 * rather change it: its items go back into the cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const access = orderAccess(new URL(request.url)) ?? notFound();
  const form = await readForm(request);
  if (form.get('intent') === 'change') {
    const cart = await loadOrFail(api('returnOrderToCart', access));
    return redirectWithFlash(request, `/${lang}/cart`, 'checkout.flash.backInCart', startedSessionHeaders(request, cart.session));
  }
  const gateway = gatewayNameSchema.safeParse(form.get('gateway'));
  if (!gateway.success) return notFound();
  const placed = await loadOrFail(api('updateOrder', { ...access, gateway: gateway.data }));
  // The earlier payment went through after all (the shop asks its gateway before starting another): paid.
  if (PAID_STATUSES.includes(placed.order.status)) {
    const params = new URLSearchParams({ order: access.reference, ...(access.token ? { [ORDER_KEY_PARAM]: access.token } : {}) });
    return redirect(`/${lang}/checkout/success?${params}`);
  }
  if (!placed.redirect_url) return data({ payment: null }, { status: 503 });
  return { payment: { reference: placed.order.reference, url: placed.redirect_url } };
}

export default function CheckoutFailed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const retry = useFormPost({ id: 'payment-retry' });
  const change = useFormPost({ id: 'payment-change' });
  const posted = useActionData<typeof action>();
  const { order, reason, gateways } = loaderData;
  if (!order) return <OrderLinkExpired />;
  if (posted && 'payment' in posted && posted.payment) {
    return <ContinueToPayment title={t('checkout.failedTitle')} reference={posted.payment.reference} url={posted.payment.url} />;
  }
  const paid = PAID_STATUSES.includes(order.status);
  return (
    <Screen title={t('checkout.failedTitle')} intro={paid ? t('checkout.failed.paid') : t('checkout.failedText')}>
      {reason ? <p className="mt-4 font-medium">{t(`checkout.failed.${reason}`)}</p> : null}
      {order.payable ? (
        <div className="mt-6 space-y-4">
          <p>{t('checkout.failed.kept', { reference: order.reference })}</p>
          <PostForm post={retry} className="space-y-4">
            <fieldset className="space-y-2">
              <legend className="font-semibold">{t('checkout.payment.title')}</legend>
              {gateways.map(({ name }) => (
                <label key={name} className="flex items-center gap-3 rounded border border-stone-300 p-3 has-[:checked]:border-stone-900">
                  <input type="radio" name="gateway" value={name} defaultChecked={name === (order.gateway ?? gateways[0]?.name)} className="h-4 w-4" />
                  <GatewayLogo gateway={name} />
                  <span>{t(`checkout.gateways.${name}`)}</span>
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button-primary" aria-busy={retry.busy || undefined}>
              {t('checkout.failed.retry')}
            </button>
          </PostForm>
          <PostForm post={change}>
            <input type="hidden" name="intent" value="change" />
            <button type="submit" className="underline">
              {t('checkout.failed.change')}
            </button>
          </PostForm>
        </div>
      ) : paid ? null : (
        <p className="mt-6">{t('checkout.failed.notPayable')}</p>
      )}
      <ul className="mt-8 space-y-2">
        <li>
          <Link to={localePath('/cart')} className="underline">
            {t('checkout.backToCart')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
