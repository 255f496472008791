import type { IncomingHttpHeaders } from 'node:http';
import { freePort, startNotificationReceiver, startSandboxForTest } from '@shop/sandbox-kit/testing';
import { buildSandbox } from '../src/app.ts';
import { readSandboxConfig, type SandboxConfig } from '../src/config.ts';

/** A notification as the receiver got it: headers and the raw body, byte for byte. */
export type Received = { headers: IncomingHttpHeaders; rawBody: string; event: { id: string; event_type: string; resource: any; create_time: string } };

/**
 * A webhook endpoint for tests: answers each notification with the next status of `statuses` (then 200), records
 * what came, and lets a test wait for a count.
 */
export function startReceiver(statuses: number[] = []) {
  return startNotificationReceiver<Received>({
    path: '/webhooks/paypal',
    answer: () => ({ status: statuses.shift() ?? 200 }),
    record: ({ headers, rawBody }) => ({ headers, rawBody, event: JSON.parse(rawBody) }),
  });
}

/**
 * The sandbox on a random port, its log lines kept for inspection. Its public address (approval pages, the
 * certificate URL) is known once it listens, so the app is built on a port found free first.
 */
export function startSandbox(overrides: Partial<SandboxConfig> = {}) {
  return startSandboxForTest<SandboxConfig>({
    build: buildSandbox,
    addressFirst: true,
    config: (address) => ({ ...readSandboxConfig({}), webhookFirstRetryMs: 20, publicUrl: address!.url, ...overrides, port: address!.port }),
  });
}

export { freePort };

export const basic = (id = 'sandbox-client', secret = 'sandbox-secret') => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** Asks for an access token as the shop does. */
export async function token(base: string, authorization = basic(), body = 'grant_type=client_credentials') {
  const response = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Calls the sandbox's API with a bearer token. */
export async function api(base: string, accessToken: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
}

export function orderRequest(overrides: { value?: string; currency?: string; reference?: string; locale?: string; legacy?: boolean } = {}) {
  const context = {
    return_url: 'http://shop.test/fr/checkout/validate?order=ORDER-1',
    cancel_url: 'http://shop.test/fr/checkout/validate?order=ORDER-1&cancelled=1',
    locale: overrides.locale ?? 'fr-FR',
    brand_name: 'Atelier Moda',
    user_action: 'PAY_NOW',
  };
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: overrides.reference ?? 'ORDER-1',
        custom_id: overrides.reference ?? 'ORDER-1',
        amount: { currency_code: overrides.currency ?? 'EUR', value: overrides.value ?? '61.12' },
      },
    ],
    ...(overrides.legacy ? { application_context: context } : { payment_source: { paypal: { experience_context: context } } }),
  };
}

/** Creates an order; returns it with its approval link. */
export async function createOrder(base: string, accessToken: string, overrides: Parameters<typeof orderRequest>[0] = {}, headers: Record<string, string> = {}) {
  const { status, body } = await api(base, accessToken, 'POST', '/v2/checkout/orders', orderRequest(overrides), headers);
  if (status !== 201 && status !== 200) throw new Error(`order not created: ${status} ${JSON.stringify(body)}`);
  const link = (body.links as Array<{ rel: string; href: string }>).find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve')!;
  return { ...body, approveUrl: link.href } as { id: string; status: string; approveUrl: string; links: any[]; [key: string]: any };
}

/** Posts the approval page's form as a browser without JavaScript does; redirects are not followed. */
export async function pageAction(base: string, orderId: string, action: 'approve' | 'decline' | 'cancel' | string) {
  const response = await fetch(`${base}/checkoutnow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: orderId, action }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), headers: response.headers, html: await response.text() };
}
