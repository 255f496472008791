// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure } from './OfflineScreen';

afterEach(() => vi.restoreAllMocks());

describe('a network failure, for the error screens', () => {
  it('is a fetch that found no network, in the words of each browser, and no other error', () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) expect(isNetworkFailure(new TypeError(message))).toBe(true);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'fetch')"))).toBe(false);
    expect(isNetworkFailure(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkFailure({ status: 500, data: 'Failed to fetch' })).toBe(false);
  });

  it('is any failed fetch while the browser says it is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isNetworkFailure(new TypeError('net::ERR_INTERNET_DISCONNECTED'))).toBe(true);
  });
});
