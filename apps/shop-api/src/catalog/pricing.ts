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

/** withVat in SQL: numeric arithmetic, so that it rounds exactly as the shopper's card does. */
export function withVatSql(netCents: SQL, vatRate: SQL): SQL {
  return sql`round(${netCents}::numeric * (10000 + ${vatRate}) / 10000)::int`;
}

/** reducedNet in SQL, for filtering and sorting by the price the shopper pays. */
export function reducedNetSql(net: SQL, percent: SQL, amount: SQL): SQL {
  return sql`round(greatest(0, ${net} - coalesce(${amount}, 0))::numeric * (100 - coalesce(${percent}, 0)) / 100)`;
}

export function discountPercent(regularCents: number, priceCents: number): number | null {
  if (regularCents <= 0 || priceCents >= regularCents) return null;
  return Math.round(((regularCents - priceCents) / regularCents) * 100);
}

/** The discount running now for product `p`, at most one (the oldest wins), joined as `reduction`. */
export const ACTIVE_REDUCTION = sql`left join lateral (
    select sp.reduction_percent, sp.reduction_net_cents from specific_prices sp
    where sp.product_id = p.id and (sp.starts_at is null or sp.starts_at <= now()) and (sp.ends_at is null or sp.ends_at > now())
    order by sp.id limit 1
  ) reduction on true`;

/** Product `p`'s net price after its running discount (needs ACTIVE_REDUCTION). */
export const FINAL_NET = reducedNetSql(sql`p.price_net_cents`, sql`reduction.reduction_percent`, sql`reduction.reduction_net_cents`);
