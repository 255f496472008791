import type { CallInput, CallName, CallOutput, Lang } from '@shop/contract';
import { data } from 'react-router';
import { storefrontConfig } from '../config.server';
import { clientIp, sessionToken } from '../session.server';
import { createShopClient, ShopApiError } from './client';

/** One client for the whole process, so that its 5-second cache serves every request. */
const client = createShopClient({
  baseUrl: storefrontConfig.shopApiUrl,
  headers: storefrontConfig.shopApiHeaders,
  timeoutMs: storefrontConfig.shopApiTimeoutMs,
});

export type ShopApi = <N extends CallName>(name: N, payload: CallInput<N>) => Promise<CallOutput<N>>;

/** The API as seen by one request: its language, country, session and signal travel with every call. */
export function shopApi(request: Request, lang: Lang, country: string): ShopApi {
  const context = { lang, country, signal: request.signal, sessionId: sessionToken(request), clientIp: clientIp(request) };
  return (name, payload) => client.call(name, payload, context);
}

/** What a page shows when a call fails: a missing thing is a 404, a sick API is the 503 screen. */
export function pageError(error: unknown): never {
  if (error instanceof ShopApiError) {
    if (error.status === 404) throw data({ reason: 'not_found' }, { status: 404 });
    if (error.status === 0 || error.status >= 500) {
      console.error(`shop API unavailable: ${error.code}: ${error.message}`);
      throw data({ reason: 'unavailable' }, { status: 503 });
    }
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
