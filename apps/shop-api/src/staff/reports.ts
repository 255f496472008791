import { ADMIN_AUDIT_PAGE_SIZE, ordersExportInput, type adminAuditInput } from '@shop/contract/admin';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { auditLog, countries, orderLines, orders } from '../db/schema.ts';
import { parsePayload } from '../http/payload.ts';
import { PAID_STATUSES } from '../orders/status.ts';
import type { AdminContext } from './context.ts';
import { spreadsheetSafe } from './csv.ts';
import { cappedCount, keysetPage } from './list-pages.ts';
import { staffWithRight } from './sessions.ts';

/** `%` and `_` typed in a filter are letters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
/** The first moment of a day, and of the day after (a period's days are whole, both ends included). */
const dayStart = (day: string) => sql`${day}::date`;
const dayAfter = (day: string) => sql`${day}::date + 1`;

/** The audit trail, newest first, filtered by action (or its start), who, what and when; read-only. */
export async function listAuditLog(input: z.output<typeof adminAuditInput>, { db }: AdminContext) {
  const conditions: SQL[] = [];
  if (input.action) conditions.push(ilike(auditLog.action, `${likeText(input.action)}%`));
  if (input.actor) conditions.push(ilike(auditLog.actor, `%${likeText(input.actor)}%`));
  if (input.target) conditions.push(eq(sql`upper(${auditLog.targetId})`, input.target.toUpperCase()));
  if (input.from) conditions.push(gte(auditLog.at, dayStart(input.from)));
  if (input.to) conditions.push(lt(auditLog.at, dayAfter(input.to)));
  const where = and(...conditions);
  const keyset = keysetPage(auditLog.at, auditLog.id, input.cursor, ADMIN_AUDIT_PAGE_SIZE);
  const [rows, counted] = await Promise.all([
    db.select({ row: auditLog, key: keyset.key }).from(auditLog).where(and(where, keyset.where)).orderBy(keyset.orderBy).limit(keyset.limit),
    cappedCount(db, sql`${auditLog}`, where),
  ]);
  const { rows: page, next, previous } = keyset.page(rows, ({ key, row }) => ({ micros: key, id: row.id }));
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  return {
    entries: page.map(({ row }) => ({
      date: row.at.toISOString(),
      actor: row.actor,
      client_ip: row.clientIp,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: json(row.before),
      after: json(row.after),
    })),
    next,
    previous,
    ...counted,
  };
}

/** Orders the export reads at a time: the file streams out as they are read, whatever the period. */
const EXPORT_BATCH = 500;
/** Orders with money in them: paid (at any stage), or paid and refunded. */
const EXPORTED_STATUSES = [...PAID_STATUSES, 'refunded'];

const decimal = (cents: number) => (cents / 100).toFixed(2);
type Snapshot = Record<string, unknown>;
const text = (snapshot: unknown, key: string) => (snapshot && typeof (snapshot as Snapshot)[key] === 'string' ? ((snapshot as Snapshot)[key] as string) : '');

const COLUMNS = [
  'reference', 'placed_at', 'status', 'currency', 'email', 'billing_name', 'billing_company', 'country', 'vat_rate_percent',
  'items_gross', 'discounts', 'shipping_gross', 'total_gross', 'total_net', 'vat', 'refunded', 'codes', 'lines', 'gateway',
  'invoice_vat_number', 'invoice_fiscal_code', 'invoice_pec', 'invoice_sdi',
];

/** The export's rows, a batch of orders at a time (keyset on the id), each order with its lines in one cell. */
async function* exportRows(db: Database, period: { from: string; to: string }) {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ order: orders, vatRate: countries.vatRateBasisPoints })
      .from(orders)
      .leftJoin(countries, eq(countries.iso, orders.countryIso))
      .where(and(gt(orders.id, after), gte(orders.createdAt, dayStart(period.from)), lt(orders.createdAt, dayAfter(period.to)), inArray(orders.status, EXPORTED_STATUSES)))
      .orderBy(asc(orders.id))
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, batch.map(({ order }) => order.id))).orderBy(asc(orderLines.id));
    for (const { order, vatRate } of batch) {
      const invoice = order.invoice as Snapshot | null;
      // The tax and its rates are the order's own, as charged (a rate changed since does not rewrite a past sale); an
      // order placed before the rates were kept (migration 0040) shows its country's standard rate.
      const rates = order.vatRatesBasisPoints ?? (vatRate === null ? [] : [vatRate]);
      yield [
        order.reference, order.createdAt.toISOString(), order.status, order.currency, order.email,
        `${text(order.billingAddress, 'first_name')} ${text(order.billingAddress, 'last_name')}`.trim(), text(order.billingAddress, 'company'),
        order.countryIso, rates.map((rate) => (rate / 100).toFixed(2)).join('; '),
        decimal(order.itemsCents), decimal(order.discountsCents), decimal(order.shippingCents), decimal(order.totalCents), decimal(order.totalCents - order.taxCents), decimal(order.taxCents),
        decimal(order.refundedCents),
        (order.coupons as { code: string; discount: number }[]).map((coupon) => `${coupon.code} (-${decimal(coupon.discount)})`).join('; '),
        lines.filter((line) => line.orderId === order.id).map((line) => `${line.quantity} x ${line.reference} ${line.productName} @ ${decimal(line.unitPriceCents)}`).join('; '),
        order.gateway ?? '',
        text(invoice, 'vat_number'), text(invoice, 'fiscal_code'), text(invoice, 'pec'), text(invoice, 'sdi'),
      ];
    }
    after = batch.at(-1)!.order.id;
  }
}

/**
 * `GET /admin/exports/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`: the accountant's export of the orders placed in a
 * period, streamed with csv-stringify as it is read. The staff session and the 'reports' right as for the calls.
 */
export function registerOrdersExport(app: FastifyInstance, { db }: { db: Database }, staffToken: (request: FastifyRequest) => string | null): void {
  app.get('/admin/exports/orders.csv', async (request, reply) => {
    await staffWithRight(db, staffToken(request), 'reports');
    const period = parsePayload(ordersExportInput, request.query ?? {}) as z.output<typeof ordersExportInput>;
    const csv = stringify({ header: true, columns: COLUMNS, cast: { string: spreadsheetSafe } });
    void (async () => {
      try {
        for await (const row of exportRows(db, period)) if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        csv.end();
      } catch (error) {
        request.log.error({ failure: (error as Error).message }, 'orders export failed');
        csv.destroy(error as Error);
      }
    })();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${period.from}-${period.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
