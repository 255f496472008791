import { afterEach, describe, expect, it } from 'vitest';
import { authHeader } from '../src/notifications.ts';
import { authHolds, createOrder, events, getOrder, pay, startReceiver, startSandbox, type Received } from './support.ts';

const opened: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function setUp(answers: Array<{ status: number; body: string }> = [], overrides: Parameters<typeof startSandbox>[0] = {}) {
  const receiver = await startReceiver(answers);
  const sandbox = await startSandbox(overrides);
  opened.push(sandbox, receiver);
  return { receiver, sandbox };
}

describe('notifications', () => {
  it('are POSTed with the order as body, transactionid and timestamp in the URL, and an Auth header as MultiSafepay documents it', async () => {
    const { receiver, sandbox } = await setUp();
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    await pay(paymentUrl, 'IDEAL');
    await receiver.waitFor(1);
    const [received] = receiver.received as [Received];
    expect(received.method).toBe('POST');
    const url = new URL(received.url, 'http://x');
    expect(url.pathname).toBe('/webhooks/multisafepay');
    expect(url.searchParams.get('transactionid')).toBe(orderId);
    expect(Number(url.searchParams.get('timestamp'))).toBeGreaterThan(1_600_000_000);
    expect(received.headers['content-type']).toBe('application/json');
    expect(authHolds(received)).toBe(true);
    expect(authHolds(received, 'another_key')).toBe(false);
    // Tampered: the signature no longer holds.
    expect(authHolds({ headers: received.headers, rawBody: received.rawBody.replace('"completed"', '"completed" ') })).toBe(false);
    expect(received.order).toEqual(await getOrder(sandbox.url, orderId));
    expect(received.order.status).toBe('completed');
    // The documented example: base64 of "<timestamp>:<hex HMAC-SHA512>".
    const decoded = Buffer.from(authHeader('{}', 'k', 1641218884), 'base64').toString();
    expect(decoded).toMatch(/^1641218884:[0-9a-f]{128}$/);
  });

  it('tell every status change: bank transfer confirmed (initialized), then completed, then refunds', async () => {
    const { receiver, sandbox } = await setUp();
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    await pay(paymentUrl, 'BANKTRANS');
    await receiver.waitFor(1);
    expect(receiver.received[0]!.order).toMatchObject({ status: 'initialized', payment_details: { type: 'BANKTRANS' } });
    await fetch(`${sandbox.url}/sandbox/orders/${orderId}/complete-transfer`, { method: 'POST' });
    await receiver.waitFor(2);
    expect(receiver.received[1]!.order.status).toBe('completed');
    await fetch(`${sandbox.url}/v1/json/orders/${orderId}/refunds?api_key=msp_sandbox_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 990, currency: 'EUR', description: 'part' }),
    });
    await receiver.waitFor(3);
    expect(receiver.received[2]!.order).toMatchObject({ status: 'partial_refunded', amount_refunded: 990 });
    expect(receiver.received.every((r) => authHolds(r))).toBe(true);
  });

  it('complete a bank transfer by themselves after the configured delay', async () => {
    const { receiver, sandbox } = await setUp([], { transferDelayMs: 100 });
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    await pay(paymentUrl, 'BANKTRANS');
    expect((await getOrder(sandbox.url, orderId)).status).toBe('initialized');
    await receiver.waitFor(2);
    expect(receiver.received.map((r) => r.order.status)).toEqual(['initialized', 'completed']);
  });

  it('are tried again, each time with a new timestamp, until acknowledged with 200 and OK; a bounded number of times', async () => {
    // A failure, a 200 without OK (not an acknowledgement for MultiSafepay), then OK.
    const { receiver, sandbox } = await setUp([
      { status: 500, body: 'oops' },
      { status: 200, body: '{"received":true}' },
    ]);
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    await pay(paymentUrl, 'CREDITCARD');
    await receiver.waitFor(3);
    await expect.poll(async () => (await events(sandbox.url, orderId))[0].deliveries[0].state).toBe('delivered');
    const attempts = (await events(sandbox.url, orderId))[0].deliveries[0].attempts;
    expect(attempts.map((attempt: any) => [attempt.status, attempt.acknowledged])).toEqual([
      [500, false],
      [200, false],
      [200, true],
    ]);
    expect(Date.parse(attempts[1].at) - Date.parse(attempts[0].at)).toBeGreaterThanOrEqual(20);
    expect(receiver.received.every((r) => authHolds(r))).toBe(true);
    expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);

    const lonely = await startSandbox({ notificationAttempts: 3 });
    opened.push(lonely);
    const other = await createOrder(lonely.url, {}, 'http://127.0.0.1:9/webhooks/multisafepay');
    await pay(other.paymentUrl, 'IDEAL');
    await expect.poll(async () => (await events(lonely.url))[0]?.deliveries[0].state).toBe('failed');
    expect((await events(lonely.url))[0].deliveries[0].attempts).toHaveLength(3);
  });

  it('can be sent again as a duplicate, held and released, out of order', async () => {
    const { receiver, sandbox } = await setUp();
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    await fetch(`${sandbox.url}/sandbox/orders/${orderId}/hold-events`, { method: 'POST' });
    await pay(paymentUrl, 'BANKTRANS');
    await fetch(`${sandbox.url}/sandbox/orders/${orderId}/complete-transfer`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    const held = await events(sandbox.url, orderId);
    expect(held.map((event: any) => [event.status, event.deliveries[0].state])).toEqual([
      ['initialized', 'held'],
      ['completed', 'held'],
    ]);
    const released = (await (await fetch(`${sandbox.url}/sandbox/orders/${orderId}/release-events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: 'newest_first' }) })).json()) as any;
    expect(released.released).toEqual([held[1].id, held[0].id]);
    await receiver.waitFor(2);
    expect(new Set(receiver.received.map((r) => r.order.status))).toEqual(new Set(['completed', 'initialized']));
    // A duplicate of the completed notification: same body, a fresh Auth header.
    await fetch(`${sandbox.url}/sandbox/events/${held[1].id}/resend`, { method: 'POST' });
    await receiver.waitFor(3);
    const completed = receiver.received.filter((r) => r.order.status === 'completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]!.rawBody).toBe(completed[1]!.rawBody);
    expect(authHolds(completed[1]!)).toBe(true);
    const summary = (await events(sandbox.url, orderId)).find((event: any) => event.id === held[1].id);
    expect(summary.deliveries.map((delivery: any) => delivery.resend)).toEqual([false, true]);
    expect((await fetch(`${sandbox.url}/sandbox/events/evt_nope/resend`, { method: 'POST' })).status).toBe(404);
  });

  it('go by GET without a body or Auth when the order asks for GET', async () => {
    const { receiver, sandbox } = await setUp();
    const { orderId, paymentUrl } = await createOrder(sandbox.url, {}, receiver.url);
    // Same order id, made again with notification_method GET (MultiSafepay's default).
    const body = { type: 'redirect', order_id: orderId, currency: 'EUR', amount: 100, description: 'x', payment_options: { notification_url: receiver.url, redirect_url: 'http://shop.test/ok', cancel_url: 'http://shop.test/no' } };
    const again = (await (await fetch(`${sandbox.url}/v1/json/orders?api_key=msp_sandbox_key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as any;
    expect(again.data.payment_url).not.toBe(paymentUrl);
    await pay(again.data.payment_url, 'CREDITCARD');
    await receiver.waitFor(1);
    expect(receiver.received[0]).toMatchObject({ method: 'GET', rawBody: '' });
    expect(receiver.received[0]!.headers.auth).toBeUndefined();
    expect(receiver.received[0]!.url).toContain(`transactionid=${orderId}`);
  });
});
