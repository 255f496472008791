import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared } from '../db/raw.ts';

/** An answer worth keeping, and until when it holds whatever else happens (a discount ending, say). */
export type Keepable<T> = { value: T; validUntil: number };

/**
 * Answers of the catalogue's large reads (a listing's page and facets, a search's, suggestions), kept per catalogue
 * revision (migration 0014, docs/adr/0028-catalogue-answers-kept-per-revision.md). The revision is read first,
 * then a kept answer is used or the work is done: whatever the work reads is at least as new as that revision, and
 * any later change raises the revision, so no one is ever answered from an older state of the catalogue than the
 * one they would read themselves. Up to `capacity` answers, the least recently used going first (a shopper typing
 * unique queries only pushes out answers); calls asking the same at the same time share one piece of work.
 * Per API process: every process reads the one revision of the shared database.
 */
type Kept = { answer: Promise<unknown>; validUntil: number };

export class RevisionCache {
  private readonly answers = new Map<string, Kept>();

  constructor(private readonly capacity: number) {}

  /** The catalogue's revision as the database has it now. */
  async revision(db: Database): Promise<string> {
    const [row] = await selectPrepared<{ revision: string }>(db, sql`select revision::text from catalog_revision`);
    return row?.revision ?? '0';
  }

  /**
   * The answer kept for `key` under `revision`, or `work`'s, kept when it says until when it holds. `revision` must
   * have been read (`revision()`) before the work reads anything; `key` must name everything the answer depends on
   * but the catalogue (payload, language, country).
   */
  async answer<T>(revision: string, key: string, work: () => Promise<Keepable<T>>): Promise<T> {
    if (this.capacity === 0) return (await work()).value;
    const fullKey = `${revision}\u0000${key}`;
    const kept = this.answers.get(fullKey);
    if (kept && kept.validUntil > Date.now()) {
      // Used again: it moves to the back of the line.
      this.answers.delete(fullKey);
      this.answers.set(fullKey, kept);
      return kept.answer as Promise<T>;
    }
    // Until it is done, calls asking the same wait for it.
    const entry: Kept = { answer: Promise.resolve(), validUntil: Infinity };
    entry.answer = work().then((done) => {
      entry.validUntil = done.validUntil;
      return done.value;
    });
    this.answers.set(fullKey, entry);
    // A failure is not kept: the next call tries again.
    entry.answer.catch(() => this.answers.get(fullKey) === entry && this.answers.delete(fullKey));
    while (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
    return entry.answer as Promise<T>;
  }
}
