import { adminOrderSchema } from './admin.ts';
import { adminCall } from './admin-call.ts';
import { adminReturnsInput, adminReturnsSchema, receiveReturnInput, returnInput } from './admin-returns.ts';

/**
 * Returns to handle: the list, the parcel received (restocked or not, per line), and its refund (its lines, and
 * the original shipping where the whole order came back). Each answers the order the return belongs to.
 */
export const adminReturnCalls = {
  listReturns: adminCall('returns', adminReturnsInput, adminReturnsSchema, { readOnly: true }),
  receiveReturn: adminCall('returns', receiveReturnInput, adminOrderSchema, { refusals: ['not_found', 'order_action_not_allowed'] }),
  refundReturn: adminCall('refunds', returnInput, adminOrderSchema, { refusals: ['not_found', 'order_action_not_allowed', 'order_not_refundable', 'refund_too_large', 'gateway_failed'] }),
};
