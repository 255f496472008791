import { z } from 'zod';

/**
 * Keyset (cursor) paging of the back office's long lists: orders (a customer's, a guest's), customers, returns and
 * the audit trail (docs/adr/0058-keyset-paging-and-mail-claims.md). Each list is newest first by a time and an id; a
 * page link carries the key of the row the page starts from, so that a deep page reads only its own rows, and a row
 * added meanwhile neither shows twice nor pushes one out of sight.
 *
 * A cursor is `a` (the rows after this one: older) or `b` (before it: newer), the row's time in microseconds since
 * 1970, and its id: `a.1795948603384123.4711`. It grants nothing (whoever may read the list reads every row of it),
 * so it is not signed: whatever is not one of these is refused as a malformed payload (400), never read.
 */
export const listCursor = z
  .string()
  .max(40)
  .regex(/^[ab]\.\d{1,16}\.\d{1,10}$/, { error: 'This is not a page link of this list: start again from its first page.' })
  .refine((text) => Number(text.split('.')[2]) <= 2_147_483_647, { error: 'This is not a page link of this list: start again from its first page.' });

export type ListCursor = { direction: 'after' | 'before'; micros: string; id: number };

/** A cursor the schema has taken, read (the API's lists) or made from a row's key. */
export const readListCursor = (text: string): ListCursor => {
  const [direction, micros, id] = text.split('.') as [string, string, string];
  return { direction: direction === 'b' ? 'before' : 'after', micros, id: Number(id) };
};
export const listCursorOf = ({ direction, micros, id }: ListCursor) => `${direction === 'before' ? 'b' : 'a'}.${micros}.${id}`;

/** Totals are counted up to here: past it, the list says "more than" (a count of every matching row is the slow part of a list). */
export const LIST_COUNT_CAP = 5_000;

/** What every keyset-paged list answers besides its rows: the neighbouring pages' links (none at an end) and the count. */
export const listPageSchema = z.object({
  next: listCursor.nullable(),
  previous: listCursor.nullable(),
  /** The matching rows, at most LIST_COUNT_CAP; `total_capped` when there are more. */
  total: z.number().int(),
  total_capped: z.boolean(),
});
