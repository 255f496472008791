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

/** A high surrogate without its low half after it, or a low one without its high half before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text that is Unicode and that PostgreSQL's `text` and `jsonb` can store: no lone surrogate, no NUL character. */
const isSoundText = (text: string) => !LONE_SURROGATE.test(text) && !text.includes('\u0000');

/**
 * Where a parsed payload holds unsound text (JSON's `"\ud800"` and `"\u0000"` escapes parse into it), in a string
 * or in an object's key: the path to it (keys and array indexes), or null when all its text is sound. Every call's
 * input is checked with it before its schema, so no such text reaches a handler or the database.
 */
export function unsoundTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isSoundText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsoundTextPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key is named by the object that holds it: echoing the unsound key itself would only pass it on.
      if (!isSoundText(key)) return path;
      const found = unsoundTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
