import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared } from '../db/raw.ts';

/**
 * An answer worth keeping, and until when it holds whatever else happens (a discount ending, say). `weight`: how
 * many answers' room it takes (1 unless said; a large one, such as a scope's order, takes more).
 */
export type Keepable<T> = { value: T; validUntil: number; weight?: number };

/**
 * Answers of the catalogue's large reads (a listing's page and facets, a search's, suggestions), kept per catalogue
 * revision (migration 0014, docs/adr/0028-catalogue-answers-kept-per-revision.md). The revision is read first,
 * then a kept answer is used or the work is done: whatever the work reads is at least as new as that revision, and
 * any later change raises the revision, so no one is ever answered from an older state of the catalogue than the
 * one they would read themselves. Up to `capacity` answers (by their weight), the least recently used going first
 * (a shopper typing unique queries only pushes out answers); calls asking the same at the same time share one
 * piece of work.
 * Per API process: every process reads the one revision of the shared database.
 */
type Kept = { answer: Promise<unknown>; validUntil: number; weight: number };

export class RevisionCache {
  private readonly answers = new Map<string, Kept>();
  /** The kept answers' weights, summed. */
  private weight = 0;

  constructor(private readonly capacity: number) {}

  /** Whether an answer of this weight can be kept at all. */
  hasRoomFor(weight: number): boolean {
    return weight <= this.capacity;
  }

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
    if (kept) this.forget(fullKey);
    const entry: Kept = { answer: Promise.resolve(), validUntil: Infinity, weight: 1 };
    entry.answer = work().then((done) => {
      entry.validUntil = done.validUntil;
      if (this.answers.get(fullKey) === entry) {
        this.weight += (done.weight ?? 1) - entry.weight;
        entry.weight = done.weight ?? 1;
        this.trim();
      }
      return done.value;
    });
    this.answers.set(fullKey, entry);
    this.weight += entry.weight;
    // A failure is not kept: the next call tries again.
    entry.answer.catch(() => this.answers.get(fullKey) === entry && this.forget(fullKey));
    this.trim();
    return entry.answer as Promise<T>;
  }

  private forget(fullKey: string) {
    this.weight -= this.answers.get(fullKey)?.weight ?? 0;
    this.answers.delete(fullKey);
  }

  /** Lets the least recently used answers go until the rest fit (an answer heavier than all the room goes too). */
  private trim() {
    while (this.weight > this.capacity) this.forget(this.answers.keys().next().value!);
  }
}
