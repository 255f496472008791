/**
 * A category's or brand's products in one order, kept per catalogue revision (revision-cache.ts, ADR 29), with
 * what a page's filters test of each: its class (every filter but price, listing-filters.ts) and its net price (the
 * same in every country; the price filter adds the shopper's VAT). A filtered page of a category of tens of
 * thousands of products is then a pass over arrays in the API, not a walk of the database's index until enough of
 * the rare matching products are found.
 */
export type ScopeOrder = { ids: Int32Array; classes: Int32Array; nets: Int32Array };

/** An order as read: 'id,class,net' of each product in turn, all in one text (null for none). */
export function toScopeOrder(rows: string | null): ScopeOrder {
  const numbers = rows ? rows.split(',') : [];
  const length = numbers.length / 3;
  const order = { ids: new Int32Array(length), classes: new Int32Array(length), nets: new Int32Array(length) };
  for (let index = 0; index < length; index++) {
    order.ids[index] = Number(numbers[3 * index]);
    order.classes[index] = Number(numbers[3 * index + 1]);
    order.nets[index] = Number(numbers[3 * index + 2]);
  }
  return order;
}

/** The bytes an order of `products` takes: three 4-byte numbers each. */
export const scopeOrderBytes = (products: number) => products * 12;

/**
 * The ids of one page of `order`: its products whose class is one of `classes` (all when null) and whose net price
 * `inPriceFilter` lets through (any when null), from the `offset`-th such product on, at most `count` of them.
 */
export function pageOfOrder(
  order: ScopeOrder,
  classes: readonly number[] | null,
  inPriceFilter: ((net: number) => boolean) | null,
  offset: number,
  count: number,
): number[] {
  const allowed = classes ? new Set(classes) : null;
  const page: number[] = [];
  let skipped = 0;
  for (let index = 0; index < order.ids.length && page.length < count; index++) {
    if (allowed && !allowed.has(order.classes[index]!)) continue;
    if (inPriceFilter && !inPriceFilter(order.nets[index]!)) continue;
    if (skipped < offset) skipped++;
    else page.push(order.ids[index]!);
  }
  return page;
}

/**
 * What places a kept order's products (patchOrder): `stable` when no change of a product's listing row can move it
 * (by date, by name: a name's change is a change of everything; by sales while no sales count changed), `net_asc` and
 * `net_desc` when it is the order of the net prices kept beside the ids (then the id).
 */
export type OrderKeys = 'stable' | 'net_asc' | 'net_desc';

/** A changed product's row in the scope as read now. */
export type ChangedRow = { id: number; class: number; net: number };

/**
 * `order` with its changed products (`changed`; `rows`: those of them in the scope now) put in, as a new order:
 * a class or net price changes in place, a product no longer in the scope goes, and in an order by net price a
 * product whose net price changed, or that came into the scope, moves to where it now belongs. Null when a product
 * came into an order whose keys are not kept (it could belong anywhere): the order is then read again whole.
 */
export function patchOrder(order: ScopeOrder, keys: OrderKeys, changed: ReadonlySet<number>, rows: ReadonlyMap<number, ChangedRow>): ScopeOrder | null {
  const positions = new Map<number, number>();
  for (let index = 0; index < order.ids.length; index++) if (changed.has(order.ids[index]!)) positions.set(order.ids[index]!, index);
  const gone = new Set<number>();
  const moving: ChangedRow[] = [];
  for (const id of changed) {
    const at = positions.get(id);
    const row = rows.get(id);
    if (at === undefined) {
      if (!row) continue;
      if (keys === 'stable') return null;
      moving.push(row);
    } else if (!row) gone.add(at);
    else if (keys !== 'stable' && row.net !== order.nets[at]) {
      gone.add(at);
      moving.push(row);
    }
  }
  const before = (a: { id: number; net: number }, b: { id: number; net: number }) =>
    a.net === b.net ? a.id < b.id : keys === 'net_asc' ? a.net < b.net : a.net > b.net;
  moving.sort((a, b) => (before(a, b) ? -1 : 1));
  const length = order.ids.length - gone.size + moving.length;
  const patched: ScopeOrder = { ids: new Int32Array(length), classes: new Int32Array(length), nets: new Int32Array(length) };
  let written = 0;
  let next = 0;
  const put = (id: number, productClass: number, net: number) => {
    patched.ids[written] = id;
    patched.classes[written] = productClass;
    patched.nets[written++] = net;
  };
  for (let index = 0; index < order.ids.length; index++) {
    if (gone.has(index)) continue;
    const id = order.ids[index]!;
    const row = positions.has(id) ? rows.get(id) : undefined;
    const kept = { id, net: row?.net ?? order.nets[index]! };
    while (next < moving.length && before(moving[next]!, kept)) put(moving[next]!.id, moving[next]!.class, moving[next++]!.net);
    put(id, row?.class ?? order.classes[index]!, kept.net);
  }
  while (next < moving.length) put(moving[next]!.id, moving[next]!.class, moving[next++]!.net);
  return patched;
}
