type ZoneKey = 'EU' | 'EUROPE_OTHER' | 'WORLD';
type Country = { iso: string; groupKey: ZoneKey; vatRateBasisPoints: number; freeShippingFromCents: number | null };

/** The demo shop's shipping zones, named in the shop's languages (the merchant adds and renames zones in the back office). */
export const SHIPPING_ZONES: { key: ZoneKey; names: Record<'en' | 'fr' | 'it' | 'es' | 'de' | 'pl', string> }[] = [
  { key: 'EU', names: { en: 'European Union', fr: 'Union européenne', it: 'Unione europea', es: 'Unión Europea', de: 'Europäische Union', pl: 'Unia Europejska' } },
  { key: 'EUROPE_OTHER', names: { en: 'Rest of Europe', fr: 'Reste de l’Europe', it: 'Resto d’Europa', es: 'Resto de Europa', de: 'Übriges Europa', pl: 'Reszta Europy' } },
  { key: 'WORLD', names: { en: 'Rest of the world', fr: 'Reste du monde', it: 'Resto del mondo', es: 'Resto del mundo', de: 'Übrige Welt', pl: 'Reszta świata' } },
];

// [iso, standard VAT rate in basis points, free shipping from (cents) or null]
const EU: [string, number, number | null][] = [
  ['IT', 2200, 15_000],
  ['FR', 2000, 20_000],
  ['DE', 1900, 20_000],
  ['ES', 2100, null],
  ['AT', 2000, null],
  ['BE', 2100, null],
  ['NL', 2100, null],
  ['LU', 1700, null],
  ['PT', 2300, null],
  ['IE', 2300, null],
  ['PL', 2300, null],
  ['GR', 2400, null],
  ['SE', 2500, null],
  ['DK', 2500, null],
  ['FI', 2550, null],
  ['CZ', 2100, null],
];

export const COUNTRIES: Country[] = [
  ...EU.map(([iso, vatRateBasisPoints, freeShippingFromCents]): Country => ({ iso, groupKey: 'EU', vatRateBasisPoints, freeShippingFromCents })),
  { iso: 'GB', groupKey: 'EUROPE_OTHER', vatRateBasisPoints: 2000, freeShippingFromCents: null },
  { iso: 'CH', groupKey: 'EUROPE_OTHER', vatRateBasisPoints: 810, freeShippingFromCents: null },
  { iso: 'NO', groupKey: 'EUROPE_OTHER', vatRateBasisPoints: 2500, freeShippingFromCents: null },
  { iso: 'US', groupKey: 'WORLD', vatRateBasisPoints: 0, freeShippingFromCents: null },
];

/**
 * The countries' rates for tax classes other than the standard one (the others take the standard rate): Ireland
 * zero-rates children's clothing and footwear, which the demo's kids' products are.
 */
export const COUNTRY_TAX_RATES = [{ countryIso: 'IE', taxClass: 'children', vatRateBasisPoints: 0 }];

export function country(iso: string): Country {
  const found = COUNTRIES.find((candidate) => candidate.iso === iso);
  if (!found) throw new Error(`Unknown country ${iso}`);
  return found;
}
