import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice, useLang } from '~/lib/hooks';
import type { RootData } from '~/lib/root-data';
import { countryName } from './countries';

/**
 * The shipping promise for the page's country, from the same rule the cart applies (the country's free-shipping
 * threshold, bootstrap.countries): 'Italy: free shipping from €150.00', or where it ships without one.
 */
export function ShippingRule({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatPrice = useFormatPrice();
  const country = root.bootstrap.countries.find((candidate) => candidate.iso === root.country);
  const name = countryName(root.country, lang);
  return country?.free_shipping_from != null
    ? t('header.shippingBanner', { amount: formatPrice(country.free_shipping_from), country: name })
    : t('header.deliveryBanner', { country: name });
}

/** The product page's shipping block: the country's rule and its delivery times. */
export function ShippingInfo({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const days = root.bootstrap.countries.find((candidate) => candidate.iso === root.country)?.delivery_days;
  return (
    <>
      <span className="block">
        <ShippingRule root={root} />
      </span>
      {days ? <span className="block">{t('geo.deliveryDays', days)}</span> : null}
    </>
  );
}
