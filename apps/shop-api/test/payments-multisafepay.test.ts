import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as mspApi, authHolds, events, getOrder, pay, postForm, startReceiver, startSandbox } from '../../multisafepay-sandbox/test/support.ts';
import { authHeader } from '../../multisafepay-sandbox/src/notifications.ts';
import { selectRows } from '../src/db/raw.ts';
import { InvalidNotificationError, type PayableOrder, type PaymentGateway } from '../src/payments/gateway.ts';
import { createMultisafepayGateway, MultisafepayError, outcomeOfStatus, readMultisafepayGatewayConfig } from '../src/payments/gateways/multisafepay.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop, type OutboxMail } from './databases.ts';

// The MultiSafepay gateway against the MultiSafepay sandbox (apps/multisafepay-sandbox), as the shop uses it.
describe('the MultiSafepay gateway', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: PaymentGateway;
  let orders = 0;

  function order(overrides: Partial<PayableOrder> = {}): PayableOrder {
    orders++;
    return {
      reference: `AMMSP${randomBytes(3).toString('hex').toUpperCase()}${orders}`,
      totalCents: 12_345,
      currency: 'EUR',
      lang: 'fr',
      returnUrl: 'http://127.0.0.1:3000/fr/checkout/validate?order=X',
      cancelUrl: 'http://127.0.0.1:3000/fr/checkout/validate?order=X&cancelled=1',
      ...overrides,
    };
  }
  const queryOf = (location: string | null) => Object.fromEntries(new URL(location as string).searchParams);

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startSandbox();
    gateway = createMultisafepayGateway({
      ...readMultisafepayGatewayConfig({ MULTISAFEPAY_API_URL: `${sandbox.url}/`, MULTISAFEPAY_NOTIFICATION_URL: receiver.url }),
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('has the documented defaults', () => {
    expect(readMultisafepayGatewayConfig({})).toMatchObject({
      apiUrl: 'http://127.0.0.1:4150',
      apiKey: 'msp_sandbox_key',
      notificationUrl: 'http://127.0.0.1:4000/webhooks/multisafepay',
      notificationToleranceSeconds: 600,
    });
    expect(
      readMultisafepayGatewayConfig({ MULTISAFEPAY_API_URL: 'https://api.multisafepay.com/', MULTISAFEPAY_API_KEY: 'k', MULTISAFEPAY_NOTIFICATION_URL: 'https://shop.example/webhooks/multisafepay' }),
    ).toMatchObject({ apiUrl: 'https://api.multisafepay.com', apiKey: 'k', notificationUrl: 'https://shop.example/webhooks/multisafepay' });
    expect(gateway.acknowledgement).toBe('OK');
  });

  it('maps every MultiSafepay status', () => {
    expect(['completed', 'partial_refunded'].map(outcomeOfStatus)).toEqual(['payment_accepted', 'payment_accepted']);
    expect(['refunded', 'chargedback'].map(outcomeOfStatus)).toEqual(['refunded', 'refunded']);
    expect(['initialized', 'uncleared', 'reserved', 'void', 'cancelled'].map(outcomeOfStatus)).toEqual(Array(5).fill('awaiting_payment'));
    expect(outcomeOfStatus('declined')).toBe('payment_error');
    expect(outcomeOfStatus('expired')).toBe('cancelled');
  });

  it('makes a redirect order in the shopper’s language and reads each method’s outcome back', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    expect(created.paymentId).toBe(payable.reference);
    expect(created.redirectUrl).toMatch(new RegExp(`^${sandbox.url}/pay/`));
    const msp = await getOrder(sandbox.url, created.paymentId);
    expect(msp).toMatchObject({ amount: 12_345, currency: 'EUR', var1: payable.reference, customer: { locale: 'fr_FR' }, status: 'initialized' });
    expect((await (await fetch(created.redirectUrl)).text())).toMatch(/123,45\s€/);
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'awaiting_payment' });
    const paid = await pay(created.redirectUrl, 'IDEAL');
    expect(queryOf(paid.location)).toMatchObject({ transactionid: created.paymentId });
    // The query alone names the order (transactionid): read back, completed.
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_accepted' });

    const card = order();
    const cardPayment = await gateway.createPayment(card);
    await pay(cardPayment.redirectUrl, 'CREDITCARD', 'decline');
    expect(await gateway.readPayment({ order: card, paymentId: cardPayment.paymentId, settle: true })).toMatchObject({ status: 'payment_error' });

    const cancelling = order();
    const cancelled = await gateway.createPayment(cancelling);
    await postForm(`${cancelled.redirectUrl}/cancel`, {});
    expect(await gateway.readPayment({ order: cancelling, paymentId: cancelled.paymentId, settle: true })).toMatchObject({ status: 'awaiting_payment' });

    const transfer = order();
    const transferPayment = await gateway.createPayment(transfer);
    await pay(transferPayment.redirectUrl, 'BANKTRANS');
    expect(await gateway.readPayment({ order: transfer, paymentId: transferPayment.paymentId, settle: true })).toMatchObject({ status: 'awaiting_payment' });
    await fetch(`${sandbox.url}/sandbox/orders/${transferPayment.paymentId}/complete-transfer`, { method: 'POST' });
    expect(await gateway.readPayment({ order: transfer, paymentId: transferPayment.paymentId, settle: true })).toMatchObject({ status: 'payment_accepted' });

    const expiring = order();
    const expired = await gateway.createPayment(expiring);
    await fetch(`${sandbox.url}/sandbox/orders/${expired.paymentId}/expire`, { method: 'POST' });
    expect(await gateway.readPayment({ order: expiring, paymentId: expired.paymentId, settle: true })).toMatchObject({ status: 'cancelled' });
  });

  it('pays again after a decline under the same order id, and with a suffix once MultiSafepay refuses it (1006)', async () => {
    const payable = order();
    const first = await gateway.createPayment(payable);
    await pay(first.redirectUrl, 'CREDITCARD', 'decline');
    const second = await gateway.createPayment(payable);
    expect(second.paymentId).toBe(payable.reference);
    // A bank transfer under way holds the order id: the next attempt is REF-2.
    await pay(second.redirectUrl, 'BANKTRANS');
    const third = await gateway.createPayment(payable);
    expect(third.paymentId).toBe(`${payable.reference}-2`);
    await pay(third.redirectUrl, 'IDEAL');
    expect(await gateway.readPayment({ order: payable, paymentId: third.paymentId, settle: true })).toMatchObject({ paymentId: third.paymentId, status: 'payment_accepted' });
    expect((await gateway.createPayment(payable)).paymentId).toBe(`${payable.reference}-3`);
  });

  it('never trusts the query: another order’s payment, an unknown one, none, or another amount is refused', async () => {
    const mine = order();
    const theirs = order();
    const theirPayment = await gateway.createPayment(theirs);
    await pay(theirPayment.redirectUrl, 'IDEAL');
    await expect(gateway.readPayment({ order: mine, paymentId: theirPayment.paymentId, settle: true })).rejects.toThrow(/is not for order/);
    await expect(gateway.readPayment({ order: mine, paymentId: 'NOPE', settle: true })).rejects.toMatchObject({ apiStatus: 404, errorCode: 1006 });
    await expect(gateway.readPayment({ order: mine, paymentId: '', settle: true })).rejects.toThrow(MultisafepayError);
    await expect(gateway.readPayment({ order: { ...theirs, totalCents: 1 }, paymentId: theirPayment.paymentId, settle: true })).rejects.toThrow(/not the order/);
    await expect(gateway.readPayment({ order: { ...theirs, currency: 'USD' }, paymentId: theirPayment.paymentId, settle: true })).rejects.toThrow(/not the order/);
  });

  it('reports a refused or unreachable API as MultisafepayError', async () => {
    const wrongKey = createMultisafepayGateway({ ...readMultisafepayGatewayConfig({ MULTISAFEPAY_API_URL: sandbox.url, MULTISAFEPAY_API_KEY: 'wrong' }), timeoutMs: 2_000 });
    await expect(wrongKey.createPayment(order())).rejects.toMatchObject({ name: 'MultisafepayError', apiStatus: 401, errorCode: 1032, statusCode: 502 });
    const down = createMultisafepayGateway({ ...readMultisafepayGatewayConfig({ MULTISAFEPAY_API_URL: 'http://127.0.0.1:9' }), timeoutMs: 2_000 });
    await expect(down.createPayment(order())).rejects.toThrow(/unreachable/);
    await expect(gateway.createPayment(order({ totalCents: 10.5 }))).rejects.toThrow(MultisafepayError);
  });

  it('refunds part, then the rest, and refuses more or an unpaid order', async () => {
    const payable = order({ totalCents: 10_000 });
    const created = await gateway.createPayment(payable);
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 100 })).rejects.toMatchObject({ errorCode: 1034 });
    await pay(created.redirectUrl, 'CREDITCARD');
    expect((await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 2_500 })).refundId).toMatch(/^\d+$/);
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_501 })).rejects.toMatchObject({ errorCode: 1034 });
    await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_500 });
    expect(await getOrder(sandbox.url, created.paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 10_000 });
  });

  describe('handleNotification', () => {
    /** The notifications the sandbox sent about one MultiSafepay order, as the webhook route gets them. */
    const sent = (orderId: string) => receiver.received.filter((received) => received.order?.order_id === orderId);

    it('verifies the Auth header and names the order to read back, one event per state', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pay(created.redirectUrl, 'BANKTRANS');
      await expect.poll(() => sent(created.paymentId).length).toBe(1);
      const [initialized] = sent(created.paymentId);
      expect(authHolds(initialized!)).toBe(true);
      const pending = await gateway.handleNotification({ headers: initialized!.headers as Record<string, string>, rawBody: initialized!.rawBody });
      expect(pending).toMatchObject({ paymentId: created.paymentId });
      expect(await gateway.readPayment({ order: payable, paymentId: pending.paymentId, settle: false })).toMatchObject({ status: 'awaiting_payment', refundedCents: 0 });
      await fetch(`${sandbox.url}/sandbox/orders/${created.paymentId}/complete-transfer`, { method: 'POST' });
      await expect.poll(() => sent(created.paymentId).length).toBe(2);
      const completed = sent(created.paymentId)[1]!;
      const paid = await gateway.handleNotification({ headers: { Auth: completed.headers.auth as string }, rawBody: completed.rawBody });
      expect(paid.paymentId).toBe(created.paymentId);
      expect(paid.eventId).not.toBe(pending.eventId);
      expect(await gateway.readPayment({ order: payable, paymentId: paid.paymentId, settle: false })).toMatchObject({ status: 'payment_accepted' });
      // A replay names the same event.
      expect((await gateway.handleNotification({ headers: completed.headers as Record<string, string>, rawBody: completed.rawBody })).eventId).toBe(paid.eventId);
      // A partial refund is read back still paid, with what was given back; the rest refunds the order.
      await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 345 });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: false })).toMatchObject({ status: 'payment_accepted', refundedCents: 345 });
      await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 12_000 });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: false })).toMatchObject({ status: 'refunded', refundedCents: 12_345 });
    });

    it('cancels an order it ends, and leaves a paid one as it is', async () => {
      const open = order();
      const created = await gateway.createPayment(open);
      await gateway.endPayment({ paymentId: created.paymentId });
      expect((await mspApi(sandbox.url, 'GET', `/v1/json/orders/${created.paymentId}`)).body.data.status).toBe('cancelled');
      const paidOrder = order();
      const paid = await gateway.createPayment(paidOrder);
      await pay(paid.redirectUrl, 'IDEAL');
      await gateway.endPayment({ paymentId: paid.paymentId });
      expect(await gateway.readPayment({ order: paidOrder, paymentId: paid.paymentId, settle: false })).toMatchObject({ status: 'payment_accepted' });
    });

    it('refuses a tampered body, another key, a stale, missing or malformed Auth', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pay(created.redirectUrl, 'IDEAL');
      await expect.poll(() => sent(created.paymentId).length).toBe(1);
      const { headers, rawBody } = sent(created.paymentId)[0]!;
      const auth = headers.auth as string;
      const now = Math.floor(Date.now() / 1000);
      const attempt = (header: string | undefined, body = rawBody) => gateway.handleNotification({ headers: header === undefined ? {} : { auth: header }, rawBody: body });
      await expect(attempt(auth, rawBody.replace(/"order_id":"[^"]+"/, '"order_id":"SOMEONE-ELSE"'))).rejects.toThrow(/Bad notification signature/);
      await expect(attempt(auth, `${rawBody} `)).rejects.toThrow(InvalidNotificationError);
      await expect(attempt(authHeader(rawBody, 'another_key', now))).rejects.toThrow(/Bad notification signature/);
      await expect(attempt(authHeader(rawBody, 'msp_sandbox_key', now - 700))).rejects.toThrow(/Stale/);
      await expect(attempt(authHeader(rawBody, 'msp_sandbox_key', now + 700))).rejects.toThrow(/Stale/);
      expect((await attempt(authHeader(rawBody, 'msp_sandbox_key', now - 500))).paymentId).toBe(created.paymentId);
      await expect(attempt(undefined)).rejects.toThrow(/No Auth header/);
      await expect(attempt('not base64!')).rejects.toThrow(/Malformed/);
      await expect(attempt(Buffer.from(`${now}:abc`).toString('base64'))).rejects.toThrow(/Malformed/);
      await expect(attempt(authHeader('nope', 'msp_sandbox_key', now), 'nope')).rejects.toThrow(/not JSON/);
      await expect(attempt(authHeader('{}', 'msp_sandbox_key', now), '{}')).rejects.toThrow(/names no order/);
      const error = await attempt(`${auth}x`).catch((caught: unknown) => caught);
      expect((error as InvalidNotificationError).statusCode).toBe(401);
    });
  });
});

/** A port free on this machine now (the API listens on it, so the sandbox's notifications reach it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const ITALY = { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' };

describe.each(DRIVERS)('an order paid through MultiSafepay by bank transfer, on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let apiPort = 0;
  beforeAll(async () => {
    sandbox = await startSandbox();
    apiPort = await freePort();
  });
  afterAll(() => sandbox.close());
  const shop = useTestShop(driver, () => ({ MULTISAFEPAY_API_URL: sandbox.url, MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay` }));
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
  });
  const call = (name: string, payload: unknown = {}, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, '203.0.113.77'));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  const outbox = async (email: string) =>
    ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[]).filter((message) => message.to === email);

  it('is pending after the transfer is confirmed, paid when MultiSafepay says so, and stays so through 100 replays and a forged notification', async () => {
    const [item] = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 order by c.id limit 1`);
    await shop().handle.db.execute(sql`update combinations set quantity = 50 where id = ${item!.combination_id}`);
    const added = await call('createCartItem', { ...item, quantity: 1 });
    const token = added.body.psdata.session.token as string;
    const email = `msp.${randomBytes(3).toString('hex')}@example.com`;
    expect((await call('updateCheckoutEmail', { email }, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ITALY } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token);
    expect((await call('getGateways', {}, token)).body.psdata.gateways).toContainEqual({ name: 'multisafepay' });
    expect((await call('updateCheckoutPayment', { gateway: 'multisafepay' }, token)).body.psdata.next_step).toBe('review');
    const placed = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
    expect(placed.status).toBe(200);
    const { order, redirect_url: redirectUrl, access_token: accessToken } = placed.body.psdata;
    expect(order.status).toBe('awaiting_payment');
    expect(redirectUrl).toMatch(new RegExp(`^${sandbox.url}/pay/`));
    const mspOrder = await getOrder(sandbox.url, order.reference);
    expect(mspOrder).toMatchObject({ amount: order.total, currency: 'EUR', var1: order.reference });

    // The shopper picks bank transfer and confirms it, then comes back to the shop: pending.
    await pay(redirectUrl, 'BANKTRANS');
    const instructions = await (await fetch(redirectUrl)).text();
    const back = new URL(/<a id="back" href="([^"]+)"/.exec(instructions)![1]!.replace(/&amp;/g, '&'));
    const validated = await call('validateOrder', { reference: order.reference, token: accessToken, query: Object.fromEntries(back.searchParams) }, token);
    expect(validated.status).toBe(200);
    expect(validated.body.psdata.status).toBe('awaiting_payment');
    const rows = () => query<{ event_id: string; status: string }>(sql`select e.event_id, e.status from payment_events e join orders o on o.id = e.order_id where o.reference = ${order.reference} order by e.id`);
    // The 'initialized' notification reached the API and was taken (acknowledged with OK), changing nothing.
    await expect.poll(async () => (await events(sandbox.url, order.reference))[0]?.deliveries[0].state).toBe('delivered');
    expect((await rows()).map((row) => row.status)).toEqual(['awaiting_payment']);

    // The money arrives: MultiSafepay notifies the API, which reads the order back and takes the payment.
    await fetch(`${sandbox.url}/sandbox/orders/${order.reference}/complete-transfer`, { method: 'POST' });
    const status = async () => (await query<{ status: string }>(sql`select status from orders where reference = ${order.reference}`))[0]!.status;
    await expect.poll(status, { timeout: 5_000 }).toBe('payment_accepted');
    const [, completed] = await events(sandbox.url, order.reference);
    expect(completed.status).toBe('completed');
    await expect.poll(async () => (await events(sandbox.url, order.reference))[1].deliveries[0].attempts.at(-1)?.acknowledged).toBe(true);
    await expect.poll(async () => (await outbox(email)).length).toBe(1);
    expect((await outbox(email))[0]!.subject).toBe(`Your order ${order.reference} is confirmed`);

    // The same notification, 100 times more: nothing changes.
    for (let i = 0; i < 100; i++) await fetch(`${sandbox.url}/sandbox/events/${completed.id}/resend`, { method: 'POST' });
    await expect
      .poll(async () => {
        const deliveries = (await events(sandbox.url, order.reference))[1].deliveries as Array<{ state: string }>;
        return deliveries.filter((delivery) => delivery.state === 'delivered').length;
      }, { timeout: 20_000 })
      .toBe(101);
    const after = await rows();
    expect(after.map((row) => row.status)).toEqual(['awaiting_payment', 'payment_accepted']);
    expect(new Set(after.map((row) => row.event_id)).size).toBe(2);
    expect(await status()).toBe('payment_accepted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await outbox(email)).toHaveLength(1);

    // A forged notification (another key) is refused with 401 and changes nothing.
    const body = JSON.stringify({ ...mspOrder, status: 'declined' });
    const forged = await fetch(`http://127.0.0.1:${apiPort}/webhooks/multisafepay?transactionid=${order.reference}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', auth: authHeader(body, 'not_the_key', Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`http://127.0.0.1:${apiPort}/webhooks/multisafepay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    expect(await rows()).toEqual(after);
    expect(await status()).toBe('payment_accepted');
    // The sandbox's own record: each notification taken at the first try.
    expect((await mspApi(sandbox.url, 'GET', `/v1/json/orders/${order.reference}`)).body.data.status).toBe('completed');
  });
});
