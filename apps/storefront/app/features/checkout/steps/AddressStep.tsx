import type { FieldMetadata, SubmissionResult } from '@conform-to/react';
import type { Address, Checkout } from '@shop/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { CheckboxField, SubmitButton, TextField } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { countryName } from '../../geo/countries';
import { useLang, useRootData } from '../../../lib/hooks';
import { AddressFields } from '../../account/AddressFields';
import { checkoutAddressForm, checkoutLabels } from '../forms';

type Fields = Parameters<typeof AddressFields>[0]['fields'];

function SavedAddress({ address }: { address: Address }) {
  const lang = useLang();
  return (
    <span>
      <strong>{address.alias}</strong>: {address.first_name} {address.last_name}, {address.address1}, {address.postcode} {address.city}, {countryName(address.country, lang)}
    </span>
  );
}

/**
 * Address: where to deliver (a saved address or a new one), where to bill (the same, or another) and the
 * invoice's numbers. The parts that do not apply fold away by CSS alone (`:has`), so the step works the same
 * without JavaScript; what they hold is then ignored (see the form's schema).
 */
export function AddressStep({ checkout, addresses, lastResult }: { checkout: Checkout; addresses: Address[]; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  const alias = t('checkout.address.alias');
  const defaultValue = useMemo(() => {
    const country = root?.country || root?.bootstrap.settings.default_country;
    const preferred = addresses.find((address) => address.is_default) ?? addresses[0];
    return {
      shipping_id: checkout.shipping_address || !preferred ? 'new' : String(preferred.id),
      shipping: checkout.shipping_address ?? { country },
      billing_same: checkout.billing_address === null,
      billing: checkout.billing_address ?? { country },
      invoice_requested: checkout.invoice?.requested ?? false,
      invoice: checkout.invoice ?? undefined,
    };
  }, [checkout, addresses, root]);
  const { fields, busy, formProps } = useShopForm({ id: 'checkout-address', schema: checkoutAddressForm, labels: checkoutLabels(t), lastResult, defaultValue });
  const shipping = fields.shipping.getFieldset() as unknown as Fields;
  const billing = fields.billing.getFieldset() as unknown as Fields;
  const invoice = fields.invoice.getFieldset() as Record<'vat_number' | 'fiscal_code' | 'pec' | 'sdi', FieldMetadata<unknown>>;
  const chosen = String(fields.shipping_id.initialValue ?? 'new');
  return (
    <ShopForm {...formProps} className="group space-y-6">
      <fieldset className="space-y-4">
        <legend className="text-xl font-semibold">{t('checkout.address.title')}</legend>
        {addresses.length > 0 ? (
          <div role="radiogroup" aria-label={t('checkout.address.saved')} className="space-y-2">
            {addresses.map((address) => (
              <label key={address.id} className="flex items-start gap-2 rounded border border-stone-300 p-3 has-[:checked]:border-stone-900">
                <input type="radio" name={fields.shipping_id.name} value={address.id} defaultChecked={chosen === String(address.id)} className="mt-1 h-4 w-4" />
                <SavedAddress address={address} />
              </label>
            ))}
            <label className="flex items-center gap-2 rounded border border-stone-300 p-3 has-[:checked]:border-stone-900">
              <input type="radio" name={fields.shipping_id.name} value="new" defaultChecked={chosen === 'new'} className="h-4 w-4" />
              <span>{t('checkout.address.new')}</span>
            </label>
          </div>
        ) : (
          <input type="hidden" name={fields.shipping_id.name} value="new" />
        )}
        <div className={addresses.length > 0 ? 'hidden space-y-4 group-has-[input[value=new]:checked]:block' : 'space-y-4'}>
          <input type="hidden" name={shipping.alias.name} value={alias} />
          <AddressFields fields={shipping} withAlias={false} withVatNumber={false} />
          {checkout.signed_in ? <CheckboxField field={fields.save_shipping} label={t('checkout.address.save')} /> : null}
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-xl font-semibold">{t('checkout.address.billingTitle')}</legend>
        <CheckboxField field={fields.billing_same} label={t('checkout.address.billingSame')} />
        <div className="space-y-4 group-has-[input[name=billing\_same]:checked]:hidden">
          <input type="hidden" name={billing.alias.name} value={alias} />
          <AddressFields fields={billing} withAlias={false} withVatNumber={false} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <CheckboxField field={fields.invoice_requested} label={t('checkout.invoice.requested')} />
        <div className="hidden space-y-4 group-has-[input[name=invoice\_requested]:checked]:block">
          <p className="text-sm text-stone-700">{t('checkout.invoice.intro')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={invoice.vat_number} label={t('checkout.invoice.vatNumber')} />
            <TextField field={invoice.fiscal_code} label={t('checkout.invoice.fiscalCode')} />
            <TextField field={invoice.pec} label={t('checkout.invoice.pec')} type="email" />
            <TextField field={invoice.sdi} label={t('checkout.invoice.sdi')} />
          </div>
        </div>
        {checkout.invoice?.requested && !checkout.invoice.issued ? <p className="text-amber-800">{t('checkout.invoice.none')}</p> : null}
      </fieldset>
      <SubmitButton busy={busy}>{t('checkout.continue')}</SubmitButton>
    </ShopForm>
  );
}
