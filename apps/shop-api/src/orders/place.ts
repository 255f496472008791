import type { Checkout, OnDemandKind, PlacedOrder } from '@shop/contract';
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { reservedElsewhere } from '../stock/holds.ts';
import { basketOf } from '../cart/basket.ts';
import { findOwner, lockCart, type Owner } from '../cart/owner.ts';
import { cartRules, countedUse, validityProblem } from '../cart/rules.ts';
import { checkoutView, readCheckoutState } from '../checkout/checkout.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { cartCoupons, cartLines, cartRuleUses, checkouts, orderLines, orders, type OutOfStockPolicy } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError, refusal } from '../http/errors.ts';
import { metrics } from '../metrics.ts';
import { orderToken } from './links.ts';
import { startPayment } from './payment.ts';
import { isPayable, orderView, type OrderRow } from './view.ts';

/**
 * Placing an order (DESIGN.md §5): one transaction that locks the cart, takes the checkout as it is now
 * (re-priced, every code checked again with its uses counted after locking it), takes the stock for good (rows
 * locked in one order, so concurrent buyers of the same units queue instead of deadlocking), writes the order,
 * and empties the cart. The same idempotency key gives the same order, however often it is sent.
 */

/** Reference letters without look-alikes (no 0/O, 1/I). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An order's reference ('AM…'), or a return's with its own prefix ('RT…'). */
export const newReference = (prefix = 'AM') => prefix + Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');

type StockRow = { combination_id: number; quantity: number; on_demand: OnDemandKind | null; policy: OutOfStockPolicy; available_date: Date | string | null; stock: number; held_elsewhere: number };

/** How many units of each line come from the stock, and how many are bought on demand; a shortfall nobody agreed to is refused. */
async function takeStock(tx: Queryable, cartId: number): Promise<Map<number, { stock: number; onDemand: OnDemandKind | null; availableDate: Date | null }>> {
  // Lock the combinations in id order: two orders sharing units wait for each other instead of deadlocking.
  await tx.execute(sql`select c.id from combinations c where c.id in (select combination_id from cart_lines where cart_id = ${cartId}) order by c.id for update`);
  const rows = await selectRows<StockRow>(
    tx,
    sql`select l.combination_id, l.quantity, l.on_demand, p.out_of_stock_policy as policy, p.available_date, c.quantity as stock,
        ${reservedElsewhere(sql`l.combination_id`, cartId)} as held_elsewhere
      from cart_lines l join combinations c on c.id = l.combination_id join products p on p.id = l.product_id
      where l.cart_id = ${cartId} order by l.combination_id`,
  );
  const taken = new Map<number, { stock: number; onDemand: OnDemandKind | null; availableDate: Date | null }>();
  for (const row of rows) {
    const available = Math.max(0, row.stock - row.held_elsewhere);
    const fromStock = Math.min(row.quantity, available);
    const confirmed = row.on_demand !== null && row.on_demand === row.policy;
    if (fromStock < row.quantity && !confirmed) {
      throw refusal(409, 'out_of_stock', `Only ${available} left in stock`, { combination_id: row.combination_id, available });
    }
    await tx.execute(sql`update combinations set quantity = quantity - ${fromStock} where id = ${row.combination_id}`);
    taken.set(row.combination_id, {
      stock: fromStock,
      onDemand: fromStock < row.quantity ? row.on_demand : null,
      availableDate: fromStock < row.quantity && row.available_date ? new Date(row.available_date) : null,
    });
  }
  return taken;
}

/** Every code of the cart checked again, with its uses counted after locking it (a used-up code cannot be used twice at once). */
async function recheckCodes(tx: Queryable, cartId: number, owner: Owner, email: string, checkout: Checkout): Promise<number[]> {
  await tx.execute(sql`select r.id from cart_rules r join cart_coupons cc on cc.rule_id = r.id where cc.cart_id = ${cartId} order by r.id for update of r`);
  const rules = await cartRules(tx, cartId, owner.customerId);
  for (const rule of rules) {
    // A guest's uses are found by the email of their orders, so once-per-customer codes hold for guests too.
    const [byEmail] = await selectRows<{ uses: number }>(
      tx,
      sql`select count(*)::int as uses from cart_rule_uses u where u.rule_id = ${rule.id} and lower(u.email) = ${email.toLowerCase()}
        and (u.customer_id is null or u.customer_id is distinct from ${owner.customerId}) and ${countedUse}`,
    );
    const problem = validityProblem({ ...rule, timesUsedByCustomer: rule.timesUsedByCustomer + (byEmail?.uses ?? 0) }) ?? checkout.cart.coupons.find((c) => c.code === rule.code)?.problem;
    if (problem) throw refusal(409, 'coupon_invalid', `The code ${rule.code} cannot be used: remove it to go on`, { code: rule.code, problem });
  }
  return rules.map((rule) => rule.id);
}

/** `placed`: the order is new (not a repeated placing of an earlier one). */
type Placing = { order: OrderRow; placed: boolean };

async function placeInTransaction(tx: Queryable, context: CallContext, idempotencyKey: string): Promise<Placing> {
  const owner = await findOwner(context, tx);
  if (!owner) throw new ApiError(409, 'cart_empty', 'Your cart is empty');
  const cartId = await lockCart(tx, owner);
  const [earlier] = await tx.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  if (earlier) {
    const same = owner.customerId !== null ? earlier.customerId === owner.customerId : earlier.sessionHash === owner.sessionHash;
    if (!same) throw new ApiError(409, 'idempotency_conflict', 'This order key was used by someone else');
    return { order: earlier, placed: false };
  }
  if (cartId === null) throw new ApiError(409, 'cart_empty', 'Your cart is empty');
  const checkout = await checkoutView(context, await readCheckoutState(basketOf(tx, context, owner, cartId)));
  if (checkout.cart.lines.length === 0) throw new ApiError(409, 'cart_empty', 'Your cart is empty');
  if (checkout.next_step !== 'review') throw refusal(409, 'checkout_incomplete', 'A step of the checkout is not complete', { step: checkout.next_step });
  const email = checkout.email!;
  const ruleIds = await recheckCodes(tx, cartId, owner, email, checkout);
  const taken = await takeStock(tx, cartId);

  const { cart, shipping_address: shipping, carrier, pickup_point: point } = checkout;
  const [order] = await tx
    .insert(orders)
    .values({
      reference: newReference(),
      customerId: owner.customerId,
      sessionHash: owner.sessionHash,
      email,
      // The language of the shopper's mails (Polish included).
      lang: context.textLang,
      status: 'awaiting_payment',
      currency: cart.currency,
      itemsCents: cart.totals.products,
      discountsCents: cart.totals.discounts,
      shippingCents: cart.totals.shipping,
      taxCents: cart.totals.tax,
      vatRatesBasisPoints: cart.totals.vat_rates_bp,
      totalCents: cart.totals.total,
      countryIso: shipping!.country,
      shippingAddress: shipping,
      billingAddress: checkout.billing_address ?? shipping,
      carrier: carrier && { id: carrier.id, code: carrier.code, name: carrier.name, kind: carrier.kind, delivery_days: carrier.delivery_days, delivery: carrier.delivery },
      pickupPoint: point && { id: point.id, name: point.name, address1: point.address1, postcode: point.postcode, city: point.city, country: point.country },
      deliveryMessage: checkout.delivery_message,
      coupons: cart.coupons.map(({ code, name, discount }) => ({ code, name, discount })),
      invoice: checkout.invoice,
      gateway: checkout.gateway,
      idempotencyKey,
      payBy: sql`now() + make_interval(mins => ${context.config.unpaidOrderMinutes})`,
    })
    .returning();
  await tx.insert(orderLines).values(
    cart.lines.map((line) => {
      const stock = taken.get(line.combination_id);
      return {
        orderId: order!.id,
        productId: line.product_id,
        combinationId: line.combination_id,
        productName: line.name,
        attributesLabel: line.attributes.map((attribute) => attribute.value).join(', '),
        reference: line.reference,
        imageUrl: line.image.url || null,
        quantity: line.quantity,
        stockQuantity: stock?.stock ?? line.quantity,
        onDemand: stock?.onDemand ?? null,
        availableDate: stock?.availableDate ?? null,
        unitPriceCents: line.unit_price,
        totalCents: line.total,
      };
    }),
  );
  if (ruleIds.length > 0) await tx.insert(cartRuleUses).values(ruleIds.map((ruleId) => ({ ruleId, customerId: owner.customerId, email, orderId: order!.id })));
  // The cart is now the order: what it held is sold, its codes used, its checkout done.
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx.delete(cartCoupons).where(eq(cartCoupons.cartId, cartId));
  await tx.delete(checkouts).where(eq(checkouts.cartId, cartId));
  return { order: order!, placed: true };
}

export async function createOrder(input: { idempotency_key: string }, context: CallContext): Promise<PlacedOrder> {
  const { order, placed } = await context.db.transaction((tx) => placeInTransaction(tx, context, input.idempotency_key));
  if (placed) metrics.ordersPlaced.inc();
  // A repeated placing goes to the payment already started; a paid or cancelled order is not paid again.
  const redirectUrl = isPayable(order.status) ? (order.paymentUrl ?? (await startPayment(context, order))) : null;
  const [fresh] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  // A guest keeps this key to their order (the success page and the confirmation mail's link carry it).
  const accessToken = fresh!.customerId === null ? await orderToken(context.db, fresh!.reference) : null;
  return { order: await orderView(context.db, fresh!), redirect_url: redirectUrl, access_token: accessToken };
}
