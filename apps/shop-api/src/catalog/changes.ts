import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared, selectRows } from '../db/raw.ts';

/**
 * What a kept answer read of the catalogue besides what every answer may read (names, categories, facets' labels,
 * countries: a change of those touches every answer): `all` when it did not say (anything may touch it), else the
 * listing rows of categories (0: the whole catalogue) and brands it read, the search rows matching texts (`texts`:
 * searchText's), and whether it read sales counts outside them (suggestions rank by sales). ADR 66.
 */
export type Reads = 'all' | { categories: Set<number>; brands: Set<number>; texts: Set<string>; sales: boolean };

/** A search's rows, as Reads name them: those of a language matching a tsquery (as text). */
export const searchText = (lang: string, tsquery: string) => `${lang} ${tsquery}`;

/**
 * What one revision changed: everything, or some products' listing rows (`products`, of these categories and
 * brands); of the searches that were watched when it was read (`checked`), those matching a changed product
 * (`matched`).
 */
type Change = {
  everything: boolean;
  products: Set<number>;
  categories: Set<number>;
  brands: Set<number>;
  sales: boolean;
  checked: Set<string>;
  matched: Set<string>;
};

const everything = (): Change => ({ everything: true, products: new Set(), categories: new Set(), brands: new Set(), sales: false, checked: new Set(), matched: new Set() });

/** The products whose listing rows changed between two revisions, and whether a sales count was among the changes. */
export type ChangedProducts = { products: Set<number>; sales: boolean };

/** Changed products past which patching a kept answer (changedProducts) is not worth it: it is read again whole. */
const PATCHED_AT_MOST = 2_000;

/** Revisions whose changes a process remembers; an answer older than that is taken as touched. */
const REMEMBERED = 10_000;
/** Searches whose matches are checked against each change (the most recently asked). */
const WATCHED = 500;

/**
 * The changes of the catalogue's recent revisions as this process read them from catalog_changes (migration 0042),
 * shared by its caches: whether any change between two revisions touched what a kept answer read. Unknown revisions
 * (before the process's first read, forgotten) count as changes of everything. A search's matches are checked
 * against the changed products once it is watched: from the time an answer of it was made or looked at.
 */
export class CatalogChanges {
  /** Changes of the revisions after `from` up to `to`; null before the first read. */
  private from: bigint | null = null;
  private to: bigint | null = null;
  private readonly changes = new Map<bigint, Change>();
  private reading: Promise<void> = Promise.resolve();
  /** Raised by `abandon`: a read begun before writes nothing when it ends. */
  private generation = 0;
  /** searchText of the searches watched, the most recently asked last. */
  private readonly watched = new Set<string>();

  /** Reads the changes up to `revision` (read from catalog_revision before), unless known already. */
  catchUp(db: Database, revision: bigint): Promise<void> {
    if (this.to !== null && revision <= this.to) return Promise.resolve();
    const generation = this.generation;
    const read = this.reading.then(() => this.read(db, revision, generation));
    // One read at a time, in order; a failed one leaves the next to try again.
    this.reading = read.catch(() => undefined);
    return read;
  }

  /**
   * Gives up the reads under way (one that never ends, a statement that never returns, would otherwise hold every
   * later catchUp, and each caller its client's place, for ever): the next catchUp reads anew, and what those
   * reads find when they end is dropped.
   */
  abandon() {
    this.generation++;
    this.reading = Promise.resolve();
  }

  private async read(db: Database, revision: bigint, generation: number) {
    if (generation !== this.generation) return;
    if (this.to === null || revision - this.to > REMEMBERED) {
      this.changes.clear();
      this.from = this.to = revision;
      return;
    }
    if (revision <= this.to) return;
    const after = String(this.to);
    const rows = await selectPrepared<{ revision: string; product_id: number | null; category_id: number | null; brand_id: number | null; sales: boolean }>(
      db,
      sql`select revision::text, product_id, category_id, brand_id, sales from catalog_changes
        where revision > ${after}::bigint and revision <= ${String(revision)}::bigint`,
    );
    const read = new Map<bigint, Change>();
    const products = new Set<number>();
    const checked = new Set(this.watched);
    for (const row of rows) {
      const at = BigInt(row.revision);
      const change = read.get(at) ?? { ...everything(), everything: false, checked };
      read.set(at, change);
      if (row.product_id === null || row.category_id === null) change.everything = true;
      else {
        change.categories.add(row.category_id);
        change.products.add(row.product_id);
        products.add(row.product_id);
      }
      if (row.brand_id !== null) change.brands.add(row.brand_id);
      change.sales ||= row.sales;
    }
    const matched = await this.matchingSearches(db, after, [...products], [...checked]);
    if (generation !== this.generation) return;
    // A revision without a row was forgotten (migration 0042): anything may have changed.
    for (let at = this.to + 1n; at <= revision; at++) this.changes.set(at, read.has(at) ? { ...read.get(at)!, matched } : everything());
    this.to = revision;
    for (const at of this.changes.keys()) {
      if (this.changes.size <= REMEMBERED) break;
      this.changes.delete(at);
      this.from = at;
    }
  }

  /**
   * The `searches` (searchText) that match any of `products` (all of them when a change of everything, which may
   * have changed the products' texts, was made after revision `after`).
   */
  private async matchingSearches(db: Database, after: string, products: number[], searches: string[]): Promise<Set<string>> {
    if (products.length === 0 || searches.length === 0) return new Set();
    const split = searches.map((search) => search.indexOf(' '));
    const rows = await selectPrepared<{ search: number | null; texts_changed: boolean }>(
      db,
      sql`select matched.n as search, exists (select 1 from catalog_changes where revision > ${after}::bigint and product_id is null) as texts_changed
        from (select 1) one left join (
          select t.n from unnest(${sql.param(searches.map((search, index) => search.slice(0, split[index])))}::text[],
            ${sql.param(searches.map((search, index) => search.slice(split[index]! + 1)))}::text[]) with ordinality as t(lang, query, n)
          where exists (select 1 from catalog_search_entries e
            where e.product_id = any(${sql.param(products)}::int[]) and e.lang = t.lang and e.document @@ t.query::tsquery)
        ) matched on true`,
    );
    if (rows[0]?.texts_changed) return new Set(searches);
    return new Set(rows.flatMap((row) => (row.search === null ? [] : [searches[row.search - 1]!])));
  }

  /** Whether no change after revision `from` up to `to` touched what `reads` names. */
  untouched(reads: Reads, from: bigint, to: bigint): boolean {
    this.watch(reads);
    if (this.from === null || this.to === null || from < this.from || to > this.to) return false;
    for (let at = from + 1n; at <= to; at++) {
      const change = this.changes.get(at)!;
      if (reads === 'all' || change.everything || (reads.sales && change.sales)) return false;
      for (const category of change.categories) if (reads.categories.has(category)) return false;
      for (const brand of change.brands) if (reads.brands.has(brand)) return false;
      for (const text of reads.texts) if (!change.checked.has(text) || change.matched.has(text)) return false;
    }
    return true;
  }

  /**
   * The products whose listing rows changed after revision `from` up to `to`, if no change in between was of
   * everything (names, categories, a product added or moved) and they are few (PATCHED_AT_MOST); else null. What a
   * kept answer of `from` needs to be patched into `to`'s (revision-cache.ts `answer`).
   */
  changedProducts(from: bigint, to: bigint): ChangedProducts | null {
    if (this.from === null || this.to === null || from < this.from || to > this.to) return null;
    const changed: ChangedProducts = { products: new Set(), sales: false };
    for (let at = from + 1n; at <= to; at++) {
      const change = this.changes.get(at)!;
      if (change.everything) return null;
      for (const product of change.products) changed.products.add(product);
      changed.sales ||= change.sales;
      if (changed.products.size > PATCHED_AT_MOST) return null;
    }
    return changed;
  }

  /** Checks the matches of the searches `reads` read against the changes read from now on. */
  watch(reads: Reads) {
    if (reads === 'all') return;
    for (const search of reads.texts) {
      this.watched.delete(search);
      this.watched.add(search);
    }
    for (const oldest of this.watched) {
      if (this.watched.size <= WATCHED) break;
      this.watched.delete(oldest);
    }
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
  if (reads === null) return { categories: new Set(more.categories), brands: new Set(more.brands), texts: new Set(more.texts), sales: more.sales };
  for (const category of more.categories) reads.categories.add(category);
  for (const brand of more.brands) reads.brands.add(brand);
  for (const text of more.texts) reads.texts.add(text);
  reads.sales ||= more.sales;
  return reads;
}
