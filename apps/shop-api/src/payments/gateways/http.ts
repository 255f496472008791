/** What the gateway adapters share: reading their settings and calling a payment provider's JSON API. */

/** Time one call to a payment provider may take. */
export const CALL_TIMEOUT_MS = 10_000;

/** A provider's base address from the environment (or the local sandbox's), without a trailing slash. */
export function baseUrl(configured: string | undefined, fallback: string): string {
  return (configured || fallback).replace(/\/+$/, '');
}

/**
 * One call to a provider: no redirects followed, at most timeoutMs. Not answering throws `unreachable(reason)`;
 * an answer is returned with its status and its body as JSON (null when empty or not JSON), whatever the status.
 */
export async function callJson(
  fetchImpl: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
  unreachable: (reason: string) => Error,
): Promise<{ status: number; ok: boolean; json: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: init.method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(init.timeoutMs), redirect: 'error' });
  } catch (error) {
    throw unreachable((error as Error).name === 'TimeoutError' ? `no answer within ${init.timeoutMs} ms` : (error as Error).message);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the caller reports it (by status).
  }
  return { status: response.status, ok: response.ok, json };
}

/** A setting the shop refuses to start with (start.ts prints it as one line). */
export class GatewaySettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewaySettingError';
  }
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * A gateway pointed at anything but a sandbox on this machine must have secrets of its own: the sandboxes' are
 * public, and with them anyone could sign a notification or read the shop's payments. The shop refuses to start,
 * naming the variable (ADR 30).
 */
export function requireOwnSecrets(gateway: { urlVariable: string; url: string }, secrets: Array<{ variable: string; value: string | undefined; sandboxValue: string }>): void {
  if (LOOPBACK.test(new URL(gateway.url).hostname)) return;
  for (const { variable, value, sandboxValue } of secrets) {
    if (!value || value === sandboxValue) {
      throw new GatewaySettingError(`${variable} must be set to the gateway's own secret: ${gateway.urlVariable} (${gateway.url}) is not the local sandbox, and ${value ? 'the sandbox value is public' : 'it is not set'}`);
    }
  }
}
