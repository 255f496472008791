import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadForFailedChunk, whenIdle } from './page-lifecycle';

/** sessionStorage's part the guard uses. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('reloadForFailedChunk', () => {
  it('reloads once, then not again within 10 seconds, then again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const start = 1_000_000;
    expect(reloadForFailedChunk(storage, reload, start)).toBe(true);
    expect(reloadForFailedChunk(storage, reload, start + 9_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForFailedChunk(storage, reload, start + 10_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the browser to be idle when it can tell', () => {
    const work = vi.fn();
    const requestIdleCallback = vi.fn((callback: IdleRequestCallback) => (callback({} as IdleDeadline), 1));
    whenIdle(work, { requestIdleCallback, setTimeout: vi.fn() as unknown as Window['setTimeout'] });
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs 50 ms later where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work, { setTimeout: globalThis.setTimeout as unknown as Window['setTimeout'] });
    vi.advanceTimersByTime(49);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
  });
});
