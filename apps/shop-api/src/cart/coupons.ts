import type { Cart, CouponErrorCode } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { Queryable } from '../db/client.ts';
import { cartCoupons } from '../db/schema.ts';
import { refusal } from '../http/errors.ts';
import { basketOf } from './basket.ts';
import { findCartId, findOwner, lockCartFor, ownerForChange, type Owner } from './owner.ts';
import { findRuleByCode, validityProblem, type CartRule } from './rules.ts';
import { cartProblem } from './totals.ts';
import { cartView } from './view.ts';

/** Statuses of the refusals: a code that does not exist is a 404, one that clashes with the cart a 409, the rest 400. */
const STATUS: Record<CouponErrorCode, number> = {
  coupon_unknown: 404,
  coupon_expired: 400,
  coupon_not_yet_valid: 400,
  coupon_minimum_not_reached: 400,
  coupon_not_applicable: 400,
  coupon_already_used: 409,
  coupon_not_combinable: 409,
  coupon_already_in_cart: 409,
};

const MESSAGES: Record<CouponErrorCode, string> = {
  coupon_unknown: 'This code does not exist',
  coupon_expired: 'This code has expired',
  coupon_not_yet_valid: 'This code is not valid yet',
  coupon_minimum_not_reached: 'The cart has not reached the minimum amount for this code',
  coupon_not_applicable: 'This code does not apply to any product in the cart',
  coupon_already_used: 'This code has already been used',
  coupon_not_combinable: 'This code cannot be combined with the other codes in the cart',
  coupon_already_in_cart: 'This code is already in the cart',
};

function refuse(code: CouponErrorCode, rule?: CartRule): never {
  const details = code === 'coupon_minimum_not_reached' && rule ? { minimum: rule.minimumAmountCents } : null;
  throw refusal<CouponErrorCode>(STATUS[code], code, MESSAGES[code], details);
}

/** Every condition of a code against this cart, in the order a shopper would want to hear about them. */
async function checkCode(tx: Queryable, context: CallContext, owner: Owner, cartId: number, rule: CartRule | null): Promise<CartRule> {
  if (!rule) return refuse('coupon_unknown');
  const problem = validityProblem(rule);
  if (problem) refuse(problem, rule);
  const { lines, rules: inCart } = await basketOf(tx, context, owner, cartId).contents();
  if (inCart.some((other) => other.id === rule.id)) refuse('coupon_already_in_cart');
  if (inCart.length > 0 && (!rule.combinable || inCart.some((other) => !other.combinable))) refuse('coupon_not_combinable');
  const cartIssue = cartProblem(
    lines.map((line) => line.priced),
    rule,
  );
  if (cartIssue) refuse(cartIssue, rule);
  return rule;
}

/** Takes a code out of the cart (taking out a code that is not there changes nothing). */
async function removeCoupon(code: string, context: CallContext): Promise<Cart> {
  const owner = await findOwner(context);
  const cartId = owner ? await findCartId(context.db, owner) : null;
  const rule = cartId === null ? null : await findRuleByCode(context.db, code, null);
  if (cartId !== null && rule) await context.db.delete(cartCoupons).where(and(eq(cartCoupons.cartId, cartId), eq(cartCoupons.ruleId, rule.id)));
  return cartView(context.db, context, owner);
}

/** Adds a code to the cart after checking every condition against it. */
async function addCoupon(code: string, context: CallContext): Promise<Cart> {
  const { owner, started } = await context.db.transaction(async (tx) => {
    const found = await ownerForChange(context, tx);
    const cartId = await lockCartFor(tx, found.owner);
    const rule = await checkCode(tx, context, found.owner, cartId, await findRuleByCode(tx, code, found.owner.customerId));
    await tx.insert(cartCoupons).values({ cartId, ruleId: rule.id }).onConflictDoNothing();
    return found;
  });
  return cartView(context.db, context, owner, started);
}

export function addOrRemoveCoupon(input: { code: string; action: 'add' | 'remove' }, context: CallContext): Promise<Cart> {
  return input.action === 'add' ? addCoupon(input.code, context) : removeCoupon(input.code, context);
}
