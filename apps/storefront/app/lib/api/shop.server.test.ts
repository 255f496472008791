import { describe, expect, it, vi } from 'vitest';
import { ShopApiError } from './client';
import { pageError } from './shop.server';
import { log } from '~/lib/log.server';

/** What pageError throws for a failed call: the page's status, the reason its error screen explains, its headers. */
function pageFor(error: unknown): { status: number; reason: string; retryAfter: string | null } {
  try {
    pageError(error);
  } catch (thrown) {
    const { data, init } = thrown as { data: { reason: string }; init: ResponseInit | null };
    return { status: init?.status ?? 200, reason: data.reason, retryAfter: new Headers(init?.headers).get('Retry-After') };
  }
  throw new Error('pageError returned');
}

describe('the page for each refusal of the shop API', () => {
  it.each([
    [400, 'bad_request', 400, 'bad_request'],
    [422, 'invalid_payload', 400, 'bad_request'],
    [401, 'unauthorized', 401, 'unauthorized'],
    [403, 'forbidden', 403, 'forbidden'],
    [404, 'product_not_found', 404, 'not_found'],
    [409, 'out_of_stock', 409, 'conflict'],
    [413, 'payload_too_large', 413, 'payload_too_large'],
    [418, 'teapot', 400, 'bad_request'],
  ])('answers %i (%s) with a %i page explaining %s', (apiStatus, code, status, reason) => {
    expect(pageFor(new ShopApiError(apiStatus, code, 'refused'))).toEqual({ status, reason, retryAfter: null });
  });

  it('says when to try again after a 429', () => {
    expect(pageFor(new ShopApiError(429, 'too_many_requests', 'slow down', { retry_after: 42 }))).toEqual({
      status: 429,
      reason: 'too_many_requests',
      retryAfter: '42',
    });
  });

  it('shows the 503 screen for a sick API, a timeout or no answer, and logs it unless the visitor left', () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    for (const error of [new ShopApiError(500, 'internal', 'boom'), new ShopApiError(503, 'closing', 'closing'), new ShopApiError(0, 'timeout', 'late')]) {
      expect(pageFor(error)).toEqual({ status: 503, reason: 'unavailable', retryAfter: null });
    }
    expect(logged).toHaveBeenCalledTimes(3);
    expect(logged).toHaveBeenCalledWith('shop API unavailable', { code: 'timeout', failure: 'late' });
    expect(pageFor(new ShopApiError(0, 'aborted', 'Request aborted')).status).toBe(503);
    expect(logged).toHaveBeenCalledTimes(3);
    logged.mockRestore();
  });

  it('lets any other error through unchanged', () => {
    const bug = new TypeError('a bug');
    expect(() => pageError(bug)).toThrow(bug);
  });
});
