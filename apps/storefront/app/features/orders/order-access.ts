import type { OrderStatus } from '@shop/contract/constants';

/** Statuses in which the order is paid: its confirmation page, not the failed one. */
export const PAID_STATUSES: readonly string[] = ['payment_accepted', 'backorder_paid', 'processing', 'shipped', 'delivered'] satisfies OrderStatus[];

/** The query parameter of a guest's order key (not `token`: gateways put their own `token` in return addresses). */
export const ORDER_KEY_PARAM = 'key';

/**
 * The order a page is about, from its address: `order` (the reference) and, in a guest's mail link, its key.
 * Null when the address names no order the shop could have.
 */
export function orderAccess(url: URL): { reference: string; token?: string } | null {
  const reference = url.searchParams.get('order') ?? '';
  const token = url.searchParams.get(ORDER_KEY_PARAM) ?? undefined;
  if (!/^[A-Za-z0-9]{1,16}$/.test(reference)) return null;
  if (token !== undefined && !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return { reference, ...(token ? { token } : {}) };
}
