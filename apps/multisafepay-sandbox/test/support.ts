import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { startNotificationReceiver, startSandboxForTest } from '@shop/sandbox-kit/testing';
import { buildSandbox } from '../src/app.ts';
import { readSandboxConfig, type SandboxConfig } from '../src/config.ts';

export const KEY = 'msp_sandbox_key';

/** A notification as the receiver got it: method, URL, headers and the raw body, byte for byte. */
export type Received = { method: string; url: string; headers: IncomingHttpHeaders; rawBody: string; order: any };

/**
 * A notification endpoint for tests: answers each notification with the next of `answers` (then 200 "OK"),
 * records what came, and lets a test wait for a count.
 */
export function startReceiver(answers: Array<{ status: number; body: string }> = []) {
  return startNotificationReceiver<Received>({
    path: '/webhooks/multisafepay',
    answer: () => answers.shift() ?? { status: 200, body: 'OK' },
    record: ({ method, url, headers, rawBody }) => ({ method, url, headers, rawBody, order: rawBody ? JSON.parse(rawBody) : null }),
  });
}

/** The sandbox on a random port, its log lines kept (the payment page's address is known once the port is). */
export function startSandbox(overrides: Partial<SandboxConfig> = {}) {
  return startSandboxForTest<SandboxConfig>({
    build: buildSandbox,
    config: () => ({ ...readSandboxConfig({}), notificationRetryMs: 20, transferDelayMs: 0, ...overrides, port: 0 }),
  });
}

/** Calls the sandbox's API as a shop does, the key in the query. */
export async function api(base: string, method: string, path: string, body?: unknown, key: string | null = KEY) {
  const url = new URL(`${base}${path}`);
  if (key !== null) url.searchParams.set('api_key', key);
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

let orders = 0;
export function orderBody(extra: Record<string, unknown> = {}, notificationUrl = 'http://127.0.0.1:9/webhooks/multisafepay') {
  return {
    type: 'redirect',
    order_id: `AMTEST${++orders}${Date.now().toString(36)}`,
    currency: 'EUR',
    amount: 4990,
    description: 'Order at Atelier Moda',
    customer: { locale: 'en_US', email: 'ada@example.com' },
    payment_options: {
      notification_url: notificationUrl,
      notification_method: 'POST',
      redirect_url: 'http://shop.test/en/checkout/validate?order=X',
      cancel_url: 'http://shop.test/en/checkout/validate?order=X&cancelled=1',
      close_window: false,
    },
    ...extra,
  };
}

export async function createOrder(base: string, extra: Record<string, unknown> = {}, notificationUrl?: string) {
  const body = orderBody(extra, notificationUrl);
  const answer = await api(base, 'POST', '/v1/json/orders', body);
  if (answer.status !== 200) throw new Error(`order not created: ${JSON.stringify(answer.body)}`);
  return { orderId: body.order_id as string, paymentUrl: answer.body.data.payment_url as string };
}

export const getOrder = async (base: string, orderId: string) => (await api(base, 'GET', `/v1/json/orders/${encodeURIComponent(orderId)}`)).body.data;

/** Posts a form as a browser without JavaScript does; redirects are not followed. */
export async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, url).toString() : null, headers: response.headers, html: await response.text() };
}

export async function getPage(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, headers: response.headers, html: await response.text(), location: location ? new URL(location, url).toString() : null };
}

/** The shopper pays on the page: picks a method, then approves or declines (iDEAL with a bank), or confirms a transfer. */
export async function pay(paymentUrl: string, method: 'IDEAL' | 'CREDITCARD' | 'BANKTRANS', outcome: 'approve' | 'decline' = 'approve') {
  const chosen = await postForm(paymentUrl, { method });
  if (chosen.status !== 303) throw new Error(`method not taken: ${chosen.status}`);
  const fields: Record<string, string> = method === 'IDEAL' ? { issuer: '0031', outcome } : method === 'CREDITCARD' ? { outcome } : {};
  return postForm(chosen.location as string, fields);
}

/** Checks an Auth header as MultiSafepay documents it. */
export function authHolds(received: Pick<Received, 'headers' | 'rawBody'>, key = KEY): boolean {
  const decoded = Buffer.from(String(received.headers.auth ?? ''), 'base64').toString('utf8');
  const [timestamp, signature] = decoded.split(':');
  if (!timestamp || !signature) return false;
  const expected = createHmac('sha512', key).update(`${timestamp}:${received.rawBody}`).digest('hex');
  return expected === signature && Math.abs(Date.now() / 1000 - Number(timestamp)) < 60;
}

export const events = async (base: string, orderId?: string) =>
  ((await (await fetch(`${base}/sandbox/events${orderId ? `?order_id=${encodeURIComponent(orderId)}` : ''}`)).json()) as any).data;
