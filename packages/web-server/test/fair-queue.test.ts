import { describe, expect, it } from 'vitest';
import { createFairQueue } from '../fair-queue.js';

/** A clock the test moves: turns are shared by the time they hold a place. */
function clock() {
  let ms = 0;
  return { now: () => ms, pass: (elapsed: number) => (ms += elapsed) };
}

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
    // Turns of equal length: a round of one turn of each client.
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, now: () => 0 }));
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

  it("shares the time places are held, so a shopper's short turns wait for one of a flood's long turns, not one each", () => {
    const time = clock();
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, now: time.now }));
    for (let index = 1; index <= 4; index++) ask('flood', `f${index}`);
    time.pass(30);
    for (let index = 1; index <= 3; index++) ask('shopper', `s${index}`);
    finish('f1');
    for (const name of ['s1', 's2', 's3']) {
      time.pass(1);
      finish(name);
    }
    expect(started).toEqual(['f1', 's1', 's2', 's3', 'f2']);
    // Beyond that the shopper waits like anyone: once its turns since it came back have held the place as long as
    // the flood's, the flood goes next (between equals, the one served longest ago).
    for (let index = 4; index <= 40; index++) ask('shopper', `s${index}`);
    time.pass(30);
    finish('f2');
    expect(started.at(-1)).toBe('s4');
    for (let index = 4; index <= 32; index++) {
      time.pass(1);
      finish(`s${index}`);
    }
    expect(started.at(-1)).toBe('s33');
    time.pass(1);
    finish('s33');
    expect(started.at(-1)).toBe('f3');
  });

  it('owes a client that comes nothing for the time others ran before it came', () => {
    const time = clock();
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 1, waiting: 100, now: time.now }));
    // The flood ran alone for 100 ms; a shopper who comes now is not owed those 100 ms.
    for (let index = 1; index <= 6; index++) ask('flood', `f${index}`);
    for (let index = 1; index <= 4; index++) {
      time.pass(25);
      finish(`f${index}`);
    }
    ask('shopper', 's1');
    ask('shopper', 's2');
    time.pass(25);
    finish('f5');
    time.pass(25);
    finish('s1');
    // Equal time used since the shopper came: the flood, served longer ago, goes first.
    expect(started.slice(-2)).toEqual(['s1', 'f6']);
  });

  it('runs no more of one client at once than its bound while others go straight through', () => {
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 4, perClientAtOnce: 2, waiting: 100 }));
    ask('other', 'o1');
    for (let index = 1; index <= 4; index++) ask('flood', `f${index}`);
    expect(ask('shopper', 's1')).toBeNull();
    expect(started).toEqual(['o1', 'f1', 'f2', 's1']);
    finish('f1');
    expect(started).toEqual(['o1', 'f1', 'f2', 's1', 'f3']);
    // Finishing twice frees one place only.
    finish('f1');
    expect(started).toHaveLength(5);
  });

  it('lets a client alone take every place, and bounds it while another is there or was within sharedForMs', () => {
    const time = clock();
    const { ask, started, finish } = requests(createFairQueue({ atOnce: 4, perClientAtOnce: 1, sharedForMs: 1000, waiting: 100, now: time.now }));
    for (let index = 1; index <= 6; index++) ask('flood', `f${index}`);
    expect(started).toEqual(['f1', 'f2', 'f3', 'f4']);
    // A shopper comes: it goes straight through, and the flood's freed places are not its own any more.
    ask('shopper', 's1');
    finish('f1');
    finish('f2');
    finish('f3');
    expect(started).toEqual(['f1', 'f2', 'f3', 'f4', 's1']);
    // Between two clicks the shopper is still there: the flood keeps to one at once.
    finish('s1');
    time.pass(999);
    finish('f4');
    expect(started.slice(5)).toEqual(['f5']);
    // Gone for longer than sharedForMs: the flood is alone again, and takes every place.
    time.pass(2);
    for (let index = 7; index <= 9; index++) ask('flood', `f${index}`);
    expect(started.slice(5)).toEqual(['f5', 'f6', 'f7', 'f8']);
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
