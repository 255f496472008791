// @ts-check
// Which form posts the storefront takes on now. A post (sign-in, registration, a password check, a cart
// change) costs far more than a page view: the API's work (argon2, the strength estimate) and a whole page
// rendered again. Page views are never held back; posts are, so that no one posting in a loop slows the
// pages of everyone else:
// - each client (the address server.js resolved) has a bucket of posts that refills steadily: a person never
//   empties it, a script does and gets 429 with Retry-After; and it has a few posts in the shop at a time at most;
// - posts that carry review photos (64 KB chunks, or the review form with its files) are paid from a second
//   bucket, of bytes, sized for a few full photos a minute: an 8 MB photo is 128 chunks, far beyond a burst of
//   posts, and a client sending photos faster than that gets 429 too;
// - a few posts run at a time over all clients, a few more wait their turn; beyond that the shop answers 503
//   429 with Retry-After too (many addresses posting at once: a botnet, or a real rush). Shedding load is not a
//   fault of the shop: 5xx stays the sign of one.

/** A photo post also costs the shop a request and a database write: a tiny chunk is paid as 8 KB. */
const MIN_PHOTO_CHARGE = 8 * 1024;

/**
 * Per-client buckets that refill steadily up to `capacity`: take() spends from the client's bucket if it holds
 * enough. A full bucket is forgotten (prune()), so memory stays bounded by the clients seen lately.
 * @param {{ capacity: number, perSecond: number, now: () => number }} rate
 */
function createBuckets({ capacity, perSecond, now }) {
  /** @type {Map<string, { left: number, at: number }>} What each client has left and when that was counted. */
  const buckets = new Map();
  return {
    /** @param {string} client @param {number} amount */
    take(client, amount) {
      const at = now();
      const bucket = buckets.get(client) ?? { left: capacity, at };
      bucket.left = Math.min(capacity, bucket.left + ((at - bucket.at) / 1000) * perSecond);
      bucket.at = at;
      buckets.set(client, bucket);
      if (bucket.left < amount) return false;
      bucket.left -= amount;
      return true;
    },
    prune() {
      const at = now();
      for (const [client, bucket] of buckets) {
        if (bucket.left + ((at - bucket.at) / 1000) * perSecond >= capacity) buckets.delete(client);
      }
    },
  };
}

/**
 * @param {{ burst: number, perSecond: number, photoBudget: { burst: number, perSecond: number }, perClientInShop: number,
 *   running: number, waiting: number, now?: () => number }} limits
 * @returns {(client: string, onTurn: () => void, onClose: (release: () => void) => void, photoBytes?: number) =>
 *   { refused: 'too_many_requests' | 'busy', retryAfterSeconds: number } | null}
 */
export function createPostAdmission({ burst, perSecond, photoBudget, perClientInShop, running: maxRunning, waiting: maxWaiting, now = Date.now }) {
  const posts = createBuckets({ capacity: burst, perSecond, now });
  const bytes = createBuckets({ capacity: photoBudget.burst, perSecond: photoBudget.perSecond, now });
  /** @type {Map<string, number>} Posts of each client running or waiting now. */
  const inShop = new Map();
  /** @type {(() => void)[]} The posts waiting for their turn, oldest first. */
  const queue = [];
  let running = 0;

  /** @param {string} client */
  function release(client) {
    const left = (inShop.get(client) ?? 1) - 1;
    if (left > 0) inShop.set(client, left);
    else inShop.delete(client);
    running -= 1;
    const next = queue.shift();
    if (next) next();
  }

  setInterval(() => {
    posts.prune();
    bytes.prune();
  }, 60_000).unref();

  /**
   * Admits a post of `client`: calls onTurn (now or once a running post ends) and hands onClose the release to
   * call when its answer is over; or returns why it is refused. A post carrying photos (`photoBytes`, its body's
   * size) is paid from the client's bytes, at least MIN_PHOTO_CHARGE, instead of from its posts.
   */
  return function admit(client, onTurn, onClose, photoBytes = 0) {
    const charge = Math.max(photoBytes, MIN_PHOTO_CHARGE);
    const retryAfterSeconds = Math.ceil(photoBytes > 0 ? charge / photoBudget.perSecond : 1 / perSecond);
    if ((inShop.get(client) ?? 0) >= perClientInShop) return { refused: 'too_many_requests', retryAfterSeconds };
    const paid = photoBytes > 0 ? bytes.take(client, charge) : posts.take(client, 1);
    if (!paid) return { refused: 'too_many_requests', retryAfterSeconds };
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
