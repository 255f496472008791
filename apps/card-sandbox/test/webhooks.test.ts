import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { api, card, createSession, postForm, startReceiver, startSandbox, type Received } from './support.ts';

const opened: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function setUp(statuses: number[] = [], overrides: Parameters<typeof startSandbox>[0] = {}) {
  const receiver = await startReceiver(statuses);
  const sandbox = await startSandbox({ webhookUrl: receiver.url, ...overrides });
  opened.push(sandbox, receiver);
  return { receiver, sandbox };
}

function signatureHolds(received: Received, secret = 'whsec_sandbox'): boolean {
  const header = String(received.headers['stripe-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${received.rawBody}`).digest('hex');
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 60;
}

const events = async (base: string) => ((await (await fetch(`${base}/sandbox/events`)).json()) as any).data;

describe('notifications', () => {
  it('are signed, in Stripe’s event shape, with the session as it was', async () => {
    const { receiver, sandbox } = await setUp();
    const created = await createSession(sandbox.url, { client_reference_id: 'ORDER-9' });
    await postForm(created.url, card('4242424242424242'));
    await receiver.waitFor(1);
    const [received] = receiver.received as [Received];
    expect(signatureHolds(received)).toBe(true);
    expect(signatureHolds(received, 'whsec_other')).toBe(false);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.event).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: created.id, client_reference_id: 'ORDER-9', payment_status: 'paid', status: 'complete', payment_intent: created.payment_intent } },
    });
    expect(received.event.id).toMatch(/^evt_/);
    expect(typeof (received.event as any).created).toBe('number');
  });

  it('are tried again, with a growing wait, until the receiver takes them', async () => {
    // The receiver fails twice (500, then 503) and accepts the third try.
    const { receiver, sandbox } = await setUp([500, 503]);
    const created = await createSession(sandbox.url);
    await postForm(created.url, card('4242424242424242'));
    await receiver.waitFor(3);
    expect(new Set(receiver.received.map((r) => r.event.id)).size).toBe(1);
    expect(receiver.received.every((r) => signatureHolds(r))).toBe(true);
    await expect.poll(async () => (await events(sandbox.url))[0].deliveries[0].state).toBe('delivered');
    const [event] = await events(sandbox.url);
    const attempts = event.deliveries[0].attempts;
    expect(attempts.map((attempt: any) => attempt.status)).toEqual([500, 503, 200]);
    // 20 ms, then 40 ms (the test's first wait; 1 s by default).
    const gaps = [1, 2].map((i) => Date.parse(attempts[i].at) - Date.parse(attempts[i - 1].at));
    expect(gaps[0]).toBeGreaterThanOrEqual(20);
    expect(gaps[1]).toBeGreaterThanOrEqual(40);
    // Nothing more is sent once delivered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(3);
  });

  it('stop after a bounded number of tries, also when nobody listens', async () => {
    const { receiver, sandbox } = await setUp([500, 500, 500, 500, 500], { webhookAttempts: 3 });
    const created = await createSession(sandbox.url);
    await postForm(created.url, card('4000000000000002'));
    await receiver.waitFor(3);
    await expect.poll(async () => (await events(sandbox.url))[0].deliveries[0].state).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(3);

    const lonely = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/webhooks/card', webhookAttempts: 2 });
    opened.push(lonely);
    const other = await createSession(lonely.url);
    await postForm(other.url, card('4242424242424242'));
    await expect.poll(async () => (await events(lonely.url))[0]?.deliveries[0].state).toBe('failed');
    const [event] = await events(lonely.url);
    expect(event.deliveries[0].attempts).toHaveLength(2);
    expect(event.deliveries[0].attempts[0]).toMatchObject({ status: null });
    expect(event.deliveries[0].attempts[0].error).toBeTruthy();
  });

  it('can be sent again: a duplicate with the same event id and body', async () => {
    const { receiver, sandbox } = await setUp();
    const created = await createSession(sandbox.url);
    await postForm(created.url, card('4242424242424242'));
    await receiver.waitFor(1);
    const eventId = receiver.received[0]?.event.id as string;
    const resent = await fetch(`${sandbox.url}/sandbox/events/${eventId}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    await receiver.waitFor(2);
    const [first, second] = receiver.received as [Received, Received];
    expect(second.event.id).toBe(eventId);
    expect(second.rawBody).toBe(first.rawBody);
    expect(signatureHolds(second)).toBe(true);
    const [event] = await events(sandbox.url);
    expect(event.deliveries.map((delivery: any) => delivery.resend)).toEqual([false, true]);
    expect((await fetch(`${sandbox.url}/sandbox/events/evt_nothing/resend`, { method: 'POST' })).status).toBe(404);
  });

  it('can be held and released out of order, or sent late', async () => {
    const { receiver, sandbox } = await setUp();
    const created = await createSession(sandbox.url);
    const hold = await fetch(`${sandbox.url}/sandbox/sessions/${created.id}/hold-events`, { method: 'POST' });
    expect(hold.status).toBe(200);
    await postForm(created.url, card('4000000000000002'));
    await postForm(created.url, card('4242424242424242'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(0);
    expect((await events(sandbox.url)).map((event: any) => event.deliveries[0].state)).toEqual(['held', 'held']);
    // The success first, then the older failure: a late notification the shop must not apply backwards.
    const released = await fetch(`${sandbox.url}/sandbox/sessions/${created.id}/release-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order: 'newest_first' }),
    });
    expect(((await released.json()) as any).released).toHaveLength(2);
    await receiver.waitFor(2);
    expect(receiver.received.map((r) => r.event.type).sort()).toEqual(['checkout.session.completed', 'payment_intent.payment_failed']);

    // delay_ms: sent that much later without a release.
    const late = await createSession(sandbox.url);
    await fetch(`${sandbox.url}/sandbox/sessions/${late.id}/hold-events?delay_ms=300`, { method: 'POST' });
    const started = Date.now();
    await postForm(late.url, card('4242424242424242'));
    await receiver.waitFor(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);

    // An event of any type about a session, e.g. one the shop rarely sees.
    const emitted = await fetch(`${sandbox.url}/sandbox/sessions/${late.id}/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'checkout.session.async_payment_failed' }),
    });
    expect(emitted.status).toBe(200);
    await receiver.waitFor(4);
    expect(receiver.received[3]?.event.type).toBe('checkout.session.async_payment_failed');
    const bad = await api(sandbox.url, 'POST', `/sandbox/sessions/${late.id}/emit`, { type: 'charge.refunded' });
    expect(bad.status).toBe(400);
  });
});
