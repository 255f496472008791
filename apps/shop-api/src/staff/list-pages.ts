import { LIST_COUNT_CAP, listCursorOf, readListCursor } from '@shop/contract/admin';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';

/**
 * Keyset paging of a back-office list newest first by (`time`, `id`) (ADR 58): the rows after the cursor's key, or
 * before it read the other way round, so that a page is an index walk from its key whatever its depth. The list's
 * query adds `where` to its filters, orders by `orderBy`, takes `limit` rows (one more than a page tells whether
 * there is more) and selects `key`; `page` then makes the page and its neighbours' links.
 */
export function keysetPage(time: SQLWrapper, id: SQLWrapper, cursor: string | undefined, size: number) {
  const at = cursor === undefined ? null : readListCursor(cursor);
  const backwards = at?.direction === 'before';
  // The key's time rebuilt from its microseconds exactly (bigint × interval), to compare as the index is ordered.
  const bound = at && sql`(${time}, ${id}) ${backwards ? sql`>` : sql`<`} (to_timestamp(0) + ${at.micros}::bigint * interval '1 microsecond', ${at.id}::int)`;
  return {
    where: bound ?? undefined,
    orderBy: backwards ? sql`${time}, ${id}` : sql`${time} desc, ${id} desc`,
    limit: size + 1,
    /** The row's time in microseconds since 1970, as text: the cursor's key (a JavaScript date keeps milliseconds only). */
    key: sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`,
    /** The page in list order (newest first) and the links to the pages beside it; `keyOf` reads a row's key. */
    page<Row>(rows: Row[], keyOf: (row: Row) => { micros: string; id: number }) {
      const more = rows.length > size;
      const shown = rows.slice(0, size);
      if (backwards) shown.reverse();
      const [first, last] = [shown[0], shown.at(-1)];
      // Coming from a cursor, the rows on its other side are there (the one it names at least).
      const newer = backwards ? more : at !== null;
      const older = backwards ? at !== null : more;
      return {
        rows: shown,
        previous: newer && first !== undefined ? listCursorOf({ direction: 'before', ...keyOf(first) }) : null,
        next: older && last !== undefined ? listCursorOf({ direction: 'after', ...keyOf(last) }) : null,
      };
    },
  };
}

/**
 * How many rows `from` has where `where` holds, counted up to LIST_COUNT_CAP + 1 rows: past the cap the list says
 * "more than", which a deep count of 100,000 orders took most of a page's time to say exactly.
 */
export async function cappedCount(db: Queryable, from: SQL, where: SQL | undefined): Promise<{ total: number; total_capped: boolean }> {
  const [counted] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from ${from}${where ? sql` where ${where}` : sql``} limit ${LIST_COUNT_CAP + 1}) capped`,
  );
  const total = counted?.total ?? 0;
  return { total: Math.min(total, LIST_COUNT_CAP), total_capped: total > LIST_COUNT_CAP };
}
