import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectPrepared, selectRows } from '../db/raw.ts';

/**
 * Price zones (docs/adr/0023-shelf-prices.md): every country in the home country's group (the EU) sees the same
 * shelf price, its net price with the home country's VAT, set to end as shoppers expect (89,95, 90,00); the VAT it
 * holds is the destination's. Countries outside that group buy VAT-free: they see the net price.
 * The rate shelf prices are made with for the countries row `country`, `home` being the home country's row.
 */
export function shelfRateSql(country: SQL, home: SQL): SQL {
  return sql`case when ${country}.group_key = ${home}.group_key then ${home}.vat_rate_bp else 0 end`;
}

/** The VAT the prices hold in the countries row `country`: its own rate in the home group (EU distance sales), none outside (an export). */
export function destinationVatSql(country: SQL, home: SQL): SQL {
  return sql`case when ${country}.group_key = ${home}.group_key then ${country}.vat_rate_bp else 0 end`;
}

/** shelfRateSql for a country code, evaluated once per query; an unknown country is priced as the home country. */
export function priceRateSql(country: string, homeCountry: string): SQL {
  return sql`coalesce((select ${shelfRateSql(sql`c`, sql`home`)} from countries c, countries home where c.iso = ${country} and home.iso = ${homeCountry}),
    (select vat_rate_bp from countries where iso = ${homeCountry}), 0)`;
}

/** The same rate as priceRateSql, for code that prices in TypeScript. */
export async function priceRateFor(db: Database, country: string, homeCountry: string): Promise<number> {
  const [row] = await selectPrepared<{ rate: number }>(db, sql`select ${priceRateSql(country, homeCountry)} as rate`);
  return Number(row?.rate ?? 0);
}

/**
 * The net price whose shelf price at `rate` is exactly `shelfCents`, or null when rounding skips that amount
 * (a step of one net cent moves the shelf price by more than a cent). The demo catalogue sets its prices with it.
 */
export function netForShelfPrice(shelfCents: number, rate: number): number | null {
  const guess = Math.round((shelfCents * 10_000) / (10_000 + rate));
  return [guess, guess - 1, guess + 1].find((net) => withVat(net, rate) === shelfCents) ?? null;
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

/** Discount `alias` (a specific_prices row) runs now. */
export const discountRunsSql = (alias: SQL) => sql`(${alias}.starts_at is null or ${alias}.starts_at <= now()) and (${alias}.ends_at is null or ${alias}.ends_at > now())`;

/** The discount running now for product `p`, at most one (the oldest wins), joined as `reduction`. */
export const ACTIVE_REDUCTION = sql`left join lateral (
    select sp.id, sp.starts_at, sp.reduction_percent, sp.reduction_net_cents from specific_prices sp
    where sp.product_id = p.id and ${discountRunsSql(sql`sp`)}
    order by sp.id limit 1
  ) reduction on true`;

/** The prices a product had in a period (an interval of the price history, with the discount it ran, if any). */
export type PriorPrice = { net: number; percent: number | null; amount: number | null };

/** The Omnibus directive's reference period: the lowest price of the 30 days before a reduction started. */
export const PRIOR_PRICE_DAYS = 30;

/** A product's running discount: its id and since when it runs (the product's creation for one without a start). */
export type RunningDiscount = { productId: number; since: Date; runningId: number };

/**
 * Every price each product of `discounts` was sold at in the 30 days before its running discount started (ADR 43):
 * its regular prices of that time (product_price_history), and those prices under each other discount that ran
 * then (specific_prices rows are ended, never deleted, once they have run), by product id. One statement for a
 * product page or for a page of cards. The lowest, for a combination, is lowestPriorNet's.
 */
export async function priorPrices(db: Database, discounts: readonly RunningDiscount[]): Promise<Map<number, PriorPrice[]>> {
  const byProduct = new Map<number, PriorPrice[]>(discounts.map((discount) => [discount.productId, []]));
  if (discounts.length === 0) return byProduct;
  const found = await selectRows<PriorPrice & { product_id: number }>(
    db,
    sql`with w as (select d.product_id, d.running_id, d.since - make_interval(days => ${PRIOR_PRICE_DAYS}) as from_, d.since as until_
        from unnest(${sql.param(discounts.map((discount) => discount.productId))}::int[], ${sql.param(discounts.map((discount) => discount.runningId))}::int[],
          ${sql.param(discounts.map((discount) => discount.since.toISOString()))}::timestamptz[]) as d (product_id, running_id, since))
      select w.product_id, h.price_net_cents as net, null::int as percent, null::int as amount from w
        join product_price_history h on h.product_id = w.product_id
        where h.valid_from < w.until_ and coalesce(h.valid_until, 'infinity') > w.from_
      union all
      select w.product_id, h.price_net_cents, sp.reduction_percent, sp.reduction_net_cents from w
        join specific_prices sp on sp.product_id = w.product_id and sp.id <> w.running_id
        join product_price_history h on h.product_id = sp.product_id
        where coalesce(sp.starts_at, '-infinity') < w.until_ and coalesce(sp.ends_at, 'infinity') > w.from_
          and coalesce(sp.starts_at, '-infinity') < coalesce(sp.ends_at, 'infinity')
          and h.valid_from < least(coalesce(sp.ends_at, 'infinity'), w.until_)
          and coalesce(h.valid_until, 'infinity') > greatest(coalesce(sp.starts_at, '-infinity'), w.from_)`,
  );
  for (const { product_id: productId, ...price } of found) byProduct.get(productId)?.push(price);
  return byProduct;
}

/**
 * The lowest net price of `prior` for a combination whose price differs from the product's by `impactNet`; with no
 * known history, the regular price (the price before the reduction is the only one the shop knows).
 */
export function lowestPriorNet(prior: PriorPrice[], impactNet: number, regularNet: number): number {
  return prior.reduce((lowest, row) => Math.min(lowest, reducedNet(row.net + impactNet, { percent: row.percent, netCents: row.amount })), prior.length > 0 ? Infinity : regularNet);
}

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

/** Products refreshed at most by one call of refreshEndedPricePeriods. */
const ENDED_PERIODS_BATCH = 500;
// Any constant: the key of the advisory lock refreshEndedPricePeriods takes.
const ENDED_PERIODS_LOCK = 727_002;

/**
 * Writes again the listing rows whose stored discounted price is no longer current (a discount started or ended
 * since): until then every listing of their categories looks their price up, and no answer of those listings can
 * be kept (catalog/revision-cache.ts). One process at a time does it; returns how many products it refreshed.
 */
export async function refreshEndedPricePeriods(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const select = <T>(query: SQL) => selectRows<T>(tx as unknown as Database, query);
    const [turn] = await select<{ mine: boolean }>(sql`select pg_try_advisory_xact_lock(${ENDED_PERIODS_LOCK}) as mine`);
    if (!turn?.mine) return 0;
    const ended = await select<{ id: number }>(
      sql`select product_id as id from catalog_listing_entries where category_id = 0 and price_until <= now() order by product_id limit ${ENDED_PERIODS_BATCH}`,
    );
    if (ended.length > 0) await select(sql`select catalog_listing_refresh(${`{${ended.map((row) => row.id).join(',')}}`}::int[])`);
    return ended.length;
  });
}
