import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, createJsonReader, HttpError } from './fetch-json';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('createJsonReader', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('backs off 1 s doubled per attempt, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('tries a failing request 3 more times, after 1, 2 and 4 seconds, then gives up', async () => {
    const fetch = vi.fn(networkDown);
    const read = createJsonReader({ fetch, now: Date.now });
    const result = read('/en/search/suggestions?q=abito').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(await result).toBeInstanceOf(TypeError);
  });

  it('retries a 5xx until it answers, never a 4xx', async () => {
    const flaky = vi.fn().mockResolvedValueOnce(json({}, 503)).mockResolvedValueOnce(json({ ok: 1 }));
    const result = createJsonReader({ fetch: flaky })('/a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toEqual({ ok: 1 });
    expect(flaky).toHaveBeenCalledTimes(2);

    const refusing = vi.fn(async () => json({}, 404));
    await expect(createJsonReader({ fetch: refusing })('/b')).rejects.toEqual(new HttpError(404));
    expect(refusing).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer fresh for 5 seconds, then fetches again', async () => {
    let count = 0;
    const fetch = vi.fn(async () => json({ count: ++count }));
    const read = createJsonReader({ fetch });
    expect(await read('/a')).toEqual({ count: 1 });
    vi.advanceTimersByTime(4_999);
    expect(await read('/a')).toEqual({ count: 1 });
    vi.advanceTimersByTime(1);
    expect(await read('/a')).toEqual({ count: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers with the older answer when the network is gone, until it was unused for 5 minutes', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json({ kept: true })).mockImplementation(networkDown);
    const read = createJsonReader({ fetch });
    await read('/a');
    vi.advanceTimersByTime(6_000);
    const stale = read('/a');
    await vi.advanceTimersByTimeAsync(7_000);
    expect(await stale).toEqual({ kept: true });
    vi.advanceTimersByTime(5 * 60_000);
    const dropped = read('/a').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(await dropped).toBeInstanceOf(TypeError);
  });

  it('stops waiting and trying when the question is withdrawn', async () => {
    const fetch = vi.fn(networkDown);
    const controller = new AbortController();
    const result = createJsonReader({ fetch })('/a', { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new DOMException('Aborted', 'AbortError'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await result).toMatchObject({ name: 'AbortError' });
  });
});
