import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as msp from '../../multisafepay-sandbox/test/support.ts';
import { freePort } from '../../paypal-sandbox/test/support.ts';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, mailTo, useTestShop, type OutboxMail } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

const ADMIN_TOKEN = 'back-office-token-for-tests-0123456789';

/**
 * The back office's order actions (ADR 34) against the MultiSafepay sandbox, which notifies the API over HTTP: each
 * goes through the order state machine, leaves its trace with the values before and after, and shows on the
 * shopper's side where the shopper should see it.
 */
describe.each(DRIVERS)('order actions on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof msp.startSandbox>>;
  let apiPort: number;
  // The shop reaches the sandbox through this proxy, which can hold a refund's answer until a test lets it go.
  let proxy: Server;
  let proxyUrl: string;
  let holdRefundAnswer: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    apiPort = await freePort();
    sandbox = await msp.startSandbox();
    proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${sandbox.url}${request.url}`, {
        method: request.method,
        headers: Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>,
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await answer.text();
      if (request.method === 'POST' && request.url?.includes('/refunds') && holdRefundAnswer) await holdRefundAnswer();
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    proxy.close();
    return sandbox.close();
  });
  const shop = useTestShop(driver, () => ({
    ADMIN_TOKEN,
    MULTISAFEPAY_API_URL: proxyUrl,
    MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay`,
  }));
  let fulfilment: Record<string, string>;
  let service: Record<string, string>;
  let serviceEmail: string;
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
    fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    const member = await staffSession(shop(), 'customer_service');
    service = member.headers;
    serviceEmail = member.email;
  });

  const orderRow = async (reference: string) =>
    (await selectRows<{ status: string; refunded_cents: number; stock: number }>(
      shop().handle.db,
      sql`select o.status, o.refunded_cents, c.quantity as stock from orders o join order_lines l on l.order_id = o.id
        join combinations c on c.id = l.combination_id where o.reference = ${reference}`,
    ))[0]!;
  const trail = (reference: string) =>
    selectRows<{ action: string; actor: string; before: unknown; after: any }>(shop().handle.db, sql`select action, actor, before, after from audit_log where target_type = 'order' and target_id = ${reference} order by id`);
  const subjects = async (email: string) =>
    ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[]).filter((message) => message.to === email).map((message) => message.subject);

  async function paidOrder(quantities?: number[]) {
    const placed = await placeGuestOrder(shop(), 'multisafepay', undefined, quantities);
    await msp.pay(placed.redirectUrl, 'IDEAL');
    await expect.poll(async () => (await orderRow(placed.order.reference)).status, { timeout: 10_000 }).toBe('payment_accepted');
    return placed;
  }

  it('ships a paid order: processing, shipped with the tracking the shopper sees and is mailed in their language, then delivered', async () => {
    const placed = await paidOrder();
    const { reference } = placed.order;
    const processing = await adminCall(shop().app, 'startProcessing', { reference }, fulfilment);
    expect(processing.body.psdata.order.status).toBe('processing');

    // What a label carries, and nothing else: no script in a carrier's name, no link other than http(s).
    const refused = await adminCall(shop().app, 'shipOrder', { reference, carrier: 'DHL', tracking_number: '123', tracking_url: 'javascript:alert(1)' }, fulfilment);
    expect([refused.status, refused.body.code]).toEqual([400, 'bad_request']);
    expect((await adminCall(shop().app, 'shipOrder', { reference, carrier: '<b>DHL</b>', tracking_number: '123' }, fulfilment)).status).toBe(400);

    const tracking = { carrier: 'BRT', tracking_number: 'BRT 0342 1610', tracking_url: 'https://tracking.example/brt?n=03421610' };
    const shipped = await adminCall(shop().app, 'shipOrder', { reference, ...tracking }, fulfilment);
    expect(shipped.status).toBe(200);
    expect(shipped.body.psdata.order).toMatchObject({ status: 'shipped', tracking_number: tracking.tracking_number, shipments: [{ ...tracking, date: expect.any(String) }] });

    // The shopper's mail (the guest order was placed in English) leads to the carrier's page and to the order.
    const mail = await mailTo(shop().app, placed.email, 2);
    expect(mail.subject).toBe(`Your order ${reference} has shipped`);
    expect(mail.text).toContain(`on its way with BRT`);
    expect(mail.text).toContain(`Tracking number: ${tracking.tracking_number}`);
    expect(mail.text).toContain(`Track your parcel:\n${tracking.tracking_url}`);
    expect(mail.html).toContain('href="https://tracking.example/brt?n=03421610"');
    const seen = await placed.call('getOrder', { reference, token: placed.accessToken ?? undefined }, placed.token);
    expect(seen.body.psdata).toMatchObject({ status: 'shipped', shipments: [{ ...tracking }] });

    // Shipped once: a second 'ship' is refused with the state it is in, and the order stays as it is.
    const again = await adminCall(shop().app, 'shipOrder', { reference, ...tracking }, fulfilment);
    expect([again.status, again.body.code, again.body.psdata]).toEqual([409, 'order_action_not_allowed', { status: 'shipped' }]);
    expect((await adminCall(shop().app, 'markDelivered', { reference }, fulfilment)).body.psdata.order.status).toBe('delivered');
    expect((await adminCall(shop().app, 'startProcessing', { reference }, fulfilment)).body.psdata).toEqual({ status: 'delivered' });

    // Each action's trace, by whom, with the values before and after; the order page's history shows them.
    const fulfilmentEmail = (await trail(reference))[0]!.actor;
    expect(await trail(reference)).toEqual([
      { action: 'order.start_processing', actor: fulfilmentEmail, before: { status: 'payment_accepted' }, after: { status: 'processing' } },
      { action: 'order.ship', actor: fulfilmentEmail, before: { status: 'processing' }, after: { status: 'shipped', ...tracking, lines: [{ line: 0, quantity: 1 }], complete: true } },
      { action: 'order.mark_delivered', actor: fulfilmentEmail, before: { status: 'shipped' }, after: { status: 'delivered', return_by: expect.any(String) } },
    ]);
    const detail = await adminCall(shop().app, 'getOrderDetail', { reference }, fulfilment);
    expect(detail.body.psdata.history.map((entry: { event: string }) => entry.event)).toEqual(['placed', 'payment_accepted', 'order.start_processing', 'order.ship', 'order.mark_delivered']);
  });

  it('ships an order in parcels by line: each parcel’s tracking and contents on the shopper’s order and mail, shipped with the last', async () => {
    const placed = await paidOrder([3, 1]);
    const { reference } = placed.order;
    const first = { carrier: 'BRT', tracking_number: 'BRT 1', tracking_url: 'https://tracking.example/brt?n=1' };
    const parcel = await adminCall(shop().app, 'shipOrder', { reference, ...first, lines: [{ line: 0, quantity: 2 }] }, fulfilment);
    expect(parcel.status).toBe(200);
    const names = (parcel.body.psdata.order.lines as { name: string }[]).map((line) => line.name);
    expect(parcel.body.psdata.order).toMatchObject({
      status: 'processing',
      tracking_number: null,
      shipments: [{ ...first, lines: [{ name: names[0], quantity: 2 }] }],
      lines: [{ quantity: 3, shipped: 2 }, { quantity: 1, shipped: 0 }],
    });
    const mail = await mailTo(shop().app, placed.email, 2);
    expect(mail.subject).toBe(`Your order ${reference} has shipped`);
    expect(mail.text).toContain(`In this parcel\n--------------\n2 × ${names[0]} (`);
    expect(mail.text).toContain('The rest of your order will follow in another parcel');
    const seen = await placed.call('getOrder', { reference, token: placed.accessToken ?? undefined }, placed.token);
    expect(seen.body.psdata).toMatchObject({ status: 'processing', shipments: [{ ...first, lines: [{ name: names[0], quantity: 2 }] }] });

    // More than is left of a line, or a line the order does not have: refused with what is left, nothing recorded.
    for (const lines of [[{ line: 0, quantity: 2 }], [{ line: 2, quantity: 1 }], [{ line: 0, quantity: 1 }, { line: 0, quantity: 1 }]]) {
      const refused = await adminCall(shop().app, 'shipOrder', { reference, carrier: 'BRT', tracking_number: 'BRT 9', lines }, fulfilment);
      expect([refused.status, refused.body.code, refused.body.psdata.left]).toEqual([409, 'shipment_too_large', [1, 1]]);
    }
    // Goods have left: the order is no longer cancelled whole.
    const cancel = await adminCall(shop().app, 'cancelOrder', { reference }, service);
    expect([cancel.status, cancel.body.code]).toEqual([409, 'order_action_not_allowed']);

    // Without lines, a parcel holds all that is left: the order is shipped, and the mail says nothing more is to come.
    const last = { carrier: 'GLS', tracking_number: 'GLS 2' };
    const rest = await adminCall(shop().app, 'shipOrder', { reference, ...last }, fulfilment);
    expect(rest.body.psdata.order).toMatchObject({
      status: 'shipped',
      tracking_number: 'GLS 2',
      lines: [{ shipped: 3 }, { shipped: 1 }],
      shipments: [{ carrier: 'BRT' }, { ...last, tracking_url: null, lines: [{ name: names[0], quantity: 1 }, { name: names[1], quantity: 1 }] }],
    });
    const lastMail = await mailTo(shop().app, placed.email, 3);
    expect(lastMail.text).toContain(`In this parcel\n--------------\n1 × ${names[0]} (`);
    expect(lastMail.text).not.toContain('The rest of your order');
    const ships = (await trail(reference)).filter((entry) => entry.action === 'order.ship');
    expect(ships.map((entry) => [entry.before, entry.after.status, entry.after.lines, entry.after.complete])).toEqual([
      [{ status: 'payment_accepted' }, 'processing', [{ line: 0, quantity: 2 }], false],
      [{ status: 'processing' }, 'shipped', [{ line: 0, quantity: 1 }, { line: 1, quantity: 1 }], true],
    ]);
  });

  it('lets one of two staff shipping the same lines at once record the parcel: the other is refused, nothing sent twice', async () => {
    const placed = await paidOrder([2, 1]);
    const { reference } = placed.order;
    const other = (await staffSession(shop(), 'fulfilment')).headers;
    const ship = (headers: Record<string, string>, number: string) =>
      adminCall(shop().app, 'shipOrder', { reference, carrier: 'BRT', tracking_number: number, lines: [{ line: 0, quantity: 2 }, { line: 1, quantity: 1 }] }, headers);
    // On PostgreSQL the two are sent at the same moment; the embedded database answers one call at a time.
    const answers = driver === 'postgres' ? await Promise.all([ship(fulfilment, 'A 1'), ship(other, 'B 1')]) : [await ship(fulfilment, 'A 1'), await ship(other, 'B 1')];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect([refused.body.code, refused.body.psdata]).toEqual(['order_action_not_allowed', { status: 'shipped' }]);
    const parcels = await selectRows<{ tracking_number: string; line: number; quantity: number }>(
      shop().handle.db,
      sql`select s.tracking_number, sl.order_line_id as line, sl.quantity from order_shipments s join order_shipment_lines sl on sl.shipment_id = s.id
        join orders o on o.id = s.order_id where o.reference = ${reference} order by sl.id`,
    );
    expect(parcels.map((row) => row.quantity)).toEqual([2, 1]);
    expect(new Set(parcels.map((row) => row.tracking_number)).size).toBe(1);

    // Two parcels of the same line at once, each of part of it: both fit, exactly what was ordered leaves.
    const second = await paidOrder([3]);
    const part = (headers: Record<string, string>, number: string, quantity: number) =>
      adminCall(shop().app, 'shipOrder', { reference: second.order.reference, carrier: 'BRT', tracking_number: number, lines: [{ line: 0, quantity }] }, headers);
    const halves = driver === 'postgres' ? await Promise.all([part(fulfilment, 'C 1', 2), part(other, 'D 1', 2)]) : [await part(fulfilment, 'C 1', 2), await part(other, 'D 1', 2)];
    expect(halves.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(halves.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'shipment_too_large', psdata: { left: [1] } });
    const sent = await selectRows<{ shipped: number }>(
      shop().handle.db,
      sql`select sum(sl.quantity)::int as shipped from order_shipment_lines sl join order_shipments s on s.id = sl.shipment_id join orders o on o.id = s.order_id where o.reference = ${second.order.reference}`,
    );
    expect(sent[0]!.shipped).toBe(2);
  });

  it('refuses to ship an order that is not paid, and lets fulfilment neither cancel nor refund', async () => {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const { reference } = placed.order;
    const answer = await adminCall(shop().app, 'shipOrder', { reference, carrier: 'BRT', tracking_number: '1' }, fulfilment);
    expect([answer.status, answer.body.psdata]).toEqual([409, { status: 'awaiting_payment' }]);
    expect((await adminCall(shop().app, 'cancelOrder', { reference }, fulfilment)).status).toBe(403);
    expect((await adminCall(shop().app, 'refundOrder', { reference }, fulfilment)).status).toBe(403);
    expect(await trail(reference)).toEqual([]);
  });

  it('cancels an unpaid order: its stock back on sale, its payment ended, the trace kept', async () => {
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const { reference } = placed.order;
    const before = await orderRow(reference);
    const cancelled = await adminCall(shop().app, 'cancelOrder', { reference }, service);
    expect(cancelled.body.psdata.order.status).toBe('cancelled');
    expect(await orderRow(reference)).toEqual({ status: 'cancelled', refunded_cents: 0, stock: before.stock + 1 });
    expect(await trail(reference)).toEqual([{ action: 'order.cancel', actor: serviceEmail, before: { status: 'awaiting_payment' }, after: { status: 'cancelled' } }]);
    // Its payment page can no longer take money for it.
    expect((await msp.getOrder(sandbox.url, reference)).status).toBe('cancelled');
    expect((await adminCall(shop().app, 'cancelOrder', { reference }, service)).body.psdata).toEqual({ status: 'cancelled' });
  });

  it('cancels a paid order in one step: refunded through its gateway, its stock back, the shopper told', async () => {
    const placed = await paidOrder();
    const { reference, total } = placed.order;
    const before = await orderRow(reference);
    const cancelled = await adminCall(shop().app, 'cancelOrder', { reference }, service);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.psdata.order).toMatchObject({ status: 'refunded', refunded: total });
    expect(cancelled.body.psdata.refunds).toMatchObject([{ amount: total, status: 'completed' }]);
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total, stock: before.stock + 1 });
    expect((await msp.getOrder(sandbox.url, reference)).amount_refunded).toBe(total);
    await expect.poll(() => subjects(placed.email)).toContain(`Refund for your order ${reference}`);
    expect(await trail(reference)).toMatchObject([{ action: 'order.cancel', before: { status: 'payment_accepted', refunded: 0 }, after: { status: 'refunded', refunded: total, amount: total } }]);
  });

  it('cancels a paid order once when two staff cancel it at once: one refund, its stock back once', async () => {
    const placed = await paidOrder();
    const { reference, total } = placed.order;
    const before = await orderRow(reference);
    // From two addresses (two staff members): the API's fair share per client does not hold one back.
    const answers = await Promise.all(['192.0.2.160', '192.0.2.161'].map((address) => adminCall(shop().app, 'cancelOrder', { reference }, { ...service, 'x-client-ip': address })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The other found the order's whole amount spoken for by the first refund, or the order refunded already.
    expect(['order_not_refundable', 'order_action_not_allowed']).toContain(answers.find((answer) => answer.status === 409)!.body.code);
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total, stock: before.stock + 1 });
    expect((await msp.getOrder(sandbox.url, reference)).amount_refunded).toBe(total);
    expect((await trail(reference)).map((entry) => entry.action)).toEqual(['order.cancel']);
  });

  it('puts a cancelled paid order’s stock back when the gateway’s notification of the refund comes before its answer', async () => {
    const placed = await paidOrder();
    const { reference, total } = placed.order;
    const before = await orderRow(reference);
    // The refund's answer is held until the sandbox's notification of it has made the order refunded.
    holdRefundAnswer = () => expect.poll(async () => (await orderRow(reference)).status, { timeout: 10_000 }).toBe('refunded');
    try {
      const cancelled = await adminCall(shop().app, 'cancelOrder', { reference }, service);
      expect(cancelled.body.psdata.order).toMatchObject({ status: 'refunded', refunded: total });
    } finally {
      holdRefundAnswer = null;
    }
    expect(await orderRow(reference)).toEqual({ status: 'refunded', refunded_cents: total, stock: before.stock + 1 });
  });

  it('leaves a paid order as it was when its gateway refuses the cancellation’s refund, and says so', async () => {
    const placed = await paidOrder();
    const { reference, total } = placed.order;
    // MultiSafepay refuses a refund of an amount it refunded minutes ago: refunds of a and of b (not a) leave a to refund.
    const a = Math.floor(total / 3) - 1;
    expect((await adminCall(shop().app, 'refundOrder', { reference, amount: a }, service)).status).toBe(200);
    expect((await adminCall(shop().app, 'refundOrder', { reference, amount: total - 2 * a }, service)).status).toBe(200);
    const before = await orderRow(reference);
    const answer = await adminCall(shop().app, 'cancelOrder', { reference }, service);
    expect([answer.status, answer.body.code]).toEqual([502, 'gateway_failed']);
    expect(await orderRow(reference)).toEqual(before);
    expect(before).toMatchObject({ status: 'payment_accepted', refunded_cents: total - a });
    expect((await trail(reference)).map((entry) => entry.action)).toEqual(['order.refund', 'order.refund', 'order.cancel_failed']);
  });

  it('refunds lines at their price, never more than was paid, even asked many times at once', async () => {
    // Two lines: whatever the products' prices and the shipping, something is left after the first line's refund.
    const placed = await paidOrder([1, 1]);
    const { reference, total } = placed.order;
    const [line] = (await adminCall(shop().app, 'getOrderDetail', { reference }, service)).body.psdata.order.lines;
    expect((await adminCall(shop().app, 'refundOrder', { reference, lines: [{ line: 0, quantity: 2 }] }, service)).status).toBe(400);
    expect((await adminCall(shop().app, 'refundOrder', { reference, lines: [{ line: 2, quantity: 1 }] }, service)).status).toBe(400);
    expect((await adminCall(shop().app, 'refundOrder', { reference, amount: 1, lines: [{ line: 0, quantity: 1 }] }, service)).status).toBe(400);
    const byLine = await adminCall(shop().app, 'refundOrder', { reference, lines: [{ line: 0, quantity: 1 }] }, service);
    expect(byLine.body.psdata.order.refunded).toBe(line.unit_price);

    // Six refunds at once, any two of which are more than is left: exactly one is made.
    const left = total - line.unit_price;
    const amounts = [1, 2, 3, 4, 5, 6].map((extra) => Math.floor(left / 2) + extra);
    // From six addresses (six staff members at once): the API's fair share per client does not hold any back.
    const answers = await Promise.all(amounts.map((amount, index) => adminCall(shop().app, 'refundOrder', { reference, amount }, { ...service, 'x-client-ip': `192.0.2.${150 + index}` })));
    const made = answers.flatMap((answer, index) => (answer.status === 200 ? [amounts[index]!] : []));
    // The others are refused: too large for what is left, or (one that found the order while the made refund was
    // still with the gateway) not refundable at that moment.
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(made).toHaveLength(1);
    expect(refused.map((answer) => answer.status)).toEqual([409, 409, 409, 409, 409]);
    for (const answer of refused) expect(['refund_too_large', 'order_not_refundable']).toContain(answer.body.code);
    expect((await orderRow(reference)).refunded_cents).toBe(line.unit_price + made[0]!);
    expect((await msp.getOrder(sandbox.url, reference)).amount_refunded).toBe(line.unit_price + made[0]!);
  });

  it('keeps internal notes and a resent confirmation in the order’s history; the scripts’ key refunds and reaches nothing else', async () => {
    const placed = await paidOrder();
    const { reference } = placed.order;
    const noted = await adminCall(shop().app, 'addOrderNote', { reference, note: 'Shopper called: leave the parcel with the concierge.' }, fulfilment);
    expect(noted.body.psdata.history.at(-1)).toMatchObject({ event: 'order.note', detail: 'Shopper called: leave the parcel with the concierge.', actor: expect.stringContaining('@example.com') });
    // The shopper never sees it.
    expect(JSON.stringify((await placed.call('getOrder', { reference, token: placed.accessToken ?? undefined }, placed.token)).body.psdata)).not.toContain('concierge');

    await adminCall(shop().app, 'resendConfirmation', { reference }, service);
    await expect.poll(() => subjects(placed.email)).toEqual([`Your order ${reference} is confirmed`, `Your order ${reference} is confirmed`]);
    const unpaid = await placeGuestOrder(shop(), 'multisafepay');
    expect((await adminCall(shop().app, 'resendConfirmation', { reference: unpaid.order.reference }, service)).body.code).toBe('order_action_not_allowed');

    const script = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await adminCall(shop().app, 'refundOrder', { reference, amount: 100 }, script)).status).toBe(200);
    for (const name of ['cancelOrder', 'getOrderDetail', 'addOrderNote'] as const) {
      expect((await adminCall(shop().app, name, { reference, note: 'x' }, script)).status).toBe(401);
    }
    expect((await adminCall(shop().app, 'refundOrder', { reference, amount: 100 }, { authorization: `Bearer ${ADMIN_TOKEN}x` })).status).toBe(401);
    expect((await trail(reference)).map(({ action, actor }) => [action, actor])).toEqual([
      ['order.note', expect.stringContaining('@example.com')],
      ['order.resend_confirmation', serviceEmail],
      ['order.refund', 'ADMIN_TOKEN'],
    ]);
  });
});
