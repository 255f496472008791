import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared, selectRows } from '../db/raw.ts';

/**
 * What a kept answer read of the catalogue besides what every answer may read (names, categories, facets' labels,
 * countries: a change of those touches every answer): `all` when it did not say (anything may touch it), else the
 * listing rows of categories (0: the whole catalogue) and brands it read, and whether it read sales counts outside
 * them (suggestions rank by sales). ADR 66.
 */
export type Reads = 'all' | { categories: Set<number>; brands: Set<number>; sales: boolean };

/** What one revision changed: everything, or some products' listing rows (of these categories and brands). */
type Change = { everything: boolean; categories: Set<number>; brands: Set<number>; sales: boolean };

/** Revisions whose changes a process remembers; an answer older than that is taken as touched. */
const REMEMBERED = 10_000;

/**
 * The changes of the catalogue's recent revisions as this process read them from catalog_changes (migration 0042),
 * shared by its caches: whether any change between two revisions touched what a kept answer read. Unknown revisions
 * (before the process's first read, forgotten) count as changes of everything.
 */
export class CatalogChanges {
  /** Changes of the revisions after `from` up to `to`; null before the first read. */
  private from: bigint | null = null;
  private to: bigint | null = null;
  private readonly changes = new Map<bigint, Change>();
  private reading: Promise<void> = Promise.resolve();

  /** Reads the changes up to `revision` (read from catalog_revision before), unless known already. */
  catchUp(db: Database, revision: bigint): Promise<void> {
    if (this.to !== null && revision <= this.to) return Promise.resolve();
    const read = this.reading.then(() => this.read(db, revision));
    // One read at a time, in order; a failed one leaves the next to try again.
    this.reading = read.catch(() => undefined);
    return read;
  }

  private async read(db: Database, revision: bigint) {
    if (this.to === null || revision - this.to > REMEMBERED) {
      this.changes.clear();
      this.from = this.to = revision;
      return;
    }
    if (revision <= this.to) return;
    const rows = await selectPrepared<{ revision: string; category_id: number | null; brand_id: number | null; sales: boolean }>(
      db,
      sql`select revision::text, category_id, brand_id, sales from catalog_changes where revision > ${String(this.to)}::bigint and revision <= ${String(revision)}::bigint`,
    );
    const read = new Map<bigint, Change>();
    for (const row of rows) {
      const at = BigInt(row.revision);
      const change = read.get(at) ?? { everything: false, categories: new Set<number>(), brands: new Set<number>(), sales: false };
      read.set(at, change);
      if (row.category_id === null) change.everything = true;
      else change.categories.add(row.category_id);
      if (row.brand_id !== null) change.brands.add(row.brand_id);
      change.sales ||= row.sales;
    }
    // A revision without a row was forgotten (migration 0042): anything may have changed.
    for (let at = this.to + 1n; at <= revision; at++) this.changes.set(at, read.get(at) ?? { everything: true, categories: new Set(), brands: new Set(), sales: false });
    this.to = revision;
    for (const at of this.changes.keys()) {
      if (this.changes.size <= REMEMBERED) break;
      this.changes.delete(at);
      this.from = at;
    }
  }

  /** Whether no change after revision `from` up to `to` touched what `reads` names. */
  untouched(reads: Reads, from: bigint, to: bigint): boolean {
    if (this.from === null || this.to === null || from < this.from || to > this.to) return false;
    for (let at = from + 1n; at <= to; at++) {
      const change = this.changes.get(at)!;
      if (reads === 'all' || change.everything || (reads.sales && change.sales)) return false;
      for (const category of change.categories) if (reads.categories.has(category)) return false;
      for (const brand of change.brands) if (reads.brands.has(brand)) return false;
    }
    return true;
  }
}

/** Revisions behind the current one whose changes are kept in catalog_changes (a process further behind reads all anew). */
const KEPT_REVISIONS = REMEMBERED;

/** Deletes the changes of revisions no process remembers (CatalogChanges); how many rows went. */
export async function forgetOldChanges(db: Database): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`with gone as (delete from catalog_changes where revision < (select revision from catalog_revision) - ${KEPT_REVISIONS} returning 1)
      select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** `reads` and `more`: what either read. */
export function bothReads(reads: Reads | null, more: Reads): Reads {
  if (reads === 'all' || more === 'all') return 'all';
  if (reads === null) return { categories: new Set(more.categories), brands: new Set(more.brands), sales: more.sales };
  for (const category of more.categories) reads.categories.add(category);
  for (const brand of more.brands) reads.brands.add(brand);
  reads.sales ||= more.sales;
  return reads;
}
