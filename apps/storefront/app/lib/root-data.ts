import type { Bootstrap, Country, Lang, ShopperSummary } from '@shop/contract';
import type { ConsentState } from './consent';

/**
 * What the root loader gives every page (root.tsx): the shop's frame (settings, menu, countries), the language
 * and country, and the few personal things the header shows. Its own module, so that the components reading it
 * do not import the root route that renders them.
 */
/**
 * A country as every page uses it (the country chooser, the shipping rule, the cart's country). Its VAT rate and
 * states stay on the server: the cart's totals and the address forms have their own (a page's data travels twice in
 * its HTML, drawn and for hydration).
 */
export type PageCountry = Omit<Country, 'vat_rate_bp' | 'states'>;

export const toPageCountry = ({ iso, group, free_shipping_from, brand_free_shipping, delivery_days }: Country): PageCountry => ({
  iso,
  group,
  free_shipping_from,
  brand_free_shipping,
  delivery_days,
});

/** The country notice (features/geo/CountryNotice): a detected country, applied as the page's or only offered. */
export type CountryNotice = { country: string; applied: boolean };

export type RootData = {
  lang: Lang;
  country: string;
  /** A detected country, applied as the page's or offered (ADR 0021): the notice tells of it. */
  countryNotice: CountryNotice | null;
  bootstrap: Omit<Bootstrap, 'countries'> & { countries: PageCountry[] };
  /** The shop's public origin, for absolute links (canonical, hreflang). */
  origin: string;
  customer: { first_name: string } | null;
  shopper: ShopperSummary | null;
  /** The shop's social accounts (https addresses, SOCIAL_LINKS). */
  socialLinks: string[];
  /** The one-time message key an action left for this page. */
  flash: string | null;
  /** The tag manager and the shopper's cookie consent (features/consent). */
  consent: ConsentState;
};
