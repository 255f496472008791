import { z } from 'zod';
import { orderSchema, orderSummarySchema } from './account.ts';
import { call } from './call.ts';
import { cartSchema } from './cart.ts';
import {
  carrierSchema,
  checkoutSchema,
  createOrderInput,
  deliveryMessageInput,
  gatewaySchema,
  getPudosInput,
  orderAccessInput,
  pickupPointSchema,
  placedOrderSchema,
  updateCheckoutAddressInput,
  updateCheckoutCarrierInput,
  updateCheckoutEmailInput,
  updateCheckoutPaymentInput,
  updateOrderInput,
  validateOrderInput,
} from './checkout.ts';

const empty = z.object({}).strict();
const personalRead = { readOnly: true } as const;

/**
 * The checkout of the session's cart (each change answers with the whole checkout) and the orders it places.
 * Nothing here is cached: it is about one shopper.
 */
export const checkoutCalls = {
  getCheckout: call(empty, checkoutSchema, personalRead),
  /** The Account step of a guest: the address the order's mails go to. */
  updateCheckoutEmail: call(updateCheckoutEmailInput, checkoutSchema),
  updateCheckoutAddress: call(updateCheckoutAddressInput, checkoutSchema),
  getCarriers: call(empty, z.object({ carriers: z.array(carrierSchema) }), personalRead),
  updateCheckoutCarrier: call(updateCheckoutCarrierInput, checkoutSchema),
  getPudos: call(getPudosInput, z.object({ points: z.array(pickupPointSchema) }), personalRead),
  addOrEditDeliveryMessage: call(deliveryMessageInput, z.object({ message: z.string() })),
  getDeliveryMessage: call(z.object({}), z.object({ message: z.string() }), { method: 'GET', readOnly: true }),
  /** For the checkout's cart; with an order's reference (and a guest's token), for paying that order again. */
  getGateways: call(orderAccessInput.partial().strict(), z.object({ gateways: z.array(gatewaySchema) }), personalRead),
  updateCheckoutPayment: call(updateCheckoutPaymentInput, checkoutSchema),
  /** Places the order (one transaction; the same idempotency key makes one order) and starts its payment. */
  createOrder: call(createOrderInput, placedOrderSchema),
  /** Pays an unpaid order again, with the same or another gateway. */
  updateOrder: call(updateOrderInput, placedOrderSchema),
  /** Changes an unpaid order instead of paying it: cancelled, its items and codes back in the session's cart. */
  returnOrderToCart: call(orderAccessInput, cartSchema),
  /** After the gateway's page: asks the gateway what happened and moves the order accordingly. */
  validateOrder: call(validateOrderInput, orderSchema),
  getOrders: call(empty, z.object({ orders: z.array(orderSummarySchema) }), personalRead),
  /** A customer's own order, the order of the guest session that placed it, or one named with its mail's token. */
  getOrder: call(orderAccessInput, orderSchema, personalRead),
};
