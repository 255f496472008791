import { sql } from 'drizzle-orm';
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

/** The same discount rule in SQL, for sorting by price on the database. */
export function reducedNetSql(net: unknown, percent: unknown, amount: unknown) {
  return sql`(greatest(0, ${net} - coalesce(${amount}, 0)) * (100 - coalesce(${percent}, 0)) / 100)`;
}

export function discountPercent(regularCents: number, priceCents: number): number | null {
  if (regularCents <= 0 || priceCents >= regularCents) return null;
  return Math.round(((regularCents - priceCents) / regularCents) * 100);
}

