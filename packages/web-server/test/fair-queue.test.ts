import { describe, expect, it } from 'vitest';
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

describe('fair turns between clients', () => {
  it('gives a freed place to the next client in the round, not to the flood that came first', () => {
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100 }));
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
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 4, perClientAtOnce: 2, waiting: 100 }));
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
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 3, waitingPerClient: 2 }));
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
});
