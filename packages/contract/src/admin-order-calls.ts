import { adminOrderInput, adminOrderSchema, adminOrdersInput, adminOrdersSchema } from './admin.ts';
import { adminCall } from './admin-call.ts';

/** Orders as the shop reads them: the list (search, filter, newest first, paged) and one order in full. */
export const adminOrderCalls = {
  listOrders: adminCall('orders', adminOrdersInput, adminOrdersSchema, { readOnly: true }),
  getOrderDetail: adminCall('orders', adminOrderInput, adminOrderSchema, { readOnly: true, refusals: ['not_found'] }),
};
