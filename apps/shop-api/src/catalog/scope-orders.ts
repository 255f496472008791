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
