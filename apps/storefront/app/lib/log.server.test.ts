import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLog } from './log.server';

afterEach(() => vi.useRealTimers());

describe('the storefront’s log', () => {
  it('writes JSON lines like the API’s, and throttles a failure repeated within a second from its 5th time', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = createLog((line) => lines.push(line));
    for (let index = 0; index < 40; index++) log.error('shop API unavailable', { code: 'timeout' });
    log.warn('home rail left out', { failure: 'timeout' });
    expect(lines).toHaveLength(6);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, msg: 'shop API unavailable', code: 'timeout' });
    expect(JSON.parse(lines[5]!)).toMatchObject({ level: 40, msg: 'home rail left out' });

    // A window later, one line says how many were left out.
    vi.advanceTimersByTime(2_000);
    expect(lines).toHaveLength(7);
    expect(JSON.parse(lines[6]!)).toMatchObject({ level: 50, repeated: 35 });
  });
});
