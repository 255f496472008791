import type { AdminCarrier, AdminShippingCountry } from '@shop/contract/admin';
import { describe, expect, it } from 'vitest';
import { unservedReason } from './delivery';

const norway: AdminShippingCountry = { iso: 'NO', zone: 'NORDIC', is_active: true, free_shipping_from: null, is_home: false, version: 1 };
const carrier = (kind: AdminCarrier['kind'], zones: string[], pickupCountries: string[] = [], isActive = true): AdminCarrier => ({
  id: 1,
  code: kind,
  kind,
  name: kind,
  free_shipping_applies: true,
  is_active: isActive,
  rates: zones.map((zone) => ({ zone, price: 690, min_days: 1, max_days: 3, version: 1 })),
  pickup_countries: pickupCountries,
});

describe('why shoppers of a country sold to cannot check out', () => {
  it('is that no carrier offered to shoppers has a rate to its zone', () => {
    expect(unservedReason(norway, [])).toBe('notServed');
    expect(unservedReason(norway, [carrier('home', ['EU']), carrier('home', ['NORDIC'], [], false)])).toBe('notServed');
  });

  it('is that the carriers with a rate to its zone deliver to collection points, none of them in the country', () => {
    expect(unservedReason(norway, [carrier('pickup', ['NORDIC'], ['SE', 'DK'])])).toBe('notServedPickup');
  });

  it('is nothing once a home carrier, or a pickup carrier with a collection point there, has a rate to its zone', () => {
    expect(unservedReason(norway, [carrier('pickup', ['NORDIC'], ['SE']), carrier('home', ['NORDIC'])])).toBeNull();
    expect(unservedReason(norway, [carrier('pickup', ['NORDIC'], ['NO'])])).toBeNull();
  });
});
