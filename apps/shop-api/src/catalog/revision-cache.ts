import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared } from '../db/raw.ts';
import { ApiError } from '../http/errors.ts';
import { metrics } from '../metrics.ts';

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
/** `done`: the answer is there (its work ended); `startedAt`: when its work began. */
type Kept = { answer: Promise<unknown>; validUntil: number; weight: number; startedAt: number; done: boolean };

/**
 * `waitMs`: how long an answer may take to be worked out. Past it, those waiting for it are refused (503 `busy`,
 * and `warn` says which answer), and it is no longer shared: the next call works it out anew. One piece of work
 * that never ends (a statement that never returns) would otherwise hold every call asking the same answer, and each
 * of them its client's place (http/fair-share.ts), for ever. `name`: the cache's in the metrics (its hits and misses).
 */
export type RevisionCacheOptions = { waitMs: number; warn: (line: string) => void; name?: string };

export class RevisionCache {
  private readonly answers = new Map<string, Kept>();
  /** The kept answers' weights, summed. */
  private weight = 0;

  constructor(
    private readonly capacity: number,
    private readonly options: RevisionCacheOptions = { waitMs: Infinity, warn: () => undefined },
  ) {}

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
    if (this.capacity === 0) return this.inTime(key, Date.now(), work().then((done) => done.value));
    const fullKey = `${revision}\u0000${key}`;
    const kept = this.answers.get(fullKey);
    const hit = kept !== undefined && kept.validUntil > Date.now();
    metrics.catalogCache.inc({ cache: this.options.name ?? 'unnamed', result: hit ? 'hit' : 'miss' });
    if (hit) {
      // Used again: it moves to the back of the line.
      this.answers.delete(fullKey);
      this.answers.set(fullKey, kept);
      return kept.done ? (kept.answer as Promise<T>) : this.inTime(key, kept.startedAt, kept.answer as Promise<T>, () => this.forgetEntry(fullKey, kept));
    }
    // Until it is done, calls asking the same wait for it.
    if (kept) this.forget(fullKey);
    const entry: Kept = { answer: Promise.resolve(), validUntil: Infinity, weight: 1, startedAt: Date.now(), done: false };
    entry.answer = work().then((done) => {
      entry.done = true;
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
    entry.answer.catch(() => this.forgetEntry(fullKey, entry));
    this.trim();
    return this.inTime(key, entry.startedAt, entry.answer as Promise<T>, () => this.forgetEntry(fullKey, entry));
  }

  /**
   * `answer`, or a refusal once it has taken `waitMs` since `startedAt` (`giveUp` then stops sharing it).
   */
  private inTime<T>(key: string, startedAt: number, answer: Promise<T>, giveUp = () => true): Promise<T> {
    const { waitMs, warn } = this.options;
    if (!Number.isFinite(waitMs)) return answer;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          if (giveUp()) warn(`catalogue answer ${key} not worked out after ${Date.now() - startedAt} ms: refused as busy, worked out anew by the next call`);
          reject(new ApiError(503, 'busy', 'The shop is busy. Please try again in a moment.'));
        },
        Math.max(0, startedAt + waitMs - Date.now()),
      );
      answer.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  /** Forgets `entry` if `fullKey` still holds it; whether it did. */
  private forgetEntry(fullKey: string, entry: Kept): boolean {
    if (this.answers.get(fullKey) !== entry) return false;
    this.forget(fullKey);
    return true;
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
