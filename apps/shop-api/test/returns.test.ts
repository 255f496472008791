import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as msp from '../../multisafepay-sandbox/test/support.ts';
import { freePort } from '../../paypal-sandbox/test/support.ts';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, mailTo, shopperHeaders, useTestShop, type OutboxMail } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

/**
 * Returns (ADR 34): the shopper asks from their order within the withdrawal period, the merchant receives the
 * parcel (restocking or not) and refunds it through the order's gateway; a mail at each step.
 */
describe.each(DRIVERS)('returns on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof msp.startSandbox>>;
  let apiPort: number;
  beforeAll(async () => {
    apiPort = await freePort();
    sandbox = await msp.startSandbox();
  });
  afterAll(() => sandbox.close());
  const shop = useTestShop(driver, () => ({
    RETURN_WINDOW_DAYS: '30',
    RETURN_ADDRESS: 'Atelier Moda Returns, Via Tortona 1, 20144 Milano',
    MULTISAFEPAY_API_URL: sandbox.url,
    MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay`,
  }));
  let fulfilment: Record<string, string>;
  let service: Record<string, string>;
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
    fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    service = (await staffSession(shop(), 'customer_service')).headers;
  });

  const stock = async (reference: string) =>
    (await selectRows<{ quantity: number }>(shop().handle.db, sql`select c.quantity from combinations c join order_lines l on l.combination_id = c.id join orders o on o.id = l.order_id where o.reference = ${reference}`))[0]!.quantity;
  const subjects = async (email: string) =>
    ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[]).filter((message) => message.to === email).map((message) => message.subject);

  /** A guest's order, paid, shipped and delivered by fulfilment. */
  async function deliveredOrder() {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const { reference } = placed.order;
    await msp.pay(placed.redirectUrl, 'IDEAL');
    await expect.poll(async () => (await adminCall(shop().app, 'getOrderDetail', { reference }, fulfilment)).body.psdata.order.status, { timeout: 10_000 }).toBe('payment_accepted');
    expect((await adminCall(shop().app, 'shipOrder', { reference, carrier: 'BRT', tracking_number: '0342' }, fulfilment)).status).toBe(200);
    expect((await adminCall(shop().app, 'markDelivered', { reference }, fulfilment)).status).toBe(200);
    const access = { reference, token: placed.accessToken ?? undefined };
    return { ...placed, reference, access };
  }

  it('takes a return within the period, of what was bought and not already sent back; receives, restocks and refunds it with the shipping', async () => {
    const order = await deliveredOrder();
    const { reference, access, call, token, email } = order;
    const seen = (await call('getOrder', access, token)).body.psdata;
    expect(seen.lines[0].returnable).toBe(1);
    // The period runs RETURN_WINDOW_DAYS from delivery.
    const days = (new Date(seen.return_by).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    expect((await call('requestReturn', { ...access, lines: [{ line: 0, quantity: 2 }], reason: 'too_small' }, token)).body.code).toBe('return_not_allowed');
    expect((await call('requestReturn', { ...access, lines: [{ line: 3, quantity: 1 }], reason: 'too_small' }, token)).body.code).toBe('return_not_allowed');
    expect((await call('requestReturn', { ...access, lines: [{ line: 0, quantity: 1 }], reason: 'whatever' }, token)).status).toBe(400);
    // Someone else's session asking for it learns nothing: no such order.
    const stranger = await shop().app.inject({ method: 'POST', url: '/requestReturn', payload: { reference, lines: [{ line: 0, quantity: 1 }], reason: 'too_small' }, headers: shopperHeaders(undefined, '203.0.113.250') });
    expect(stranger.statusCode).toBe(404);

    // The dashboard counts the returns to receive and to refund.
    const dashboardReturns = async () => (await adminCall(shop().app, 'getDashboard', {}, fulfilment)).body.psdata.returns as { to_receive: number; to_refund: number };
    const counted = await dashboardReturns();
    // Asked twice at once: one return, of the one item bought.
    const answers = await Promise.all([1, 2].map(() => call('requestReturn', { ...access, lines: [{ line: 0, quantity: 1 }], reason: 'too_small' }, token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const asked = answers.find((answer) => answer.status === 200)!.body.psdata;
    const [entry] = asked.returns;
    expect(entry).toMatchObject({ reference: expect.stringMatching(/^RT[A-Z2-9]{8}$/), status: 'requested', reason: 'too_small', lines: [{ name: asked.lines[0].name, quantity: 1 }] });
    expect(asked.lines[0].returnable).toBe(0);
    const instructions = await mailTo(shop().app, email, 3);
    expect(instructions.subject).toBe(`Your return ${entry.reference}: how to send it`);
    expect(instructions.text).toContain(`1 × ${asked.lines[0].name}`);
    expect(instructions.text).toContain(`write the return reference ${entry.reference} on the parcel and send it to:\nAtelier Moda Returns, Via Tortona 1, 20144 Milano`);

    expect(await dashboardReturns()).toEqual({ to_receive: counted.to_receive + 1, to_refund: counted.to_refund });
    const toReceive = (await adminCall(shop().app, 'listReturns', { status: 'requested' }, fulfilment)).body.psdata.returns;
    expect(toReceive).toContainEqual({ reference: entry.reference, order_reference: reference, status: 'requested', date: entry.date, reason: 'too_small', email, item_count: 1 });

    // Refunded only once received; received once; the refund is customer service's.
    expect((await adminCall(shop().app, 'refundReturn', { reference: entry.reference }, service)).body.psdata).toEqual({ status: 'requested' });
    const before = await stock(reference);
    const received = await adminCall(shop().app, 'receiveReturn', { reference: entry.reference, restock: [0] }, fulfilment);
    expect(received.body.psdata.order.returns[0].status).toBe('received');
    expect(await stock(reference)).toBe(before + 1);
    expect((await adminCall(shop().app, 'receiveReturn', { reference: entry.reference, restock: [0] }, fulfilment)).body.psdata).toEqual({ status: 'received' });
    expect(await stock(reference)).toBe(before + 1);
    await expect.poll(() => subjects(email)).toContain(`We have received your return ${entry.reference}`);
    expect(await dashboardReturns()).toEqual({ to_receive: counted.to_receive, to_refund: counted.to_refund + 1 });
    expect((await adminCall(shop().app, 'refundReturn', { reference: entry.reference }, fulfilment)).status).toBe(403);

    // Refunded twice at once: once, the line and the original shipping (the whole order came back).
    const refunds = await Promise.all([1, 2].map(() => adminCall(shop().app, 'refundReturn', { reference: entry.reference }, service)));
    expect(refunds.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refunded = refunds.find((answer) => answer.status === 200)!.body.psdata;
    expect(refunded.order).toMatchObject({ status: 'refunded', refunded: order.order.total });
    expect(refunded.order.returns[0].status).toBe('refunded');
    expect(await dashboardReturns()).toEqual(counted);
    expect((await msp.getOrder(sandbox.url, reference)).amount_refunded).toBe(order.order.total);
    await expect.poll(() => subjects(email)).toContain(`Refund for your order ${reference}`);
    expect(refunded.history.map((step: { event: string }) => step.event)).toEqual(expect.arrayContaining(['return_requested', 'return.receive', 'return.refund']));
  });

  it('refuses a return once the withdrawal period is over, and before delivery', async () => {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const ask = () => placed.call('requestReturn', { reference: placed.order.reference, token: placed.accessToken ?? undefined, lines: [{ line: 0, quantity: 1 }], reason: 'changed_mind' }, placed.token);
    expect((await ask()).body.code).toBe('return_not_allowed');
    const order = await deliveredOrder();
    await shop().handle.db.execute(sql`update orders set return_by = now() - interval '1 minute' where reference = ${order.reference}`);
    const seen = (await order.call('getOrder', order.access, order.token)).body.psdata;
    expect([seen.return_by, seen.lines[0].returnable]).toEqual([null, 0]);
    expect((await order.call('requestReturn', { ...order.access, lines: [{ line: 0, quantity: 1 }], reason: 'changed_mind' }, order.token)).body.code).toBe('return_not_allowed');
  });
});
