import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useActionData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isQuietPost } from '~/lib/form-fields';
import type { Route } from './+types/checkout';
import { Screen } from '~/components/Screen';
import { checkoutAction, loadCheckoutPage } from '~/features/checkout/checkout.server';
import { CheckoutProgress } from '~/features/checkout/CheckoutProgress';
import { ContinueToPayment } from '~/features/checkout/ContinueToPayment';
import { OrderSummary } from '~/features/checkout/OrderSummary';
import { DetailsScreen } from '~/features/checkout/screens/DetailsScreen';
import { PaymentScreen } from '~/features/checkout/screens/PaymentScreen';
import { useLocalePath } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

// The checkout is two screens (ADR 0038) whose step is in the URL (`?step=delivery`): the loader shows the
// screen of a step that can be reached, or sends the shopper to the first one missing; each screen's form
// (and each collection point's) posts to the action.
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckoutPage(request, pageContext(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, pageContext(context));
}

/** A draft kept while typing changes nothing shown (one that changes the delivery country is not quiet). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isQuietPost(formData) ? false : defaultShouldRevalidate;
}

type ActionData = { result?: SubmissionResult<string[]>; payment?: { reference: string; url: string } } | undefined;

function EmptyCheckout() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <>
      <p className="mt-8">{t('checkout.emptyCart')}</p>
      <Link to={localePath('/cart')} className="button-primary mt-6 inline-block">
        {t('checkout.backToCart')}
      </Link>
    </>
  );
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const posted = useActionData<typeof action>() as ActionData;
  // Placed: the cart is now the order (and empty), so this comes first.
  if (posted?.payment) {
    return <ContinueToPayment title={t('checkout.title')} reference={posted.payment.reference} url={posted.payment.url} />;
  }
  if (!loaderData.checkout) {
    return (
      <Screen title={t('checkout.title')}>
        <EmptyCheckout />
      </Screen>
    );
  }
  const { checkout, screen } = loaderData;
  const lastResult = posted?.result;
  // The first screen has two kinds of form: its own, and a collection point's (which posts only the point).
  const pointResult = lastResult && 'pickup_point_id' in ((lastResult.initialValue as Record<string, unknown> | undefined) ?? {}) ? lastResult : undefined;
  return (
    <Screen title={t('checkout.title')}>
      <CheckoutProgress checkout={checkout} current={screen} path={localePath('/checkout')} />
      <div className="mt-6 space-y-8">
        {screen === 'details' ? (
          <DetailsScreen
            checkout={checkout}
            addresses={loaderData.addresses ?? []}
            carriers={loaderData.carriers ?? []}
            points={loaderData.points}
            query={loaderData.query}
            lastCarrierId={loaderData.lastCarrierId}
            lastResult={pointResult ? undefined : lastResult}
            pointResult={pointResult}
          />
        ) : (
          <PaymentScreen checkout={checkout} gateways={loaderData.gateways ?? []} rememberedGateway={loaderData.rememberedGateway} idempotencyKey={loaderData.idempotencyKey!} lastResult={lastResult} />
        )}
        {screen === 'payment' ? null : <OrderSummary cart={checkout.cart} />}
      </div>
    </Screen>
  );
}
