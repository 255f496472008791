import type { CallName } from '@shop/contract';
import type { CallHandlers } from '../call-context.ts';
import { getGateways as checkoutGateways } from '../checkout/checkout.ts';
import { offeredGateways } from '../payments/registry.ts';
import { updateOrder, validateOrder } from './payment.ts';
import { buyOrderAgain } from './again.ts';
import { createOrder } from './place.ts';
import { returnOrderToCart } from './reopen.ts';
import { requestReturn } from './returns.ts';
import { accessibleOrder, getOrder, getOrders, getPayableOrder } from './view.ts';

/** Placing, paying and following orders, and the gateways to pay with: each order only for whoever may read it. */
export const orderHandlers = {
  // The gateways for the checkout's cart, or for paying a placed order again (one the request may read).
  getGateways: async (input, context) => {
    if (!input.reference) return checkoutGateways(context);
    const order = await accessibleOrder(context.db, context, { reference: input.reference, token: input.token });
    const offered = offeredGateways(context, { totals: { total: order.totalCents }, country: order.countryIso, currency: order.currency });
    // Paying again starts with the gateway the order was placed with.
    return { gateways: offered.map((name) => ({ name })), remembered: offered.find((name) => name === order.gateway) ?? null };
  },
  createOrder: (input, context) => createOrder(input, context),
  updateOrder: (input, context) => updateOrder(input, context),
  returnOrderToCart: (input, context) => returnOrderToCart(input, context),
  buyOrderAgain: (input, context) => buyOrderAgain(input, context),
  validateOrder: (input, context) => validateOrder(input, context),
  getOrders: (_input, context) => getOrders(context),
  getOrder: (input, context) => getOrder(input, context),
  getPayableOrder: (_input, context) => getPayableOrder(context),
  requestReturn: (input, context) => requestReturn(input, context),
} satisfies Partial<CallHandlers>;

export const orderSuccessMessages: Partial<Record<CallName, string>> = {
  createOrder: 'Order placed',
  returnOrderToCart: 'The order is back in your cart',
};
