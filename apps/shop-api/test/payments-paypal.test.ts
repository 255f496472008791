import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freePort, pageAction, startReceiver, startSandbox, token } from '../../paypal-sandbox/test/support.ts';
import { selectRows } from '../src/db/raw.ts';
import { InvalidNotificationError, type PayableOrder, type PaymentGateway } from '../src/payments/gateway.ts';
import { centsToValue, createPaypalGateway, PaypalApiError, readPaypalGatewayConfig, valueToCents } from '../src/payments/gateways/paypal.ts';
import { gatewaysFromEnv } from '../src/payments/registry.ts';
import { callApi, DRIVERS, mailTo, shopperHeaders, useTestShop } from './databases.ts';

// The PayPal gateway against the PayPal sandbox (apps/paypal-sandbox), as the shop uses it; then a whole order
// through the shop API, with the sandbox's notifications delivered to it.

let orders = 0;
function order(overrides: Partial<PayableOrder> = {}): PayableOrder {
  orders++;
  return {
    reference: `PPTEST${orders}`,
    totalCents: 6_112,
    currency: 'EUR',
    lang: 'fr',
    returnUrl: `http://127.0.0.1:3000/fr/checkout/validate?order=PPTEST${orders}`,
    cancelUrl: `http://127.0.0.1:3000/fr/checkout/validate?order=PPTEST${orders}&cancelled=1`,
    ...overrides,
  };
}

/** A fetch that counts the calls to each path. */
function countingFetch() {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  return { calls, fetch: counted, count: (call: string) => calls.filter((made) => made === call).length };
}

describe('the PayPal gateway', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: PaymentGateway;
  let counter: ReturnType<typeof countingFetch>;

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startSandbox({ webhookUrl: receiver.url });
    counter = countingFetch();
    gateway = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: `${sandbox.url}/` }), timeoutMs: 2_000 }, { fetch: counter.fetch });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('has the documented defaults', () => {
    expect(readPaypalGatewayConfig({})).toMatchObject({ apiUrl: 'http://127.0.0.1:4200', clientId: 'sandbox-client', clientSecret: 'sandbox-secret', webhookId: 'WH-SANDBOX' });
    expect(readPaypalGatewayConfig({ PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' })).toMatchObject({
      apiUrl: 'https://api-m.sandbox.paypal.com',
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: '8PT597110X687430LKGECATA',
    });
    expect([...gatewaysFromEnv({}).keys()]).toContain('paypal');
    expect([...gatewaysFromEnv({ PAYPAL_ENABLED: 'false' }).keys()]).not.toContain('paypal');
  });

  it('converts cents and PayPal’s decimal strings exactly', () => {
    expect([1, 10, 6_112, 100, 1_999_999, 29, 57, 0].map(centsToValue)).toEqual(['0.01', '0.10', '61.12', '1.00', '19999.99', '0.29', '0.57', '0.00']);
    // 0.29 * 100 is 28.999999999999996 in floating point: not here.
    expect(['0.29', '0.57', '61.12', '61.1', '61', '19999.99', '1.005', '-1.00', '1e3', '', 12].map(valueToCents)).toEqual([29, 57, 6_112, 6_110, 6_100, 1_999_999, null, null, null, null, null]);
    for (let cents = 0; cents < 3_000; cents += 7) expect(valueToCents(centsToValue(cents))).toBe(cents);
    expect(() => centsToValue(10.5)).toThrow(PaypalApiError);
  });

  it('approve: sends the shopper to PayPal, then captures on the return and says payment_accepted', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    expect(created.paymentId).toMatch(/^[A-Z0-9]{17}$/);
    expect(created.redirectUrl).toBe(`${sandbox.url}/checkoutnow?token=${created.paymentId}`);
    const page = await (await fetch(created.redirectUrl)).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toMatch(/61,12\s€/);
    // Not yet approved: still awaiting.
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'awaiting_payment' });
    const approved = await pageAction(sandbox.url, created.paymentId, 'approve');
    expect(approved.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:3000/fr/checkout/validate\\?order=${payable.reference}&token=${created.paymentId}&PayerID=[A-Z0-9]{13}$`));
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_accepted' });
    // Again (a reload of the return page): the capture is not repeated.
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_accepted' });
    const events = ((await (await fetch(`${sandbox.url}/sandbox/events?order_id=${created.paymentId}`)).json()) as any).data;
    expect(events.map((event: { event_type: string }) => event.event_type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
  });

  it('cancel: awaiting_payment (the shop shows the failed page and lets the shopper pay again); a new start reuses the order', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    const declined = await pageAction(sandbox.url, created.paymentId, 'decline');
    expect(declined.status).toBe(402);
    const cancelled = await pageAction(sandbox.url, created.paymentId, 'cancel');
    expect(cancelled.location).toBe(`${payable.cancelUrl}&token=${created.paymentId}`);
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'awaiting_payment' });
    // Paying again: the PayPal order is still payable, so the same one (same request id) comes back.
    expect(await gateway.createPayment(payable)).toEqual(created);
  });

  it('a declined capture is payment_error; paying again makes a new PayPal order', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    await pageAction(sandbox.url, created.paymentId, 'approve');
    await fetch(`${sandbox.url}/sandbox/orders/${created.paymentId}/decline-next-capture`, { method: 'POST' });
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_error' });
    const again = await gateway.createPayment(payable);
    expect(again.paymentId).not.toBe(created.paymentId);
    await pageAction(sandbox.url, again.paymentId, 'approve');
    expect((await gateway.readPayment({ order: payable, paymentId: again.paymentId, settle: true })).status).toBe('payment_accepted');
  });

  it('never trusts the query: another order’s PayPal order, another amount or currency, a made-up id or none is refused', async () => {
    const mine = order();
    const theirs = order();
    const their = await gateway.createPayment(theirs);
    await pageAction(sandbox.url, their.paymentId, 'approve');
    await expect(gateway.readPayment({ order: mine, paymentId: their.paymentId, settle: true })).rejects.toThrow(/not for order/);
    await expect(gateway.readPayment({ order: { ...theirs, totalCents: 6_113 }, paymentId: their.paymentId, settle: true })).rejects.toThrow(/not the order/);
    await expect(gateway.readPayment({ order: { ...theirs, currency: 'USD' }, paymentId: their.paymentId, settle: true })).rejects.toThrow(/not the order/);
    // The mismatches captured nothing.
    expect((await gateway.readPayment({ order: theirs, paymentId: their.paymentId, settle: true })).status).toBe('payment_accepted');
    await expect(gateway.readPayment({ order: mine, paymentId: 'MADEUP0000000000', settle: true })).rejects.toMatchObject({ paypalStatus: 404 });
    await expect(gateway.readPayment({ order: mine, paymentId: '', settle: true })).rejects.toThrow(PaypalApiError);
    await expect(gateway.readPayment({ order: mine, paymentId: '../../v1/oauth2/token', settle: true })).rejects.toThrow(PaypalApiError);
  });

  it('fetches one token for many calls, renews it before it expires, and once after a 401', async () => {
    const local = countingFetch();
    const sandboxShort = await startSandbox({ webhookUrl: receiver.url, tokenTtlSeconds: 2 });
    try {
      const shortGateway = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: sandboxShort.url }), timeoutMs: 2_000 }, { fetch: local.fetch });
      // Many calls, some at once: one token.
      await Promise.all([1, 2, 3].map(() => shortGateway.createPayment(order())));
      for (let i = 0; i < 5; i++) await shortGateway.createPayment(order());
      expect(local.count('POST /v1/oauth2/token')).toBe(1);
      expect(local.count('POST /v2/checkout/orders')).toBe(8);
      // PayPal forgets every token (as after an early revocation): the next call gets 401, one new token, one retry.
      await fetch(`${sandboxShort.url}/sandbox/tokens/expire`, { method: 'POST' });
      await shortGateway.createPayment(order());
      expect(local.count('POST /v1/oauth2/token')).toBe(2);
      expect(local.count('POST /v2/checkout/orders')).toBe(10);
      // Two seconds of life, renewed a tenth before the end: after 1.9 s a new one is fetched before calling.
      await new Promise((resolve) => setTimeout(resolve, 1_900));
      await shortGateway.createPayment(order());
      expect(local.count('POST /v1/oauth2/token')).toBe(3);
      expect(local.count('POST /v2/checkout/orders')).toBe(11);
    } finally {
      await sandboxShort.close();
    }
    // Wrong credentials: a PaypalApiError, no loop.
    const wrong = countingFetch();
    const refused = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: sandbox.url, PAYPAL_CLIENT_SECRET: 'wrong' }), timeoutMs: 2_000 }, { fetch: wrong.fetch });
    await expect(refused.createPayment(order())).rejects.toMatchObject({ name: 'PaypalApiError', paypalStatus: 401, issue: 'invalid_client', statusCode: 502 });
    expect(wrong.calls).toEqual(['POST /v1/oauth2/token']);
    const down = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: 'http://127.0.0.1:9' }), timeoutMs: 2_000 });
    await expect(down.createPayment(order())).rejects.toThrow(/unreachable/);
    await expect(gateway.createPayment(order({ totalCents: 0 }))).rejects.toThrow(PaypalApiError);
    await expect(gateway.createPayment(order({ currency: 'JPY' }))).rejects.toThrow(/without decimals/);
    // The shared gateway of this file has fetched one token in all its calls so far.
    expect(counter.count('POST /v1/oauth2/token')).toBe(1);
  });

  it('refunds part of the capture, then the rest, and refuses more', async () => {
    const payable = order({ totalCents: 10_000 });
    const created = await gateway.createPayment(payable);
    await pageAction(sandbox.url, created.paymentId, 'approve');
    await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true });
    expect((await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 2_529 })).refundId).toMatch(/^[A-Z0-9]{17}$/);
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_472 })).rejects.toMatchObject({ paypalStatus: 422, issue: 'REFUND_AMOUNT_EXCEEDED' });
    await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_471 });
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 1 })).rejects.toThrow(/no payment to refund/);
    const unpaid = order();
    const open = await gateway.createPayment(unpaid);
    await expect(gateway.refund({ order: unpaid, paymentId: open.paymentId, amountCents: 100 })).rejects.toThrow(/no payment to refund/);
  });

  describe('handleNotification', () => {
    /** The notifications the sandbox sent about a shop order (its reference is the custom_id), as the webhook route would get them. */
    async function notificationsOf(reference: string, count: number) {
      const about = () => receiver.received.filter((received) => received.rawBody.includes(`"custom_id":"${reference}"`));
      await expect.poll(() => about().length).toBeGreaterThanOrEqual(count);
      return about().map((received) => ({ type: received.event.event_type, id: received.event.id, headers: received.headers as Record<string, string>, rawBody: received.rawBody }));
    }

    it('verifies with PayPal and names only the event, the PayPal order to read back and the transmission', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pageAction(sandbox.url, created.paymentId, 'approve');
      const [approved] = await notificationsOf(payable.reference, 1);
      const hint = { eventId: approved!.id, paymentId: created.paymentId, deliveryId: approved!.headers['paypal-transmission-id'] };
      expect(await gateway.handleNotification(approved!)).toEqual(hint);
      // A hint captures nothing: the shop's read-back of its current attempt does.
      expect((await notificationsOf(payable.reference, 1)).length).toBe(1);
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: false })).toMatchObject({ status: 'awaiting_payment' });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ status: 'payment_accepted', refundedCents: 0 });
      const [, completed] = await notificationsOf(payable.reference, 2);
      expect(completed!.type).toBe('PAYMENT.CAPTURE.COMPLETED');
      expect(await gateway.handleNotification(completed!)).toMatchObject({ eventId: completed!.id, paymentId: created.paymentId });
      // A replay (same event, headers in another case): the same event and transmission.
      const again = await gateway.handleNotification({ headers: Object.fromEntries(Object.entries(approved!.headers).map(([key, value]) => [key.toUpperCase(), value])), rawBody: approved!.rawBody });
      expect(again).toEqual(hint);
      await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 112 });
      const [, , refunded] = await notificationsOf(payable.reference, 3);
      // A refund names its capture: the PayPal order is found through it, and read back with what was given back in all.
      expect(await gateway.handleNotification(refunded!)).toMatchObject({ eventId: refunded!.id, paymentId: created.paymentId });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ status: 'payment_accepted', refundedCents: 112 });
      await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 6_000 });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ status: 'refunded', refundedCents: 6_112 });
    });

    it('refuses a transmission older or newer than five minutes, however well signed', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pageAction(sandbox.url, created.paymentId, 'approve');
      const [approved] = await notificationsOf(payable.reference, 1);
      const sentAt = Date.parse(approved!.headers['paypal-transmission-time']!);
      const at = (ms: number) => createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: sandbox.url }), timeoutMs: 2_000 }, { nowMs: () => ms });
      await expect(at(sentAt + 6 * 60_000).handleNotification(approved!)).rejects.toThrow(/Stale/);
      await expect(at(sentAt - 6 * 60_000).handleNotification(approved!)).rejects.toThrow(/Stale/);
      expect((await at(sentAt + 4 * 60_000).handleNotification(approved!)).paymentId).toBe(created.paymentId);
    });

    it('reads a denied capture back as payment_error', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pageAction(sandbox.url, created.paymentId, 'approve');
      await fetch(`${sandbox.url}/sandbox/orders/${created.paymentId}/decline-next-capture`, { method: 'POST' });
      await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true });
      const denied = (await notificationsOf(payable.reference, 2)).find((notification) => notification.type === 'PAYMENT.CAPTURE.DENIED')!;
      expect(await gateway.handleNotification(denied)).toMatchObject({ paymentId: created.paymentId });
      expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: false })).toMatchObject({ status: 'payment_error' });
    });

    it('refuses what PayPal does not verify: a tampered body, other headers, none, another webhook id', async () => {
      const payable = order();
      const created = await gateway.createPayment(payable);
      await pageAction(sandbox.url, created.paymentId, 'approve');
      await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true });
      const completed = (await notificationsOf(payable.reference, 2)).find((notification) => notification.type === 'PAYMENT.CAPTURE.COMPLETED')!;
      const refused = (input: { headers: Record<string, string>; rawBody: string }, pattern: RegExp) => expect(gateway.handleNotification(input)).rejects.toThrow(pattern);
      await refused({ ...completed, rawBody: completed.rawBody.replace('"value":"61.12"', '"value":"0.01"') }, /did not verify/);
      await refused({ ...completed, rawBody: completed.rawBody.replace(`"custom_id":"${payable.reference}"`, '"custom_id":"SOMEONE"') }, /did not verify/);
      await refused({ ...completed, headers: { ...completed.headers, 'paypal-transmission-sig': Buffer.alloc(32, 1).toString('base64') } }, /did not verify/);
      await refused({ ...completed, headers: { ...completed.headers, 'paypal-transmission-time': new Date().toISOString() } }, /did not verify/);
      await refused({ ...completed, headers: { ...completed.headers, 'paypal-cert-url': 'https://evil.example/cert' } }, /did not verify/);
      await refused({ headers: {}, rawBody: completed.rawBody }, /No PayPal transmission headers/);
      const { 'paypal-transmission-sig': _dropped, ...withoutSig } = completed.headers;
      await refused({ headers: withoutSig, rawBody: completed.rawBody }, /No PayPal transmission headers/);
      // Not JSON: PayPal cannot even read the verification request.
      await refused({ ...completed, rawBody: 'not json' }, /could not verify/);
      const otherWebhook = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: sandbox.url, PAYPAL_WEBHOOK_ID: 'WH-OTHER' }), timeoutMs: 2_000 });
      await expect(otherWebhook.handleNotification(completed)).rejects.toThrow(InvalidNotificationError);
      const error = await gateway.handleNotification({ headers: {}, rawBody: '{}' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidNotificationError);
      expect((error as InvalidNotificationError).statusCode).toBe(401);
      // PayPal unreachable is not the notification's fault: not a 401 (the route fails, PayPal sends it again).
      const down = createPaypalGateway({ ...readPaypalGatewayConfig({ PAYPAL_API_URL: 'http://127.0.0.1:9' }), timeoutMs: 2_000 });
      await expect(down.handleNotification(completed)).rejects.toThrow(PaypalApiError);
    });
  });
});

describe.each(DRIVERS)('a PayPal order through the shop API on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let apiPort: number;
  beforeAll(async () => {
    // The API listens on a port of its own, known before the sandbox starts: the sandbox posts its notifications there.
    apiPort = await freePort();
    sandbox = await startSandbox({ webhookUrl: `http://127.0.0.1:${apiPort}/webhooks/paypal` });
  });
  afterAll(() => sandbox.close());
  const shop = useTestShop(driver, () => ({ PAYPAL_API_URL: sandbox.url, STOREFRONT_URL: 'http://127.0.0.1:3000' }));
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
  });
  const call = (name: string, payload: unknown = {}, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, '203.0.113.77'));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  const events = async (orderId: string) => ((await (await fetch(`${sandbox.url}/sandbox/events?order_id=${orderId}`)).json()) as any).data as Array<{ id: string; event_type: string; deliveries: Array<{ state: string; attempts: Array<{ status: number }> }> }>;

  it('pays on the sandbox page, validates as payment_accepted, and 100 replays of every notification change nothing', async () => {
    const [item] = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 order by c.id limit 1`);
    await shop().handle.db.execute(sql`update combinations set quantity = 50 where id = ${item!.combination_id}`);
    const added = await call('createCartItem', { ...item, quantity: 1 });
    const token = added.body.psdata.session.token as string;
    const email = `paypal.${randomBytes(3).toString('hex')}@example.com`;
    expect((await call('updateCheckoutEmail', { email }, token)).status).toBe(200);
    const address = { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' };
    expect((await call('updateCheckoutAddress', { shipping: { address } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    expect((await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token)).status).toBe(200);
    expect((await call('getGateways', {}, token)).body.psdata.gateways).toContainEqual({ name: 'paypal' });
    expect((await call('updateCheckoutPayment', { gateway: 'paypal' }, token)).body.psdata.next_step).toBe('review');
    const placed = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
    expect(placed.status).toBe(200);
    const { order, redirect_url: redirectUrl, access_token: accessToken } = placed.body.psdata;
    expect(order.status).toBe('awaiting_payment');
    expect(redirectUrl).toMatch(new RegExp(`^${sandbox.url}/checkoutnow\\?token=[A-Z0-9]{17}$`));
    const paypalOrderId = new URL(redirectUrl).searchParams.get('token')!;
    // The PayPal order carries the shop's reference and total, in cents exactly.
    const bearer = (await token_()).body.access_token;
    const paypalOrder = (await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${paypalOrderId}`)).body;
    expect(paypalOrder.purchase_units[0]).toMatchObject({ custom_id: order.reference, amount: { currency_code: order.currency, value: centsToValue(order.total) } });

    const approved = await pageAction(sandbox.url, paypalOrderId, 'approve');
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(back.pathname).toMatch(/\/checkout\/validate$/);
    expect(back.searchParams.get('order')).toBe(order.reference);
    const validated = await call('validateOrder', { reference: order.reference, token: accessToken ?? undefined, query: Object.fromEntries(back.searchParams) }, token);
    expect(validated.status).toBe(200);
    expect(validated.body.psdata.status).toBe('payment_accepted');
    await mailTo(shop().app, email);

    // Every notification (approval, capture) delivered to the API and taken (200).
    await expect.poll(async () => (await events(paypalOrderId)).map((event) => event.deliveries[0]?.state), { timeout: 10_000 }).toEqual(['delivered', 'delivered']);
    const sent = await events(paypalOrderId);
    expect(sent.map((event) => event.event_type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    const rows = () => query<{ event_id: string; status: string }>(sql`select e.event_id, e.status from payment_events e join orders o on o.id = e.order_id where o.reference = ${order.reference} order by e.event_id`);
    const before = await rows();
    expect(before.map((row) => row.event_id).sort()).toEqual(sent.map((event) => event.id).sort());

    // 100 duplicates of each, all delivered and answered 200: one row per event, one mail, the order as it was.
    for (const event of sent) {
      for (let i = 0; i < 100; i++) await fetch(`${sandbox.url}/sandbox/events/${event.id}/resend`, { method: 'POST' });
    }
    await expect
      .poll(async () => (await events(paypalOrderId)).flatMap((event) => event.deliveries.map((delivery) => delivery.state)).filter((state) => state === 'delivered').length, { timeout: 60_000 })
      .toBe(202);
    // Each delivery ends answered 200; an attempt before that may only have been asked to come back: 429 (the
    // sandbox fires all 200 at once from one address, and the API's fair share queues a few per client) or 503 with
    // Retry-After (the read-back from PayPal did not answer in time under that flood; ADR 30).
    const deliveries = (await events(paypalOrderId)).flatMap((event) => event.deliveries.map((delivery) => delivery.attempts.map((attempt) => attempt.status)));
    expect(deliveries.map((attempts) => attempts.at(-1))).toEqual(deliveries.map(() => 200));
    expect(deliveries.flatMap((attempts) => attempts.slice(0, -1)).filter((status) => status !== 429 && status !== 503)).toEqual([]);
    expect(await rows()).toEqual(before);
    const outbox = (await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json<{ messages: Array<{ to: string }> }>().messages as Array<{ to: string }>;
    expect(outbox.filter((message) => message.to === email)).toHaveLength(1);
    const [stored] = await query<{ status: string; payment_id: string }>(sql`select status, payment_id from orders where reference = ${order.reference}`);
    expect(stored).toEqual({ status: 'payment_accepted', payment_id: paypalOrderId });
    // A forged notification is answered 401 and changes nothing.
    const forged = await fetch(`http://127.0.0.1:${apiPort}/webhooks/paypal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.DENIED', resource: {} }) });
    expect(forged.status).toBe(401);
    expect(await rows()).toEqual(before);
  });

  const token_ = () => token(sandbox.url);
});
