import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createOrder, getOrder, KEY, orderBody, pay, startSandbox } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('the API key', () => {
  it('is taken from the query or an api_key header; a wrong or missing one is 1032 with 401', async () => {
    const body = orderBody();
    expect(await api(sandbox.url, 'POST', '/v1/json/orders', body, 'wrong')).toEqual({
      status: 401,
      body: { success: false, data: {}, error_code: 1032, error_info: 'Invalid API key' },
    });
    expect((await api(sandbox.url, 'GET', `/v1/json/orders/${body.order_id}`, undefined, null)).status).toBe(401);
    const byHeader = await fetch(`${sandbox.url}/v1/json/orders`, {
      method: 'POST',
      headers: { api_key: KEY, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(byHeader.status).toBe(200);
  });
});

describe('POST /v1/json/orders', () => {
  it('makes a redirect order and gives its payment page; GET reads it back, initialized', async () => {
    const body = orderBody({ var1: 'AM12345678' });
    const created = await api(sandbox.url, 'POST', '/v1/json/orders', body);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, data: { order_id: body.order_id, payment_url: expect.stringMatching(new RegExp(`^${sandbox.url}/pay/[\\w-]{32}$`)) } });
    const order = await getOrder(sandbox.url, body.order_id);
    expect(order).toMatchObject({
      order_id: body.order_id,
      status: 'initialized',
      financial_status: 'initialized',
      amount: 4990,
      amount_refunded: 0,
      currency: 'EUR',
      description: 'Order at Atelier Moda',
      var1: 'AM12345678',
      customer: { locale: 'en_US', email: 'ada@example.com' },
      payment_details: { type: null },
      transaction_id: expect.any(Number),
    });
    expect(order.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect((await api(sandbox.url, 'GET', '/v1/json/orders/NOPE')).body).toEqual({ success: false, data: {}, error_code: 1006, error_info: 'Invalid transaction ID' });
  });

  it('refuses what MultiSafepay refuses, with its error codes', async () => {
    const refused = async (extra: Record<string, unknown>) => (await api(sandbox.url, 'POST', '/v1/json/orders', orderBody(extra))).body;
    expect(await refused({ amount: 10.5 })).toMatchObject({ success: false, error_code: 1001 });
    expect(await refused({ amount: 0 })).toMatchObject({ error_code: 1001 });
    expect(await refused({ amount: '100' })).toMatchObject({ error_code: 1001 });
    expect(await refused({ currency: 'XXX' })).toMatchObject({ error_code: 1002 });
    expect(await refused({ description: '' })).toMatchObject({ error_code: 1008 });
    expect(await refused({ description: 'x'.repeat(201) })).toMatchObject({ error_code: 1008 });
    expect(await refused({ order_id: '' })).toMatchObject({ error_code: 1006 });
    expect(await refused({ var1: 'x'.repeat(101) })).toMatchObject({ error_code: 1010 });
    expect(await refused({ gateway: 'BITCOIN' })).toMatchObject({ error_code: 1023 });
    expect(await refused({ type: 'direct' })).toMatchObject({ error_code: 1000 });
    expect(await refused({ payment_options: { redirect_url: 'http://shop.test/ok' } })).toMatchObject({ error_code: 1016, error_info: expect.stringContaining('cancel_url') });
    expect(await refused({ payment_options: { redirect_url: 'javascript:alert(1)', cancel_url: 'http://shop.test/' } })).toMatchObject({ error_code: 1016 });
    const tooBig = await fetch(`${sandbox.url}/v1/json/orders?api_key=${KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(orderBody({ description: 'x'.repeat(20_000) })) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ success: false, data: {} });
  });

  it('takes an order_id again while nothing was paid on it, and refuses it (1006) once a transaction was made', async () => {
    const body = orderBody();
    const first = (await api(sandbox.url, 'POST', '/v1/json/orders', body)).body.data;
    // Not paid yet: the order is made again (a new payment page); the old page is gone.
    const again = (await api(sandbox.url, 'POST', '/v1/json/orders', body)).body.data;
    expect(again.payment_url).not.toBe(first.payment_url);
    expect((await fetch(first.payment_url)).status).toBe(404);
    // Declined: may be used again, as a new transaction.
    const declinedTransaction = (await getOrder(sandbox.url, body.order_id)).transaction_id;
    await pay(again.payment_url, 'CREDITCARD', 'decline');
    expect((await getOrder(sandbox.url, body.order_id)).status).toBe('declined');
    const retry = (await api(sandbox.url, 'POST', '/v1/json/orders', body)).body.data;
    const retried = await getOrder(sandbox.url, body.order_id);
    expect(retried).toMatchObject({ status: 'initialized', payment_details: { type: null } });
    expect(retried.transaction_id).not.toBe(declinedTransaction);
    // Paid: refused.
    await pay(retry.payment_url, 'IDEAL');
    expect(await api(sandbox.url, 'POST', '/v1/json/orders', body)).toMatchObject({ status: 409, body: { success: false, error_code: 1006 } });
    // A bank transfer under way: refused too (the money may still come).
    const transfer = orderBody();
    const transferOrder = (await api(sandbox.url, 'POST', '/v1/json/orders', transfer)).body.data;
    await pay(transferOrder.payment_url, 'BANKTRANS');
    expect((await api(sandbox.url, 'POST', '/v1/json/orders', transfer)).body.error_code).toBe(1006);
  });

  it('cancels an unpaid order (PATCH status cancelled), and expires one past its time', async () => {
    const { orderId, paymentUrl } = await createOrder(sandbox.url);
    expect((await api(sandbox.url, 'PATCH', `/v1/json/orders/${orderId}`, { status: 'cancelled' })).body).toEqual({ success: true, data: {} });
    expect((await getOrder(sandbox.url, orderId)).status).toBe('cancelled');
    expect((await fetch(paymentUrl)).status).toBe(410);
    expect((await api(sandbox.url, 'PATCH', `/v1/json/orders/${orderId}`, { status: 'cancelled' })).status).toBe(409);

    const short = await createOrder(sandbox.url, { seconds_active: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await getOrder(sandbox.url, short.orderId)).status).toBe('expired');
    const control = await createOrder(sandbox.url);
    await fetch(`${sandbox.url}/sandbox/orders/${control.orderId}/expire`, { method: 'POST' });
    expect((await getOrder(sandbox.url, control.orderId)).status).toBe('expired');
  });
});

describe('refunds', () => {
  const refund = (orderId: string, amount: number, currency = 'EUR') => api(sandbox.url, 'POST', `/v1/json/orders/${orderId}/refunds`, { amount, currency, description: 'Refund' });

  it('give back part of a completed order (partial_refunded), then the rest (refunded), never more', async () => {
    const { orderId, paymentUrl } = await createOrder(sandbox.url, { amount: 10_000 });
    await pay(paymentUrl, 'CREDITCARD');
    const first = await refund(orderId, 2_500);
    expect(first).toEqual({ status: 200, body: { success: true, data: { transaction_id: expect.any(Number), refund_id: expect.any(Number) } } });
    expect(await getOrder(sandbox.url, orderId)).toMatchObject({ status: 'partial_refunded', amount_refunded: 2_500, related_transactions: [{ amount: 2_500 }] });
    expect((await refund(orderId, 7_501)).body).toMatchObject({ success: false, error_code: 1034 });
    expect((await refund(orderId, 100, 'USD')).body).toMatchObject({ error_code: 1002 });
    // The same amount twice within 5 minutes: refused as double processing, as MultiSafepay does.
    expect((await refund(orderId, 2_500)).body).toMatchObject({ error_code: 1034, error_info: expect.stringContaining('5 minutes') });
    expect((await refund(orderId, 7_500)).status).toBe(200);
    expect(await getOrder(sandbox.url, orderId)).toMatchObject({ status: 'refunded', amount_refunded: 10_000 });
    expect((await refund(orderId, 1)).body).toMatchObject({ error_code: 1034 });
  });

  it('are refused for an unpaid order, a declined one and a bank transfer not yet received', async () => {
    const unpaid = await createOrder(sandbox.url);
    expect((await refund(unpaid.orderId, 100)).body).toMatchObject({ success: false, error_code: 1034 });
    const declined = await createOrder(sandbox.url);
    await pay(declined.paymentUrl, 'IDEAL', 'decline');
    expect((await refund(declined.orderId, 100)).body.error_code).toBe(1034);
    const transfer = await createOrder(sandbox.url);
    await pay(transfer.paymentUrl, 'BANKTRANS');
    expect((await refund(transfer.orderId, 100)).body.error_code).toBe(1034);
    expect((await refund('NOPE', 100)).status).toBe(404);
  });
});
