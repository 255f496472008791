import type { AdminDashboard } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/raw.ts';
import { PAID_STATUSES } from '../orders/status.ts';
import { STRAY_REFUNDED_BY_HAND } from '../orders/view.ts';
import type { AdminContext } from './context.ts';
import { UNSENT_MAIL } from './mails.ts';

/** Paid and not yet shipped: what fulfilment has to send. */
const TO_SHIP = ['payment_accepted', 'backorder_paid', 'processing'] as const;
/** What the dashboard lists of each kind at most (the counts are of all). */
const SHOWN = 10;

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The back office's home: orders to ship, returns to receive and to refund, refunds that failed, money paid on ended attempts and not refunded (ADR 30),
 * held reviews, erasure requests and mails not sent; and sales (paid orders less their refunds; a refunded order counts for what it
 * kept) of today (from midnight UTC) and of the last 30 days, per currency.
 */
export async function getDashboard(_input: Record<string, never>, { db }: AdminContext): Promise<AdminDashboard> {
  const sold = sql`status in (${list([...PAID_STATUSES, 'refunded'])})`;
  const [toShip, [shipCount], failedRefunds, stray, [counts], sales] = await Promise.all([
    selectRows<{ reference: string; created_at: Date | string; status: string }>(
      db,
      sql`select reference, created_at, status from orders where status in (${list(TO_SHIP)}) order by created_at, id limit ${SHOWN}`,
    ),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from orders where status in (${list(TO_SHIP)})`),
    selectRows<{ reference: string; amount_cents: number; currency: string; created_at: Date | string }>(
      db,
      sql`select o.reference, r.amount_cents, o.currency, r.created_at from order_refunds r join orders o on o.id = r.order_id
        where r.status = 'failed' order by r.created_at desc, r.id desc limit ${SHOWN}`,
    ),
    selectRows<{ reference: string; gateway: string; stray_cents: number; currency: string; stray_refund: string | null }>(
      db,
      sql`select o.reference, a.gateway, a.stray_cents, o.currency, a.stray_refund from payment_attempts a join orders o on o.id = a.order_id
        where a.stray_cents > 0 and a.stray_refund is distinct from 'refunded' and a.stray_refund is distinct from ${STRAY_REFUNDED_BY_HAND} order by a.updated_at desc, a.id desc limit ${SHOWN}`,
    ),
    selectRows<{ held: number; erasures: number; to_receive: number; to_refund: number; unsent_mails: number }>(
      db,
      sql`select (select count(*)::int from product_reviews where status = 'held') as held,
          (select count(*)::int from customers where erasure_requested_at is not null) as erasures,
          (select count(*)::int from order_returns where status = 'requested') as to_receive,
          (select count(*)::int from order_returns where status = 'received') as to_refund,
          (select count(*)::int from mail_outbox where ${UNSENT_MAIL}) as unsent_mails`,
    ),
    selectRows<{ period: 'today' | 'last_30_days'; currency: string; orders: number; total: number }>(
      db,
      sql`select 'today' as period, currency, count(*)::int as orders, coalesce(sum(total_cents - refunded_cents), 0)::int as total
          from orders where ${sold} and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' group by currency
        union all
        select 'last_30_days', currency, count(*)::int, coalesce(sum(total_cents - refunded_cents), 0)::int
          from orders where ${sold} and created_at >= now() - interval '30 days' group by currency
        order by 1, 2`,
    ),
  ]);
  const salesOf = (period: string) => sales.filter((row) => row.period === period).map(({ currency, orders, total }) => ({ currency, orders, total }));
  return {
    to_ship: { count: shipCount?.count ?? 0, oldest: toShip.map((row) => ({ reference: row.reference, date: iso(row.created_at), status: row.status })) },
    failed_refunds: failedRefunds.map((row) => ({ reference: row.reference, amount: row.amount_cents, currency: row.currency, date: iso(row.created_at) })),
    stray_payments: stray.map((row) => ({ reference: row.reference, gateway: row.gateway, amount: row.stray_cents, currency: row.currency, refund: row.stray_refund })),
    returns: { to_receive: counts?.to_receive ?? 0, to_refund: counts?.to_refund ?? 0 },
    held_reviews: counts?.held ?? 0,
    erasure_requests: counts?.erasures ?? 0,
    unsent_mails: counts?.unsent_mails ?? 0,
    sales: { today: salesOf('today'), last_30_days: salesOf('last_30_days') },
  };
}
