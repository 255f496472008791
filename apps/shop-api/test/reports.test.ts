import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/raw.ts';
import { describe, expect, it } from 'vitest';
import { DRIVERS, useTestShop } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

/** The owner's reports (ADR 34): the audit trail, read and filtered, and the accountant's CSV of a period's orders. */
describe.each(DRIVERS)('reports on %s', (driver) => {
  const shop = useTestShop(driver);
  const today = new Date().toISOString().slice(0, 10);

  it('lists every action with who, what, target and when, filtered; the trail cannot be changed from the back office', async () => {
    const owner = await staffSession(shop(), 'owner');
    const service = await staffSession(shop(), 'customer_service');
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    const { reference } = placed.order;
    await adminCall(shop().app, 'addOrderNote', { reference, note: 'Asked for gift wrapping' }, service.headers);
    await adminCall(shop().app, 'cancelOrder', { reference }, service.headers);

    const mine = await adminCall(shop().app, 'listAuditLog', { target: reference.toLowerCase() }, owner.headers);
    expect(mine.body.psdata).toMatchObject({ total: 2, total_capped: false, previous: null, next: null });
    expect(mine.body.psdata.entries).toEqual([
      { date: expect.any(String), actor: service.email, client_ip: expect.any(String), action: 'order.cancel', target_type: 'order', target_id: reference, before: '{"status":"awaiting_payment"}', after: '{"status":"cancelled"}' },
      { date: expect.any(String), actor: service.email, client_ip: expect.any(String), action: 'order.note', target_type: 'order', target_id: reference, before: null, after: '{"note":"Asked for gift wrapping"}' },
    ]);
    expect((await adminCall(shop().app, 'listAuditLog', { action: 'order.note', actor: service.email.slice(0, 12), from: today, to: today }, owner.headers)).body.psdata.total).toBe(1);
    expect((await adminCall(shop().app, 'listAuditLog', { action: 'order.%' }, owner.headers)).body.psdata.total).toBe(0);
    expect((await adminCall(shop().app, 'listAuditLog', { target: reference, to: '2020-01-01' }, owner.headers)).body.psdata.total).toBe(0);
    expect((await adminCall(shop().app, 'listAuditLog', { from: 'yesterday' }, owner.headers)).status).toBe(400);
    // Only those who read reports; and no call of the back office writes to the trail but through an action.
    expect((await adminCall(shop().app, 'listAuditLog', {}, service.headers)).status).toBe(403);
    expect(Object.keys((await import('@shop/contract/admin')).adminCalls).filter((name) => /audit/i.test(name))).toEqual(['listAuditLog']);
  });

  it('filters the orders list by period, country, gateway and invoice request, as SQL counts them', async () => {
    const fulfilment = await staffSession(shop(), 'fulfilment');
    const placed = await placeGuestOrder(shop(), 'multisafepay');
    await shop().handle.db.execute(sql`update orders set invoice = '{"vat_number": "IT12345678903", "fiscal_code": "", "pec": "", "sdi": "ABC1234", "issued": true, "vat_check": "valid"}'::jsonb where reference = ${placed.order.reference}`);
    const count = async (where: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(shop().handle.db, sql`select count(*)::int as n from orders where ${where}`))[0]!.n;
    const total = async (filters: object) => (await adminCall(shop().app, 'listOrders', filters, fulfilment.headers)).body.psdata.total as number;
    const cases: [object, ReturnType<typeof sql>][] = [
      [{ from: today, to: today }, sql`created_at >= ${today}::date and created_at < ${today}::date + 1`],
      [{ to: '2026-01-01' }, sql`created_at < '2026-01-02'::date`],
      [{ country: 'it' }, sql`country_iso = 'IT'`],
      [{ gateway: 'multisafepay' }, sql`gateway = 'multisafepay'`],
      [{ invoice: true }, sql`invoice is not null and invoice <> 'null'::jsonb`],
      [{ invoice: false, country: 'IT' }, sql`(invoice is null or invoice = 'null'::jsonb) and country_iso = 'IT'`],
    ];
    for (const [filters, where] of cases) expect([filters, await total(filters)]).toEqual([filters, await count(where)]);
    expect(await total({ invoice: true, gateway: 'multisafepay', from: today })).toBeGreaterThanOrEqual(1);
    expect((await adminCall(shop().app, 'listOrders', { country: 'ITA' }, fulfilment.headers)).status).toBe(400);
    expect((await adminCall(shop().app, 'listOrders', { gateway: 'cash' }, fulfilment.headers)).status).toBe(400);
  });

  it('exports the orders of a period as CSV for the accountant: lines, VAT, shipping, codes, refunds, invoice fields', async () => {
    const owner = await staffSession(shop(), 'owner');
    const fulfilment = await staffSession(shop(), 'fulfilment');
    const paid = await placeGuestOrder(shop(), 'multisafepay');
    const unpaid = await placeGuestOrder(shop(), 'multisafepay');
    // A name a spreadsheet would run as a formula, an invoice request, something refunded.
    await shop().handle.db.execute(sql`update orders set status = 'payment_accepted', refunded_cents = 500,
      billing_address = billing_address || '{"first_name": "=HYPERLINK(\\"http://x\\")"}'::jsonb,
      invoice = '{"vat_number": "IT12345678903", "fiscal_code": "", "pec": "conti@pec.example.it", "sdi": "ABC1234", "issued": true, "vat_check": "valid"}'::jsonb
      where reference = ${paid.order.reference}`);
    const get = (query: string, headers: Record<string, string> = owner.headers) => shop().app.inject({ method: 'GET', url: `/admin/exports/orders.csv?${query}`, headers });

    expect((await get(`from=${today}&to=${today}`, {})).statusCode).toBe(401);
    expect((await get(`from=${today}&to=${today}`, fulfilment.headers)).statusCode).toBe(403);
    expect((await get(`from=${today}&to=2020-01-01`)).statusCode).toBe(400);
    expect((await get('from=today')).statusCode).toBe(400);

    const answer = await get(`from=${today}&to=${today}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="orders-${today}-${today}.csv"`);
    const rows = parse(answer.body, { columns: true }) as Record<string, string>[];
    // Unpaid orders are no sale.
    expect(rows.map((row) => row.reference)).not.toContain(unpaid.order.reference);
    const row = rows.find((candidate) => candidate.reference === paid.order.reference)!;
    const total = paid.order.total;
    expect(row).toMatchObject({
      status: 'payment_accepted',
      currency: 'EUR',
      email: expect.stringContaining('@example.com'),
      billing_name: `'=HYPERLINK("http://x") Rossi`,
      country: 'IT',
      vat_rate_percent: '22.00',
      total_gross: (total / 100).toFixed(2),
      refunded: '5.00',
      invoice_vat_number: 'IT12345678903',
      invoice_pec: 'conti@pec.example.it',
      invoice_sdi: 'ABC1234',
      gateway: 'multisafepay',
    });
    expect(Number(row.total_net) + Number(row.vat)).toBeCloseTo(total / 100, 2);
    // The rate is the one the order was charged at: a rate the merchant changes later does not rewrite a past sale.
    await shop().handle.db.execute(sql`update countries set vat_rate_bp = 2400 where iso = 'IT'`);
    try {
      const later = parse((await get(`from=${today}&to=${today}`)).body, { columns: true }) as Record<string, string>[];
      expect(later.find((candidate) => candidate.reference === paid.order.reference)!.vat_rate_percent).toBe('22.00');
    } finally {
      await shop().handle.db.execute(sql`update countries set vat_rate_bp = 2200 where iso = 'IT'`);
    }
    expect(row.lines).toMatch(/^1 x \S+ .+ @ \d+\.\d{2}$/);
    // Another period has none of them.
    expect(parse((await get('from=2020-01-01&to=2020-01-31')).body, { columns: true })).toEqual([]);
  });
});
