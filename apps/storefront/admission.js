// @ts-check
// Which form posts the storefront takes on now. A post (sign-in, registration, a password check, a cart
// change) costs far more than a page view: the API's work (argon2, the strength estimate) and a whole page
// rendered again. Posts are held back so that no one posting in a loop slows the pages of everyone else:
// - each client (the address server.js resolved) has a bucket of posts that refills steadily: a person never
//   empties it, a script does and gets 429 with Retry-After; and it has a few posts in the shop at a time at most,
//   counted from their headers on, while their bodies are read too (post-gate.js);
// - posts that carry review photos (64 KB chunks, or the review form with its files) are paid from a second
//   bucket, of bytes, sized for a few full photos a minute: an 8 MB photo is 128 chunks, far beyond a burst of
//   posts, and a client sending photos faster than that gets 429 too;
// - a few posts are processed at a time over all clients, a few more wait their turn (packages/web-server/fair-queue.js); a post
//   takes its place only once its body is read in full, so bodies sent at a byte a second hold no place but
//   their client's own. Beyond that the shop answers 429 with Retry-After too (many addresses posting at once:
//   a botnet, or a real rush). Shedding load is not a fault of the shop: 5xx stays the sign of one.
import { createFairQueue } from '@shop/web-server/fair-queue';

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
 * @returns {((client: string, photoBytes?: number) => { refused: 'too_many_requests', retryAfterSeconds: number } | PostInShop) & { processing: () => number, waiting: () => number }}
 *   `processing()`: the posts being processed now; `waiting()`: those read in full and waiting for their turn.
 *
 * @typedef {object} PostInShop An admitted post, its body not read yet.
 * @property {(onTurn: () => void) => { refused: 'busy', retryAfterSeconds: number } | null} process Once its body is
 *   read: calls onTurn now or when its turn comes (never, once released); or says why it is refused (everyone's queue is full).
 * @property {() => void} release Its answer is over (or its client gone): its place in the shop is given back.
 */
export function createPostAdmission({ burst, perSecond, photoBudget, perClientInShop, running, waiting, now = Date.now }) {
  const posts = createBuckets({ capacity: burst, perSecond, now });
  const bytes = createBuckets({ capacity: photoBudget.burst, perSecond: photoBudget.perSecond, now });
  /** @type {Map<string, number>} Posts of each client in the shop now: their bodies being read, waiting or processed. */
  const inShop = new Map();
  const processing = createFairQueue({ atOnce: running, waiting });

  setInterval(() => {
    posts.prune();
    bytes.prune();
  }, 60_000).unref();

  /**
   * Admits a post of `client` when its headers have come, or returns why it is refused. A post carrying photos
   * (`photoBytes`, its body's size) is paid from the client's bytes, at least MIN_PHOTO_CHARGE, instead of from its posts.
   */
  /**
   * @param {string} client
   * @param {number} [photoBytes]
   * @returns {{ refused: 'too_many_requests', retryAfterSeconds: number } | PostInShop}
   */
  function admit(client, photoBytes = 0) {
    const charge = Math.max(photoBytes, MIN_PHOTO_CHARGE);
    const retryAfterSeconds = Math.ceil(photoBytes > 0 ? charge / photoBudget.perSecond : 1 / perSecond);
    if ((inShop.get(client) ?? 0) >= perClientInShop) return { refused: 'too_many_requests', retryAfterSeconds };
    const paid = photoBytes > 0 ? bytes.take(client, charge) : posts.take(client, 1);
    if (!paid) return { refused: 'too_many_requests', retryAfterSeconds };
    inShop.set(client, (inShop.get(client) ?? 0) + 1);
    /** @type {{ leave: () => void } | null} */
    let turn = null;
    let released = false;
    return {
      process(onTurn) {
        // Its client went away while its body was read: a turn taken now would never be given back.
        if (released) return null;
        const entered = processing(client, onTurn);
        if ('refused' in entered) return { refused: 'busy', retryAfterSeconds: 1 };
        turn = entered;
        return null;
      },
      release() {
        if (released) return;
        released = true;
        turn?.leave();
        const left = (inShop.get(client) ?? 1) - 1;
        if (left > 0) inShop.set(client, left);
        else inShop.delete(client);
      },
    };
  }
  return Object.assign(admit, { processing: processing.running, waiting: processing.waiting });
}
