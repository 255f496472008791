/** SPEC §9's limits for the browser's data fetching, page loading and cookies, and for the servers' logs. */

/** An answer the browser fetched is fresh this long: asked again meanwhile, it is not fetched again. */
export const DATA_FRESHNESS_MS = 5_000;
/** A fetched answer nobody asked for this long is dropped. */
export const UNUSED_ENTRY_DROP_MS = 5 * 60_000;
/** A failed browser fetch is tried this many more times, waiting 1 s, 2 s, 4 s… (at most 30 s) in between. */
export const BROWSER_RETRIES = 3;
export const RETRY_BACKOFF_MS = 1_000;
export const RETRY_BACKOFF_MAX_MS = 30_000;
/** A page reloaded for a code chunk that failed to load (a new deploy) is not reloaded again within this time. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** Idle-time work runs after this delay where the browser has no requestIdleCallback. */
export const IDLE_FALLBACK_MS = 50;
/** A removed cookie gets an expiry this far in the past: one day. */
export const COOKIE_REMOVAL_OFFSET_MS = 24 * 60 * 60 * 1000;
/** A log line repeated identically within the window is written only until the repeat count, then summed up. */
export const LOG_THROTTLE_WINDOW_MS = 1_000;
export const LOG_THROTTLE_MIN_REPEATS = 5;
