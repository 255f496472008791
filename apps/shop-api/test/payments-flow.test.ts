import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, postForm, startSandbox } from '../../card-sandbox/test/support.ts';
import { pageAction, startSandbox as startPaypalSandbox } from '../../paypal-sandbox/test/support.ts';
import { buildApp } from '../src/app.ts';
import { selectRows } from '../src/db/raw.ts';
import { releaseUnpaidOrders, retryStrayRefunds } from '../src/orders/payment.ts';
import { gatewaysFromEnv } from '../src/payments/registry.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop, type OutboxMail } from './databases.ts';

/**
 * Paying an order by card through the shop API, with the card sandbox as the processor and its notifications
 * delivered to the API over HTTP: the return and the notification may come in any order, any number of times,
 * and the order changes once and mails once.
 */
describe.each(DRIVERS)('paying an order by card on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let paypal: Awaited<ReturnType<typeof startPaypalSandbox>>;
  // The sandbox notifies a relay that passes each notification on to this API, as sent, once the API listens.
  let apiUrl = '';
  const relay = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      fetch(`${apiUrl}${request.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(
        (answer) => response.writeHead(answer.status).end(),
        () => response.writeHead(502).end(),
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    sandbox = await startSandbox({ webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/webhooks/card` });
    paypal = await startPaypalSandbox({ webhookUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/webhooks/paypal` });
  });
  afterAll(async () => {
    await sandbox.close();
    await paypal.close();
    await new Promise((resolve) => relay.close(resolve));
  });
  const shop = useTestShop(driver, () => ({ CARD_PROCESSOR_URL: sandbox.url, PAYPAL_API_URL: paypal.url }));
  beforeAll(async () => {
    await shop().app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(shop().app.server.address() as AddressInfo).port}`;
  });
  const call = (name: string, payload: unknown, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, `203.0.113.${(placed % 200) + 20}`));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  let placed = 0;
  /** A guest with a filled checkout places an order paid by card; returns the order, where to pay and the session. */
  async function placeOrder() {
    placed++;
    const [item] = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 order by c.id offset ${placed * 13} limit 1`);
    await shop().handle.db.execute(sql`update combinations set quantity = 20 where id = ${item!.combination_id}`);
    const token = (await call('createCartItem', { ...item, quantity: 1 })).body.psdata.session.token as string;
    const email = `payer${placed}.${randomBytes(3).toString('hex')}@example.com`;
    await call('updateCheckoutEmail', { email }, token);
    await call('updateCheckoutAddress', { shipping: { address: { alias: 'Home', first_name: 'Ada', last_name: 'Rossi', address1: 'Via Roma 1', city: 'Roma', state: 'RM', country: 'IT', postcode: '00184' } } }, token);
    await call('updateCheckoutCarrier', { carrier_id: 1 }, token);
    await call('updateCheckoutPayment', { gateway: 'card' }, token);
    const answer = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
    expect(answer.status).toBe(200);
    const { order, redirect_url: redirectUrl } = answer.body.psdata;
    expect(redirectUrl).toMatch(/\/pay\/cs_/);
    return { token, email, reference: order.reference as string, total: order.total as number, redirectUrl: redirectUrl as string };
  }
  const statusOf = async (reference: string) => (await query<{ status: string }>(sql`select status from orders where reference = ${reference}`))[0]!.status;
  const returnQuery = (location: string | null) => Object.fromEntries(new URL(location!).searchParams);
  const mailsTo = async (email: string) =>
    ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[]).filter((message) => message.to === email);
  /** The mails telling the shopper that a payment the order could not take went back. */
  const strayMailsTo = async (order: { email: string; reference: string }) =>
    (await mailsTo(order.email)).filter((mail) => mail.subject === `A payment for your order ${order.reference} has been refunded`);
  /** The sandbox's events about a session, once it has sent `count` of them. */
  async function eventsOf(sessionUrl: string, count: number) {
    const session = new URL(sessionUrl).pathname.split('/').pop()!;
    const list = async () => ((await (await fetch(`${sandbox.url}/sandbox/events?session_id=${session}`)).json()) as { data: { id: string; type: string }[] }).data;
    await expect.poll(async () => (await list()).length).toBeGreaterThanOrEqual(count);
    return list();
  }

  it('pays once, whichever of the notification and the return comes first; 100 replays change nothing and one mail goes out', async () => {
    const order = await placeOrder();
    const paid = await postForm(order.redirectUrl, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    // The notification may already have paid it; the return then changes nothing, and says so.
    const returned = await call('validateOrder', { reference: order.reference, query: returnQuery(paid.location) }, order.token);
    expect(returned.body.psdata).toMatchObject({ status: 'payment_accepted', payable: false });
    const [completed] = await eventsOf(order.redirectUrl, 1);
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${sandbox.url}/sandbox/events/${completed!.id}/resend`, { method: 'POST' })));
    }
    for (let again = 0; again < 3; again++) await call('validateOrder', { reference: order.reference, query: returnQuery(paid.location) }, order.token);
    await expect.poll(async () => (await query<{ count: number }>(sql`select count(*)::int as count from payment_events where event_id = ${completed!.id}`))[0]!.count).toBe(1);
    expect(await statusOf(order.reference)).toBe('payment_accepted');
    await expect.poll(async () => (await mailsTo(order.email)).length).toBe(1);
    const [mail] = await mailsTo(order.email);
    expect(mail!.subject).toBe(`Your order ${order.reference} is confirmed`);
    expect(mail!.text).toContain('/checkout/success?order=');
  });

  it('keeps an order payable after a declined card, and a 3-D Secure card then pays it', async () => {
    const order = await placeOrder();
    const declined = await postForm(order.redirectUrl, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    await expect.poll(() => statusOf(order.reference)).toBe('payment_error');
    const again = await call('getOrder', { reference: order.reference }, order.token);
    expect(again.body.psdata.payable).toBe(true);
    const challenge = await postForm(order.redirectUrl, card('4000 0027 6000 3184'));
    expect(challenge.status).toBe(303);
    const challengePage = new URL(challenge.location!, sandbox.url).href;
    const challengeId = /name="challenge" value="([^"]+)"/.exec(await (await fetch(challengePage)).text())![1]!;
    const authenticated = await postForm(challengePage, { challenge: challengeId, outcome: 'complete' });
    expect(authenticated.status).toBe(303);
    const returned = await call('validateOrder', { reference: order.reference, query: returnQuery(authenticated.location) }, order.token);
    expect(returned.body.psdata.status).toBe('payment_accepted');
  });

  it('leaves the order waiting when the processor cannot be asked on return; the late notification pays it', async () => {
    const order = await placeOrder();
    await fetch(`${sandbox.url}/sandbox/sessions/${new URL(order.redirectUrl).pathname.split('/').pop()}/hold-events`, { method: 'POST' });
    const paid = await postForm(order.redirectUrl, card('4242 4242 4242 4242'));
    // The same shop, its processor out of reach.
    const cutOff = buildApp({ db: shop().handle.db, config: shop().config, gateways: gatewaysFromEnv({ CARD_PROCESSOR_URL: 'http://127.0.0.1:9' }) });
    const returned = await callApi(cutOff, 'validateOrder', { reference: order.reference, query: returnQuery(paid.location) }, shopperHeaders(order.token));
    await cutOff.close();
    expect(returned).toMatchObject({ status: 200, body: { psdata: { status: 'awaiting_payment', payable: true } } });
    await fetch(`${sandbox.url}/sandbox/sessions/${new URL(order.redirectUrl).pathname.split('/').pop()}/release-events`, { method: 'POST' });
    await expect.poll(() => statusOf(order.reference)).toBe('payment_accepted');
  });

  it('refuses a notification that is badly signed, or whose amount is not the order’s, and changes nothing', async () => {
    const order = await placeOrder();
    const session = new URL(order.redirectUrl).pathname.split('/').pop()!;
    const event = (amount: number) =>
      JSON.stringify({
        id: `evt_forged_${randomBytes(4).toString('hex')}`,
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: session, client_reference_id: order.reference, status: 'complete', payment_status: 'paid', amount_total: amount, currency: 'eur' } },
      });
    const signed = (body: string, secret: string) => {
      const time = Math.floor(Date.now() / 1000);
      return `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${body}`).digest('hex')}`;
    };
    const post = (body: string, signature: string) =>
      shop().app.inject({ method: 'POST', url: '/webhooks/card', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    const forged = event(order.total);
    expect((await post(forged, signed(forged, 'whsec_someone_else'))).statusCode).toBe(401);
    expect((await post(forged, 'nonsense')).statusCode).toBe(401);
    const tooLittle = event(1);
    expect((await post(tooLittle, signed(tooLittle, 'whsec_sandbox'))).statusCode).toBe(200);
    // Signed with the secret and saying "paid" for the right amount: a hint only. The session is read back: unpaid.
    const paidClaim = event(order.total);
    expect((await post(paidClaim, signed(paidClaim, 'whsec_sandbox'))).statusCode).toBe(200);
    expect(await statusOf(order.reference)).toBe('awaiting_payment');
    expect(await mailsTo(order.email)).toEqual([]);
    // A session this shop never started: nothing happens.
    const unknown = event(order.total).replace(session, 'cs_test_unknown');
    expect((await post(unknown, signed(unknown, 'whsec_sandbox'))).statusCode).toBe(200);
    // The processor cannot be asked: 503 with Retry-After, and nothing changes.
    const cutOff = buildApp({ db: shop().handle.db, config: shop().config, gateways: gatewaysFromEnv({ CARD_PROCESSOR_URL: 'http://127.0.0.1:9' }) });
    const unanswered = await cutOff.inject({ method: 'POST', url: '/webhooks/card', payload: paidClaim, headers: { 'content-type': 'application/json', 'stripe-signature': signed(paidClaim, 'whsec_sandbox') } });
    await cutOff.close();
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.headers['retry-after']).toBe('30');
    expect(await statusOf(order.reference)).toBe('awaiting_payment');
  });

  const sessionOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').pop()!;
  /**
   * A failed wait for what the shop makes of a session's notifications, with the sandbox's record of each delivery's
   * tries (status, error, time): says which side held the other back. Seen twice in CI on PostgreSQL (2026-11-29: a
   * stray payment's notification not taken within the wait), not reproduced under load.
   */
  const withDeliveries = (session: string) => async (error: Error) => {
    const sent = await (await fetch(`${sandbox.url}/sandbox/events?session_id=${session}`)).text();
    throw new Error(`${error.message}\nThe sandbox's events of the session and their deliveries: ${sent}`);
  };
  const readSession = async (id: string) =>
    (await (await fetch(`${sandbox.url}/v1/checkout/sessions/${id}`, { headers: { authorization: 'Bearer sk_test_sandbox' } })).json()) as { status: string; payment_status: string; amount_refunded: number };

  it('ends the card page when the shopper pays with PayPal instead; money still paid on it is refunded, never kept twice', async () => {
    const order = await placeOrder();
    const first = sessionOf(order.redirectUrl);
    // The processor fails to end the first page: it stays payable, as a real one might after a fault.
    await fetch(`${sandbox.url}/sandbox/sessions/${first}/fail-next-expire`, { method: 'POST' });
    const switched = await call('updateOrder', { reference: order.reference, gateway: 'paypal' }, order.token);
    expect(switched.status).toBe(200);
    const paypalOrder = new URL(switched.body.psdata.redirect_url).searchParams.get('token')!;
    await pageAction(paypal.url, paypalOrder, 'approve');
    expect((await call('validateOrder', { reference: order.reference, query: {} }, order.token)).body.psdata.status).toBe('payment_accepted');
    // Now the shopper pays the old card page too: the processor takes the money, the shop gives it back.
    expect((await postForm(order.redirectUrl, card('4242 4242 4242 4242'))).status).toBe(303);
    await expect
      .poll(async () => (await call('getOrder', { reference: order.reference }, order.token)).body.psdata.stray_payments, { timeout: 20_000 })
      .toEqual([{ gateway: 'card', amount: order.total, refund: 'refunded' }])
      .catch(withDeliveries(first));
    expect(await readSession(first)).toMatchObject({ payment_status: 'paid', amount_refunded: order.total });
    expect(await statusOf(order.reference)).toBe('payment_accepted');
    const view = (await call('getOrder', { reference: order.reference }, order.token)).body.psdata;
    expect(view).toMatchObject({ gateway: 'paypal', refunded: 0 });
    // Another notification of the stray payment (a new event) refunds nothing more: the refund is spoken for once.
    const emitted = (await (await fetch(`${sandbox.url}/sandbox/sessions/${first}/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'checkout.session.completed' }) })).json()) as { id: string };
    await expect.poll(async () => (await query<{ count: number }>(sql`select count(*)::int as count from payment_events where event_id = ${emitted.id}`))[0]!.count, { timeout: 20_000 }).toBe(1);
    expect(await readSession(first)).toMatchObject({ amount_refunded: order.total });
    expect((await call('getOrder', { reference: order.reference }, order.token)).body.psdata.stray_payments).toEqual([{ gateway: 'card', amount: order.total, refund: 'refunded' }]);
    // The shopper is told once that the second payment went back.
    await expect.poll(async () => (await strayMailsTo(order)).length, { timeout: 20_000 }).toBe(1);
    expect((await strayMailsTo(order))[0]!.text).toContain('it had already been paid another way, or it had been cancelled');
  });

  /** An order paid with PayPal whose first card page stayed payable and was paid as well, its notifications held. */
  async function paidTwice() {
    const order = await placeOrder();
    const first = sessionOf(order.redirectUrl);
    await fetch(`${sandbox.url}/sandbox/sessions/${first}/fail-next-expire`, { method: 'POST' });
    const switched = await call('updateOrder', { reference: order.reference, gateway: 'paypal' }, order.token);
    await pageAction(paypal.url, new URL(switched.body.psdata.redirect_url).searchParams.get('token')!, 'approve');
    expect((await call('validateOrder', { reference: order.reference, query: {} }, order.token)).body.psdata.status).toBe('payment_accepted');
    await fetch(`${sandbox.url}/sandbox/sessions/${first}/hold-events`, { method: 'POST' });
    expect((await postForm(order.redirectUrl, card('4242 4242 4242 4242'))).status).toBe(303);
    return { ...order, first };
  }

  // The stray payment's path is long (the sandbox, its relay, the API, a read-back, the refund): on a loaded machine
  // it took more than 20 s once, on PostgreSQL in CI (2026-11-28), where the run before passed it in 1.3 s.
  it('refunds a stray payment once when two of its notifications arrive at the same moment', async () => {
    const order = await paidTwice();
    // A second event about the paid page, held as well; then both are delivered at once.
    await fetch(`${sandbox.url}/sandbox/sessions/${order.first}/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'checkout.session.completed' }) });
    await fetch(`${sandbox.url}/sandbox/sessions/${order.first}/release-events`, { method: 'POST' });
    await expect
      .poll(async () => (await query<{ count: number }>(sql`select count(*)::int as count from payment_events e join orders o on o.id = e.order_id where o.reference = ${order.reference} and e.gateway = 'card'`))[0]!.count, { timeout: 60_000 })
      .toBe(2)
      .catch(withDeliveries(order.first));
    await expect.poll(async () => (await call('getOrder', { reference: order.reference }, order.token)).body.psdata.stray_payments, { timeout: 60_000 }).toEqual([{ gateway: 'card', amount: order.total, refund: 'refunded' }]);
    expect(await readSession(order.first)).toMatchObject({ amount_refunded: order.total });
    await expect.poll(async () => (await strayMailsTo(order)).length, { timeout: 60_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await strayMailsTo(order)).toHaveLength(1);
  }, 90_000);

  it('takes up a stray refund cut short, after reading back what the processor already gave back', async () => {
    const stuck = async (reference: string, total: number, minutesAgo: number) =>
      shop().handle.db.execute(sql`update payment_attempts a set stray_cents = ${total}, stray_refund = 'requested', updated_at = now() - make_interval(mins => ${minutesAgo})
        from orders o where o.id = a.order_id and o.reference = ${reference} and a.gateway = 'card'`);
    // A refund spoken for a moment ago is another process's to finish: nothing is taken up.
    const recent = await paidTwice();
    await stuck(recent.reference, recent.total, 1);
    expect(await retryStrayRefunds(shop().payments)).toBe(0);
    // One spoken for long ago and never made (the process stopped before asking the processor): made now, once.
    const lost = await paidTwice();
    await stuck(lost.reference, lost.total, 30);
    // One whose refund reached the processor before the process stopped: read back, nothing given twice.
    const made = await paidTwice();
    await stuck(made.reference, made.total, 30);
    const intent = (await (await fetch(`${sandbox.url}/v1/checkout/sessions/${made.first}`, { headers: { authorization: 'Bearer sk_test_sandbox' } })).json()) as { payment_intent: string };
    const refunded = await fetch(`${sandbox.url}/v1/refunds`, { method: 'POST', headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${intent.payment_intent}` });
    expect(refunded.status).toBe(200);
    expect(await retryStrayRefunds(shop().payments)).toBe(2);
    for (const order of [lost, made]) {
      expect(await readSession(order.first)).toMatchObject({ amount_refunded: order.total });
      expect((await call('getOrder', { reference: order.reference }, order.token)).body.psdata.stray_payments).toEqual([{ gateway: 'card', amount: order.total, refund: 'refunded' }]);
    }
    // Each shopper is told once, whichever process gave the money back.
    expect(await strayMailsTo(lost)).toHaveLength(1);
    expect(await strayMailsTo(made)).toHaveLength(1);
    expect(await retryStrayRefunds(shop().payments)).toBe(0);
    expect(await readSession(recent.first)).toMatchObject({ amount_refunded: 0 });
  });

  it('keeps a paid order paid when an old payment page expires, and never captures a PayPal approval of an ended attempt', async () => {
    const order = await placeOrder();
    const first = sessionOf(order.redirectUrl);
    // Pay with PayPal first, approve, but switch back to the card before coming back: the approval is not captured.
    const viaPaypal = await call('updateOrder', { reference: order.reference, gateway: 'paypal' }, order.token);
    expect(await readSession(first)).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    const paypalOrder = new URL(viaPaypal.body.psdata.redirect_url).searchParams.get('token')!;
    const backToCard = await call('updateOrder', { reference: order.reference, gateway: 'card' }, order.token);
    await pageAction(paypal.url, paypalOrder, 'approve');
    const second = backToCard.body.psdata.redirect_url as string;
    expect((await postForm(second, card('4242 4242 4242 4242'))).status).toBe(303);
    expect((await call('validateOrder', { reference: order.reference, query: {} }, order.token)).body.psdata.status).toBe('payment_accepted');
    // The PayPal approval's notification arrives: it names an ended attempt, which is read back and left uncaptured.
    await expect.poll(async () => ((await (await fetch(`${paypal.url}/sandbox/orders/${paypalOrder}`)).json()) as { status: string }).status).toBe('APPROVED');
    // The old card page's expiry, and an expiry event about the paying session itself, leave the order paid.
    for (const id of [first, sessionOf(second)]) {
      await fetch(`${sandbox.url}/sandbox/sessions/${id}/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'checkout.session.expired' }) });
    }
    await eventsOf(second, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(order.reference)).toBe('payment_accepted');
    expect((await call('getOrder', { reference: order.reference }, order.token)).body.psdata.stray_payments).toEqual([]);
    expect(((await (await fetch(`${paypal.url}/sandbox/orders/${paypalOrder}`)).json()) as { status: string }).status).toBe('APPROVED');
  });

  it('asks the processor before giving an unpaid order up: a payment whose notification was lost pays it', async () => {
    const order = await placeOrder();
    const session = sessionOf(order.redirectUrl);
    await fetch(`${sandbox.url}/sandbox/sessions/${session}/hold-events`, { method: 'POST' });
    expect((await postForm(order.redirectUrl, card('4242 4242 4242 4242'))).status).toBe(303);
    // No return, no notification; the order's time runs out.
    await query(sql`update orders set pay_by = now() - interval '1 minute' where reference = ${order.reference}`);
    const lost = await placeOrder();
    await query(sql`update orders set pay_by = now() - interval '1 minute' where reference = ${lost.reference}`);
    expect(await releaseUnpaidOrders(shop().payments)).toBe(1);
    expect(await statusOf(order.reference)).toBe('payment_accepted');
    await expect.poll(async () => (await mailsTo(order.email)).length).toBe(1);
    // The one never paid is cancelled, and its page can no longer be paid.
    expect(await statusOf(lost.reference)).toBe('cancelled');
    expect(await readSession(sessionOf(lost.redirectUrl))).toMatchObject({ status: 'expired' });
  });

  it('ends the payment page when the shopper takes the order back to the cart', async () => {
    const order = await placeOrder();
    expect((await call('returnOrderToCart', { reference: order.reference }, order.token)).status).toBe(200);
    expect(await statusOf(order.reference)).toBe('cancelled');
    expect(await readSession(sessionOf(order.redirectUrl))).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    expect((await postForm(order.redirectUrl, card('4242 4242 4242 4242'))).status).not.toBe(303);
  });
});
