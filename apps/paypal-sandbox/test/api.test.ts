import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, basic, createOrder, orderRequest, pageAction, startSandbox, token } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let bearer: string;

beforeAll(async () => {
  // Nobody listens for notifications here: tries fail fast and stop (webhooks.test.ts covers them).
  sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/webhooks/paypal', webhookAttempts: 1 });
  bearer = (await token(sandbox.url)).body.access_token;
});
afterAll(() => sandbox.close());

describe('OAuth 2.0 client credentials', () => {
  it('gives a bearer token for the right client id and secret', async () => {
    const { status, body } = await token(sandbox.url);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32_400, access_token: expect.stringMatching(/^A21AA[\w-]{20,}$/) });
    expect(body.access_token).not.toBe(bearer);
  });

  it('refuses wrong or missing credentials with invalid_client, and other grants', async () => {
    for (const authorization of [basic('sandbox-client', 'wrong'), basic('someone', 'sandbox-secret'), 'Basic !!!', 'Bearer x', '']) {
      expect(await token(sandbox.url, authorization)).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } });
    }
    expect(await token(sandbox.url, basic(), 'grant_type=password')).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(await token(sandbox.url, basic(), '')).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } });
  });

  it('answers 401 to calls without a token, with an unknown one, or with an expired one', async () => {
    const none = await fetch(`${sandbox.url}/v2/checkout/orders/X`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    expect(await api(sandbox.url, 'A21AAmadeup', 'GET', '/v2/checkout/orders/X')).toMatchObject({
      status: 401,
      body: { error: 'invalid_token', error_description: 'Access Token not found in cache' },
    });
    const short = await startSandbox({ tokenTtlSeconds: 1, webhookUrl: 'http://127.0.0.1:9/', webhookAttempts: 1 });
    try {
      const given = (await token(short.url)).body;
      expect(given.expires_in).toBe(1);
      expect((await api(short.url, given.access_token, 'POST', '/v2/checkout/orders', orderRequest())).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await api(short.url, given.access_token, 'POST', '/v2/checkout/orders', orderRequest())).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    } finally {
      await short.close();
    }
    // The test control expires every token at once.
    const other = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/', webhookAttempts: 1 });
    try {
      const live = (await token(other.url)).body.access_token;
      expect(await (await fetch(`${other.url}/sandbox/tokens/expire`, { method: 'POST' })).json()).toEqual({ expired: 1 });
      expect((await api(other.url, live, 'GET', '/v2/checkout/orders/X')).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('orders', () => {
  it('creates an order that waits for the payer, with its links', async () => {
    const { status, body } = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', orderRequest({ value: '61.12', reference: 'R-61' }));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [{ reference_id: 'R-61', custom_id: 'R-61', amount: { currency_code: 'EUR', value: '61.12' } }],
    });
    const rels = Object.fromEntries(body.links.map((link: { rel: string; href: string }) => [link.rel, link.href]));
    expect(rels.self).toBe(`${sandbox.url}/v2/checkout/orders/${body.id}`);
    expect(rels['payer-action']).toBe(`${sandbox.url}/checkoutnow?token=${body.id}`);
    // The older request shape (application_context) answers CREATED with an `approve` link.
    const legacy = await createOrder(sandbox.url, bearer, { legacy: true });
    expect(legacy.status).toBe('CREATED');
    expect(legacy.links.map((link: { rel: string }) => link.rel)).toContain('approve');
    expect((await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${body.id}`)).body).toMatchObject({ id: body.id, status: 'PAYER_ACTION_REQUIRED' });
  });

  it('makes one order of the same PayPal-Request-Id', async () => {
    const headers = { 'paypal-request-id': 'ORDER-7-1' };
    const first = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', orderRequest(), headers);
    const again = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', orderRequest({ value: '1.00' }), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.purchase_units[0].amount.value).toBe('61.12');
    const other = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', orderRequest(), { 'paypal-request-id': 'ORDER-7-2' });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('refuses bad requests in PayPal’s error shape', async () => {
    const check = async (body: unknown, status: number, name: string, issue: string, field?: string) => {
      const answer = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', body);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ name, message: expect.any(String), debug_id: expect.any(String), details: [{ issue, ...(field ? { field } : {}) }] });
      expect(answer.headers.get('paypal-debug-id')).toBe(answer.body.debug_id);
    };
    const request = orderRequest();
    await check({ ...request, intent: undefined }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/intent');
    await check({ ...request, intent: 'AUTHORIZE' }, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/intent');
    await check({ ...request, purchase_units: [] }, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/purchase_units');
    await check(orderRequest({ value: '61.123' }), 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', '/purchase_units/0/amount/value');
    await check(orderRequest({ value: '0.00' }), 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE');
    await check(orderRequest({ value: '-1.00' }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    await check(orderRequest({ value: '1e3' }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    await check(orderRequest({ currency: 'XXX' }), 422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
    await check(orderRequest({ currency: 'JPY', value: '100.50' }), 422, 'UNPROCESSABLE_ENTITY', 'DECIMALS_NOT_SUPPORTED');
    await check(orderRequest({ locale: 'french' }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', '/payment_source/paypal/experience_context/locale');
    const noReturn = orderRequest() as { payment_source: { paypal: { experience_context: { return_url?: string } } } };
    delete noReturn.payment_source.paypal.experience_context.return_url;
    await check(noReturn, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/payment_source/paypal/experience_context/return_url');
    const badJson = await fetch(`${sandbox.url}/v2/checkout/orders`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: '{"intent":' });
    expect(await badJson.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });
    const huge = await api(sandbox.url, bearer, 'POST', '/v2/checkout/orders', { ...request, padding: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await api(sandbox.url, bearer, 'GET', '/v2/checkout/orders/NOSUCHORDER')).toMatchObject({ status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
  });
});

describe('capture', () => {
  it('refuses an unapproved order, captures an approved one once, and says so after', async () => {
    const order = await createOrder(sandbox.url, bearer, { value: '61.12' });
    expect(await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
    });
    expect((await pageAction(sandbox.url, order.id, 'approve')).status).toBe(303);
    expect((await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body).toMatchObject({ status: 'APPROVED', payer: { payer_id: expect.any(String) } });
    const captured = await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`, undefined, { 'paypal-request-id': `capture-${order.id}` });
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'COMPLETED', amount: { currency_code: 'EUR', value: '61.12' } }] } }],
    });
    // The same request id answers the same; another capture is refused.
    const replay = await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`, {}, { 'paypal-request-id': `capture-${order.id}` });
    expect(replay.status).toBe(201);
    expect(replay.body.purchase_units[0].payments.captures[0].id).toBe(captured.body.purchase_units[0].payments.captures[0].id);
    expect(await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`, {})).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
  });

  it('declines the next capture when the test control says so', async () => {
    const order = await createOrder(sandbox.url, bearer);
    await pageAction(sandbox.url, order.id, 'approve');
    expect((await fetch(`${sandbox.url}/sandbox/orders/${order.id}/decline-next-capture`, { method: 'POST' })).status).toBe(200);
    const captured = await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.purchase_units[0].payments.captures[0]).toMatchObject({ status: 'DECLINED', amount: { value: '61.12' } });
    expect(await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`)).toMatchObject({ status: 422, body: { details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
  });
});

describe('refunds', () => {
  async function capturedOrder(value: string) {
    const order = await createOrder(sandbox.url, bearer, { value });
    await pageAction(sandbox.url, order.id, 'approve');
    const captured = await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    return captured.body.purchase_units[0].payments.captures[0].id as string;
  }

  it('gives back part, then the rest, and refuses more', async () => {
    const capture = await capturedOrder('100.00');
    const part = await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'EUR', value: '25.50' } });
    expect(part).toMatchObject({ status: 201, body: { status: 'COMPLETED', amount: { value: '25.50', currency_code: 'EUR' } } });
    expect((await api(sandbox.url, bearer, 'GET', `/v2/payments/captures/${capture}`)).body.status).toBe('PARTIALLY_REFUNDED');
    expect(await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'EUR', value: '74.51' } })).toMatchObject({
      status: 422,
      body: { details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
    });
    expect(await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'USD', value: '1.00' } })).toMatchObject({
      status: 422,
      body: { details: [{ issue: 'CURRENCY_MISMATCH' }] },
    });
    // No amount: all that is left.
    expect((await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`)).body.amount.value).toBe('74.50');
    expect((await api(sandbox.url, bearer, 'GET', `/v2/payments/captures/${capture}`)).body.status).toBe('REFUNDED');
    expect(await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'EUR', value: '0.01' } })).toMatchObject({
      status: 422,
      body: { details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
    });
  });

  it('makes one refund of the same PayPal-Request-Id, and none of an unknown capture', async () => {
    const capture = await capturedOrder('10.00');
    const headers = { 'paypal-request-id': 'refund-1' };
    const first = await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'EUR', value: '1.00' } }, headers);
    const again = await api(sandbox.url, bearer, 'POST', `/v2/payments/captures/${capture}/refund`, { amount: { currency_code: 'EUR', value: '1.00' } }, headers);
    expect(again.body.id).toBe(first.body.id);
    expect((await api(sandbox.url, bearer, 'GET', `/v2/payments/captures/${capture}`)).body.status).toBe('PARTIALLY_REFUNDED');
    expect((await api(sandbox.url, bearer, 'POST', '/v2/payments/captures/NOSUCHCAPTURE/refund')).status).toBe(404);
  });
});
