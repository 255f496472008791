import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { CatalogChanges, type Reads } from './changes.ts';
import { reading, RevisionCache, RevisionClock, type RevisionCacheOptions } from './revision-cache.ts';

/** A catalogue that is only its revision. */
function catalogue() {
  const state = { revision: 1 };
  return { revision: () => String(state.revision), state };
}

/** Work that counts how often it ran and answers with that count. */
function counted(validFor = Infinity) {
  const work = async () => ({ value: ++work.runs, validUntil: Date.now() + validFor });
  work.runs = 0;
  return work;
}

describe('RevisionCache', () => {
  it('answers again from the kept answer until the revision changes', async () => {
    const { revision, state } = catalogue();
    const cache = new RevisionCache(10);
    const work = counted();
    expect([await cache.answer(revision(), 'a', work), await cache.answer(revision(), 'a', work)]).toEqual([1, 1]);
    state.revision = 2;
    expect(await cache.answer(revision(), 'a', work)).toBe(2);
  });

  it('shares one piece of work between calls asking the same at once', async () => {
    const { revision } = catalogue();
    const work = counted();
    const cache = new RevisionCache(10);
    expect(await Promise.all([cache.answer(revision(), 'a', work), cache.answer(revision(), 'a', work), cache.answer(revision(), 'a', work)])).toEqual([1, 1, 1]);
    expect(work.runs).toBe(1);
  });

  it('does not keep a failure, nor an answer past its time', async () => {
    const { revision } = catalogue();
    const cache = new RevisionCache(10);
    await expect(cache.answer(revision(), 'a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const work = counted(0);
    expect([await cache.answer(revision(), 'a', work), await cache.answer(revision(), 'a', work)]).toEqual([1, 2]);
  });

  it('keeps at most its capacity, the least recently used going first; none with a capacity of 0', async () => {
    const { revision } = catalogue();
    const cache = new RevisionCache(2);
    const [a, b, c] = [counted(), counted(), counted()];
    await cache.answer(revision(), 'a', a);
    await cache.answer(revision(), 'b', b);
    await cache.answer(revision(), 'a', a);
    await cache.answer(revision(), 'c', c);
    await cache.answer(revision(), 'a', a);
    await cache.answer(revision(), 'b', b);
    expect([a.runs, b.runs, c.runs]).toEqual([1, 2, 1]);
    const none = new RevisionCache(0);
    const work = counted();
    await none.answer(revision(), 'a', work);
    await none.answer(revision(), 'a', work);
    expect(work.runs).toBe(2);
  });

  it('counts an answer as heavy as its weight, and keeps none heavier than its capacity', async () => {
    const { revision } = catalogue();
    const cache = new RevisionCache(3);
    const heavy = async () => ({ value: ++heavy.runs, validUntil: Infinity, weight: 2 });
    heavy.runs = 0;
    const [a, b] = [counted(), counted()];
    await cache.answer(revision(), 'a', a);
    await cache.answer(revision(), 'heavy', heavy);
    // Room for 3: 'b' pushes out the least recently used, 'a'; the heavy one stays.
    await cache.answer(revision(), 'b', b);
    await cache.answer(revision(), 'heavy', heavy);
    await cache.answer(revision(), 'a', a);
    expect([a.runs, heavy.runs, b.runs]).toEqual([2, 1, 1]);
    expect([cache.hasRoomFor(3), cache.hasRoomFor(4)]).toEqual([true, false]);
  });

  it('refuses as busy every call waiting for work that never ends, past its time, and works the answer out anew for the next', async () => {
    const { revision } = catalogue();
    const lines: string[] = [];
    const cache = new RevisionCache(10, { waitMs: 50, warn: (line) => lines.push(line) });
    // A statement that never returns: without a bound, everyone asking for 'a' would wait for ever.
    const stuck = () => new Promise<never>(() => undefined);
    const waiting = [cache.answer(revision(), 'a', stuck), cache.answer(revision(), 'a', stuck)];
    for (const call of waiting) await expect(call).rejects.toMatchObject({ status: 503, code: 'busy' });
    expect(lines).toEqual([expect.stringMatching(/^catalogue answer a not worked out after \d+ ms/)]);
    const work = counted();
    expect(await cache.answer(revision(), 'a', work)).toBe(1);
    // A kept answer is given however old it is.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.answer(revision(), 'a', work)).toBe(1);
    expect(lines).toHaveLength(1);
  });

  describe('with a clock of the revisions read (CATALOG_STALE_MS)', () => {
    /** A cache whose revisions are read through a clock allowing answers `staleMs` old. */
    function withClock(staleMs: number) {
      const { revision, state } = catalogue();
      const clock = new RevisionClock(staleMs);
      const cache = new RevisionCache(10, { waitMs: Infinity, warn: () => undefined, clock });
      // As `RevisionCache.revision` does: the revision read is current now.
      const read = () => {
        clock.saw(revision());
        return revision();
      };
      return { cache, clock, read, state };
    }
    /** Work whose answers wait until `finish` is called; `runs` counts them. */
    function held() {
      const finishers: (() => void)[] = [];
      const work = () => {
        const run = ++work.runs;
        return new Promise<{ value: number; validUntil: number }>((resolve) => finishers.push(() => resolve({ value: run, validUntil: Infinity })));
      };
      work.runs = 0;
      const finish = async () => {
        finishers.splice(0).forEach((done) => done());
        await new Promise((resolve) => setTimeout(resolve, 0));
      };
      return { work, finish };
    }

    it('gives the answer of the revision before at once while the new one is worked out in the background, once', async () => {
      const { cache, read, state } = withClock(1000);
      const { work, finish } = held();
      const first = cache.answer(read(), 'a', work);
      await finish();
      expect(await first).toBe(1);
      state.revision = 2;
      // Nobody waits for the change: the answer before is given, and the new one is asked for once.
      expect(await Promise.all([cache.answer(read(), 'a', work), cache.answer(read(), 'a', work)])).toEqual([1, 1]);
      expect(work.runs).toBe(2);
      await finish();
      expect(await cache.answer(read(), 'a', work)).toBe(2);
      expect(work.runs).toBe(2);
    });

    it('gives it only while its revision was current at most staleMs ago; past that, a call waits for the new answer', async () => {
      const { cache, read, state } = withClock(40);
      const work = counted();
      expect(await cache.answer(read(), 'a', work)).toBe(1);
      state.revision = 2;
      read();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await cache.answer(read(), 'a', work)).toBe(2);
    });

    it('gives none with a staleMs of 0', async () => {
      const { cache, read, state } = withClock(0);
      const work = counted();
      expect(await cache.answer(read(), 'a', work)).toBe(1);
      state.revision = 2;
      expect(await cache.answer(read(), 'a', work)).toBe(2);
    });

    it('keeps an answer made of an older part as that older revision\'s, and works the new one out with new parts only', async () => {
      const { cache, clock, read, state } = withClock(1000);
      const parts = new RevisionCache(10, { waitMs: Infinity, warn: () => undefined, clock });
      const part = counted();
      const whole = (revision: string) => async () => ({ value: `whole of part ${await parts.answer(revision, 'part', part)}`, validUntil: Infinity });
      const one = read();
      expect(await cache.answer(one, 'whole', whole(one))).toBe('whole of part 1');
      state.revision = 2;
      const two = read();
      // A whole never asked for before, made while the part's new answer is worked out: of revision 1, and kept as such.
      expect(await cache.answer(two, 'other whole', whole(two))).toBe('whole of part 1');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(part.runs).toBe(2);
      // Asked again, it is given as revision 1's, and worked out again in the background, with the new part.
      expect(await cache.answer(two, 'other whole', whole(two))).toBe('whole of part 1');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await cache.answer(two, 'other whole', whole(two))).toBe('whole of part 2');
      expect(part.runs).toBe(2);
    });
  });
});

describe('RevisionCache with a record of what each revision changed (ADR 66)', () => {
  /** Revisions 2 and on, each changing the listing rows of the categories given (or everything: null). */
  function recorded(changed: Map<bigint, number[] | null>) {
    const changes: RevisionCacheOptions['changes'] = {
      catchUp: async () => undefined,
      abandon: () => undefined,
      changedProducts: () => null,
      watch: () => undefined,
      untouched: (reads: Reads, from: bigint, to: bigint) => {
        for (let at = from + 1n; at <= to; at++) {
          const categories = changed.get(at);
          if (reads === 'all' || categories === null || categories === undefined || categories.some((id) => reads.categories.has(id))) return false;
        }
        return true;
      },
    };
    return new RevisionCache(10, { waitMs: Infinity, warn: () => undefined, changes });
  }
  /** Work reading the listing rows of `categories` (none: names only); `runs` counts it. */
  function readingCategories(...categories: number[]) {
    const work = async () => {
      reading({ categories });
      return { value: ++work.runs, validUntil: Infinity };
    };
    work.runs = 0;
    return work;
  }

  it('keeps an answer through changes of rows it did not read, and works it out again after one of rows it read', async () => {
    const cache = recorded(new Map([[2n, [3]], [3n, [4]]]));
    const men = readingCategories(4);
    const names = readingCategories();
    expect([await cache.answer('1', 'men', men), await cache.answer('1', 'names', names)]).toEqual([1, 1]);
    // Revision 2 changed a product of category 3 only.
    expect([await cache.answer('2', 'men', men), await cache.answer('2', 'names', names)]).toEqual([1, 1]);
    // Revision 3 changed one of category 4: the answer that read it is worked out again; names are not.
    expect([await cache.answer('3', 'men', men), await cache.answer('3', 'names', names)]).toEqual([2, 1]);
  });

  it('works out again, after any change, an answer whose work did not say what it read, and one of a change of everything', async () => {
    const cache = recorded(new Map([[2n, [3]], [3n, null]]));
    const unsaid = counted();
    const names = readingCategories();
    expect([await cache.answer('1', 'unsaid', unsaid), await cache.answer('1', 'names', names)]).toEqual([1, 1]);
    expect([await cache.answer('2', 'unsaid', unsaid), await cache.answer('2', 'names', names)]).toEqual([2, 1]);
    expect([await cache.answer('3', 'unsaid', unsaid), await cache.answer('3', 'names', names)]).toEqual([3, 2]);
  });

  it('has an answer made of kept parts read what its parts read', async () => {
    const cache = recorded(new Map([[2n, [4]]]));
    const part = readingCategories(4);
    const whole = async () => {
      reading();
      return { value: `whole of part ${await cache.answer('1', 'part', part)}`, validUntil: Infinity };
    };
    expect(await cache.answer('1', 'whole', whole)).toBe('whole of part 1');
    // The whole said it read names only, but its part read category 4, which revision 2 changed.
    const again = async () => {
      reading();
      return { value: `whole of part ${await cache.answer('2', 'part', part)}`, validUntil: Infinity };
    };
    expect(await cache.answer('2', 'whole', again)).toBe('whole of part 2');
  });
});

describe('RevisionCache patching a kept answer with the products changed since (ADR 69)', () => {
  /** Revisions after 1 change product 5 only, unless `everything` says they changed everything. */
  function patchable(state = { everything: false }) {
    const changes: RevisionCacheOptions['changes'] = {
      catchUp: async () => undefined,
      abandon: () => undefined,
      watch: () => undefined,
      untouched: () => false,
      changedProducts: () => (state.everything ? null : { products: new Set([5]), sales: false }),
    };
    return { cache: new RevisionCache(10, { waitMs: Infinity, warn: () => undefined, changes }), state };
  }

  it('makes the new revision’s answer out of the kept one and the changed products, and works it out whole when it cannot', async () => {
    const { cache, state } = patchable();
    const whole = counted();
    const patches: unknown[] = [];
    const patch = async (kept: number, changed: { products: Set<number> }) => {
      patches.push([kept, [...changed.products]]);
      return kept === 1 ? { value: 10 * kept, validUntil: Infinity } : null;
    };
    expect(await cache.answer('1', 'a', whole, patch)).toBe(1);
    expect(await cache.answer('2', 'a', whole, patch)).toBe(10);
    // The patch of 10 cannot be made: the answer is worked out whole.
    expect(await cache.answer('3', 'a', whole, patch)).toBe(2);
    expect(patches).toEqual([
      [1, [5]],
      [10, [5]],
    ]);
    // A change of everything is never patched.
    state.everything = true;
    expect(await cache.answer('4', 'a', whole, patch)).toBe(3);
    expect(patches).toHaveLength(2);
  });
});

describe('RevisionCache reading the changes of the revision it read (CatalogChanges)', () => {
  /** A database whose catalogue is at `state.revision` and whose changes are read by `changes` (category 3's, once each). */
  function database(state: { revision: number; changes: () => Promise<unknown[]> }) {
    return {
      execute: async (query: { queryChunks?: unknown[] }) => {
        const text = JSON.stringify(query.queryChunks);
        return { rows: text.includes('from catalog_changes') ? await state.changes() : [{ revision: String(state.revision) }] };
      },
    } as unknown as Database;
  }
  const changeOfCategory3 = (revision: number) => ({ revision: String(revision), product_id: 1, category_id: 3, brand_id: null, sales: false });

  it('refuses as busy, past waitMs, a call whose read of the changes never ends, and reads them anew for the next', async () => {
    const lines: string[] = [];
    const changes = new CatalogChanges();
    const cache = new RevisionCache(10, { waitMs: 50, warn: (line) => lines.push(line), changes });
    let finishStuck: (rows: unknown[]) => void = () => undefined;
    const state = { revision: 1, changes: async (): Promise<unknown[]> => [] };
    const db = database(state);
    expect(await cache.revision(db)).toBe('1');
    // Revision 2's changes are asked for, and the statement never returns (until the end of the test).
    state.revision = 2;
    state.changes = () => new Promise((resolve) => (finishStuck = resolve));
    // Both refusals are awaited at once: awaited one after the other, the second could come before it was awaited
    // (both wait the same 50 ms), an unhandled rejection that fails the run (clean-clone CI, 2026-11-28).
    const waiting = [cache.revision(db), cache.revision(db)];
    await Promise.all(waiting.map((call) => expect(call).rejects.toMatchObject({ status: 503, code: 'busy' })));
    expect(lines[0]).toMatch(/^catalogue answer changes up to revision 2 not worked out after \d+ ms/);
    // The next call reads anew: revision 3 changed category 3's rows only.
    state.revision = 3;
    state.changes = async () => [changeOfCategory3(2), changeOfCategory3(3)];
    expect(await cache.revision(db)).toBe('3');
    const readCategory4 = { categories: new Set([4]), brands: new Set<number>(), texts: new Set<string>(), sales: false };
    expect(changes.untouched(readCategory4, 1n, 3n)).toBe(true);
    // What the given-up read finds when it ends at last is dropped: it would say revision 2 changed everything.
    finishStuck([]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes.untouched(readCategory4, 1n, 3n)).toBe(true);
    expect(changes.untouched({ ...readCategory4, categories: new Set([3]) }, 1n, 3n)).toBe(false);
  });
});
