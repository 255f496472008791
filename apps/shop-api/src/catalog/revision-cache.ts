import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared } from '../db/raw.ts';
import { ApiError } from '../http/errors.ts';
import { metrics } from '../metrics.ts';
import { bothReads, type CatalogChanges, type ChangedProducts, type Reads } from './changes.ts';

/**
 * An answer worth keeping, and until when it holds whatever else happens (a discount ending, say). `weight`: how
 * many answers' room it takes (1 unless said; a large one, such as a scope's order, takes more).
 */
export type Keepable<T> = { value: T; validUntil: number; weight?: number };

/**
 * Makes a newer revision's answer out of a kept one (`kept`, which holds until `validUntil`) and the products whose
 * listing rows changed since (changes.ts changedProducts), reading only those; null when it cannot (the answer is
 * then worked out whole).
 */
export type Patch<T> = (kept: T, changed: ChangedProducts, validUntil: number) => Promise<Keepable<T> | null>;

/**
 * When each recent catalogue revision was last read as the current one, in this process, and for how long after it
 * was superseded an answer made under it may still be given (`staleMs`, CATALOG_STALE_MS; 0: never). A read of
 * revision R that started at t proves R was current at t, so an answer kept under R and given before t + staleMs is
 * at most staleMs older than the catalogue (ADR 47).
 */
export class RevisionClock {
  private readonly lastRead = new Map<string, number>();

  constructor(readonly staleMs: number) {}

  /** `revision` was the current one at `at`. */
  saw(revision: string, at = Date.now()) {
    this.lastRead.delete(revision);
    this.lastRead.set(revision, at);
    // Revisions are read in order: the first ones are the oldest, and once past staleMs they are never used again.
    for (const [old, time] of this.lastRead) {
      if (this.lastRead.size <= 2 || time >= at - this.staleMs) break;
      this.lastRead.delete(old);
    }
  }

  /** Whether `revision` was still the current one at most staleMs before `now`. */
  currentWithin(revision: bigint, now: number): boolean {
    const at = this.lastRead.get(String(revision));
    return this.staleMs > 0 && at !== undefined && at >= now - this.staleMs;
  }
}

/**
 * `done`: the answer is there (its work ended); `startedAt`: when its work began; `revision`: the oldest it read, or
 * a later one no change touched it up to (ADR 66); `reads`: what of the catalogue it read, once done.
 */
type Kept = { revision: bigint; answer: Promise<unknown>; validUntil: number; weight: number; startedAt: number; done: boolean; reads: Reads };
/** The newest answer for a key, and the older one given while the newest is worked out in the background. */
type Slot = { newest: Kept; previous?: Kept };
/**
 * The work an answer is being worked out by: `exact` when it must read the revision it was asked for (a background
 * refresh: what it keeps is given as that revision's), `asOf` the oldest revision of the older answers it was given,
 * `reads` what it read of the catalogue (`reading`, and the kept answers it was given; null: it said nothing).
 */
type Work = { exact: boolean; asOf: bigint | null; reads: Reads | null };
const working = new AsyncLocalStorage<Work>();

/**
 * Says what the answer being worked out reads of the catalogue besides what every answer may (names, categories,
 * facets' labels: nothing more for `reading()`): listing rows of categories (0: all) or brands, search rows matching a
 * text (changes.ts searchText), sales counts. Work that
 * says nothing, and gets no kept answer that did, is taken to read everything: any change touches it (ADR 66).
 */
export function reading(more: { categories?: number[]; brands?: number[]; texts?: string[]; sales?: boolean } = {}) {
  const work = working.getStore();
  const reads = { categories: new Set(more.categories), brands: new Set(more.brands), texts: new Set(more.texts), sales: more.sales ?? false };
  if (work) work.reads = bothReads(work.reads, reads);
}

/**
 * `waitMs`: how long an answer may take to be worked out. Past it, those waiting for it are refused (503 `busy`,
 * and `warn` says which answer), and it is no longer shared: the next call works it out anew. One piece of work
 * that never ends (a statement that never returns) would otherwise hold every call asking the same answer, and each
 * of them its client's place (http/fair-share.ts), for ever. `name`: the cache's in the metrics (its hits and misses).
 * `clock`: the revisions read, shared by the caches of a process; without it (or with a staleMs of 0) every answer
 * is of the revision asked for. `changes`: what each revision changed, shared likewise; without it every answer is
 * worked out again after any change.
 */
export type RevisionCacheOptions = { waitMs: number; warn: (line: string) => void; name?: string; clock?: RevisionClock; changes?: Pick<CatalogChanges, 'catchUp' | 'untouched' | 'watch' | 'abandon' | 'changedProducts'> };

/**
 * Answers of the catalogue's large reads (a listing's page and facets, a search's, suggestions), kept per catalogue
 * revision (migration 0014, docs/adr/0028-catalogue-answers-kept-per-revision.md). The revision is read first,
 * then a kept answer is used or the work is done: whatever the work reads is at least as new as that revision, and
 * any later change raises the revision. Up to `capacity` answers (by their weight), the least recently used going
 * first (a shopper typing unique queries only pushes out answers); calls asking the same at the same time share one
 * piece of work.
 * Once the revision moves, an answer of the one before that was current at most the clock's staleMs ago is given
 * while the new one is worked out in the background (docs/adr/0047-catalogue-answers-refreshed-in-the-background.md):
 * no shopper waits for a change they did not ask about, and none is answered from a catalogue older than staleMs.
 * An answer no change touched since it was made (what it read: `reading`) is the new revision's as it is
 * (docs/adr/0066-catalogue-answers-kept-through-changes-they-do-not-touch.md).
 * Per API process: every process reads the one revision of the shared database.
 */
export class RevisionCache {
  private readonly slots = new Map<string, Slot>();
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
    const readAt = Date.now();
    const [row] = await selectPrepared<{ revision: string }>(db, sql`select revision::text from catalog_revision`);
    const revision = row?.revision ?? '0';
    this.options.clock?.saw(revision, readAt);
    // What changed up to it, before any kept answer is given under it; within waitMs like any answer.
    const changes = this.options.changes;
    if (changes) await this.inTime(`changes up to revision ${revision}`, readAt, changes.catchUp(db, BigInt(revision)), () => (changes.abandon(), true));
    return revision;
  }

  /**
   * The answer kept for `key` under `revision` (or one a moment older, see the class), or `work`'s, kept when it
   * says until when it holds. `revision` must have been read (`revision()`) before the work reads anything; `key`
   * must name everything the answer depends on but the catalogue (payload, language, country). `patch`, if any,
   * makes the answer out of a kept older one when only some products changed since, rather than `work` it out whole.
   */
  async answer<T>(revisionRead: string, key: string, whole: () => Promise<Keepable<T>>, patch?: Patch<T>): Promise<T> {
    if (this.capacity === 0) return this.inTime(key, Date.now(), whole().then((done) => done.value));
    const revision = BigInt(revisionRead);
    const now = Date.now();
    const slot = this.slots.get(key);
    const caller = working.getStore();
    if (slot) this.carryForward(slot, revision, now);
    const base = patch && slot?.newest.done && slot.newest.revision < revision && slot.newest.validUntil > now ? slot.newest : undefined;
    const work = base ? () => this.patched(base, revision, patch!, whole) : whole;
    const newest = slot && slot.newest.revision >= revision && slot.newest.validUntil > now ? slot.newest : undefined;
    const older = slot && [slot.newest, slot.previous].find((kept) => kept && kept !== newest && this.mayGiveOlder(kept, caller, now));
    this.count(newest?.done ? 'hit' : older ? 'older' : newest ? 'hit' : 'miss');
    if (slot) this.touch(key, slot);
    if (newest?.done) return newest.answer as Promise<T>;
    if (older) {
      // The newest is worked out in the background, once.
      if (!newest) this.start(key, revision, work, { exact: true, asOf: null, reads: null }, older);
      return this.given(older, revision, caller) as Promise<T>;
    }
    // Until it is done, calls asking the same wait for it.
    const entry = newest ?? this.start(key, revision, work, { exact: caller?.exact ?? false, asOf: null, reads: null });
    return this.inTime(key, entry.startedAt, this.given(entry, revision, caller) as Promise<T>, () => this.forgetEntry(key, entry));
  }

  /** The newest answer of `slot`, if no change after its revision up to `revision` touched what it read, is `revision`'s. */
  private carryForward(slot: Slot, revision: bigint, now: number) {
    const kept = slot.newest;
    if (kept.done && kept.revision < revision && kept.validUntil > now && this.options.changes?.untouched(kept.reads, kept.revision, revision)) {
      kept.revision = revision;
    }
  }

  /** `base`'s answer patched into `revision`'s, or `whole`'s when the changes in between cannot be patched. */
  private async patched<T>(base: Kept, revision: bigint, patch: Patch<T>, whole: () => Promise<Keepable<T>>): Promise<Keepable<T>> {
    const changed = this.options.changes?.changedProducts(base.revision, revision);
    const done = changed && (await patch((await base.answer) as T, changed, base.validUntil));
    if (done) this.count('patched');
    return done || whole();
  }

  /** Whether `kept`, of an older revision than asked for, may be given to `caller` now. */
  private mayGiveOlder(kept: Kept, caller: Work | undefined, now: number): boolean {
    return kept.done && kept.validUntil > now && !caller?.exact && (this.options.clock?.currentWithin(kept.revision, now) ?? false);
  }

  /** `kept`'s answer; the work of `caller`, if any, then knows what it read, and whether of an older revision than `revision`. */
  private async given(kept: Kept, revision: bigint, caller: Work | undefined): Promise<unknown> {
    const value = await kept.answer;
    if (caller && kept.revision < revision && (caller.asOf === null || kept.revision < caller.asOf)) caller.asOf = kept.revision;
    if (caller) caller.reads = bothReads(caller.reads, kept.reads);
    return value;
  }

  /** Starts `work` as the newest answer for `key`; `previous`, if any, is given meanwhile. */
  private start<T>(key: string, revision: bigint, work: () => Promise<Keepable<T>>, context: Work, previous?: Kept): Kept {
    const entry: Kept = { revision, answer: Promise.resolve(), validUntil: Infinity, weight: 1, startedAt: Date.now(), done: false, reads: 'all' };
    entry.answer = working.run(context, work).then((done) => {
      entry.reads = context.reads ?? 'all';
      this.options.changes?.watch(entry.reads);
      entry.done = true;
      entry.validUntil = done.validUntil;
      // Made with parts of an older revision: it is that revision's answer.
      if (context.asOf !== null && context.asOf < entry.revision) entry.revision = context.asOf;
      const slot = this.slots.get(key);
      if (slot?.newest === entry) {
        // The older answer is no longer needed.
        this.weight += (done.weight ?? 1) - entry.weight - (slot.previous?.weight ?? 0);
        entry.weight = done.weight ?? 1;
        slot.previous = undefined;
        this.trim();
      }
      return done.value;
    });
    this.remove(key);
    const slot = { newest: entry, previous };
    this.slots.set(key, slot);
    this.weight += entry.weight + (previous?.weight ?? 0);
    this.trim();
    // A failure is not kept: the next call tries again.
    entry.answer.catch(() => this.forgetEntry(key, entry));
    return entry;
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

  private count(result: 'hit' | 'older' | 'miss' | 'patched') {
    metrics.catalogCache.inc({ cache: this.options.name ?? 'unnamed', result });
  }

  /** Used again: it moves to the back of the line. */
  private touch(key: string, slot: Slot) {
    this.slots.delete(key);
    this.slots.set(key, slot);
  }

  /** Forgets what is kept for `key`: the next call works it out again. */
  forget(key: string) {
    this.remove(key);
  }

  /** Forgets `entry` if it is still `key`'s newest; whether it was. */
  private forgetEntry(key: string, entry: Kept): boolean {
    if (this.slots.get(key)?.newest !== entry) return false;
    this.remove(key);
    return true;
  }

  private remove(key: string) {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.weight -= slot.newest.weight + (slot.previous?.weight ?? 0);
    this.slots.delete(key);
  }

  /** Lets the least recently used answers go until the rest fit (an answer heavier than all the room goes too). */
  private trim() {
    while (this.weight > this.capacity) this.remove(this.slots.keys().next().value!);
  }
}
