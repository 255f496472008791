import type { SubmissionResult } from '@conform-to/react';
import type { Carrier, Checkout } from '@shop/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { FieldErrors, SubmitButton } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { useFormatPrice } from '../../../lib/hooks';
import { checkoutCarrierForm, checkoutLabels } from '../forms';

/** Delivery: the carriers that go to the address, each with what it costs this cart and how long it takes. */
export function DeliveryStep({ checkout, carriers, lastResult }: { checkout: Checkout; carriers: Carrier[]; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const { fields, busy, formProps } = useShopForm({
    id: 'checkout-carrier',
    schema: checkoutCarrierForm,
    labels: checkoutLabels(t),
    lastResult,
    defaultValue: { carrier_id: String(checkout.carrier?.id ?? carriers[0]?.id ?? '') },
  });
  const chosen = String(fields.carrier_id.initialValue ?? '');
  return (
    <ShopForm {...formProps}>
      <fieldset aria-describedby={fields.carrier_id.errors?.length ? fields.carrier_id.errorId : undefined} className="space-y-2">
        <legend className="mb-2 text-xl font-semibold">{t('checkout.delivery.title')}</legend>
        {carriers.map((carrier) => (
          <label key={carrier.id} className="flex items-start gap-3 rounded border border-stone-300 p-4 has-[:checked]:border-stone-900">
            <input type="radio" name={fields.carrier_id.name} value={carrier.id} defaultChecked={chosen === String(carrier.id)} className="mt-1 h-4 w-4" />
            <span className="flex flex-1 flex-wrap justify-between gap-x-4">
              <span>
                <span className="font-medium">{carrier.name}</span>
                <span className="block text-sm text-stone-600">
                  {t('checkout.delivery.days', { min: carrier.delivery_days.min, max: carrier.delivery_days.max })}
                  {carrier.kind === 'pickup' ? ` · ${t('checkout.delivery.pickupHint')}` : null}
                </span>
              </span>
              <span className="font-medium">
                {carrier.free ? (
                  <>
                    <s className="mr-2 font-normal text-stone-500">{format(carrier.regular_price)}</s>
                    {t('checkout.delivery.free')}
                  </>
                ) : (
                  format(carrier.price)
                )}
              </span>
            </span>
          </label>
        ))}
        <FieldErrors field={fields.carrier_id} />
      </fieldset>
      <SubmitButton busy={busy}>{t('checkout.continue')}</SubmitButton>
    </ShopForm>
  );
}
