import type { AdminCarrier, AdminShippingCountry } from '@shop/contract/admin';

/**
 * Why shoppers of a country sold to cannot check out, if they cannot: no carrier offered to shoppers has a rate to its
 * zone (`notServed`), or those that have are pickup carriers without a collection point in it (`notServedPickup`).
 * As the checkout offers carriers (shop-api checkout/delivery.ts).
 */
export function unservedReason(country: AdminShippingCountry, carriers: AdminCarrier[]): 'notServed' | 'notServedPickup' | null {
  const withRate = carriers.filter((carrier) => carrier.is_active && carrier.rates.some((rate) => rate.zone === country.zone));
  if (withRate.some((carrier) => carrier.kind === 'home' || carrier.pickup_countries.includes(country.iso))) return null;
  return withRate.length === 0 ? 'notServed' : 'notServedPickup';
}
