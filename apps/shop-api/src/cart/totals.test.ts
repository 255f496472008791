import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartMoney, cartProblem, type PricedLine, type RuleTerms } from './totals.ts';

const ITALY = { vatRateBasisPoints: 2200, classRates: {}, shippingCents: 690, freeShippingFromCents: 15_000, brandThresholds: [{ brandId: 2, fromCents: 10_000 }], freeShippingApplies: true };
const NO_RULE: RuleTerms = { reductionPercent: null, reductionAmountCents: null, freeShipping: false, minimumAmountCents: 0, categoryIds: [], brandIds: [], appliesToDiscounted: true };
const line = (total: number, extra: Partial<PricedLine> = {}): PricedLine => ({
  total,
  quantity: 1,
  discounted: false,
  freeShipping: false,
  categoryIds: [3],
  brandId: 1,
  taxClass: 'standard',
  ...extra,
});

const lineArbitrary = fc.record({
  total: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 10 }),
  discounted: fc.boolean(),
  freeShipping: fc.boolean(),
  categoryIds: fc.subarray([3, 4, 5, 10]),
  brandId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  taxClass: fc.constantFrom('standard', 'children'),
});
const ruleArbitrary = fc.record({
  reductionPercent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  reductionAmountCents: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  freeShipping: fc.boolean(),
  minimumAmountCents: fc.constant(0),
  categoryIds: fc.subarray([3, 4, 5]),
  brandIds: fc.subarray([1, 2]),
  appliesToDiscounted: fc.boolean(),
});

describe('cart money', () => {
  it('adds up for any lines and codes: never a negative total, never more off than the products cost', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 6 }), fc.array(ruleArbitrary, { maxLength: 3 }), (lines, rules) => {
        const { totals, discounts } = cartMoney(lines, rules, ITALY);
        expect(totals.discounts).toBe(discounts.reduce((a, b) => a + b, 0));
        expect(totals.discounts).toBeLessThanOrEqual(totals.products);
        expect(discounts.every((discount) => Number.isInteger(discount) && discount >= 0)).toBe(true);
        expect(totals.total).toBe(totals.products - totals.discounts + totals.shipping);
        expect(totals.total).toBeGreaterThanOrEqual(0);
        expect(totals.tax).toBeLessThanOrEqual(totals.total);
        expect([0, 690]).toContain(totals.shipping);
      }),
    );
  });

  it('ships free from the country threshold, after discounts, and says how much is missing below it', () => {
    expect(cartMoney([line(14_999)], [], ITALY)).toMatchObject({ totals: { shipping: 690, total: 15_689 }, freeShipping: { threshold: 15_000, remaining: 1 } });
    expect(cartMoney([line(15_000)], [], ITALY)).toMatchObject({ totals: { shipping: 0, shipping_free: true }, freeShipping: { remaining: 0 } });
    const tenPercent = { ...NO_RULE, reductionPercent: 10 };
    expect(cartMoney([line(16_000)], [tenPercent], ITALY).totals).toMatchObject({ discounts: 1600, shipping: 690, total: 15_090 });
    expect(cartMoney([], [], ITALY).totals).toMatchObject({ shipping: 0, total: 0, shipping_free: false });
    expect(cartMoney([line(1000, { freeShipping: true })], [], ITALY).totals.shipping).toBe(0);
  });

  it("ships free to Italy from 100 EUR of the one brand's products, but never makes a paid-for carrier free", () => {
    expect(cartMoney([line(9_999, { brandId: 2 }), line(3_000, { brandId: 1 })], [], ITALY).totals.shipping).toBe(690);
    expect(cartMoney([line(10_000, { brandId: 2 })], [], ITALY).totals).toMatchObject({ shipping: 0, shipping_free: true });
    const express = { ...ITALY, shippingCents: 1290, freeShippingApplies: false };
    expect(cartMoney([line(20_000, { brandId: 2 })], [{ ...NO_RULE, freeShipping: true }], express).totals).toMatchObject({ shipping: 1290, shipping_free: false });
  });

  it('takes the VAT included in the total at the country rate, rounded to the cent', () => {
    expect(cartMoney([line(12_200)], [], ITALY).totals).toMatchObject({ total: 12_890, tax: Math.round((12_890 * 2200) / 12_200) });
    expect(cartMoney([line(5000)], [], { ...ITALY, vatRateBasisPoints: 0 }).totals.tax).toBe(0);
  });

  it('takes each line’s VAT at its tax class’s rate, codes and shipping shared as the lines’ value is (ADR 64)', () => {
    const IRELAND = { ...ITALY, vatRateBasisPoints: 2300, classRates: { children: 0 }, freeShippingFromCents: null, brandThresholds: [] };
    // Children's clothing alone: no VAT, shipping included; a class the country has no rate for is standard.
    expect(cartMoney([line(4995, { taxClass: 'children' })], [], IRELAND).totals).toMatchObject({ total: 5685, tax: 0, vat_rate_bp: 2300, vat_rates_bp: [0] });
    expect(cartMoney([line(4995, { taxClass: 'children' })], [], ITALY).totals).toMatchObject({ tax: Math.round((5685 * 2200) / 12_200), vat_rates_bp: [2200] });
    // Half and half, 10 % off: 9,990 − 999 + 690 = 9,681 paid, 4,841 of it at 0 % and the 4,840 left at 23 % (905 VAT).
    const mixed = cartMoney([line(4995, { taxClass: 'children' }), line(4995)], [{ ...NO_RULE, reductionPercent: 10 }], IRELAND).totals;
    expect(mixed).toMatchObject({ total: 9681, tax: Math.round((4840 * 2300) / 12_300), vat_rates_bp: [0, 2300] });
    // An export holds no VAT whatever the class.
    expect(cartMoney([line(4995, { taxClass: 'children' }), line(4995)], [], { ...IRELAND, vatRateBasisPoints: 0, classRates: {} }).totals).toMatchObject({ tax: 0, vat_rates_bp: [0] });
  });

  it('caps an amount at what its eligible lines cost, and applies a percentage to them only', () => {
    const kidsOnly = { ...NO_RULE, reductionPercent: 15, categoryIds: [5], appliesToDiscounted: false };
    const lines = [line(4000, { categoryIds: [5] }), line(3000, { categoryIds: [5], discounted: true }), line(9000)];
    expect(cartMoney(lines, [kidsOnly], ITALY).discounts).toEqual([600]);
    expect(cartMoney([line(1500)], [{ ...NO_RULE, reductionAmountCents: 2000 }], ITALY).discounts).toEqual([1500]);
  });

  it('names the condition a cart misses', () => {
    expect(cartProblem([line(9999)], { ...NO_RULE, reductionAmountCents: 2000, minimumAmountCents: 10_000 })).toBe('coupon_minimum_not_reached');
    expect(cartProblem([line(9999)], { ...NO_RULE, reductionPercent: 10, brandIds: [7] })).toBe('coupon_not_applicable');
    expect(cartProblem([], { ...NO_RULE, freeShipping: true })).toBeNull();
  });
});
