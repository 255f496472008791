import { calls, envelopeSchema, readRefusal, type CallInput, type CallName, type CallOutput, type Refusal } from '@shop/contract';
import { z } from 'zod';
import { ResponseCache } from './response-cache';

/** SPEC §7: answers worth another try. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Transport failures carry SPEC §8's texts as their message and a code the storefront translates. */
export const TRANSPORT_CODES = ['network_error', 'aborted', 'timeout', 'unsupported_protocol', 'invalid_response'] as const;

export class ShopApiError extends Error {
  constructor(
    /** The HTTP status, or 0 when no answer came back. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly psdata: unknown = null,
  ) {
    super(message);
    this.name = 'ShopApiError';
  }

  /** The refusal's code with the details the contract gives it (nothing read from psdata by guess). */
  get refusal(): Refusal {
    return readRefusal(this.code, this.psdata);
  }

  get isTransportFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/**
 * How many times a failed call may be sent again (SPEC §7, DESIGN.md §3): writes are never retried;
 * read-only calls (POSTs marked read-only, and GETs) once.
 */
export function retryBudget(method: string, readOnly: boolean): number {
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'];
  return writes.includes(method.toUpperCase()) && !readOnly ? 0 : 1;
}

export type CallContext = {
  lang: string;
  country: string;
  /** The shopper's session token, forwarded to the API (never for cached calls). */
  sessionId?: string;
  /** The shopper's network address, for the API's rate limits. */
  clientIp?: string;
  /** The storefront request's id, so that the API's log lines of a page can be found by it. */
  requestId?: string;
  /** The incoming request's signal: if the shopper goes away, so does the call. */
  signal?: AbortSignal;
};

export type ShopClientOptions = {
  baseUrl: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  fetch?: typeof fetch;
  cache?: ResponseCache;
  retryDelayMs?: number;
};

export type ShopClient = {
  call<N extends CallName>(name: N, payload: CallInput<N>, context: CallContext): Promise<CallOutput<N>>;
};

export function createShopClient({ baseUrl, headers = {}, timeoutMs, fetch: fetchImpl = fetch, cache = new ResponseCache(), retryDelayMs = 100 }: ShopClientOptions): ShopClient {
  async function send(name: CallName, payload: unknown, context: CallContext): Promise<unknown> {
    const definition = calls[name];
    const url = new URL(`${baseUrl}/${name}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ShopApiError(0, 'unsupported_protocol', 'Unsupported protocol');
    if (definition.method === 'GET') {
      for (const [key, value] of Object.entries(payload as Record<string, unknown>)) url.searchParams.set(key, String(value));
    }
    const requestHeaders: Record<string, string> = {
      ...headers,
      Accept: 'application/json',
      'Accept-Language': context.lang,
      'X-Shop-Country': context.country,
      ...(definition.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      ...(context.sessionId && !definition.publicCache ? { 'X-Session-Id': context.sessionId } : {}),
      ...(context.clientIp ? { 'X-Client-Ip': context.clientIp } : {}),
      ...(context.requestId ? { 'X-Request-Id': context.requestId } : {}),
    };

    let attemptsLeft = retryBudget(definition.method, definition.readOnly);
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: definition.method,
          headers: requestHeaders,
          body: definition.method === 'POST' ? JSON.stringify(payload) : undefined,
          signal: context.signal ? AbortSignal.any([context.signal, timeout]) : timeout,
        });
      } catch (error) {
        if (context.signal?.aborted) throw new ShopApiError(0, 'aborted', 'Request aborted');
        if (timeout.aborted) throw new ShopApiError(0, 'timeout', `timeout of ${timeoutMs}ms exceeded`);
        if (attemptsLeft-- > 0) {
          await delay(retryDelayMs * 2 ** attempt);
          continue;
        }
        throw new ShopApiError(0, 'network_error', 'Network Error', { cause: String(error) });
      }
      if (!response.ok && RETRY_STATUSES.has(response.status) && attemptsLeft-- > 0) {
        await response.body?.cancel();
        await delay(retryDelayMs * 2 ** attempt);
        continue;
      }
      return readEnvelope(name, response);
    }
  }

  return {
    call(name, payload, context) {
      const definition = calls[name];
      if (!definition.publicCache) return send(name, payload, context) as Promise<CallOutput<typeof name>>;
      // Public answers depend only on the call, its payload, the language and the country.
      // The shared request is not tied to one shopper's signal; the shopper stops waiting if they leave.
      const key = JSON.stringify([name, payload, context.lang, context.country]);
      const shared = cache.get(key, () => send(name, payload, { ...context, signal: undefined }) as Promise<CallOutput<typeof name>>);
      return context.signal ? unlessAborted(shared, context.signal) : shared;
    },
  };
}

const failureSchema = z.object({ code: z.string(), message: z.string(), psdata: z.unknown() }).partial();

async function readEnvelope(name: CallName, response: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ShopApiError(response.ok ? 502 : response.status, 'invalid_response', `${name}: the shop API did not answer with JSON`);
  }
  if (!response.ok) {
    const failure = failureSchema.safeParse(body);
    const envelope = failure.success ? failure.data : {};
    throw new ShopApiError(response.status, envelope.code ?? 'error', envelope.message ?? response.statusText, envelope.psdata ?? null);
  }
  const parsed = envelopeSchema(calls[name].output).safeParse(body);
  if (!parsed.success || !parsed.data.success || parsed.data.psdata === null) {
    throw new ShopApiError(502, 'invalid_response', `${name}: unexpected answer from the shop API`, parsed.success ? null : parsed.error.issues.slice(0, 5));
  }
  return parsed.data.psdata;
}

function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = () => new ShopApiError(0, 'aborted', 'Request aborted');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
