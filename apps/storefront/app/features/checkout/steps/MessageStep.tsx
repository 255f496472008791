import type { SubmissionResult } from '@conform-to/react';
import { DELIVERY_MESSAGE_MAX } from '@shop/contract/checkout';
import type { Checkout } from '@shop/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { SubmitButton, TextAreaField } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { checkoutLabels, checkoutMessageForm } from '../forms';

/** Message: an optional note for the courier (addOrEditDeliveryMessage). */
export function MessageStep({ checkout, lastResult }: { checkout: Checkout; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { fields, busy, formProps } = useShopForm({
    id: 'checkout-message',
    schema: checkoutMessageForm,
    labels: checkoutLabels(t),
    lastResult,
    defaultValue: { message: checkout.delivery_message },
  });
  return (
    <ShopForm {...formProps}>
      <h2 className="text-xl font-semibold">{t('checkout.message.title')}</h2>
      <TextAreaField field={fields.message} label={t('checkout.message.label')} description={t('checkout.message.hint')} maxLength={DELIVERY_MESSAGE_MAX} />
      <SubmitButton busy={busy}>{t('checkout.message.save')}</SubmitButton>
    </ShopForm>
  );
}
