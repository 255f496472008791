import { adminOrderSchema } from './admin.ts';
import { adminCall } from './admin-call.ts';
import { orderActionInput, orderNoteInput, refundOrderInput, settleStrayPaymentInput, shipOrderInput } from './admin-order-actions.ts';

const onAnOrder = ['not_found', 'order_action_not_allowed'] as const;

/**
 * The order actions, each through the order state machine and audited with the values before and after; each answers
 * the order as the order page reads it. Shipping is fulfilment's; cancelling and refunding move money.
 */
export const adminOrderActionCalls = {
  startProcessing: adminCall('shipping', orderActionInput, adminOrderSchema, { refusals: onAnOrder }),
  /** A parcel of some lines or of all that is left; sends the shopper the shipping mail with what it holds and its tracking link, in the order's language. */
  shipOrder: adminCall('shipping', shipOrderInput, adminOrderSchema, { refusals: [...onAnOrder, 'shipment_too_large'] }),
  markDelivered: adminCall('shipping', orderActionInput, adminOrderSchema, { refusals: onAnOrder }),
  /** Unpaid: cancelled, its stock and codes released. Paid: refunded through its gateway and its stock put back, or left as it was. */
  cancelOrder: adminCall('refunds', orderActionInput, adminOrderSchema, { refusals: [...onAnOrder, 'order_not_refundable', 'gateway_failed'] }),
  /** Also the scripts' call (`npm run refund`, with ADMIN_TOKEN as a bearer token instead of a staff session). */
  refundOrder: adminCall('refunds', refundOrderInput, adminOrderSchema, { refusals: ['not_found', 'order_not_refundable', 'refund_too_large', 'gateway_failed'] }),
  /** A stray payment whose refund failed, marked as given back outside the shop: the automatic retries stop, the dashboard no longer lists it. */
  settleStrayPayment: adminCall('refunds', settleStrayPaymentInput, adminOrderSchema, { refusals: onAnOrder }),
  resendConfirmation: adminCall('orders', orderActionInput, adminOrderSchema, { refusals: onAnOrder }),
  addOrderNote: adminCall('orders', orderNoteInput, adminOrderSchema, { refusals: ['not_found'] }),
};
