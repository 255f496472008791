import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, card, createSession, postForm, startSandbox } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  // Nothing listens on port 9: notifications fail quietly, which these tests do not look at.
  sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/webhooks/card', webhookAttempts: 1 });
});
afterAll(() => sandbox.close());

const valid = {
  amount: 1250,
  currency: 'EUR',
  client_reference_id: 'ORDER-API',
  success_url: 'https://shop.test/en/checkout/validate?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://shop.test/en/checkout?step=payment',
  locale: 'de',
};

describe('checkout sessions', () => {
  it('are created with the secret key and answer in Stripe’s shape', async () => {
    const { status, body } = await api(sandbox.url, 'POST', '/v1/checkout/sessions', valid);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1250,
      currency: 'eur',
      client_reference_id: 'ORDER-API',
      locale: 'de',
      // The template stays as sent; it is filled in on the way back.
      success_url: valid.success_url,
    });
    expect(body.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(body.payment_intent).toMatch(/^pi_[A-Za-z0-9]+$/);
    expect(body.url).toBe(`${sandbox.url}/pay/${body.id}`);
    const read = await api(sandbox.url, 'GET', `/v1/checkout/sessions/${body.id}`);
    expect(read.body).toEqual(body);
  });

  it('refuse a missing or wrong key with 401', async () => {
    const wrong = await api(sandbox.url, 'POST', '/v1/checkout/sessions', valid, 'sk_test_wrong_key_here');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.type).toBe('invalid_request_error');
    expect(wrong.body.error.message).not.toContain('sk_test_wrong_key_here');
    const none = await fetch(`${sandbox.url}/v1/checkout/sessions/cs_test_x`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as any).error.type).toBe('invalid_request_error');
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: 12.5 }, 'amount'],
    [{ amount: '12' + '0'.repeat(20) }, 'amount'],
    [{ amount: undefined }, 'amount'],
    [{ currency: 'euro' }, 'currency'],
    [{ client_reference_id: '' }, 'client_reference_id'],
    [{ success_url: 'javascript:alert(1)' }, 'success_url'],
    [{ cancel_url: 'not a url' }, 'cancel_url'],
    [{ locale: 'nl' }, 'locale'],
    [{ card_number: '4242424242424242' }, 'card_number'],
  ])('refuse a bad body with 400 naming the parameter (%o)', async (change, param) => {
    const { status, body } = await api(sandbox.url, 'POST', '/v1/checkout/sessions', { ...valid, ...change });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', param });
    expect(typeof body.error.message).toBe('string');
  });

  it('refuse bodies that are not JSON objects or are too large', async () => {
    const notJson = await fetch(`${sandbox.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_sandbox', 'content-type': 'application/json' },
      body: '{"amount":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as any).error.type).toBe('invalid_request_error');
    const large = await api(sandbox.url, 'POST', '/v1/checkout/sessions', { ...valid, client_reference_id: 'x'.repeat(20_000) });
    expect(large.status).toBe(413);
    expect((await api(sandbox.url, 'POST', '/v1/checkout/sessions', [1, 2])).status).toBe(400);
  });

  it('answer 404 for an unknown session, in Stripe’s shape', async () => {
    const { status, body } = await api(sandbox.url, 'GET', '/v1/checkout/sessions/cs_test_nothing');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it('are forgotten oldest first beyond the bound', async () => {
    const small = await startSandbox({ maxSessions: 3, webhookUrl: 'http://127.0.0.1:9/', webhookAttempts: 1 });
    try {
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await createSession(small.url)).id);
      expect((await api(small.url, 'GET', `/v1/checkout/sessions/${ids[0]}`)).status).toBe(404);
      expect((await api(small.url, 'GET', `/v1/checkout/sessions/${ids[3]}`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('refunds', () => {
  it('give back what was paid, in parts, and no more', async () => {
    const created = await createSession(sandbox.url, { amount: 5000 });
    expect((await postForm(created.url, card('4242424242424242'))).status).toBe(303);
    const part = await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent, amount: 2000 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'succeeded', amount: 2000 });
    expect(part.body.id).toMatch(/^re_/);
    const tooMuch = await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent, amount: 3001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' });
    // Without an amount: what is left.
    const rest = await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent });
    expect(rest.body).toMatchObject({ status: 'succeeded', amount: 3000 });
    const again = await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent, amount: 1 });
    expect(again.body.error.code).toBe('charge_already_refunded');
    expect((await api(sandbox.url, 'GET', `/v1/checkout/sessions/${created.id}`)).body.amount_refunded).toBe(5000);
  });

  it('refuse an unpaid or unknown payment intent, and need the key', async () => {
    const created = await createSession(sandbox.url);
    const unpaid = await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent, amount: 100 });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.error.code).toBe('charge_not_refundable');
    expect((await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: 'pi_nothing' })).status).toBe(404);
    expect((await api(sandbox.url, 'POST', '/v1/refunds', { payment_intent: created.payment_intent }, 'sk_bad')).status).toBe(401);
  });
});

describe('health', () => {
  it('answers /health/live', async () => {
    const response = await fetch(`${sandbox.url}/health/live`);
    expect(response.status).toBe(200);
  });
});
