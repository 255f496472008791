import { orderSchema } from './account.ts';
import { call } from './call.ts';
import { requestReturnInput } from './returns.ts';

/** Returns, from the shopper's side (docs/adr/0034-order-actions-and-returns.md). */
export const returnCalls = {
  /**
   * Asks for a return of lines of a delivered order within the withdrawal period: answers the order with the return
   * (its reference; the instructions come by mail). Outside the period, or more than is left to send back: refused.
   */
  requestReturn: call(requestReturnInput, orderSchema, { refusals: ['not_found', 'return_not_allowed'] }),
};
