import { sql } from 'drizzle-orm';
import type { CouponErrorCode } from '@shop/contract';
import type { CallContext } from '../call-context.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { destinationVatSql, shelfRateSql } from '../catalog/pricing.ts';
import type { DeliveryDays } from '../catalog/delivery-dates.ts';
import { carrierName, standardDeliverySql, standardShippingSql, type StandardDelivery } from '../catalog/shipping.ts';
import { loadLines, type LoadedLine } from './lines.ts';
import { findCartId, type Owner } from './owner.ts';
import { cartRules, validityProblem, type CartRule } from './rules.ts';
import { cartProblem, type CountryTerms } from './totals.ts';

/**
 * A destination's terms as the cart prices them, with the country they are for, its shelf price rate, and the carrier
 * whose delivery dates the cart shows (the standard one, or the checkout's choice) with its delivery time.
 */
export type DestinationTerms = CountryTerms & { iso: string; priceRateBasisPoints: number; delivery: CarrierDelivery | null };
export type CarrierDelivery = { carrier: string; days: DeliveryDays };

/**
 * Prices, VAT, standard shipping and free-shipping rules of a destination: the given country (the checkout's), else
 * the request's country, the shop's default country for an unknown one. A carrier's price is put in by withCarrier.
 */
export async function countryTerms(db: Queryable, context: CallContext, country: string | null = null): Promise<DestinationTerms> {
  const wanted = country ?? context.country;
  const home = context.config.defaultCountry;
  const rows = await selectRows<{ iso: string; vat: number; class_rates: Record<string, number> | null; price_rate: number; free_from: number | null; shipping: number | null; delivery: StandardDelivery | null }>(
    db,
    // A class's own rate holds in the home group only, as the standard one does (an export holds no VAT).
    sql`select c.iso, ${destinationVatSql(sql`c`, sql`home`)} as vat, ${shelfRateSql(sql`c`, sql`home`)} as price_rate,
        case when c.group_key = home.group_key then (select json_object_agg(r.tax_class, r.vat_rate_bp) from country_tax_rates r where r.country_iso = c.iso) end as class_rates,
        c.free_shipping_from_cents as free_from, ${standardShippingSql(sql`c.group_key`)} as shipping,
        ${standardDeliverySql(sql`c.group_key`)} as delivery
      from countries c join countries home on home.iso = ${home}
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
    classRates: row.class_rates ?? {},
    priceRateBasisPoints: row.price_rate,
    freeShippingFromCents: row.free_from,
    shippingCents: row.shipping ?? 0,
    freeShippingApplies: true,
    brandThresholds,
    delivery: row.delivery && { carrier: carrierName(row.delivery.names, context.lang), days: { min: row.delivery.min, max: row.delivery.max } },
  };
}

/** The destination's terms with a carrier's rate, whether the free-shipping rules apply to it, and its delivery time. */
export function withCarrier(terms: DestinationTerms, rate: { priceCents: number; freeShippingApplies: boolean; delivery: CarrierDelivery }): DestinationTerms {
  return { ...terms, shippingCents: rate.priceCents, freeShippingApplies: rate.freeShippingApplies, delivery: rate.delivery };
}

/** What a cart holds, priced at a price rate (priceRateSql): its lines, its codes and why each code takes nothing (or null). */
export type CartContents = { cartId: number | null; lines: LoadedLine[]; rules: CartRule[]; problems: (CouponErrorCode | null)[] };

export async function loadCartContents(db: Queryable, context: CallContext, cartId: number | null, customerId: number | null, priceRate: number): Promise<CartContents> {
  if (cartId === null) return { cartId, lines: [], rules: [], problems: [] };
  const [lines, rules] = await Promise.all([loadLines(db, context, cartId, priceRate), cartRules(db, cartId, customerId)]);
  const priced = lines.map((line) => line.priced);
  return { cartId, lines, rules, problems: rules.map((rule) => validityProblem(rule) ?? cartProblem(priced, rule)) };
}

/**
 * The shopper's cart as one call reads it: its owner, the cart, each destination's terms and the contents priced
 * for it, each read at most once however many steps of the call ask (viewing the checkout, pricing its carriers,
 * placing the order). A basket reads on one connection (a transaction's, when the call changes the cart) and
 * lives as long as its call: never keep one beyond it.
 */
export type Basket = {
  readonly db: Queryable;
  readonly owner: Owner | null;
  readonly cartId: number | null;
  /** The destination's terms: the given country's (the checkout's), else the request's. */
  terms(country?: string | null): Promise<DestinationTerms>;
  /** The cart's lines and codes priced for that destination. */
  contents(country?: string | null): Promise<CartContents>;
};

/** A basket for a cart already found (and locked, for a change). */
export function basketOf(db: Queryable, context: CallContext, owner: Owner | null, cartId: number | null): Basket {
  const terms = new Map<string | null, Promise<DestinationTerms>>();
  const contents = new Map<number, Promise<CartContents>>();
  const termsFor = (country: string | null = null) => {
    if (!terms.has(country)) terms.set(country, countryTerms(db, context, country));
    return terms.get(country)!;
  };
  return {
    db,
    owner,
    cartId,
    terms: termsFor,
    async contents(country = null) {
      const rate = (await termsFor(country)).priceRateBasisPoints;
      if (!contents.has(rate)) contents.set(rate, loadCartContents(db, context, cartId, owner?.customerId ?? null, rate));
      return contents.get(rate)!;
    },
  };
}

/** The owner's basket, their cart looked up (none for a visitor without a session or a cart). */
export async function findBasket(db: Queryable, context: CallContext, owner: Owner | null): Promise<Basket> {
  return basketOf(db, context, owner, owner ? await findCartId(db, owner) : null);
}
