import type { CallName } from '@shop/contract';
import type { CallHandlers } from '../http/call-context.ts';
import { createOrder } from '../orders/place.ts';
import { updateOrder, validateOrder } from '../orders/payment.ts';
import { returnOrderToCart } from '../orders/reopen.ts';
import { requestReturn } from '../orders/returns.ts';
import { getOrder, getOrders } from '../orders/view.ts';
import {
  addOrEditDeliveryMessage,
  getCarriers,
  getCheckout,
  getDeliveryMessage,
  getGateways,
  getPudos,
  updateCheckoutAddress,
  updateCheckoutCarrier,
  updateCheckoutEmail,
  updateCheckoutPayment,
} from './checkout.ts';

/** The checkout of the session's cart and the orders it places: always the session's own. */
export const checkoutHandlers = {
  getCheckout: (_input, context) => getCheckout(context),
  updateCheckoutEmail: ({ email }, context) => updateCheckoutEmail(email, context),
  updateCheckoutAddress: (input, context) => updateCheckoutAddress(input, context),
  getCarriers: (_input, context) => getCarriers(context),
  updateCheckoutCarrier: (input, context) => updateCheckoutCarrier(input, context),
  getPudos: (input, context) => getPudos(input, context),
  addOrEditDeliveryMessage: ({ message }, context) => addOrEditDeliveryMessage(message, context),
  getDeliveryMessage: (_input, context) => getDeliveryMessage(context),
  getGateways: (input, context) => getGateways(input, context),
  updateCheckoutPayment: ({ gateway }, context) => updateCheckoutPayment(gateway, context),
  createOrder: (input, context) => createOrder(input, context),
  updateOrder: (input, context) => updateOrder(input, context),
  returnOrderToCart: (input, context) => returnOrderToCart(input, context),
  validateOrder: (input, context) => validateOrder(input, context),
  getOrders: (_input, context) => getOrders(context),
  getOrder: (input, context) => getOrder(input, context),
  requestReturn: (input, context) => requestReturn(input, context),
} satisfies Partial<CallHandlers>;

export const checkoutSuccessMessages: Partial<Record<CallName, string>> = {
  addOrEditDeliveryMessage: 'Delivery notes saved',
  updateCheckoutAddress: 'Address saved',
  createOrder: 'Order placed',
  returnOrderToCart: 'The order is back in your cart',
};

/** SPEC §8: the delivery note's failure has its own words. */
export const checkoutInvalidPayloadMessages: Partial<Record<CallName, string>> = {
  addOrEditDeliveryMessage: 'Failed to save delivery notes',
};
