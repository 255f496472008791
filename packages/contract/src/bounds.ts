import { z } from 'zod';

/**
 * The bounds every payload keeps (DESIGN.md §2, "every input has a bound"): the shop API refuses anything
 * beyond them with a 400 before it reaches the database.
 */

/** PostgreSQL's `integer`: an id beyond it is no row of ours, and the database would refuse it with an error. */
export const MAX_ROW_ID = 2_147_483_647;

/** The id of a row: a positive 32-bit integer (a numeric string is read as its number, as query strings send them). */
export const rowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** A map with at most `maxKeys` entries (a record has no size bound of its own). */
export function boundedRecord<K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V, maxKeys: number) {
  return z.record(key, value).refine((entries) => Object.keys(entries).length <= maxKeys, { message: `At most ${maxKeys} entries` });
}
