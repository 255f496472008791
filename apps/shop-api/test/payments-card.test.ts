import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, postForm, startReceiver, startSandbox } from '../../card-sandbox/test/support.ts';
import { InvalidNotificationError, type PayableOrder, type PaymentGateway } from '../src/payments/gateway.ts';
import { CardProcessorError, createCardGateway, readCardGatewayConfig } from '../src/payments/gateways/card.ts';

// The card gateway against the card sandbox (apps/card-sandbox), as the shop uses it.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let gateway: PaymentGateway;
let orders = 0;

function order(overrides: Partial<PayableOrder> = {}): PayableOrder {
  orders++;
  return {
    reference: `CARDTEST${orders}`,
    totalCents: 12_345,
    currency: 'EUR',
    lang: 'fr',
    returnUrl: 'http://127.0.0.1:3000/fr/checkout/validate?gateway=card',
    cancelUrl: 'http://127.0.0.1:3000/fr/checkout?step=payment',
    ...overrides,
  };
}

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startSandbox({ webhookUrl: receiver.url });
  gateway = createCardGateway({ ...readCardGatewayConfig({ CARD_PROCESSOR_URL: `${sandbox.url}/` }), timeoutMs: 2_000 });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('card gateway configuration', () => {
  it('has the documented defaults', () => {
    expect(readCardGatewayConfig({})).toMatchObject({
      processorUrl: 'http://127.0.0.1:4100',
      secretKey: 'sk_test_sandbox',
      webhookSecret: 'whsec_sandbox',
      signatureToleranceSeconds: 300,
    });
    expect(readCardGatewayConfig({ CARD_PROCESSOR_URL: 'https://pay.example/', CARD_PROCESSOR_SECRET_KEY: 'sk_x', CARD_WEBHOOK_SECRET: 'whsec_x' })).toMatchObject({
      processorUrl: 'https://pay.example',
      secretKey: 'sk_x',
      webhookSecret: 'whsec_x',
    });
  });
});

describe('createPayment and readPayment', () => {
  it('sends the shopper to the hosted page and reads a paid session back as payment_accepted', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    expect(created.paymentId).toMatch(/^cs_test_/);
    expect(created.redirectUrl).toBe(`${sandbox.url}/pay/${created.paymentId}`);
    const page = await (await fetch(created.redirectUrl)).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toMatch(/123,45\s€/);
    // Before paying: still awaiting.
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'awaiting_payment' });
    const paid = await postForm(created.redirectUrl, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://127.0.0.1:3000/fr/checkout/validate?gateway=card&session_id=${created.paymentId}`);
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_accepted' });
  });

  it('reads a declined attempt as payment_error and an expired session as cancelled', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    const declined = await postForm(created.redirectUrl, card('4000 0000 0000 9995'));
    expect(declined.status).toBe(402);
    // The shopper gives up from the page: the cancel link names the session too.
    const cancelLink = /<a href="([^"]+)">[^<]*<\/a><\/p>\s*<\/main>/.exec(declined.html)?.[1]?.replace(/&amp;/g, '&') as string;
    expect(cancelLink).toBe(`http://127.0.0.1:3000/fr/checkout?step=payment&session_id=${created.paymentId}`);
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ paymentId: created.paymentId, status: 'payment_error' });

    const other = order();
    const open = await gateway.createPayment(other);
    await fetch(`${sandbox.url}/v1/checkout/sessions/${open.paymentId}/expire`, { method: 'POST', headers: { authorization: 'Bearer sk_test_sandbox' } });
    expect(await gateway.readPayment({ order: other, paymentId: open.paymentId, settle: true })).toMatchObject({ paymentId: open.paymentId, status: 'cancelled' });
  });

  it('never trusts the query: another order’s session, a made-up id or none is refused', async () => {
    const mine = order();
    const theirs = order();
    const theirSession = await gateway.createPayment(theirs);
    await postForm(theirSession.redirectUrl, card('4242424242424242'));
    await expect(gateway.readPayment({ order: mine, paymentId: theirSession.paymentId, settle: true })).rejects.toThrow(CardProcessorError);
    await expect(gateway.readPayment({ order: mine, paymentId: 'cs_test_madeup', settle: true })).rejects.toMatchObject({ processorStatus: 404 });
    await expect(gateway.readPayment({ order: mine, paymentId: '', settle: true })).rejects.toThrow(CardProcessorError);
    await expect(gateway.readPayment({ order: mine, paymentId: '../../v1/refunds', settle: true })).rejects.toThrow(CardProcessorError);
    // Same reference, another amount: not this order's payment.
    await expect(gateway.readPayment({ order: { ...theirs, totalCents: 1 }, paymentId: theirSession.paymentId, settle: true })).rejects.toThrow(/not the order/);
  });

  it('reports a refused or unreachable processor as CardProcessorError', async () => {
    const wrongKey = createCardGateway({ ...readCardGatewayConfig({ CARD_PROCESSOR_URL: sandbox.url, CARD_PROCESSOR_SECRET_KEY: 'sk_test_wrong' }), timeoutMs: 2_000 });
    await expect(wrongKey.createPayment(order())).rejects.toMatchObject({ name: 'CardProcessorError', processorStatus: 401, statusCode: 502 });
    const down = createCardGateway({ ...readCardGatewayConfig({ CARD_PROCESSOR_URL: 'http://127.0.0.1:9' }), timeoutMs: 2_000 });
    await expect(down.createPayment(order())).rejects.toThrow(/unreachable/);
    await expect(gateway.createPayment(order({ totalCents: 10.5 }))).rejects.toThrow(CardProcessorError);
    // A processor that never answers: the call gives up at its timeout.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createCardGateway({ ...readCardGatewayConfig({ CARD_PROCESSOR_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` }), timeoutMs: 200 });
      const started = Date.now();
      await expect(slow.createPayment(order())).rejects.toThrow(/no answer within 200 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('refund', () => {
  it('gives back part of a paid order, then the rest, and refuses more', async () => {
    const payable = order({ totalCents: 10_000 });
    const created = await gateway.createPayment(payable);
    await postForm(created.redirectUrl, card('4242424242424242'));
    const first = await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 2_500 });
    expect(first.refundId).toMatch(/^re_/);
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_501 })).rejects.toMatchObject({ code: 'amount_too_large' });
    await gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 7_500 });
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('refuses an unpaid order', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    await expect(gateway.refund({ order: payable, paymentId: created.paymentId, amountCents: 100 })).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });
});

describe('handleNotification', () => {
  /** A real notification from the sandbox, as the webhook route would get it. */
  async function notification(number: string) {
    const payable = order();
    const before = receiver.received.length;
    const created = await gateway.createPayment(payable);
    await postForm(created.redirectUrl, card(number));
    await receiver.waitFor(before + 1);
    const received = receiver.received[before]!;
    return { payable, created, headers: received.headers as Record<string, string>, rawBody: received.rawBody };
  }

  it('verifies a sandbox notification and names only its event and the session to read back', async () => {
    const paid = await notification('4242424242424242');
    expect(await gateway.handleNotification({ headers: paid.headers, rawBody: paid.rawBody })).toEqual({ eventId: JSON.parse(paid.rawBody).id, paymentId: paid.created.paymentId });
    const declined = await notification('4000000000000002');
    expect(await gateway.handleNotification({ headers: declined.headers, rawBody: declined.rawBody })).toEqual({ eventId: JSON.parse(declined.rawBody).id, paymentId: declined.created.paymentId });
    // A replay says the same event id: the shop recognises it.
    const again = await gateway.handleNotification({ headers: { 'Stripe-Signature': paid.headers['stripe-signature'] }, rawBody: paid.rawBody });
    expect(again.eventId).toBe(JSON.parse(paid.rawBody).id);
  });

  it('refuses a tampered body, a wrong secret, a stale or missing signature', async () => {
    const { headers, rawBody } = await notification('4242424242424242');
    const tampered = rawBody.replace('"payment_status":"paid"', '"payment_status":"paid" ');
    await expect(gateway.handleNotification({ headers, rawBody: tampered })).rejects.toThrow(InvalidNotificationError);
    const otherReference = rawBody.replace(/"client_reference_id":"[^"]+"/, '"client_reference_id":"SOMEONE-ELSE"');
    await expect(gateway.handleNotification({ headers, rawBody: otherReference })).rejects.toThrow(/Bad notification signature/);

    const sign = (secret: string, t: number, body = rawBody) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': sign('whsec_wrong', now) }, rawBody })).rejects.toThrow(InvalidNotificationError);
    // Correctly signed, but six minutes old (or ahead): refused, so an old capture cannot be replayed.
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': sign('whsec_sandbox', now - 360) }, rawBody })).rejects.toThrow(/Stale/);
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': sign('whsec_sandbox', now + 360) }, rawBody })).rejects.toThrow(/Stale/);
    // Within the tolerance, and among several v1 (a secret being rotated): accepted.
    const rotated = `${sign('whsec_sandbox', now - 200)},v1=${'0'.repeat(64)}`.replace(/^(t=\d+),(v1=[0-9a-f]+),(v1=0+)$/, '$1,$3,$2');
    expect((await gateway.handleNotification({ headers: { 'stripe-signature': rotated }, rawBody })).paymentId).toBe(JSON.parse(rawBody).data.object.id);
    await expect(gateway.handleNotification({ headers: {}, rawBody })).rejects.toThrow(/No Stripe-Signature/);
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': 'v1=abc' }, rawBody })).rejects.toThrow(/Malformed/);
    // Signed but not a checkout session event, or not JSON.
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': sign('whsec_sandbox', now, '{"id":"evt_1"}') }, rawBody: '{"id":"evt_1"}' })).rejects.toThrow(InvalidNotificationError);
    await expect(gateway.handleNotification({ headers: { 'stripe-signature': sign('whsec_sandbox', now, 'nope') }, rawBody: 'nope' })).rejects.toThrow(InvalidNotificationError);
    const error = await gateway.handleNotification({ headers, rawBody: tampered }).catch((caught: unknown) => caught);
    expect((error as InvalidNotificationError).statusCode).toBe(401);
  });

  it('takes expiry and delayed-payment failures as hints, and ends an open session', async () => {
    const payable = order();
    const created = await gateway.createPayment(payable);
    const before = receiver.received.length;
    await fetch(`${sandbox.url}/sandbox/sessions/${created.paymentId}/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'checkout.session.async_payment_failed' }),
    });
    await gateway.endPayment({ paymentId: created.paymentId });
    // Ending a session that is no longer open is no failure.
    await gateway.endPayment({ paymentId: created.paymentId });
    await receiver.waitFor(before + 2);
    const types = [];
    for (const received of receiver.received.slice(before)) {
      expect((await gateway.handleNotification({ headers: received.headers as Record<string, string>, rawBody: received.rawBody })).paymentId).toBe(created.paymentId);
      types.push(JSON.parse(received.rawBody).type);
    }
    expect(types.sort()).toEqual(['checkout.session.async_payment_failed', 'checkout.session.expired']);
    expect(await gateway.readPayment({ order: payable, paymentId: created.paymentId, settle: true })).toMatchObject({ status: 'cancelled' });
  });
});
