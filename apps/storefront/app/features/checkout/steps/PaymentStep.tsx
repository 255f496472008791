import type { SubmissionResult } from '@conform-to/react';
import type { Checkout, Gateway } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { FieldErrors, SubmitButton } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { checkoutLabels, checkoutPaymentForm } from '../forms';

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
  if (gateways.length === 0) return <p>{t('checkout.payment.none')}</p>;
  return (
    <ShopForm {...formProps}>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-xl font-semibold">{t('checkout.payment.title')}</legend>
        {gateways.map((gateway) => (
          <label key={gateway.name} className="flex items-start gap-3 rounded border border-stone-300 p-4 has-[:checked]:border-stone-900">
            <input type="radio" name={fields.gateway.name} value={gateway.name} defaultChecked={chosen === gateway.name} className="mt-1 h-4 w-4" />
            <span>
              <span className="font-medium">{t(`checkout.gateways.${gateway.name}`)}</span>
              {gateway.name === 'card' ? <span className="block text-sm text-stone-600">{t('checkout.payment.cardHint')}</span> : null}
            </span>
          </label>
        ))}
        <FieldErrors field={fields.gateway} />
      </fieldset>
      <SubmitButton busy={busy}>{t('checkout.continue')}</SubmitButton>
    </ShopForm>
  );
}
