type Country = { iso: string; groupKey: 'EU' | 'EUROPE_OTHER' | 'WORLD'; vatRateBasisPoints: number; freeShippingFromCents: number | null };

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
