import { afterEach, describe, expect, it } from 'vitest';
import { api, createOrder, pageAction, startReceiver, startSandbox, token, type Received } from './support.ts';

const opened: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function setUp(statuses: number[] = [], overrides: Parameters<typeof startSandbox>[0] = {}) {
  const receiver = await startReceiver(statuses);
  const sandbox = await startSandbox({ webhookUrl: receiver.url, ...overrides });
  opened.push(sandbox, receiver);
  const bearer = (await token(sandbox.url)).body.access_token as string;
  return { receiver, sandbox, bearer };
}

/** Asks the sandbox, as the shop does, whether a received notification is genuine. */
async function verify(base: string, bearer: string, received: Received, overrides: Record<string, unknown> = {}, rawBody = received.rawBody) {
  const header = (name: string) => received.headers[name] as string;
  const body = `{"auth_algo":${JSON.stringify(overrides.auth_algo ?? header('paypal-auth-algo'))},"cert_url":${JSON.stringify(overrides.cert_url ?? header('paypal-cert-url'))},"transmission_id":${JSON.stringify(overrides.transmission_id ?? header('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(overrides.transmission_sig ?? header('paypal-transmission-sig'))},"transmission_time":${JSON.stringify(overrides.transmission_time ?? header('paypal-transmission-time'))},"webhook_id":${JSON.stringify(overrides.webhook_id ?? 'WH-SANDBOX')},"webhook_event":${rawBody}}`;
  const response = await fetch(`${base}/v1/notifications/verify-webhook-signature`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body });
  return { status: response.status, body: (await response.json()) as any };
}

const events = async (base: string, orderId?: string) => ((await (await fetch(`${base}/sandbox/events${orderId ? `?order_id=${orderId}` : ''}`)).json()) as any).data;

async function approvedAndCaptured(base: string, bearer: string) {
  const order = await createOrder(base, bearer, { reference: 'ORDER-9' });
  await pageAction(base, order.id, 'approve');
  await api(base, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
  return order;
}

describe('notifications', () => {
  it('carry PayPal’s transmission headers and event shape, for approval, capture and refund', async () => {
    const { receiver, sandbox, bearer } = await setUp();
    const order = await approvedAndCaptured(sandbox.url, bearer);
    const capture = (await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body.purchase_units[0].payments.captures[0];
    await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture.id}/refund`, { amount: { currency_code: 'EUR', value: '1.12' } });
    await receiver.waitFor(3);
    const byType = Object.fromEntries(receiver.received.map((received) => [received.event.event_type, received]));
    const approved = byType['CHECKOUT.ORDER.APPROVED']!;
    expect(approved.headers).toMatchObject({
      'content-type': 'application/json',
      'paypal-auth-algo': 'HMACSHA256',
      'paypal-cert-url': `${sandbox.url}/v1/notifications/certs/CERT-SANDBOX-HMAC`,
      'paypal-transmission-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'paypal-transmission-sig': expect.any(String),
    });
    expect(Date.parse(approved.headers['paypal-transmission-time'] as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(approved.event).toMatchObject({
      id: expect.stringMatching(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/),
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      create_time: expect.any(String),
      resource: { id: order.id, status: 'APPROVED', purchase_units: [{ custom_id: 'ORDER-9', amount: { value: '61.12' } }] },
    });
    expect(byType['PAYMENT.CAPTURE.COMPLETED']!.event.resource).toMatchObject({
      id: capture.id,
      status: 'COMPLETED',
      custom_id: 'ORDER-9',
      amount: { currency_code: 'EUR', value: '61.12' },
      supplementary_data: { related_ids: { order_id: order.id } },
    });
    expect(byType['PAYMENT.CAPTURE.REFUNDED']!.event.resource).toMatchObject({ status: 'COMPLETED', custom_id: 'ORDER-9', amount: { value: '1.12' } });
    for (const received of receiver.received) expect(await verify(sandbox.url, bearer, received)).toEqual({ status: 200, body: { verification_status: 'SUCCESS' } });
  });

  it('a declined capture sends PAYMENT.CAPTURE.DENIED', async () => {
    const { receiver, sandbox, bearer } = await setUp();
    const order = await createOrder(sandbox.url, bearer);
    await pageAction(sandbox.url, order.id, 'approve');
    await fetch(`${sandbox.url}/sandbox/orders/${order.id}/decline-next-capture`, { method: 'POST' });
    await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    await receiver.waitFor(2);
    expect(receiver.received[1]!.event).toMatchObject({ event_type: 'PAYMENT.CAPTURE.DENIED', resource: { status: 'DECLINED' } });
  });

  it('verification fails for a tampered event, another webhook id, a forged signature or certificate, and needs every field', async () => {
    const { receiver, sandbox, bearer } = await setUp();
    await approvedAndCaptured(sandbox.url, bearer);
    await receiver.waitFor(2);
    const received = receiver.received.find((candidate) => candidate.event.event_type === 'PAYMENT.CAPTURE.COMPLETED')!;
    const failure = { status: 200, body: { verification_status: 'FAILURE' } };
    expect(await verify(sandbox.url, bearer, received, {}, received.rawBody.replace('"value":"61.12"', '"value":"0.01"'))).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, {}, received.rawBody.replace('"custom_id":"ORDER-9"', '"custom_id":"ORDER-8"'))).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, { webhook_id: 'WH-OTHER' })).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, { transmission_sig: Buffer.alloc(32).toString('base64') })).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, { transmission_time: new Date().toISOString() })).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, { cert_url: 'https://evil.example/cert.pem' })).toEqual(failure);
    expect(await verify(sandbox.url, bearer, received, { auth_algo: 'SHA256withRSA' })).toEqual(failure);
    // Another sandbox (another secret key) cannot vouch for this one's notifications.
    const other = await startSandbox({ webhookUrl: receiver.url, publicUrl: sandbox.url });
    opened.push(other);
    expect(await verify(other.url, (await token(other.url)).body.access_token, received)).toEqual(failure);
    const incomplete = await fetch(`${sandbox.url}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_id: 'WH-SANDBOX', webhook_event: received.event }),
    });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ name: 'VALIDATION_ERROR', details: expect.arrayContaining([expect.objectContaining({ field: 'transmission_sig' })]) });
    const anonymous = await fetch(`${sandbox.url}/v1/notifications/verify-webhook-signature`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('are tried again with a growing wait until taken, each try a new transmission', async () => {
    const { receiver, sandbox, bearer } = await setUp([500, 503]);
    const order = await createOrder(sandbox.url, bearer);
    await pageAction(sandbox.url, order.id, 'approve');
    await receiver.waitFor(3);
    expect(new Set(receiver.received.map((received) => received.event.id)).size).toBe(1);
    expect(new Set(receiver.received.map((received) => received.headers['paypal-transmission-id'])).size).toBe(3);
    for (const received of receiver.received) expect((await verify(sandbox.url, bearer, received)).body.verification_status).toBe('SUCCESS');
    await expect.poll(async () => (await events(sandbox.url))[0].deliveries[0].state).toBe('delivered');
    const attempts = (await events(sandbox.url))[0].deliveries[0].attempts;
    expect(attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 503, 200]);
    const gaps = [1, 2].map((i) => Date.parse(attempts[i].at) - Date.parse(attempts[i - 1].at));
    expect(gaps[0]).toBeGreaterThanOrEqual(20);
    expect(gaps[1]).toBeGreaterThanOrEqual(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(3);
  });

  it('stop after a bounded number of tries', async () => {
    const { receiver, sandbox, bearer } = await setUp([500, 500, 500, 500], { webhookAttempts: 3 });
    const order = await createOrder(sandbox.url, bearer);
    await pageAction(sandbox.url, order.id, 'approve');
    await receiver.waitFor(3);
    await expect.poll(async () => (await events(sandbox.url))[0].deliveries[0].state).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(3);
  });
});

describe('test controls', () => {
  it('resend an event as a duplicate: same id and body, a new transmission that verifies', async () => {
    const { receiver, sandbox, bearer } = await setUp();
    const order = await createOrder(sandbox.url, bearer);
    await pageAction(sandbox.url, order.id, 'approve');
    await receiver.waitFor(1);
    const [event] = await events(sandbox.url, order.id);
    const resent = (await (await fetch(`${sandbox.url}/sandbox/events/${event.id}/resend`, { method: 'POST' })).json()) as { deliveries: unknown[] };
    expect(resent.deliveries).toHaveLength(2);
    await receiver.waitFor(2);
    const [first, second] = receiver.received as [Received, Received];
    expect(second.rawBody).toBe(first.rawBody);
    expect(second.headers['paypal-transmission-id']).not.toBe(first.headers['paypal-transmission-id']);
    expect((await verify(sandbox.url, bearer, second)).body.verification_status).toBe('SUCCESS');
    expect((await events(sandbox.url, order.id))[0].deliveries[1]).toMatchObject({ resend: true, state: 'delivered' });
  });

  it('hold an order’s events until released (newest first), or send them late', async () => {
    const { receiver, sandbox, bearer } = await setUp();
    const order = await createOrder(sandbox.url, bearer);
    await fetch(`${sandbox.url}/sandbox/orders/${order.id}/hold-events`, { method: 'POST' });
    await pageAction(sandbox.url, order.id, 'approve');
    await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    expect((await events(sandbox.url, order.id)).map((event: any) => event.deliveries[0].state)).toEqual(['held', 'held']);
    const released = (await (
      await fetch(`${sandbox.url}/sandbox/orders/${order.id}/release-events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order: 'newest_first' }) })
    ).json()) as { released: string[] };
    expect(released.released).toHaveLength(2);
    await receiver.waitFor(2);
    expect(receiver.received.map((received) => received.event.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED']);

    const late = await createOrder(sandbox.url, bearer);
    await fetch(`${sandbox.url}/sandbox/orders/${late.id}/hold-events?delay_ms=300`, { method: 'POST' });
    const started = Date.now();
    await pageAction(sandbox.url, late.id, 'approve');
    await receiver.waitFor(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // An event released by id, and one emitted on demand.
    const held = await createOrder(sandbox.url, bearer);
    await fetch(`${sandbox.url}/sandbox/orders/${held.id}/hold-events`, { method: 'POST' });
    await pageAction(sandbox.url, held.id, 'approve');
    const [heldEvent] = await events(sandbox.url, held.id);
    await fetch(`${sandbox.url}/sandbox/events/${heldEvent.id}/release`, { method: 'POST' });
    await receiver.waitFor(4);
    const emitted = await fetch(`${sandbox.url}/sandbox/orders/${held.id}/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event_type: 'CHECKOUT.ORDER.APPROVED', delay_ms: 0 }) });
    expect(emitted.status).toBe(200);
    const bad = await fetch(`${sandbox.url}/sandbox/orders/${held.id}/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event_type: 'PAYMENT.CAPTURE.COMPLETED' }) });
    expect(bad.status).toBe(422);
  });
});
