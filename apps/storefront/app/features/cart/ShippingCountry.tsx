import { useTranslation } from '~/i18n/use-translation';
import { CountryOptions } from '~/features/geo/countries';
import { PreferencesForm } from '~/features/geo/CountryChooser';
import { useRootData } from '~/lib/hooks';

/**
 * The country the shipping and VAT are estimated for. It is the shopper's country choice, stored by the
 * preferences action (the header's chooser stores the same), which brings them back to the cart.
 */
export function ShippingCountry({ country }: { country: string }) {
  const { t } = useTranslation();
  const countries = useRootData()?.bootstrap.countries ?? [];
  return (
    <PreferencesForm className="flex items-end gap-2">
      <label htmlFor="cart-country" className="flex-1 text-sm">
        <span className="mb-1 block font-semibold">{t('cart.shippingTo')}</span>
        <select key={country} id="cart-country" name="country" defaultValue={country} className="w-full rounded border border-stone-400 px-2 py-2">
          <CountryOptions countries={countries} />
        </select>
      </label>
      <button type="submit" className="rounded border border-stone-900 px-4 py-2 font-medium hover:bg-stone-100">
        {t('cart.changeCountry')}
      </button>
    </PreferencesForm>
  );
}
