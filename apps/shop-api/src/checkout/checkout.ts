import {
  CHECKOUT_STEPS,
  type Checkout,
  type CheckoutAddress,
  type CheckoutDraft,
  type CheckoutStep,
  type GatewayName,
  type Invoice,
  type addressFields,
  type updateCheckoutAddressInput,
} from '@shop/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createAddress, findOwnAddress } from '../accounts/addresses.ts';
import { basketOf, findBasket, type Basket } from '../cart/basket.ts';
import { cartDating, cartOf } from '../cart/view.ts';
import { findOwner, lockCart, type Owner } from '../cart/owner.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { checkouts, customers, orders } from '../db/schema.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { offeredGateways } from '../payments/registry.ts';
import { carriersFor, findPickupPoint, searchPickupPoints } from './delivery.ts';
import { askVies, checkInvoice } from './invoice.ts';

/**
 * The checkout of the session's cart (DESIGN.md §5): a record beside the cart that each step fills in, and the
 * view of it that says which steps are complete. Every change locks the cart first (as cart changes do), so a
 * step and a cart change never interleave.
 */

type CheckoutRow = typeof checkouts.$inferSelect;
type AddressChoice = z.output<typeof updateCheckoutAddressInput>['shipping'];

/** What the checkout knows, read once and shared by the view and by placing the order, with the basket it is for. */
export type CheckoutState = {
  basket: Basket;
  row: CheckoutRow | null;
  email: string | null;
  shipping: CheckoutAddress | null;
  billing: CheckoutAddress | null;
};

export async function readCheckoutState(basket: Basket): Promise<CheckoutState> {
  const { db, owner, cartId } = basket;
  const [row] = cartId === null ? [] : await db.select().from(checkouts).where(eq(checkouts.cartId, cartId));
  const [customer] = owner?.customerId ? await db.select({ email: customers.email }).from(customers).where(eq(customers.id, owner.customerId)) : [];
  return {
    basket,
    row: row ?? null,
    // A customer's orders go to their account's address; a guest names one in the Account step.
    email: customer?.email ?? row?.email ?? null,
    shipping: (row?.shippingAddress as CheckoutAddress | null) ?? null,
    billing: (row?.billingAddress as CheckoutAddress | null) ?? null,
  };
}

/** The checkout as the steps show it: a carrier that no longer serves the address, or a point that is gone, is dropped. */
export async function checkoutView(context: CallContext, state: CheckoutState): Promise<Checkout> {
  const { basket, row, shipping } = state;
  const country = shipping?.country ?? null;
  const contents = await basket.contents(country);
  const carriers = country && contents.lines.length > 0 ? await carriersFor(context, basket, country) : [];
  const chosen = carriers.find((candidate) => candidate.carrier.id === row?.carrierId) ?? null;
  const carrier = chosen?.carrier ?? null;
  const point = carrier?.kind === 'pickup' && row?.pickupPointId ? await findPickupPoint(basket.db, row.pickupPointId, () => carrier.delivery) : null;
  const pickupPoint = point && point.country === country && point.carrier_id === carrier?.id ? point : null;
  // The contents priced with the chosen carrier's shipping (the VAT rate is the country's either way).
  const cart = cartOf(context, contents, chosen?.terms ?? (await basket.terms(country)), null);
  const gateways = offeredGateways(context, cart);
  const gateway = gateways.includes(row?.gateway as GatewayName) ? (row!.gateway as GatewayName) : null;
  const complete: Record<CheckoutStep, boolean> = {
    account: state.email !== null,
    address: shipping !== null,
    delivery: carrier !== null,
    points: pickupPoint !== null,
    vouchers: true,
    message: true,
    payment: gateway !== null,
    review: false,
  };
  const steps = CHECKOUT_STEPS.filter((step) => step !== 'points' || carrier?.kind === 'pickup').map((step) => ({ step, complete: complete[step] }));
  return {
    cart,
    email: state.email,
    signed_in: Boolean(basket.owner?.customerId),
    shipping_address: shipping,
    billing_address: state.billing,
    invoice: (row?.invoice as Invoice | null) ?? null,
    carrier,
    pickup_point: pickupPoint,
    delivery_message: row?.deliveryMessage ?? '',
    draft: (row?.draft as CheckoutDraft | null) ?? null,
    gateway,
    steps,
    next_step: steps.find((step) => !step.complete)?.step ?? 'review',
  };
}

/** The checkout of the request's shopper, as the steps show it. */
async function currentCheckout(context: CallContext): Promise<Checkout> {
  const basket = await findBasket(context.db, context, await findOwner(context));
  return checkoutView(context, await readCheckoutState(basket));
}

export const getCheckout = currentCheckout;

/** Runs `work` on the checkout with the cart locked; there must be a cart with something in it. */
async function withLockedCheckout<T>(context: CallContext, work: (tx: Queryable, state: CheckoutState & { cartId: number }) => Promise<T>): Promise<T> {
  return context.db.transaction(async (tx) => {
    const owner = await findOwner(context, tx);
    const cartId = owner ? await lockCart(tx, owner) : null;
    const [lines] = cartId === null ? [] : await selectRows<{ count: number }>(tx, sql`select count(*)::int as count from cart_lines where cart_id = ${cartId}`);
    if (cartId === null || !lines?.count) throw new ApiError(409, 'cart_empty', 'Your cart is empty');
    await tx.insert(checkouts).values({ cartId }).onConflictDoNothing();
    const result = await work(tx, { ...(await readCheckoutState(basketOf(tx, context, owner, cartId))), cartId });
    await tx.update(checkouts).set({ updatedAt: sql`now()` }).where(eq(checkouts.cartId, cartId));
    return result;
  });
}

/**
 * Runs a change of the checkout (withLockedCheckout) and answers with the whole checkout as the change left it, read
 * in the change's transaction from the same basket (a checkout step never changes the cart's lines or codes, which
 * the lock keeps as they are).
 */
function changeCheckout(context: CallContext, change: (tx: Queryable, state: CheckoutState & { cartId: number }) => Promise<void>): Promise<Checkout> {
  return withLockedCheckout(context, async (tx, state) => {
    await change(tx, state);
    return checkoutView(context, await readCheckoutState(state.basket));
  });
}

export function updateCheckoutEmail(email: string, context: CallContext): Promise<Checkout> {
  return changeCheckout(context, async (tx, { cartId }) => {
    await tx.update(checkouts).set({ email }).where(eq(checkouts.cartId, cartId));
  });
}

type TypedAddress = z.output<typeof addressFields>;

const asCheckoutAddress = ({ id: _id, is_default: _default, ...address }: TypedAddress & { id?: number }): CheckoutAddress => address;

/** A saved address (the customer's own) or a typed one, in a country the shop sells to. */
async function resolveAddress(tx: Queryable, context: CallContext, owner: Owner | null, choice: AddressChoice, field: string): Promise<CheckoutAddress> {
  let address: CheckoutAddress;
  if ('address_id' in choice) {
    const saved = owner?.customerId ? await findOwnAddress({ db: tx as CallContext['db'] }, owner.customerId, choice.address_id) : null;
    if (!saved) throw new ApiError(404, 'address_not_found', 'This address is not one of yours');
    address = asCheckoutAddress(saved);
  } else {
    address = asCheckoutAddress(choice.address);
  }
  const [served] = await selectRows<{ iso: string }>(tx, sql`select iso from countries where iso = ${address.country} and is_active`);
  if (!served) throw new ApiError(400, 'country_not_served', 'The shop does not deliver to this country', { errors: { [`${field}.country`]: ['Choose a country'] } });
  return address;
}

export async function updateCheckoutAddress(input: z.output<typeof updateCheckoutAddressInput>, context: CallContext): Promise<Checkout> {
  const checkout = await changeCheckout(context, async (tx, { basket: { owner }, cartId }) => {
    const shipping = await resolveAddress(tx, context, owner, input.shipping, 'shipping');
    const billing = input.billing ? await resolveAddress(tx, context, owner, input.billing, 'billing') : null;
    const vies = context.config.viesUrl ? (country: string, number: string) => askVies(context.config.viesUrl!, country, number) : null;
    const invoice = await checkInvoice(input.invoice, (billing ?? shipping).country, vies);
    // What was typed is now saved: the draft is done with.
    await tx.update(checkouts).set({ shippingAddress: shipping, billingAddress: billing, invoice, draft: null }).where(eq(checkouts.cartId, cartId));
  });
  // A customer may keep what they typed in their address book (after the step is saved: saving is a second wish).
  const typed = [input.shipping, input.billing].filter((choice) => choice && 'address' in choice && choice.save) as { address: TypedAddress }[];
  if (checkout.signed_in) for (const { address } of typed) await createAddress(address, context);
  return checkout;
}

export function updateCheckoutCarrier(input: { carrier_id: number; pickup_point_id?: number }, context: CallContext): Promise<Checkout> {
  return changeCheckout(context, async (tx, state) => {
    const country = state.shipping?.country;
    if (!country) throw new ApiError(409, 'checkout_incomplete', 'Enter the shipping address first');
    const carrier = (await carriersFor(context, state.basket, country)).find((candidate) => candidate.carrier.id === input.carrier_id)?.carrier;
    if (!carrier) throw new ApiError(409, 'carrier_unavailable', 'This carrier does not deliver to the shipping address');
    let pickupPointId: number | null = null;
    if (carrier.kind === 'pickup') {
      const wanted = input.pickup_point_id ?? (state.row?.carrierId === carrier.id ? state.row.pickupPointId : null);
      const point = wanted ? await findPickupPoint(tx, wanted, () => null) : null;
      if (input.pickup_point_id && (!point || point.country !== country || point.carrier_id !== carrier.id)) {
        throw new ApiError(409, 'pickup_point_unavailable', 'This collection point is not available');
      }
      pickupPointId = point?.country === country ? point.id : null;
    }
    await tx.update(checkouts).set({ carrierId: carrier.id, pickupPointId }).where(eq(checkouts.cartId, state.cartId));
  });
}

export async function saveCheckoutDraft(draft: CheckoutDraft, context: CallContext): Promise<{ draft: CheckoutDraft }> {
  // Saved as the shopper types: no checkout is worked out for the answer.
  await withLockedCheckout(context, (tx, { cartId }) => tx.update(checkouts).set({ draft }).where(eq(checkouts.cartId, cartId)));
  return { draft };
}

/**
 * The country a draft delivers to: the saved address it chose (a customer's own), or the country picked for the
 * typed one; null when it names none (or one that is not an ISO code).
 */
async function draftCountry(db: Queryable, owner: Owner | null, draft: CheckoutDraft | null): Promise<string | null> {
  if (!draft) return null;
  if (draft.shipping_id && /^\d{1,9}$/.test(draft.shipping_id)) {
    const saved = owner?.customerId ? await findOwnAddress({ db: db as CallContext['db'] }, owner.customerId, Number(draft.shipping_id)) : null;
    return saved?.country ?? null;
  }
  const typed = draft.shipping?.country?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(typed) ? typed : null;
}

/**
 * The destination a search or a price is for: the country of what the shopper is typing (the draft), else the
 * checkout's shipping country, else the shopper's country.
 */
async function destination(context: CallContext) {
  const state = await readCheckoutState(await findBasket(context.db, context, await findOwner(context)));
  const drafted = await draftCountry(context.db, state.basket.owner, (state.row?.draft as CheckoutDraft | null) ?? null);
  return { state, country: drafted ?? state.shipping?.country ?? context.country };
}

export async function getCarriers(context: CallContext) {
  const { state, country } = await destination(context);
  // An unknown country is priced as the shop's home country: the carriers are those of the country the terms are for.
  const { iso } = await state.basket.terms(country);
  return { carriers: (await carriersFor(context, state.basket, iso)).map(({ carrier }) => carrier) };
}

export async function getPudos(input: { query: string; carrier_id?: number }, context: CallContext) {
  const { state, country } = await destination(context);
  const { lines } = await state.basket.contents(country);
  return { points: await searchPickupPoints(context.db, country, input.query, input.carrier_id, cartDating(context, lines)) };
}

export async function addOrEditDeliveryMessage(message: string, context: CallContext): Promise<{ message: string }> {
  const checkout = await changeCheckout(context, async (tx, { cartId }) => {
    await tx.update(checkouts).set({ deliveryMessage: message }).where(eq(checkouts.cartId, cartId));
  });
  return { message: checkout.delivery_message };
}

export async function getDeliveryMessage(context: CallContext): Promise<{ message: string }> {
  const { state } = await destination(context);
  return { message: state.row?.deliveryMessage ?? '' };
}

/**
 * The gateways offered for the checkout's cart, and the one a signed-in customer paid her latest order with when it
 * is among them: the payment step starts with it chosen.
 */
export async function getGateways(context: CallContext) {
  const owner = await findOwner(context);
  const checkout = await checkoutView(context, await readCheckoutState(await findBasket(context.db, context, owner)));
  const offered = offeredGateways(context, checkout.cart);
  const [latest] = owner?.customerId
    ? await context.db
        .select({ gateway: orders.gateway })
        .from(orders)
        .where(and(eq(orders.customerId, owner.customerId), isNotNull(orders.gateway)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1)
    : [];
  const remembered = offered.find((name) => name === latest?.gateway) ?? null;
  return { gateways: offered.map((name) => ({ name })), remembered };
}

export function updateCheckoutPayment(gateway: GatewayName, context: CallContext): Promise<Checkout> {
  return changeCheckout(context, async (tx, state) => {
    const view = await checkoutView(context, state);
    if (!offeredGateways(context, view.cart).includes(gateway)) throw new ApiError(409, 'gateway_unavailable', 'This payment method is not available');
    await tx.update(checkouts).set({ gateway }).where(eq(checkouts.cartId, state.cartId));
  });
}
