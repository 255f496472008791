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

/** Net price after a discount: an amount first, then a percentage; never below zero (in SQL: catalog_listing_current_net). */
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

/** Whether the discounted price stored in the listing entry `entry` (catalog_listing_entries, migration 0004) is current. */
export const entryPriceIsCurrentSql = (entry: SQL): SQL => sql`(now() >= ${entry}.price_from and now() < ${entry}.price_until)`;

/**
 * The net price after the running discount of the listing entry `entry`: the stored one while its period lasts,
 * else looked up (catalog_listing_current_net, as reducedNet and ACTIVE_REDUCTION apply discounts). Stored, a
 * listing of thousands of products reads no discount at all.
 */
export function entryReducedNetSql(entry: SQL): SQL {
  return sql`case when ${entryPriceIsCurrentSql(entry)} then ${entry}.reduced_net_cents
    else catalog_listing_current_net(${entry}.product_id, ${entry}.price_net_cents) end`;
}
