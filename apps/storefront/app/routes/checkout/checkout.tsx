import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useActionData } from 'react-router';
import type { Route } from './+types/checkout';
import { Screen } from '../../components/Screen';
import { checkoutAction, loadCheckoutPage } from '../../features/checkout/checkout.server';
import { CheckoutProgress } from '../../features/checkout/CheckoutProgress';
import { ContinueToPayment } from '../../features/checkout/ContinueToPayment';
import { OrderSummary } from '../../features/checkout/OrderSummary';
import { AccountStep } from '../../features/checkout/steps/AccountStep';
import { AddressStep } from '../../features/checkout/steps/AddressStep';
import { DeliveryStep } from '../../features/checkout/steps/DeliveryStep';
import { MessageStep } from '../../features/checkout/steps/MessageStep';
import { PaymentStep } from '../../features/checkout/steps/PaymentStep';
import { PointsStep } from '../../features/checkout/steps/PointsStep';
import { ReviewStep } from '../../features/checkout/steps/ReviewStep';
import { VouchersStep } from '../../features/checkout/steps/VouchersStep';
import { useLocalePath } from '../../lib/hooks';
import { pageContext } from '../../lib/request-context.server';

// The checkout is one screen whose step is in the URL (`?step=delivery`): the loader shows a step that can be
// reached, or sends the shopper to the first one missing; each step's form posts to the action.
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCheckoutPage(request, pageContext(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, pageContext(context));
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
  const { checkout, step } = loaderData;
  const lastResult = posted?.result;
  return (
    <Screen title={t('checkout.title')}>
      <CheckoutProgress checkout={checkout} current={step} path={localePath('/checkout')} />
      <div className="mt-6 space-y-8">
        {step === 'account' ? <AccountStep checkout={checkout} lastResult={lastResult} /> : null}
        {step === 'address' ? <AddressStep checkout={checkout} addresses={loaderData.addresses ?? []} lastResult={lastResult} /> : null}
        {step === 'delivery' ? <DeliveryStep checkout={checkout} carriers={loaderData.carriers ?? []} lastResult={lastResult} /> : null}
        {step === 'points' ? <PointsStep checkout={checkout} points={loaderData.points} query={loaderData.query} lastResult={lastResult} /> : null}
        {step === 'vouchers' ? <VouchersStep checkout={checkout} /> : null}
        {step === 'message' ? <MessageStep checkout={checkout} lastResult={lastResult} /> : null}
        {step === 'payment' ? <PaymentStep checkout={checkout} gateways={loaderData.gateways ?? []} lastResult={lastResult} /> : null}
        {step === 'review' ? <ReviewStep checkout={checkout} idempotencyKey={loaderData.idempotencyKey!} lastResult={lastResult} /> : null}
        {step === 'review' ? null : <OrderSummary cart={checkout.cart} />}
      </div>
    </Screen>
  );
}
