import type { Cart } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../http/call-context.ts';
import type { IssuedSession } from '../accounts/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { loadLines } from './lines.ts';
import { findCartId, type Owner } from './owner.ts';
import { cartRules, ruleName, validityProblem } from './rules.ts';
import { cartMoney, cartProblem, type CountryTerms } from './totals.ts';

const CURRENCY = 'EUR';

/** VAT, shipping and free-shipping threshold of the request's country (the shop's default country for an unknown one). */
export async function countryTerms(db: Queryable, context: CallContext): Promise<CountryTerms & { iso: string }> {
  const rows = await selectRows<{ iso: string; vat: number; free_from: number | null; shipping: number | null }>(
    db,
    sql`select c.iso, c.vat_rate_bp as vat, c.free_shipping_from_cents as free_from, z.standard_shipping_cents as shipping
      from countries c left join shipping_zones z on z.group_key = c.group_key
      where c.is_active and c.iso in (${context.country}, ${context.config.defaultCountry})`,
  );
  const row = rows.find((candidate) => candidate.iso === context.country) ?? rows.find((candidate) => candidate.iso === context.config.defaultCountry);
  if (!row) throw new Error(`The default country ${context.config.defaultCountry} is not in the countries table`);
  return { iso: row.iso, vatRateBasisPoints: row.vat, freeShippingFromCents: row.free_from, standardShippingCents: row.shipping ?? 0 };
}

/**
 * The owner's cart as the shopper sees it: lines, codes with what each takes off (or why it takes nothing),
 * and the totals. A visitor without a cart gets an empty one.
 */
export async function cartView(db: Queryable, context: CallContext, owner: Owner | null, started: IssuedSession | null = null): Promise<Cart> {
  const cartId = owner ? await findCartId(db, owner) : null;
  const terms = await countryTerms(db, context);
  const [lines, rules] =
    cartId === null ? [[], []] : await Promise.all([loadLines(db, context, cartId, terms.vatRateBasisPoints), cartRules(db, cartId, owner?.customerId ?? null)]);
  const priced = lines.map((line) => line.priced);
  const problems = rules.map((rule) => validityProblem(rule) ?? cartProblem(priced, rule));
  const applicable = rules.filter((_rule, index) => problems[index] === null);
  const money = cartMoney(priced, applicable, terms);
  let applied = 0;
  return {
    lines: lines.map((line) => line.view),
    coupons: rules.map((rule, index) => ({
      code: rule.code,
      name: ruleName(rule, context.lang),
      kind: rule.kind,
      discount: problems[index] === null ? (money.discounts[applied++] ?? 0) : 0,
      free_shipping: rule.freeShipping,
      problem: problems[index] ?? null,
    })),
    totals: money.totals,
    country: terms.iso,
    currency: CURRENCY,
    free_shipping: money.freeShipping,
    session: started,
  };
}
