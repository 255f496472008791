import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { countries } from '../db/schema.ts';

/** VAT in basis points for a country; unknown countries pay the default country's rate. */
export async function vatRateFor(db: Database, country: string, defaultCountry: string): Promise<number> {
  const rows = await db
    .select({ iso: countries.iso, rate: countries.vatRateBasisPoints })
    .from(countries)
    .where(sql`${countries.iso} in (${country}, ${defaultCountry})`);
  return (rows.find((row) => row.iso === country) ?? rows.find((row) => row.iso === defaultCountry))?.rate ?? 0;
}

/** The same rate as vatRateFor, as an SQL expression evaluated once per query. */
export function vatRateSql(country: string, defaultCountry: string): SQL {
  return sql`coalesce((select vat_rate_bp from countries where iso = ${country}), (select vat_rate_bp from countries where iso = ${defaultCountry}), 0)`;
}

/** Price with VAT, in whole cents, rounded half up. */
export function withVat(netCents: number, vatRateBasisPoints: number): number {
  return Math.round((netCents * (10_000 + vatRateBasisPoints)) / 10_000);
}

export type Reduction = { percent: number | null; netCents: number | null };

/** Net price after a discount: an amount first, then a percentage; never below zero. */
export function reducedNet(netCents: number, reduction: Reduction): number {
  const afterAmount = Math.max(0, netCents - (reduction.netCents ?? 0));
  return Math.round((afterAmount * (100 - (reduction.percent ?? 0))) / 100);
}

/**
 * withVat in SQL, in integers: (x + half) / divisor rounds half up exactly as Math.round does for the
 * non-negative amounts of a shop, and integer arithmetic is several times faster than numeric on a listing.
 */
export function withVatSql(netCents: SQL, vatRate: SQL): SQL {
  return sql`((${netCents})::bigint * (10000 + ${vatRate}) + 5000) / 10000`;
}

/** reducedNet in SQL, for filtering and sorting by the price the shopper pays. */
export function reducedNetSql(net: SQL, percent: SQL, amount: SQL): SQL {
  return sql`(greatest(0, ${net} - coalesce(${amount}, 0))::bigint * (100 - coalesce(${percent}, 0)) + 50) / 100`;
}

export function discountPercent(regularCents: number, priceCents: number): number | null {
  if (regularCents <= 0 || priceCents >= regularCents) return null;
  return Math.round(((regularCents - priceCents) / regularCents) * 100);
}

/** Discount `alias` runs now. */
const running = (alias: SQL) => sql`(${alias}.starts_at is null or ${alias}.starts_at <= now()) and (${alias}.ends_at is null or ${alias}.ends_at > now())`;

/** The discount running now for product `p`, at most one (the oldest wins), joined as `reduction`. */
export const ACTIVE_REDUCTION = sql`left join lateral (
    select sp.reduction_percent, sp.reduction_net_cents from specific_prices sp
    where sp.product_id = p.id and ${running(sql`sp`)}
    order by sp.id limit 1
  ) reduction on true`;

/**
 * The same discounts for a whole listing: every running one at once (read in index order, no sort), joined by
 * hash on `productId` as `reduction`. Looking each product's up in turn costs more on a listing of thousands.
 */
export function runningReductionsJoin(productId: SQL): SQL {
  return sql`left join (
    select distinct on (sp.product_id) sp.product_id, sp.reduction_percent, sp.reduction_net_cents from specific_prices sp
    where ${running(sql`sp`)} order by sp.product_id, sp.id
  ) reduction on reduction.product_id = ${productId}`;
}
