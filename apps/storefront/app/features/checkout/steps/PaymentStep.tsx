import type { SubmissionResult } from '@conform-to/react';
import type { Checkout, Gateway } from '@shop/contract';
import { PAYPAL_INSTALMENTS } from '@shop/contract/constants';
import { useTranslation } from '../../../i18n/use-translation';
import { FieldErrors, SubmitButton } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { useFormatPrice } from '../../../lib/hooks';
import { checkoutLabels, checkoutPaymentForm } from '../forms';
import { GatewayLogo } from '../GatewayLogo';

/** Payment: the gateways offered for this cart and country. The card itself is typed on the processor's page. */
export function PaymentStep({ checkout, gateways, lastResult }: { checkout: Checkout; gateways: Gateway[]; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { fields, busy, formProps } = useShopForm({
    id: 'checkout-payment',
    schema: checkoutPaymentForm,
    labels: checkoutLabels(t),
    lastResult,
    defaultValue: { gateway: checkout.gateway ?? gateways[0]?.name },
  });
  const chosen = String(fields.gateway.initialValue ?? '');
  const format = useFormatPrice();
  const total = checkout.cart.totals.total;
  // SPEC §9: PayPal's instalments are offered from 30 EUR to 2000 EUR.
  const instalments = total >= PAYPAL_INSTALMENTS.minCents && total <= PAYPAL_INSTALMENTS.maxCents;
  if (gateways.length === 0) return <p>{t('checkout.payment.none')}</p>;
  return (
    <ShopForm {...formProps}>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-xl font-semibold">{t('checkout.payment.title')}</legend>
        {gateways.map((gateway) => (
          <label key={gateway.name} className="flex items-start gap-3 rounded border border-stone-300 p-4 has-[:checked]:border-stone-900">
            <input type="radio" name={fields.gateway.name} value={gateway.name} defaultChecked={chosen === gateway.name} className="mt-1 h-4 w-4" />
            <GatewayLogo gateway={gateway.name} />
            <span>
              <span className="font-medium">{t(`checkout.gateways.${gateway.name}`)}</span>
              {gateway.name === 'card' ? <span className="block text-sm text-stone-600">{t('checkout.payment.cardHint')}</span> : null}
              {gateway.name === 'paypal' && instalments ? (
                <span className="block text-sm text-stone-600">
                  {t('checkout.payment.paypalInstalments', { min: format(PAYPAL_INSTALMENTS.minCents), max: format(PAYPAL_INSTALMENTS.maxCents) })}
                </span>
              ) : null}
            </span>
          </label>
        ))}
        <FieldErrors field={fields.gateway} />
      </fieldset>
      <SubmitButton busy={busy}>{t('checkout.continue')}</SubmitButton>
    </ShopForm>
  );
}
