import type { Cart, CouponErrorCode } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { IssuedSession } from '../sessions/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { loadLines, type LoadedLine } from './lines.ts';
import { findCartId, type Owner } from './owner.ts';
import { cartRules, ruleName, validityProblem, type CartRule } from './rules.ts';
import { cartMoney, cartProblem, type CountryTerms } from './totals.ts';
import { destinationVatSql, shelfRateSql } from '../catalog/pricing.ts';
import { standardShippingSql } from '../catalog/shipping.ts';

const CURRENCY = 'EUR';

/** Where a cart is delivered, when the checkout knows it: the shipping address's country and the chosen carrier. */
export type DeliveryChoice = { country?: string | null; carrierId?: number | null };

/**
 * Prices, VAT, shipping and free-shipping rules of the destination: the checkout's country and carrier when given,
 * else the request's country (the shop's default country for an unknown one) with its standard shipping.
 */
export async function countryTerms(db: Queryable, context: CallContext, choice: DeliveryChoice = {}): Promise<CountryTerms & { iso: string; priceRateBasisPoints: number }> {
  const wanted = choice.country ?? context.country;
  const home = context.config.defaultCountry;
  const rows = await selectRows<{
    iso: string;
    vat: number;
    price_rate: number;
    free_from: number | null;
    shipping: number | null;
    carrier_price: number | null;
    carrier_free: boolean | null;
  }>(
    db,
    sql`select c.iso, ${destinationVatSql(sql`c`, sql`home`)} as vat, ${shelfRateSql(sql`c`, sql`home`)} as price_rate,
        c.free_shipping_from_cents as free_from, ${standardShippingSql(sql`c.group_key`)} as shipping,
        r.price_cents as carrier_price, k.free_shipping_applies as carrier_free
      from countries c join countries home on home.iso = ${home}
      left join carrier_rates r on r.group_key = c.group_key and r.carrier_id = ${choice.carrierId ?? null}
      left join carriers k on k.id = r.carrier_id
      where c.is_active and c.iso in (${wanted}, ${home})`,
  );
  const row = rows.find((candidate) => candidate.iso === wanted) ?? rows.find((candidate) => candidate.iso === home);
  if (!row) throw new Error(`The default country ${home} is not in the countries table`);
  const brandThresholds = await selectRows<{ brandId: number; fromCents: number }>(
    db,
    sql`select brand_id as "brandId", from_cents as "fromCents" from brand_free_shipping where country_iso = ${row.iso}`,
  );
  return {
    iso: row.iso,
    vatRateBasisPoints: row.vat,
    priceRateBasisPoints: row.price_rate,
    freeShippingFromCents: row.free_from,
    shippingCents: row.carrier_price ?? row.shipping ?? 0,
    freeShippingApplies: row.carrier_free ?? true,
    brandThresholds,
  };
}

/** What a cart holds, priced at a price rate (priceRateSql): its lines, its codes and why each code takes nothing (or null). */
export type CartContents = { cartId: number | null; lines: LoadedLine[]; rules: CartRule[]; problems: (CouponErrorCode | null)[] };

export async function loadCartContents(db: Queryable, context: CallContext, owner: Owner | null, priceRate: number): Promise<CartContents> {
  const cartId = owner ? await findCartId(db, owner) : null;
  if (cartId === null) return { cartId, lines: [], rules: [], problems: [] };
  const [lines, rules] = await Promise.all([loadLines(db, context, cartId, priceRate), cartRules(db, cartId, owner?.customerId ?? null)]);
  const priced = lines.map((line) => line.priced);
  return { cartId, lines, rules, problems: rules.map((rule) => validityProblem(rule) ?? cartProblem(priced, rule)) };
}

/** The money of a cart's contents with a destination's terms (a carrier's price, its free-shipping rules). */
export function contentsMoney({ lines, rules, problems }: CartContents, terms: CountryTerms) {
  return cartMoney(
    lines.map((line) => line.priced),
    rules.filter((_rule, index) => problems[index] === null),
    terms,
  );
}

/** A cart's contents as the shopper sees them with a destination's terms: lines, codes with what each takes off, totals. */
export function cartOf(context: Pick<CallContext, 'lang'>, contents: CartContents, terms: CountryTerms & { iso: string }, started: IssuedSession | null): Cart {
  const { rules, problems } = contents;
  const money = contentsMoney(contents, terms);
  let applied = 0;
  return {
    lines: contents.lines.map((line) => line.view),
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

/**
 * The owner's cart as the shopper sees it. A visitor without a cart gets an empty one. The checkout passes its
 * country and carrier.
 */
export async function cartView(
  db: Queryable,
  context: CallContext,
  owner: Owner | null,
  started: IssuedSession | null = null,
  delivery: DeliveryChoice = {},
): Promise<Cart> {
  const terms = await countryTerms(db, context, delivery);
  return cartOf(context, await loadCartContents(db, context, owner, terms.priceRateBasisPoints), terms, started);
}
