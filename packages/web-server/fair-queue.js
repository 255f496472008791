// @ts-check
// Turns at a kind of work (the storefront's form posts being processed and pages being rendered, the shop API's
// statements on its embedded database) shared fairly between clients (each one's address, as the server resolved
// it): a few run at once over all clients; beyond that each client's turns wait in its own queue, and a freed place
// goes to the waiting client that has held places for the least time since it came. A client with a hundred
// requests waiting gets no more of the work's time than a shopper with one: one client's flood costs others one turn
// of waiting, not the length of the flood. Shares are of time, not of turns: a flood whose statements take 30 ms
// each no longer has a shopper's seven 1 ms statements wait for one of them each (issue 24, ADR 71). A client may
// also be bounded to a few turns at once while others are there, so that its flood takes no more than its share of
// the work itself (on one event loop, every render at once slows all); alone, it may take every place.

/**
 * @param {{ atOnce: number, perClientAtOnce?: number, sharedForMs?: number, waiting: number, waitingPerClient?: number, now?: () => number }} limits
 *   `perClientAtOnce`: one client's turns at once while another client has a turn running or waiting, or had one
 *   end within the last `sharedForMs` (a shopper between two clicks is still there); a client alone may take all
 *   `atOnce` places. `now`: the clock turns are timed with, in ms (tests set it).
 * @returns {((client: string, onTurn: () => void) => { refused: 'too_many_requests' | 'busy' } | { leave: () => void }) & { running: () => number, waiting: () => number }}
 *   `running()`, `waiting()`: the turns running and waiting now (the metrics' queue lengths).
 */
export function createFairQueue({
  atOnce,
  perClientAtOnce = atOnce,
  sharedForMs = 0,
  waiting: maxWaiting,
  waitingPerClient = maxWaiting,
  now = () => performance.now(),
}) {
  /**
   * Clients with turns running or waiting. `used`: the ms their turns have held places, counted from the least used
   * of the clients there when they came (a client that comes, or comes back, is not owed the time it was away, and
   * does not carry a debt either); `lastTurn`: when one of theirs last started (0: not since they came), which
   * decides between equals.
   * @type {Map<string, { running: number, waiting: (() => void)[], used: number, lastTurn: number }>}
   */
  const clients = new Map();
  /**
   * When each bounded client that left lately had its last turn end, oldest first: those within `sharedForMs` are
   * still there.
   * @type {Map<string, number>}
   */
  const lately = new Map();
  let turns = 0;
  let running = 0;
  let waiting = 0;

  /**
   * The turns `key` may run at once: its bound while any other client is there, every place when it is alone.
   * @param {string} key
   */
  function boundOf(key) {
    if (perClientAtOnce >= atOnce) return atOnce;
    const since = now() - sharedForMs;
    for (const [other, leftAt] of lately) {
      if (leftAt >= since) break;
      lately.delete(other);
    }
    const others = clients.size - (clients.has(key) ? 1 : 0) + lately.size - (lately.has(key) ? 1 : 0);
    return others > 0 ? perClientAtOnce : atOnce;
  }

  /**
   * A freed place goes to the client that has used the least time among those with a turn waiting and below their
   * bound; between equals, to the one served longest ago.
   */
  function serve() {
    while (running < atOnce) {
      let next;
      for (const [key, client] of clients) {
        if (client.waiting.length === 0 || client.running >= boundOf(key)) continue;
        if (!next || client.used < next.used || (client.used === next.used && client.lastTurn < next.lastTurn)) next = client;
      }
      if (!next) return;
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
    if (!client) {
      const used = clients.size === 0 ? 0 : Math.min(...Array.from(clients.values(), (other) => other.used));
      clients.set(key, (client = { running: 0, waiting: [], used, lastTurn: 0 }));
    }
    const owner = client;
    /** @type {'waiting' | 'running' | 'left'} */
    let state = 'waiting';
    let startedAt = 0;
    const start = () => {
      state = 'running';
      running += 1;
      owner.running += 1;
      owner.lastTurn = ++turns;
      startedAt = now();
      onTurn();
    };
    const leave = () => {
      if (state === 'left') return;
      if (state === 'running') {
        running -= 1;
        owner.running -= 1;
        owner.used += now() - startedAt;
      } else if (state === 'waiting') {
        owner.waiting.splice(owner.waiting.indexOf(start), 1);
        waiting -= 1;
      }
      state = 'left';
      if (owner.running === 0 && owner.waiting.length === 0) {
        clients.delete(key);
        if (perClientAtOnce < atOnce) {
          lately.delete(key);
          lately.set(key, now());
        }
      }
      serve();
    };
    // Nobody runnable waits while a place is free (serve() sees to it), but a client's bound eases when the others have
    // been gone long enough, with nothing to serve() then: its waiting turns go first. A new turn starts at once or
    // queues behind them.
    if (client.waiting.length > 0) serve();
    if (client.waiting.length === 0 && running < atOnce && client.running < boundOf(key)) {
      start();
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
