import { describe, expect, it } from 'vitest';
import { patchOrder, type ChangedRow, type ScopeOrder } from './scope-orders.ts';

/** An order of [id, class, net] rows. */
const orderOf = (rows: [number, number, number][]): ScopeOrder => ({
  ids: Int32Array.from(rows.map(([id]) => id)),
  classes: Int32Array.from(rows.map(([, productClass]) => productClass)),
  nets: Int32Array.from(rows.map(([, , net]) => net)),
});
const rowsOf = (order: ScopeOrder | null) => (order ? [...order.ids].map((id, index) => [id, order.classes[index], order.nets[index]]) : null);
const changedRows = (...rows: [number, number, number][]) => new Map<number, ChangedRow>(rows.map(([id, productClass, net]) => [id, { id, class: productClass, net }]));

describe('a kept order patched with the products changed since (ADR 69)', () => {
  // By net price, then id.
  const byNet = orderOf([
    [4, 1, 1000],
    [2, 1, 2000],
    [7, 2, 2000],
    [1, 1, 3000],
  ]);

  it('changes a class and a net price in place in an order its changes cannot move, and drops a product gone from the scope', () => {
    // Product 1 is no longer in the scope; 99, changed too, is neither in the scope nor in the order.
    const patched = patchOrder(byNet, 'stable', new Set([2, 1, 99]), changedRows([2, 5, 2500]));
    expect(rowsOf(patched)).toEqual([
      [4, 1, 1000],
      [2, 5, 2500],
      [7, 2, 2000],
    ]);
    // The kept order is left as it was: it may still be given meanwhile.
    expect(rowsOf(byNet)).toHaveLength(4);
  });

  it('moves a product whose net price changed, and places one that came into the scope, in an order by net price up or down', () => {
    expect(rowsOf(patchOrder(byNet, 'net_asc', new Set([4, 9]), changedRows([4, 1, 2000], [9, 3, 500])))).toEqual([
      [9, 3, 500],
      [2, 1, 2000],
      [4, 1, 2000],
      [7, 2, 2000],
      [1, 1, 3000],
    ]);
    const down = orderOf([
      [1, 1, 3000],
      [2, 1, 2000],
      [7, 2, 2000],
      [4, 1, 1000],
    ]);
    expect(rowsOf(patchOrder(down, 'net_desc', new Set([1, 9]), changedRows([1, 1, 1000], [9, 3, 2000])))).toEqual([
      [2, 1, 2000],
      [7, 2, 2000],
      [9, 3, 2000],
      [1, 1, 1000],
      [4, 1, 1000],
    ]);
  });

  it('cannot place a product that came into an order whose keys it does not keep', () => {
    expect(patchOrder(byNet, 'stable', new Set([9]), changedRows([9, 1, 100]))).toBeNull();
  });
});
