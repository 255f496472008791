import { z } from 'zod';
import { orderSchema, orderSummarySchema } from './account.ts';
import { call } from './call.ts';
import { cartSchema } from './cart.ts';
import {
  boughtAgainSchema,
  buyOrderAgainInput,
  carrierSchema,
  checkoutDraftSchema,
  checkoutSchema,
  createOrderInput,
  deliveryMessageInput,
  gatewayNameSchema,
  gatewaySchema,
  getPudosInput,
  orderAccessInput,
  pickupPointSchema,
  placedOrderSchema,
  saveCheckoutDraftInput,
  updateCheckoutAddressInput,
  updateCheckoutCarrierInput,
  updateCheckoutEmailInput,
  updateCheckoutPaymentInput,
  updateOrderInput,
  validateOrderInput,
} from './checkout.ts';

const empty = z.object({}).strict();
const personalRead = { readOnly: true } as const;
/** A change of the checkout needs a cart with something in it. */
const aCart = ['cart_empty'] as const;
/** An order named by its reference that is not there, or not the asker's (the same answer: no order is disclosed). */
const anOrder = ['not_found'] as const;

/**
 * The checkout of the session's cart (each change answers with the whole checkout) and the orders it places.
 * Nothing here is cached: it is about one shopper.
 */
export const checkoutCalls = {
  getCheckout: call(empty, checkoutSchema, personalRead),
  /** The Account step of a guest: the address the order's mails go to. */
  updateCheckoutEmail: call(updateCheckoutEmailInput, checkoutSchema, { refusals: aCart }),
  updateCheckoutAddress: call(updateCheckoutAddressInput, checkoutSchema, {
    refusals: [...aCart, 'address_not_found', 'country_not_served', 'vat_number_invalid', 'fiscal_code_invalid', 'invoice_incomplete'],
  }),
  /** Keeps what was typed on the first screen before it is sent (the carriers and collection points follow its country). */
  saveCheckoutDraft: call(saveCheckoutDraftInput, z.object({ draft: checkoutDraftSchema }), { refusals: aCart }),
  getCarriers: call(empty, z.object({ carriers: z.array(carrierSchema) }), personalRead),
  updateCheckoutCarrier: call(updateCheckoutCarrierInput, checkoutSchema, {
    refusals: [...aCart, 'checkout_incomplete', 'carrier_unavailable', 'pickup_point_unavailable'],
  }),
  getPudos: call(getPudosInput, z.object({ points: z.array(pickupPointSchema) }), personalRead),
  addOrEditDeliveryMessage: call(deliveryMessageInput, z.object({ message: z.string() }), { refusals: aCart }),
  getDeliveryMessage: call(z.object({}), z.object({ message: z.string() }), { method: 'GET', readOnly: true }),
  /** For the checkout's cart; with an order's reference (and a guest's token), for paying that order again. */
  getGateways: call(orderAccessInput.partial().strict(), z.object({ gateways: z.array(gatewaySchema), remembered: gatewayNameSchema.nullable() }), { ...personalRead, refusals: anOrder }),
  updateCheckoutPayment: call(updateCheckoutPaymentInput, checkoutSchema, { refusals: [...aCart, 'gateway_unavailable'] }),
  /** Places the order (one transaction; the same idempotency key makes one order) and starts its payment. */
  createOrder: call(createOrderInput, placedOrderSchema, {
    refusals: [...aCart, 'checkout_incomplete', 'idempotency_conflict', 'coupon_invalid', 'out_of_stock', 'gateway_unavailable', 'gateway_failed'],
  }),
  /** Pays an unpaid order again, with the same or another gateway. */
  updateOrder: call(updateOrderInput, placedOrderSchema, { refusals: [...anOrder, 'order_not_payable', 'gateway_unavailable', 'gateway_failed'] }),
  /** Changes an unpaid order instead of paying it: cancelled, its items and codes back in the session's cart. */
  returnOrderToCart: call(orderAccessInput, cartSchema, { refusals: [...anOrder, 'order_not_payable'] }),
  /**
   * Puts a past order's items back in the session's cart, as far as they are sold and in stock (never beyond it: a
   * pre-order or backorder is confirmed on its page). The cart holds at least the order's quantity of each afterwards,
   * so a second click (or two at once) adds nothing more.
   */
  buyOrderAgain: call(buyOrderAgainInput, boughtAgainSchema, { refusals: anOrder }),
  /** The newest order of the session still waiting for its payment (its items left the cart), or null: the cart says where they are. */
  getPayableOrder: call(empty, z.object({ order: orderSummarySchema.nullable() }), personalRead),
  /** After the gateway's page: asks the gateway what happened and moves the order accordingly. */
  validateOrder: call(validateOrderInput, orderSchema, { refusals: anOrder }),
  getOrders: call(empty, z.object({ orders: z.array(orderSummarySchema) }), { ...personalRead, refusals: ['unauthorized'] }),
  /** A customer's own order, the order of the guest session that placed it, or one named with its mail's token. */
  getOrder: call(orderAccessInput, orderSchema, { ...personalRead, refusals: anOrder }),
};
