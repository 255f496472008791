import type { IncomingHttpHeaders } from 'node:http';
import { startNotificationReceiver, startSandboxForTest } from '@shop/sandbox-kit/testing';
import { buildSandbox } from '../src/app.ts';
import { readSandboxConfig, type SandboxConfig } from '../src/config.ts';

/** A notification as the receiver got it: headers and the raw body, byte for byte. */
export type Received = { headers: IncomingHttpHeaders; rawBody: string; event: { id: string; type: string; data: { object: any } } };

/**
 * A webhook endpoint for tests: answers each notification with the next status of `statuses` (then 200), records
 * what came, and lets a test wait for a count.
 */
export function startReceiver(statuses: number[] = []) {
  return startNotificationReceiver<Received>({
    path: '/webhooks/card',
    answer: () => ({ status: statuses.shift() ?? 200 }),
    record: ({ headers, rawBody }) => ({ headers, rawBody, event: JSON.parse(rawBody) }),
  });
}

/** The sandbox on a random port, its log lines kept for inspection (the hosted page's address is known once the port is). */
export function startSandbox(overrides: Partial<SandboxConfig> = {}) {
  return startSandboxForTest<SandboxConfig>({
    build: buildSandbox,
    config: () => ({ ...readSandboxConfig({}), webhookFirstRetryMs: 20, ...overrides, port: 0 }),
  });
}

export const KEY = 'sk_test_sandbox';

/** Calls the sandbox's API as the shop does. */
export async function api(base: string, method: string, path: string, body?: unknown, key = KEY) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export async function createSession(base: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await api(base, 'POST', '/v1/checkout/sessions', {
    amount: 4990,
    currency: 'eur',
    client_reference_id: 'ORDER-1',
    success_url: 'http://shop.test/en/checkout/validate?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/en/checkout?step=payment&session_id={CHECKOUT_SESSION_ID}',
    locale: 'en',
    ...extra,
  });
  if (status !== 200) throw new Error(`session not created: ${JSON.stringify(body)}`);
  return body as { id: string; url: string; payment_intent: string; [key: string]: unknown };
}

/** Posts a form as a browser without JavaScript does; redirects are not followed. */
export async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), headers: response.headers, html: await response.text() };
}

export function card(number: string, overrides: Record<string, string> = {}) {
  return { cardholder_name: 'Ada Lovelace', card_number: number, expiry: '12/34', cvc: '7391', ...overrides };
}
