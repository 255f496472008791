// @ts-check
// Which form posts the storefront takes on now. A post (sign-in, registration, a password check, a cart
// change) costs far more than a page view: the API's work (argon2, the strength estimate) and a whole page
// rendered again. Page views are never held back; posts are, so that no one posting in a loop slows the
// pages of everyone else:
// - each client (the address server.js resolved) has a bucket of posts that refills steadily: a person never
//   empties it, a script does and gets 429 with Retry-After; and it has a few posts in the shop at a time at most;
// - a few posts run at a time over all clients, a few more wait their turn; beyond that the shop answers 503
//   429 with Retry-After too (many addresses posting at once: a botnet, or a real rush). Shedding load is not a
//   fault of the shop: 5xx stays the sign of one.

/**
 * @param {{ burst: number, perSecond: number, perClientInShop: number, running: number, waiting: number, now?: () => number }} limits
 * @returns {(client: string, onTurn: () => void, onClose: (release: () => void) => void) =>
 *   { refused: 'too_many_requests' | 'busy', retryAfterSeconds: number } | null}
 */
export function createPostAdmission({ burst, perSecond, perClientInShop, running: maxRunning, waiting: maxWaiting, now = Date.now }) {
  /** @type {Map<string, { posts: number, at: number }>} Posts left per client and when that was counted; a full bucket is forgotten (prune()). */
  const buckets = new Map();
  /** @type {Map<string, number>} Posts of each client running or waiting now. */
  const inShop = new Map();
  /** @type {(() => void)[]} The posts waiting for their turn, oldest first. */
  const queue = [];
  let running = 0;

  /** @param {string} client */
  function takeFromBucket(client) {
    const at = now();
    const bucket = buckets.get(client) ?? { posts: burst, at };
    bucket.posts = Math.min(burst, bucket.posts + ((at - bucket.at) / 1000) * perSecond);
    bucket.at = at;
    buckets.set(client, bucket);
    if (bucket.posts < 1) return false;
    bucket.posts -= 1;
    return true;
  }

  /** @param {string} client */
  function release(client) {
    const left = (inShop.get(client) ?? 1) - 1;
    if (left > 0) inShop.set(client, left);
    else inShop.delete(client);
    running -= 1;
    const next = queue.shift();
    if (next) next();
  }

  /** Drops buckets that have refilled: memory stays bounded by the clients of the last burst/perSecond seconds. */
  function prune() {
    const at = now();
    for (const [client, bucket] of buckets) {
      if (bucket.posts + ((at - bucket.at) / 1000) * perSecond >= burst) buckets.delete(client);
    }
  }
  setInterval(prune, 60_000).unref();

  /**
   * Admits a post of `client`: calls onTurn (now or once a running post ends) and hands onClose the release to
   * call when its answer is over; or returns why it is refused.
   */
  return function admit(client, onTurn, onClose) {
    const retryAfterSeconds = Math.ceil(1 / perSecond);
    if ((inShop.get(client) ?? 0) >= perClientInShop) return { refused: 'too_many_requests', retryAfterSeconds };
    if (!takeFromBucket(client)) return { refused: 'too_many_requests', retryAfterSeconds };
    const start = () => {
      running += 1;
      let released = false;
      onClose(() => {
        if (released) return;
        released = true;
        release(client);
      });
      // A post whose client left while it waited is not run.
      if (!released) onTurn();
    };
    if (running >= maxRunning && queue.length >= maxWaiting) return { refused: 'busy', retryAfterSeconds: 1 };
    inShop.set(client, (inShop.get(client) ?? 0) + 1);
    if (running < maxRunning) start();
    else queue.push(start);
    return null;
  };
}
