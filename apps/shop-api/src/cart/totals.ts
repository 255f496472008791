import type { CartTotals, CouponErrorCode } from '@shop/contract';

/**
 * The cart's money, as the checkout will charge it: integer cents, VAT included at the cart country's rate.
 * Pure functions of the lines and the codes, so that they are easy to test and cannot disagree with themselves.
 */

export type PricedLine = {
  /** The line's total (unit price with VAT × quantity). */
  total: number;
  quantity: number;
  /** Whether the product already sells below its regular price. */
  discounted: boolean;
  freeShipping: boolean;
  categoryIds: number[];
  brandId: number | null;
  /** What the product is for VAT (TAX_CLASSES): the country's rate for it is in CountryTerms. */
  taxClass: string;
};

export type RuleTerms = {
  reductionPercent: number | null;
  reductionAmountCents: number | null;
  freeShipping: boolean;
  minimumAmountCents: number;
  categoryIds: number[];
  brandIds: number[];
  appliesToDiscounted: boolean;
};

/** What delivery to the shopper's country costs, and when it is free. */
export type CountryTerms = {
  /** The VAT the prices hold: the country's standard rate (none for an export, ADR 23). */
  vatRateBasisPoints: number;
  /** The country's rates for the tax classes it taxes otherwise (ADR 64); any other class is at the standard rate. */
  classRates: Record<string, number>;
  /** Delivery before the free-shipping rules: the country's standard shipping, or the chosen carrier's price. */
  shippingCents: number;
  freeShippingFromCents: number | null;
  /** Free shipping once one brand's products (after discounts on their lines, VAT included) reach an amount (SPEC §9). */
  brandThresholds: { brandId: number; fromCents: number }[];
  /** Whether the free-shipping rules apply to that delivery at all (an express carrier is paid for). */
  freeShippingApplies: boolean;
};

/** The lines a code takes money off: its categories and brands (none named: all), discounted ones if it allows. */
export function eligibleLines(lines: PricedLine[], rule: RuleTerms): PricedLine[] {
  return lines.filter(
    (line) =>
      (rule.categoryIds.length === 0 || line.categoryIds.some((id) => rule.categoryIds.includes(id))) &&
      (rule.brandIds.length === 0 || (line.brandId !== null && rule.brandIds.includes(line.brandId))) &&
      (rule.appliesToDiscounted || !line.discounted),
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Why a code cannot take anything off this cart now, or null when it applies. (Validity dates and use counts
 * are checked where the rule is read; these are the conditions that depend on the cart's contents.)
 */
export function cartProblem(lines: PricedLine[], rule: RuleTerms): CouponErrorCode | null {
  if (sum(lines.map((line) => line.total)) < rule.minimumAmountCents) return 'coupon_minimum_not_reached';
  const takesMoneyOff = (rule.reductionPercent ?? 0) > 0 || (rule.reductionAmountCents ?? 0) > 0;
  if (takesMoneyOff && eligibleLines(lines, rule).length === 0) return 'coupon_not_applicable';
  return null;
}

/**
 * What each applicable code takes off, in the order they were added. A percentage applies to its eligible
 * lines, an amount is capped by them, and all codes together never take off more than the products cost.
 */
export function ruleDiscounts(lines: PricedLine[], rules: RuleTerms[]): number[] {
  let left = sum(lines.map((line) => line.total));
  return rules.map((rule) => {
    const base = sum(eligibleLines(lines, rule).map((line) => line.total));
    const percentOff = Math.round((base * (rule.reductionPercent ?? 0)) / 100);
    const amountOff = Math.min(rule.reductionAmountCents ?? 0, base);
    const discount = Math.min(left, percentOff + amountOff);
    left -= discount;
    return discount;
  });
}

/**
 * The VAT a paid amount (after codes, with shipping) holds when its lines are taxed at their classes' rates (ADR 64):
 * the amount is split over the rates as the lines' value is, the last rate taking what rounding leaves, and each
 * part's VAT is taken at its rate. With one rate it is the amount's VAT at that rate, as before tax classes. Shipping
 * follows the goods it carries, as EU VAT has it.
 */
function includedVat(lines: PricedLine[], paid: number, country: CountryTerms): { tax: number; rates: number[] } {
  const valueAt = new Map<number, number>();
  for (const line of lines) {
    const rate = country.classRates[line.taxClass] ?? country.vatRateBasisPoints;
    valueAt.set(rate, (valueAt.get(rate) ?? 0) + line.total);
  }
  if (valueAt.size === 0) valueAt.set(country.vatRateBasisPoints, 0);
  const rates = [...valueAt.keys()].sort((a, b) => a - b);
  const value = sum([...valueAt.values()]);
  let left = paid;
  const tax = rates.reduce((vat, rate, index) => {
    const part = index === rates.length - 1 ? left : value === 0 ? 0 : Math.round((paid * valueAt.get(rate)!) / value);
    left -= part;
    return vat + Math.round((part * rate) / (10_000 + rate));
  }, 0);
  return { tax, rates };
}

export type CartMoney = { totals: CartTotals; discounts: number[]; freeShipping: { threshold: number; remaining: number } | null };

/** Subtotal, discounts, shipping, VAT and total for lines and the codes that apply to them. */
export function cartMoney(lines: PricedLine[], rules: RuleTerms[], country: CountryTerms): CartMoney {
  const products = sum(lines.map((line) => line.total));
  const discounts = ruleDiscounts(lines, rules);
  const discountTotal = sum(discounts);
  const afterDiscounts = products - discountTotal;
  const threshold = country.freeShippingFromCents;
  const brandReached = country.brandThresholds.some(
    ({ brandId, fromCents }) => sum(lines.filter((line) => line.brandId === brandId).map((line) => line.total)) >= fromCents,
  );
  const shippingFree =
    lines.length > 0 &&
    country.freeShippingApplies &&
    (rules.some((rule) => rule.freeShipping) ||
      lines.every((line) => line.freeShipping) ||
      (threshold !== null && afterDiscounts >= threshold) ||
      brandReached);
  const shipping = lines.length === 0 || shippingFree ? 0 : country.shippingCents;
  const total = afterDiscounts + shipping;
  const vat = includedVat(lines, total, country);
  return {
    totals: {
      items_count: sum(lines.map((line) => line.quantity)),
      products,
      discounts: discountTotal,
      shipping,
      shipping_free: shippingFree,
      // Every price already includes VAT: the tax is the part of the total that is VAT, at each line's rate.
      tax: vat.tax,
      total,
      vat_rate_bp: country.vatRateBasisPoints,
      vat_rates_bp: vat.rates,
    },
    discounts,
    freeShipping: threshold === null ? null : { threshold, remaining: Math.max(0, threshold - afterDiscounts) },
  };
}
