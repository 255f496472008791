import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFairQueue } from '../fair-queue.js';

/** Requests as server.js hands them over: started in their turn, finished (or gone) when their answer is over. */
function requests(enter: ReturnType<typeof createFairQueue>) {
  const started: string[] = [];
  const leaves = new Map<string, () => void>();
  const ask = (client: string, name: string) => {
    const turn = enter(client, () => started.push(name));
    if ('refused' in turn) return turn.refused;
    leaves.set(name, turn.leave);
    return null;
  };
  return { ask, started, finish: (name: string) => leaves.get(name)!() };
}

/** A clock that stands still: every turn takes no time, so turns go round. */
const noTime = () => 0;

describe('fair turns between clients', () => {
  it('gives a freed place to the next client in the round, not to the flood that came first', () => {
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, clock: noTime }));
    for (let index = 1; index <= 5; index++) ask('flood', `f${index}`);
    ask('shopper', 's1');
    ask('other', 'o1');
    ask('shopper', 's2');
    expect(started).toEqual(['f1']);
    finish('f1');
    finish('s1');
    finish('o1');
    finish('f2');
    finish('s2');
    finish('f3');
    // One turn of each waiting client per round, each client's own turns in order.
    expect(started).toEqual(['f1', 's1', 'o1', 'f2', 's2', 'f3', 'f4']);
  });

  it('runs no more of one client at once than its bound while others go straight through', () => {
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 4, perClientAtOnce: 2, waiting: 100, clock: noTime }));
    for (let index = 1; index <= 4; index++) ask('flood', `f${index}`);
    expect(ask('shopper', 's1')).toBeNull();
    expect(started).toEqual(['f1', 'f2', 's1']);
    finish('f1');
    expect(started).toEqual(['f1', 'f2', 's1', 'f3']);
    // Finishing twice frees one place only.
    finish('f1');
    expect(started).toHaveLength(4);
  });

  it('forgets a turn whose client left while it waited, and bounds the waiting of each client and of all', () => {
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 3, waitingPerClient: 2, clock: noTime }));
    ask('a', 'a1');
    ask('a', 'a2');
    ask('a', 'a3');
    expect(ask('a', 'a4')).toBe('too_many_requests');
    ask('b', 'b1');
    expect(ask('c', 'c1')).toBe('busy');
    finish('a2');
    finish('a1');
    expect(started).toEqual(['a1', 'b1']);
    finish('b1');
    expect(started).toEqual(['a1', 'b1', 'a3']);
  });

  it('lets a client whose turns are short take several in the time of one long turn of a flood', () => {
    let now = 0;
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, clock: () => now }));
    for (let index = 1; index <= 3; index++) ask('flood', `f${index}`);
    for (let index = 1; index <= 3; index++) ask('shopper', `s${index}`);
    now += 10;
    finish('f1');
    for (const name of ['s1', 's2', 's3']) {
      now += 1;
      finish(name);
    }
    // Round by round it would have been f1, s1, f2, s2, f3, s3.
    expect(started).toEqual(['f1', 's1', 's2', 's3', 'f2']);
  });

  describe('a place held for the client whose turn just ended', () => {
    afterEach(() => void vi.useRealTimers());

    it('goes to its next turn asked within the hold, and to the others when the hold ends', () => {
      vi.useFakeTimers();
      let now = 0;
      const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, holdMs: 5, clock: () => now }));
      ask('flood', 'f1');
      ask('flood', 'f2');
      now = 10;
      ask('shopper', 's1');
      finish('f1');
      now = 11;
      finish('s1');
      // The place is free, a flood's turn waits, and the shopper (1 ms used against 10) is about to ask again.
      expect(started).toEqual(['f1', 's1']);
      now = 12;
      ask('shopper', 's2');
      expect(started).toEqual(['f1', 's1', 's2']);
      now = 13;
      finish('s2');
      now = 18;
      vi.advanceTimersByTime(5);
      expect(started).toEqual(['f1', 's1', 's2', 'f2']);
    });

    it('is not kept for a client that has used more than one waiting', () => {
      let now = 0;
      const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, holdMs: 5, clock: () => now }));
      ask('searcher', 's1');
      ask('shopper', 'c1');
      now = 10;
      finish('s1');
      // The searcher has used 10 ms, the shopper nothing: the shopper's turn starts at once.
      expect(started).toEqual(['s1', 'c1']);
    });
  });
});
