import type { CallInput, CallName, CallOutput, Lang } from '@shop/contract';
import { data } from 'react-router';
import { storefrontConfig } from '~/lib/config.server';
import { clientIp, requestId, sessionToken } from '~/lib/session.server';
import { createShopClient, ShopApiError } from './client';
import { log } from '~/lib/log.server';

/** One client for the whole process, so that its 5-second cache serves every request. */
const client = createShopClient({
  baseUrl: storefrontConfig.shopApiUrl,
  headers: storefrontConfig.shopApiHeaders,
  timeoutMs: storefrontConfig.shopApiTimeoutMs,
});

export type ShopApi = <N extends CallName>(name: N, payload: CallInput<N>) => Promise<CallOutput<N>>;

/** The API as seen by one request: its language, country, session and signal travel with every call. */
export function shopApi(request: Request, lang: Lang, country: string): ShopApi {
  const context = { lang, country, signal: request.signal, sessionId: sessionToken(request), clientIp: clientIp(request), requestId: requestId(request) };
  return (name, payload) => client.call(name, payload, context);
}

/** The page for each refusal of the shop API (DESIGN.md §6); the error screen explains the reason, translated. */
const REFUSALS: Record<number, { status: number; reason: string }> = {
  400: { status: 400, reason: 'bad_request' },
  401: { status: 401, reason: 'unauthorized' },
  403: { status: 403, reason: 'forbidden' },
  404: { status: 404, reason: 'not_found' },
  409: { status: 409, reason: 'conflict' },
  413: { status: 413, reason: 'payload_too_large' },
  422: { status: 400, reason: 'bad_request' },
  429: { status: 429, reason: 'too_many_requests' },
};

/**
 * What a page shows when a call fails: each refusal its own page (a 429 says when to try again), a sick
 * API or a timeout the 503 screen. Never a 500 for what a shopper sent.
 */
export function pageError(error: unknown): never {
  if (error instanceof ShopApiError) {
    if (error.status === 0 || error.status >= 500) {
      // A call aborted because the visitor went away says nothing about the API.
      if (error.code !== 'aborted') log.error('shop API unavailable', { code: error.code, failure: error.message });
      throw data({ reason: 'unavailable' }, { status: 503 });
    }
    const { status, reason } = REFUSALS[error.status] ?? { status: 400, reason: 'bad_request' };
    const { refusal } = error;
    const retryAfter = refusal.code === 'too_many_requests' ? refusal.details?.retry_after : undefined;
    throw data({ reason }, { status, headers: retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : undefined });
  }
  throw error;
}

/** Runs a page's calls and turns their failures into the page's error (see pageError). */
export async function loadOrFail<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    return pageError(error);
  }
}

/**
 * A call whose failure leaves a part of a page out (a home rail, the related products) instead of failing the
 * page: its answer, or null. A failure is logged, unless the visitor went away (the call was aborted) or the API
 * refused the call (a 4xx, such as the related products of a product that does not exist).
 */
export async function orNothing<T>(call: Promise<T>, what: string): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    const quiet = error instanceof ShopApiError && (error.code === 'aborted' || (error.status >= 400 && error.status < 500));
    if (!quiet) log.warn(`${what} left out`, { failure: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
