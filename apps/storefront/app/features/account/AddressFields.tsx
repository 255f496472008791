import { STATE_NAMES } from '@shop/contract/account';
import { useFormMetadata, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { SelectField, TextField } from '~/components/forms/fields';
import { countryName } from '~/features/geo/countries';
import { useLang, useRootData } from '~/lib/hooks';

type AddressField = 'alias' | 'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'postcode' | 'city' | 'country' | 'state' | 'phone' | 'vat_number';

type Props = {
  /** The address's fields: a form's own, or a nested address's (`shipping.city`). */
  fields: Record<AddressField, FieldMetadata<unknown>>;
  /** The account names its addresses; the checkout does not ask. */
  withAlias?: boolean;
  withVatNumber?: boolean;
  /** The autofill section ('shipping' or 'billing'), so that a browser fills each address with its own. */
  autofill?: 'shipping' | 'billing';
};

/**
 * The fields of an address, in the order a shopper fills them in, with the country's states or provinces when
 * it has them (Italian and Spanish provinces, US states). Used by the address book and the checkout.
 */
export function AddressFields({ fields, withAlias = true, withVatNumber = true, autofill }: Props) {
  const section = autofill ? `${autofill} ` : '';
  const { t } = useTranslation();
  const lang = useLang();
  const root = useRootData();
  const countries = (root?.bootstrap.countries ?? [])
    .map((country) => ({ value: country.iso, label: countryName(country.iso, lang) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  // The states of the chosen country; without JavaScript, of the country the form was shown (or sent) with.
  const [country, setCountry] = useState(String(fields.country.initialValue ?? root?.country ?? ''));
  const form = useFormMetadata(fields.country.formId);
  const chooseCountry = (chosen: string) => {
    setCountry(chosen);
    // A postcode typed first was checked against the country shown then: check it against this one's format
    // (a stale 'wrong postcode' would move the page under the shopper's next click when it goes).
    if (fields.postcode.value) form.validate({ name: fields.postcode.name });
  };
  // Provinces by name ('Milano'), in the name's alphabetical order; the address keeps the code.
  const states = Object.entries(STATE_NAMES[country] ?? {})
    .map(([code, name]) => ({ value: code, label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  return (
    <>
      {withAlias ? <TextField field={fields.alias} label={t('account.addressFields.alias')} autoComplete="off" /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.first_name} label={t('auth.firstName')} autoComplete={`${section}given-name`} />
        <TextField field={fields.last_name} label={t('auth.lastName')} autoComplete={`${section}family-name`} />
      </div>
      <TextField field={fields.company} label={t('account.addressFields.company')} autoComplete={`${section}organization`} optional />
      <TextField field={fields.address1} label={t('account.addressFields.address1')} autoComplete={`${section}address-line1`} />
      <TextField field={fields.address2} label={t('account.addressFields.address2')} autoComplete={`${section}address-line2`} optional />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.postcode} label={t('account.addressFields.postcode')} autoComplete={`${section}postal-code`} />
        <TextField field={fields.city} label={t('account.addressFields.city')} autoComplete={`${section}address-level2`} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField field={fields.country} label={t('account.addressFields.country')} options={countries} onChange={chooseCountry} autoComplete={`${section}country`} />
        {states.length > 0 ? (
          <SelectField field={fields.state} label={t('account.addressFields.state')} options={states} placeholder={t('account.addressFields.chooseState')} autoComplete={`${section}address-level1`} />
        ) : null}
      </div>
      <TextField field={fields.phone} label={t('account.addressFields.phone')} type="tel" autoComplete={`${section}tel`} optional />
      {withVatNumber ? <TextField field={fields.vat_number} label={t('account.addressFields.vatNumber')} autoComplete="off" optional /> : null}
    </>
  );
}
