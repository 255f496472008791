import { CHUNK_RELOAD_GUARD_MS, IDLE_FALLBACK_MS } from '@shop/contract/resilience';

/** Runs `work` when the browser is idle; where it cannot tell (no requestIdleCallback), shortly after (SPEC §9). */
export function whenIdle(work: () => void, win: Pick<Window, 'setTimeout'> & Partial<Pick<Window, 'requestIdleCallback'>> = window): void {
  if (win.requestIdleCallback) win.requestIdleCallback(() => work());
  else win.setTimeout(work, IDLE_FALLBACK_MS);
}

const RELOADED_AT = 'shop:chunk-reload-at';

/**
 * After a deploy, the code chunks an open page knows are gone: one that fails to load reloads the page (the new
 * HTML names the new chunks). Once: a page reloaded less than 10 s ago (SPEC §9) lets the error through instead,
 * so a chunk that fails for another reason cannot reload it in a loop. True when it reloads.
 */
export function reloadForFailedChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOADED_AT));
  if (last && now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}
