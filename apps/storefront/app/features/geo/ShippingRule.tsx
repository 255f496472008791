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

/**
 * The product page's shipping block (the footer's without a brand): the country's rule, the product's brand's own
 * free-shipping amount there if it has one (SPEC §9, the cart's same rule), and the delivery times.
 */
export function ShippingInfo({ root, brand }: { root: RootData; brand?: { id: number; name: string } | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatPrice = useFormatPrice();
  const country = root.bootstrap.countries.find((candidate) => candidate.iso === root.country);
  const days = country?.delivery_days;
  const brandFrom = brand ? country?.brand_free_shipping.find((rule) => rule.brand_id === brand.id)?.from : undefined;
  return (
    <>
      <span className="block">
        <ShippingRule root={root} />
      </span>
      {brand && brandFrom !== undefined ? (
        <span className="block">{t('geo.brandFreeShipping', { brand: brand.name, amount: formatPrice(brandFrom), country: countryName(root.country, lang) })}</span>
      ) : null}
      {days ? <span className="block">{t('geo.deliveryDays', days)}</span> : null}
    </>
  );
}
