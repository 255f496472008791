// @ts-check
// Turns at a kind of work (the storefront's form posts being processed and pages being rendered, the shop API's
// statements on its embedded database) shared fairly between clients (each one's address, as the server resolved
// it): a few run at once over all clients; beyond that each client's turns wait in its own queue, and a freed place
// goes to the waiting client that has used the least of the work's time (start-time fair queueing): a client with a
// hundred requests waiting gets its share like a shopper with one, and a client whose turns are long (a search
// page, a search's statements) lets one whose turns are short (an add to cart's twenty small statements) take
// several in the time of one of its own. A client that comes (back) starts level with the turn last started, so
// being away earns no credit. Equal times go round, to the one served longest ago. A client may also be bounded to
// a few turns at once, so that while others run, its flood takes no more than its share of the work itself (on one
// event loop, every render at once slows all). And a client whose turn just ended may keep its place for a moment
// (`holdMs`) when it has used the least: one that asks again at once (an API call's next statement) would otherwise
// find the place given to a flood's waiting turn each time, since its next turn is not yet asked for when one ends.

/**
 * @param {{ atOnce: number, perClientAtOnce?: number, waiting: number, waitingPerClient?: number, holdMs?: number, clock?: () => number }} limits
 *   `clock`: milliseconds, for the time each turn took (tests give their own).
 * @returns {((client: string, onTurn: () => void) => { refused: 'too_many_requests' | 'busy' } | { leave: () => void }) & { running: () => number, waiting: () => number }}
 *   `running()`, `waiting()`: the turns running and waiting now (the metrics' queue lengths).
 */
export function createFairQueue({ atOnce, perClientAtOnce = atOnce, waiting: maxWaiting, waitingPerClient = maxWaiting, holdMs = 0, clock = () => performance.now() }) {
  /**
   * Clients with turns running, waiting or held; `used` is the time their turns took, counted from where they came in;
   * `lastTurn` is when one of theirs last started (0: not since they came); `heldUntil`, when a place kept for them is freed.
   * @type {Map<string, { running: number, waiting: (() => void)[], used: number, lastTurn: number, heldUntil: number }>}
   */
  const clients = new Map();
  let turns = 0;
  let running = 0;
  let waiting = 0;
  /** The `used` of the client whose turn started last: where a client that comes in starts. */
  let level = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let holdEnds;

  /**
   * A freed place goes to the client below its bound, with a turn waiting or a place held, that has used the least,
   * else was served longest ago; when that is a held place, the others wait for its client until the hold ends.
   */
  function serve() {
    while (running < atOnce) {
      const now = clock();
      let next;
      for (const [key, client] of clients) {
        const held = client.running === 0 && client.heldUntil > now;
        if (client.running === 0 && client.waiting.length === 0 && !held) clients.delete(key);
        if ((client.waiting.length === 0 && !held) || client.running >= perClientAtOnce) continue;
        if (!next || client.used < next.used || (client.used === next.used && client.lastTurn < next.lastTurn)) next = client;
      }
      if (!next) return;
      if (next.waiting.length === 0) {
        holdEnds ??= setTimeout(() => {
          holdEnds = undefined;
          serve();
        }, next.heldUntil - now);
        return;
      }
      waiting -= 1;
      next.waiting.shift()?.();
    }
  }

  /** Asks for a turn of `client`: onTurn runs now or in its turn; `leave` gives the turn back (or leaves the queue). */
  /**
   * @param {string} key
   * @param {() => void} onTurn
   * @returns {{ refused: 'too_many_requests' | 'busy' } | { leave: () => void }}
   */
  function enter(key, onTurn) {
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { running: 0, waiting: [], used: level, lastTurn: 0, heldUntil: 0 }));
    const owner = client;
    /** @type {'waiting' | 'running' | 'left'} */
    let state = 'waiting';
    let startedAt = 0;
    const start = () => {
      state = 'running';
      running += 1;
      owner.running += 1;
      owner.lastTurn = ++turns;
      level = Math.max(level, owner.used);
      startedAt = clock();
      onTurn();
    };
    const leave = () => {
      if (state === 'left') return;
      if (state === 'running') {
        running -= 1;
        owner.running -= 1;
        owner.used += clock() - startedAt;
        owner.heldUntil = clock() + holdMs;
      } else if (state === 'waiting') {
        owner.waiting.splice(owner.waiting.indexOf(start), 1);
        waiting -= 1;
      }
      state = 'left';
      serve();
    };
    // Nobody runnable waits while a place is free, unless it is held (serve() sees to it): a new turn starts at once,
    // or after the hold, or queues behind the others.
    if (running < atOnce && client.running < perClientAtOnce) {
      client.waiting.push(start);
      waiting += 1;
      serve();
      return { leave };
    }
    const refused = waiting >= maxWaiting ? 'busy' : client.waiting.length >= waitingPerClient ? 'too_many_requests' : null;
    if (refused) {
      if (client.running === 0 && client.waiting.length === 0) clients.delete(key);
      return { refused };
    }
    client.waiting.push(start);
    waiting += 1;
    return { leave };
  }
  return Object.assign(enter, { running: () => running, waiting: () => waiting });
}
