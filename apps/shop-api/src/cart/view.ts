import type { Cart, DeliveryDates } from '@shop/contract';
import type { CallContext } from '../call-context.ts';
import type { IssuedSession } from '../sessions/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { findBasket, type CartContents, type DestinationTerms } from './basket.ts';
import type { Owner } from './owner.ts';
import { ruleName } from './rules.ts';
import { allReady, deliveryDates, type DeliveryDays } from '../catalog/delivery-dates.ts';
import type { LoadedLine } from './lines.ts';
import { cartMoney, type CountryTerms } from './totals.ts';

const CURRENCY = 'EUR';

/** The money of a cart's contents with a destination's terms (a carrier's price, its free-shipping rules). */
export function contentsMoney({ lines, rules, problems }: CartContents, terms: CountryTerms) {
  return cartMoney(
    lines.map((line) => line.priced),
    rules.filter((_rule, index) => problems[index] === null),
    terms,
  );
}

/**
 * When a carrier taking `days` brings all of a cart's lines, seen now (catalog/delivery-dates.ts): the product pages',
 * the cart's and the checkout's carriers' and points' dates all come from here.
 */
export function cartDating(context: Pick<CallContext, 'config'>, lines: LoadedLine[]): (days: DeliveryDays) => DeliveryDates | null {
  const ready = allReady(lines.map((line) => line.readiness));
  const now = new Date();
  return (days) => deliveryDates(days, ready, context.config.delivery, now);
}

/** When the whole of a cart's contents is expected with the terms' carrier; null for none or where no date is promised. */
function cartDelivery(context: Pick<CallContext, 'config'>, contents: CartContents, terms: DestinationTerms): Cart['delivery'] {
  if (contents.lines.length === 0 || !terms.delivery) return null;
  const dates = cartDating(context, contents.lines)(terms.delivery.days);
  return dates && { carrier: terms.delivery.carrier, dates };
}

/** A cart's contents as the shopper sees them with a destination's terms: lines, codes with what each takes off, totals, delivery dates. */
export function cartOf(context: Pick<CallContext, 'lang' | 'config'>, contents: CartContents, terms: DestinationTerms, started: IssuedSession | null): Cart {
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
    delivery: cartDelivery(context, contents, terms),
    session: started,
  };
}

/** The owner's cart as the shopper sees it, for the request's country. A visitor without a cart gets an empty one. */
export async function cartView(db: Queryable, context: CallContext, owner: Owner | null, started: IssuedSession | null = null): Promise<Cart> {
  const basket = await findBasket(db, context, owner);
  return cartOf(context, await basket.contents(), await basket.terms(), started);
}
