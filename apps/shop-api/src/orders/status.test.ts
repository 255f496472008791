import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canMove, isPaid, ORDER_TRANSITIONS } from './status.ts';

/** Where an order can get to from a status, through any number of allowed moves. */
function reachable(from: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>();
  const queue = [...ORDER_TRANSITIONS[from]];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...ORDER_TRANSITIONS[next]);
  }
  return seen;
}

describe('order statuses', () => {
  it('know every status of the contract and lead only to known ones', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) for (const target of targets) expect(ORDER_STATUSES).toContain(target);
  });

  it('never take paid money back into a state that waits for it', () => {
    for (const status of ORDER_STATUSES.filter(isPaid)) {
      for (const later of reachable(status)) expect(['awaiting_payment', 'payment_error', 'backorder_unpaid']).not.toContain(later);
    }
  });

  it('never cancel a paid order: its money is given back, so it ends refunded (ADR 30)', () => {
    for (const status of ORDER_STATUSES.filter(isPaid)) {
      expect(reachable(status).has('cancelled'), status).toBe(false);
      expect(reachable(status).has('refunded'), status).toBe(true);
    }
  });

  it('end in cancelled or refunded, which go nowhere, and every order can get there', () => {
    const final = ORDER_STATUSES.filter((status) => ORDER_TRANSITIONS[status].length === 0);
    expect(final.sort()).toEqual(['cancelled', 'refunded']);
    for (const status of ORDER_STATUSES.filter((s) => !final.includes(s))) {
      expect([...reachable(status)].some((later) => final.includes(later)), status).toBe(true);
    }
  });

  it('refuse a repeated or late notification: replaying any sequence of events never goes back to an earlier status', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_STATUSES), { maxLength: 30 }), (events) => {
        let status: OrderStatus = 'awaiting_payment';
        const visited: OrderStatus[] = [status];
        for (const event of events) {
          if (!canMove(status, event)) continue;
          status = event;
          visited.push(status);
        }
        // Only a failed payment may be retried; after money is taken, no earlier status comes back.
        const firstPaid = visited.findIndex(isPaid);
        if (firstPaid !== -1) expect(visited.slice(firstPaid).some((s) => s === 'awaiting_payment' || s === 'payment_error')).toBe(false);
        expect(visited.indexOf('shipped') === -1 || !visited.slice(visited.indexOf('shipped') + 1).includes('processing')).toBe(true);
      }),
    );
  });
});
