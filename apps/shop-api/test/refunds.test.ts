import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as msp from '../../multisafepay-sandbox/test/support.ts';
import * as paypal from '../../paypal-sandbox/test/support.ts';
import { readConfig } from '../src/config.ts';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, useTestShop, type OutboxMail } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';

const ADMIN_TOKEN = 'back-office-token-for-tests-0123456789';

describe('the back-office token', () => {
  it('opens the back office only when it is set and at least 32 characters long', () => {
    expect(readConfig({}).adminToken).toBeUndefined();
    expect(readConfig({ ADMIN_TOKEN: 'short-and-guessable' }).adminToken).toBeUndefined();
    expect(readConfig({ ADMIN_TOKEN }).adminToken).toBe(ADMIN_TOKEN);
  });
});

/**
 * Refunds through the shop's back office (the admin call refundOrder, as `npm run refund` makes it) and refunds
 * made on the gateway's side, with PayPal's and MultiSafepay's sandboxes notifying the API over HTTP.
 */
describe.each(DRIVERS)('refunding orders on %s', (driver) => {
  let paypalSandbox: Awaited<ReturnType<typeof paypal.startSandbox>>;
  let mspSandbox: Awaited<ReturnType<typeof msp.startSandbox>>;
  let apiPort: number;
  beforeAll(async () => {
    apiPort = await paypal.freePort();
    paypalSandbox = await paypal.startSandbox({ webhookUrl: `http://127.0.0.1:${apiPort}/webhooks/paypal` });
    mspSandbox = await msp.startSandbox();
  });
  afterAll(async () => {
    await paypalSandbox.close();
    await mspSandbox.close();
  });
  const shop = useTestShop(driver, () => ({
    ADMIN_TOKEN,
    PAYPAL_API_URL: paypalSandbox.url,
    MULTISAFEPAY_API_URL: mspSandbox.url,
    MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay`,
  }));
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
  });

  // As `npm run refund` calls it: the back office's refundOrder with the scripts' key instead of a staff session.
  const refund = (reference: string, body: object = {}, authorization = `Bearer ${ADMIN_TOKEN}`) =>
    fetch(`http://127.0.0.1:${apiPort}/admin/refundOrder`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ reference, ...body }),
    }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as { code: string; psdata: any } }));
  const orderRow = async (reference: string) =>
    (await selectRows<{ status: string; refunded_cents: number }>(shop().handle.db, sql`select status, refunded_cents from orders where reference = ${reference}`))[0]!;
  const subjects = async (email: string) =>
    ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[])
      .filter((message) => message.to === email)
      .map((message) => message.subject)
      .sort();
  const paypalEvents = async (paypalOrderId: string) =>
    ((await (await fetch(`${paypalSandbox.url}/sandbox/events?order_id=${paypalOrderId}`)).json()) as any).data as Array<{ id: string; event_type: string; deliveries: Array<{ state: string }> }>;

  /** A guest order paid with PayPal, its approval and capture notifications taken. */
  async function paidWithPaypal() {
    const placed = await placeGuestOrder(shop(), 'paypal');
    const paypalOrderId = new URL(placed.redirectUrl).searchParams.get('token')!;
    const back = new URL((await paypal.pageAction(paypalSandbox.url, paypalOrderId, 'approve')).location!);
    const validated = await placed.call('validateOrder', { reference: placed.order.reference, token: placed.accessToken ?? undefined, query: Object.fromEntries(back.searchParams) }, placed.token);
    expect(validated.body.psdata.status).toBe('payment_accepted');
    await expect.poll(async () => (await paypalEvents(paypalOrderId)).map((event) => event.deliveries[0]?.state), { timeout: 10_000 }).toEqual(['delivered', 'delivered']);
    return { ...placed, paypalOrderId };
  }

  it('gives part back, then the rest, once, whatever the gateway then notifies; the shopper sees it and gets one notice per refund', async () => {
    const { order, email, paypalOrderId, call, token, accessToken } = await paidWithPaypal();
    const { reference, total } = order;

    // Only the back office, and only what is left of a paid order.
    expect((await refund(reference, {}, '')).status).toBe(401);
    expect((await refund(reference, {}, `Bearer ${ADMIN_TOKEN}x`)).status).toBe(401);
    expect((await refund(reference, { amount: 0 })).status).toBe(400);
    expect((await refund(reference, { amount: 1.5 })).status).toBe(400);
    expect((await refund(reference, { amount: 100, extra: true })).status).toBe(400);
    expect((await refund('NOT-A-REF!', {})).status).toBe(400);
    expect((await refund('AMNOSUCHORDER', {})).status).toBe(404);
    expect(await refund(reference, { amount: total + 1 })).toMatchObject({ status: 409, body: { code: 'refund_too_large', psdata: { refundable: total } } });

    const part = await refund(reference, { amount: 1_000 });
    expect(part.status).toBe(200);
    expect(part.body.psdata.order).toMatchObject({ status: 'payment_accepted', refunded: 1_000, total });
    // PayPal notifies its refund: taken, and it changes nothing more (no second count, no second notice).
    await expect.poll(async () => (await paypalEvents(paypalOrderId)).map((event) => `${event.event_type}:${event.deliveries[0]?.state}`), { timeout: 10_000 }).toContain('PAYMENT.CAPTURE.REFUNDED:delivered');
    expect(await orderRow(reference)).toEqual({ status: 'payment_accepted', refunded_cents: 1_000 });
    await expect.poll(() => subjects(email)).toEqual([`Refund for your order ${reference}`, `Your order ${reference} is confirmed`]);

    // Two refunds of the rest at once: exactly one is made.
    const both = await Promise.all([refund(reference), refund(reference)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total });
    await expect.poll(async () => (await paypalEvents(paypalOrderId)).filter((event) => event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && event.deliveries[0]?.state === 'delivered').length, { timeout: 10_000 }).toBe(2);
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total });
    expect(await refund(reference, { amount: 1 })).toMatchObject({ status: 409, body: { code: 'order_not_refundable' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await subjects(email)).toEqual([`Refund for your order ${reference}`, `Refund for your order ${reference}`, `Your order ${reference} is confirmed`]);
    const refunds = await selectRows<{ amount_cents: number; status: string }>(
      shop().handle.db,
      sql`select r.amount_cents, r.status from order_refunds r join orders o on o.id = r.order_id where o.reference = ${reference} order by r.id`,
    );
    expect(refunds).toEqual([
      { amount_cents: 1_000, status: 'completed' },
      { amount_cents: total - 1_000, status: 'completed' },
    ]);

    // The shopper's order page says so.
    const seen = await call('getOrder', { reference, token: accessToken ?? undefined }, token);
    expect(seen.body.psdata).toMatchObject({ status: 'refunded', refunded: total });
  });

  it('takes a refund made on MultiSafepay’s side from its notification, once, and keeps a refused refund from counting', async () => {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const { reference, total } = placed.order;
    await msp.pay(placed.redirectUrl, 'IDEAL');
    await expect.poll(async () => (await orderRow(reference)).status, { timeout: 10_000 }).toBe('payment_accepted');

    // The shop refunds 5,00; MultiSafepay refuses a second refund of the same amount within minutes: nothing counts.
    expect((await refund(reference, { amount: 500 })).status).toBe(200);
    expect(await refund(reference, { amount: 500 })).toMatchObject({ status: 502, body: { code: 'gateway_failed' } });
    expect(await orderRow(reference)).toEqual({ status: 'payment_accepted', refunded_cents: 500 });

    // The merchant refunds the rest on MultiSafepay's dashboard: its notification refunds the order.
    const dashboard = await msp.api(mspSandbox.url, 'POST', `/v1/json/orders/${reference}/refunds`, { amount: total - 500, currency: 'EUR', description: 'Goodwill' });
    expect(dashboard.status).toBe(200);
    await expect.poll(() => orderRow(reference), { timeout: 10_000 }).toEqual({ status: 'refunded', refunded_cents: total });
    const refundedEvent = (await msp.events(mspSandbox.url, reference)).at(-1);
    expect(refundedEvent.status).toBe('refunded');
    for (let i = 0; i < 20; i++) await fetch(`${mspSandbox.url}/sandbox/events/${refundedEvent.id}/resend`, { method: 'POST' });
    await expect.poll(async () => (await msp.events(mspSandbox.url, reference)).at(-1).deliveries.filter((delivery: { state: string }) => delivery.state === 'delivered').length, { timeout: 20_000 }).toBe(21);
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total });
    // One notice for the shop's refund, one for the dashboard's (the rest, and the whole order refunded).
    expect(await subjects(placed.email)).toEqual([`Refund for your order ${reference}`, `Refund for your order ${reference}`, `Your order ${reference} is confirmed`]);
  });

  it('refuses to refund an order that is not paid', async () => {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    expect(await refund(placed.order.reference)).toMatchObject({ status: 409, body: { code: 'order_not_refundable' } });
  });
});
