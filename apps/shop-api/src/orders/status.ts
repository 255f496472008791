import type { OrderStatus } from '@shop/contract';

/**
 * The order's life as a state machine (DESIGN.md §5): each status lists where it may go next. Anything else
 * is refused, so a late or repeated gateway notification cannot move an order backwards (a 'paid' arriving
 * after 'shipped', a 'failed' after 'paid').
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // Placed, waiting for the gateway: the shopper pays, gives up, or the payment fails.
  awaiting_payment: ['payment_accepted', 'backorder_paid', 'payment_error', 'cancelled'],
  // A failed payment may be tried again with another method, or the order is dropped.
  payment_error: ['awaiting_payment', 'payment_accepted', 'backorder_paid', 'cancelled'],
  // Placed with lines bought on demand and a payment that comes later.
  backorder_unpaid: ['backorder_paid', 'payment_error', 'cancelled'],
  // Paid: no event cancels it. Cancelling a paid order is the merchant's, and it refunds: it ends 'refunded' (ADR 30).
  payment_accepted: ['processing', 'shipped', 'refunded'],
  // Paid, with lines that ship when they come in (pre-orders, backorders).
  backorder_paid: ['processing', 'shipped', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Statuses in which the shop has the shopper's money: a refund is possible, a cancellation refunds. An order in
 * one of them is a purchase (reviews need one).
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['payment_accepted', 'backorder_paid', 'processing', 'shipped', 'delivered'];

export function isPaid(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}
