import { describe, expect, it } from 'vitest';
import { calls } from './calls.ts';
import { ANY_CALL_REFUSALS, readRefusal, refusalDetails } from './refusals.ts';

describe('refusals: each code with its details', () => {
  it('reads the details the contract gives a code', () => {
    expect(readRefusal('out_of_stock', { available: 2 })).toEqual({ code: 'out_of_stock', details: { available: 2 } });
    expect(readRefusal('preorder_confirmation_required', { in_stock: 0, available_date: '2027-03-01T00:00:00.000Z' })).toEqual({
      code: 'preorder_confirmation_required',
      details: { in_stock: 0, available_date: '2027-03-01T00:00:00.000Z' },
    });
    expect(readRefusal('coupon_minimum_not_reached', { minimum: 10000 }).details).toEqual({ minimum: 10000 });
    expect(readRefusal('coupon_minimum_not_reached', null).details).toBeNull();
  });

  it('never guesses: details that do not match their code, and unknown codes, are read without details', () => {
    expect(readRefusal('out_of_stock', { available: 'many' })).toEqual({ code: 'out_of_stock', details: null });
    expect(readRefusal('quantity_above_limit', { min: 2 })).toEqual({ code: 'quantity_above_limit', details: null });
    expect(readRefusal('email_taken', { anything: 1 })).toEqual({ code: 'email_taken', details: null });
  });

  it('names only described codes for each call', () => {
    const described = new Set(Object.keys(refusalDetails));
    for (const code of ANY_CALL_REFUSALS) expect(described).toContain(code);
    for (const [name, definition] of Object.entries(calls)) {
      for (const code of definition.refusals) expect(described.has(code), `${name}: ${code}`).toBe(true);
    }
    expect(calls.addOrRemoveCoupon.refusals).toContain('coupon_minimum_not_reached');
    expect(calls.updateCartItem.refusals).toContain('cart_item_not_found');
  });
});
