import type { CouponErrorCode } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import type { RuleTerms } from './totals.ts';

/** A coupon or voucher as the cart needs it, with how often it has been used. */
export type CartRule = RuleTerms & {
  id: number;
  code: string;
  kind: 'coupon' | 'voucher';
  names: Partial<Record<string, string>>;
  startsAt: Date | null;
  endsAt: Date | null;
  totalUsesLimit: number | null;
  usesPerCustomerLimit: number | null;
  combinable: boolean;
  isActive: boolean;
  timesUsed: number;
  /** Uses by the signed-in customer (0 for a guest: checked again when they sign in and order). */
  timesUsedByCustomer: number;
};

/** A cart rule (code) as the cart_rules table holds it, as the cart and the back office read it. */
export type CartRuleRow = {
  id: number;
  code: string;
  kind: 'coupon' | 'voucher';
  names: Partial<Record<string, string>>;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  reduction_percent: number | null;
  reduction_amount_cents: number | null;
  free_shipping: boolean;
  minimum_amount_cents: number;
  category_ids: number[];
  brand_ids: number[];
  total_uses_limit: number | null;
  uses_per_customer_limit: number | null;
  combinable: boolean;
  applies_to_discounted: boolean;
  is_active: boolean;
};

type RuleRow = CartRuleRow & {
  times_used: number;
  times_used_by_customer: number;
};

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function toRule(row: RuleRow): CartRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    names: row.names,
    startsAt: toDate(row.starts_at),
    endsAt: toDate(row.ends_at),
    reductionPercent: row.reduction_percent,
    reductionAmountCents: row.reduction_amount_cents,
    freeShipping: row.free_shipping,
    minimumAmountCents: row.minimum_amount_cents,
    categoryIds: row.category_ids,
    brandIds: row.brand_ids,
    totalUsesLimit: row.total_uses_limit,
    usesPerCustomerLimit: row.uses_per_customer_limit,
    combinable: row.combinable,
    appliesToDiscounted: row.applies_to_discounted,
    isActive: row.is_active,
    timesUsed: row.times_used,
    timesUsedByCustomer: row.times_used_by_customer,
  };
}

/**
 * Whether a use `u` (of cart_rule_uses) counts against the code's limits: a paid order's does, and an unpaid
 * order's while it may still be paid. Cancelling an unpaid order gives its uses back (orders/payment.ts
 * moveOrder); until the release gets to an order past its time, this leaves its use out already.
 */
export const countedUse = sql`not exists (select 1 from orders o where o.id = u.order_id
  and o.status in ('awaiting_payment', 'payment_error', 'backorder_unpaid') and o.pay_by <= now())`;

/** Rules with their use counts, for the customer given (or none). */
async function selectRules(db: Queryable, where: ReturnType<typeof sql>, customerId: number | null, orderBy = sql`r.id`): Promise<CartRule[]> {
  const rows = await selectRows<RuleRow>(
    db,
    sql`select r.*,
        (select count(*)::int from cart_rule_uses u where u.rule_id = r.id and ${countedUse}) as times_used,
        (select count(*)::int from cart_rule_uses u where u.rule_id = r.id and u.customer_id = ${customerId} and ${countedUse}) as times_used_by_customer
      from cart_rules r ${where} order by ${orderBy}`,
  );
  return rows.map(toRule);
}

export async function findRuleByCode(db: Queryable, code: string, customerId: number | null): Promise<CartRule | null> {
  const [rule] = await selectRules(db, sql`where r.code = ${code}`, customerId);
  return rule ?? null;
}

/** The codes in a cart, in the order they were added. */
export async function cartRules(db: Queryable, cartId: number, customerId: number | null): Promise<CartRule[]> {
  return selectRules(
    db,
    sql`join cart_coupons cc on cc.rule_id = r.id and cc.cart_id = ${cartId}`,
    customerId,
    sql`cc.added_at, r.id`,
  );
}

/** Why a code cannot be used now, whatever the cart holds: switched off, not yet or no longer valid, used up. */
export function validityProblem(rule: CartRule, now = new Date()): CouponErrorCode | null {
  if (!rule.isActive) return 'coupon_unknown';
  if (rule.startsAt && rule.startsAt > now) return 'coupon_not_yet_valid';
  if (rule.endsAt && rule.endsAt <= now) return 'coupon_expired';
  if (rule.totalUsesLimit !== null && rule.timesUsed >= rule.totalUsesLimit) return 'coupon_already_used';
  if (rule.usesPerCustomerLimit !== null && rule.timesUsedByCustomer >= rule.usesPerCustomerLimit) return 'coupon_already_used';
  return null;
}

/** The name a shopper reads, in their language (English, then the code, when it has none). */
export const ruleName = (rule: CartRule, lang: string) => rule.names[lang] ?? rule.names.en ?? rule.code;
