import { BROWSER_RETRIES, DATA_FRESHNESS_MS, RETRY_BACKOFF_MAX_MS, RETRY_BACKOFF_MS, UNUSED_ENTRY_DROP_MS } from '@shop/contract/resilience';

/** A JSON answer the server refused (4xx) or failed (5xx) to give. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** The wait before retry `attempt` (0 first): 1 s, doubled each time, at most 30 s (SPEC §9). */
export const backoffMs = (attempt: number) => Math.min(RETRY_BACKOFF_MS * 2 ** attempt, RETRY_BACKOFF_MAX_MS);

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

type Entry = { value: unknown; fetchedAt: number; usedAt: number };
type Options = { fetch?: typeof fetch; now?: () => number };

/**
 * The browser's way of reading JSON from the storefront (SPEC §9): an answer is fresh for 5 seconds (asked again
 * meanwhile, it is not fetched again); a network failure or a 5xx is tried 3 more times after 1, 2 and 4 seconds,
 * a 4xx never; when every try fails, an older answer is better than none; an answer unused for 5 minutes is
 * dropped. GET only: reading twice changes nothing. A newer question aborts an older one with `signal`.
 */
export function createJsonReader({ fetch: fetchFn = (...args) => fetch(...args), now = Date.now }: Options = {}) {
  const entries = new Map<string, Entry>();

  async function load(url: string, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetchFn(url, { signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
        if (response.ok) return await response.json();
        if (response.status < 500 || attempt >= BROWSER_RETRIES) throw new HttpError(response.status);
      } catch (error) {
        // fetch's TypeError is the network; an abort, a refusal or a broken answer is not tried again.
        if (!(error instanceof TypeError) || signal?.aborted || attempt >= BROWSER_RETRIES) throw error;
      }
      await sleep(backoffMs(attempt), signal);
    }
  }

  return async function readJson<T>(url: string, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
    for (const [key, old] of entries) if (now() - old.usedAt >= UNUSED_ENTRY_DROP_MS) entries.delete(key);
    const entry = entries.get(url);
    if (entry && now() - entry.fetchedAt < DATA_FRESHNESS_MS) {
      entry.usedAt = now();
      return entry.value as T;
    }
    try {
      const value = await load(url, signal);
      entries.set(url, { value, fetchedAt: now(), usedAt: now() });
      return value as T;
    } catch (error) {
      const refused = error instanceof HttpError && error.status < 500;
      if (!entry || refused || signal?.aborted) throw error;
      entry.usedAt = now();
      return entry.value as T;
    }
  };
}

export const readJson = createJsonReader();
