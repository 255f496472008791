import {
  REDUCED_TAX_CLASSES,
  type AdminCarrier,
  type AdminShippingCountry,
  type AdminTaxCountry,
  type AdminZone,
  type adminSaveBrandThresholdInput,
  type adminCreateCarrierInput,
  type adminCreateCountryInput,
  type adminCreateZoneInput,
  type adminSaveCarrierInput,
  type adminSaveCarrierRateInput,
  type adminSaveCountryInput,
  type adminSaveTaxRateInput,
  type adminSaveZoneInput,
} from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { ApiError, notFound, refusal } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';
import { nextId } from './products.ts';

/**
 * Carriers, their rates per zone, the free-shipping thresholds and the countries sold to
 * (docs/adr/0048-shipping-and-pages-editor.md). The cart, the checkout's carriers, the countries the storefront
 * offers and the product feed all read these rows, so a save shows there at once; the tables' triggers raise the
 * catalogue revision for the answers kept per revision (the feed, the countries). A rate and a country carry a
 * version: two staff members editing the same one, the second save names a version that is gone and is refused.
 */

type RateRow = { carrier_id: number; zone: string; price: number; min_days: number; max_days: number; version: number };
type CarrierRow = { id: number; code: string; kind: 'home' | 'pickup'; names: Partial<Record<string, string>>; free_shipping_applies: boolean; is_active: boolean; pickup_countries: string[] };
const carrierColumns = sql`id, code, kind, names, free_shipping_applies, is_active,
  array(select distinct p.country_iso::text from pickup_points p where p.carrier_id = carriers.id and p.is_active order by 1) as pickup_countries`;
type CountryRow = { iso: string; zone: string; is_active: boolean; free_shipping_from: number | null; version: number };

const rateColumns = sql`carrier_id, group_key as zone, price_cents as price, min_days, max_days, version`;
const countryColumns = sql`iso, group_key as zone, is_active, free_shipping_from_cents as free_shipping_from, version`;

const stale = (version: number) => refusal(409, 'stale_edit', 'Someone else saved a newer version first', { version });
const countryUnknown = () => new ApiError(404, 'country_unknown', 'The shop does not know this country');

const toRate = ({ carrier_id: _carrier, ...rate }: RateRow) => rate;
const toCountry = (row: CountryRow, home: string): AdminShippingCountry => ({ ...row, is_home: row.iso === home });

type ZoneRow = { key: string; names: Partial<Record<string, string>>; countries: number; version: number };
const zoneColumns = sql`z.key, z.names, z.version, (select count(*)::int from countries c where c.group_key = z.key) as countries`;
const zoneOf = (row: ZoneRow, lang: string): AdminZone => ({ ...row, name: row.names[lang] ?? row.names.en ?? row.key, names: givenNames(row.names) });
/** The names typed, without the languages left empty (those show the English name). */
const givenNames = (names: Partial<Record<string, string>>) => Object.fromEntries(Object.entries(names).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** Whether the shop has this zone (zones are never deleted: a check in the transaction holds to its end). */
async function zoneExists(db: Queryable, key: string): Promise<boolean> {
  return (await selectRows(db, sql`select 1 from shipping_zones where key = ${key}`)).length > 0;
}

async function readZone(db: Queryable, key: string, lang: string): Promise<AdminZone> {
  const [row] = await selectRows<ZoneRow>(db, sql`select ${zoneColumns} from shipping_zones z where z.key = ${key}`);
  if (!row) throw notFound('Zone');
  return zoneOf(row, lang);
}

async function readCarrier(db: Queryable, id: number, lang: string): Promise<AdminCarrier> {
  const [row] = await selectRows<CarrierRow>(db, sql`select ${carrierColumns} from carriers where id = ${id}`);
  if (!row) throw notFound('Carrier');
  const rates = await selectRows<RateRow>(db, sql`select ${rateColumns} from carrier_rates where carrier_id = ${id} order by group_key`);
  return { ...carrierOf(row, lang), rates: rates.map(toRate) };
}

const carrierOf = ({ names, ...row }: CarrierRow, lang: string) => ({ ...row, name: names[lang] ?? names.en ?? row.code });

export async function getDeliverySettings(_input: unknown, { db, textLang, config }: AdminContext) {
  const [zones, carriers, rates, countries, thresholds, brands] = await Promise.all([
    selectRows<ZoneRow>(db, sql`select ${zoneColumns} from shipping_zones z order by z.key`),
    selectRows<CarrierRow>(db, sql`select ${carrierColumns} from carriers order by position, id`),
    selectRows<RateRow>(db, sql`select ${rateColumns} from carrier_rates order by group_key`),
    selectRows<CountryRow>(db, sql`select ${countryColumns} from countries order by iso`),
    selectRows<{ country: string; brand_id: number; brand_name: string; from: number }>(
      db,
      sql`select bf.country_iso as country, bf.brand_id, b.name as brand_name, bf.from_cents as "from"
        from brand_free_shipping bf join brands b on b.id = bf.brand_id order by bf.country_iso, b.name`,
    ),
    selectRows<{ id: number; name: string }>(db, sql`select id, name from brands order by name, id`),
  ]);
  return {
    zones: zones.map((row) => zoneOf(row, textLang)),
    carriers: carriers.map((row) => ({ ...carrierOf(row, textLang), rates: rates.filter((rate) => rate.carrier_id === row.id).map(toRate) })),
    countries: countries.map((row) => toCountry(row, config.defaultCountry)),
    brand_thresholds: thresholds,
    brands,
  };
}

/**
 * Sets a carrier's price and delivery time to a zone. The update names the version the form read: under
 * concurrent saves of one rate the row lock orders them, and the later one finds the version moved on and is
 * refused (stale_edit, with the version there now) rather than silently overwriting the first.
 */
export async function saveCarrierRate(input: z.output<typeof adminSaveCarrierRateInput>, context: AdminContext) {
  const { db } = context;
  return db.transaction(async (tx) => {
    const [carrier] = await selectRows<{ id: number }>(tx, sql`select id from carriers where id = ${input.carrier_id}`);
    if (!carrier) throw notFound('Carrier');
    if (!(await zoneExists(tx, input.zone))) throw notFound('Zone');
    const [before] = await selectRows<RateRow>(tx, sql`select ${rateColumns} from carrier_rates where carrier_id = ${input.carrier_id} and group_key = ${input.zone}`);
    const [after] =
      input.version === 0
        ? await selectRows<RateRow>(
            tx,
            sql`insert into carrier_rates (carrier_id, group_key, price_cents, min_days, max_days)
              values (${input.carrier_id}, ${input.zone}, ${input.price}, ${input.min_days}, ${input.max_days})
              on conflict do nothing returning ${rateColumns}`,
          )
        : await selectRows<RateRow>(
            tx,
            sql`update carrier_rates set price_cents = ${input.price}, min_days = ${input.min_days}, max_days = ${input.max_days}, version = version + 1
              where carrier_id = ${input.carrier_id} and group_key = ${input.zone} and version = ${input.version} returning ${rateColumns}`,
          );
    if (!after) {
      const [now] = await selectRows<{ version: number }>(tx, sql`select version from carrier_rates where carrier_id = ${input.carrier_id} and group_key = ${input.zone}`);
      if (!now) throw notFound('Rate');
      throw stale(now.version);
    }
    await audit(tx, actorOf(context), {
      action: before ? 'carrier_rate.change' : 'carrier_rate.create',
      targetType: 'carrier_rate',
      targetId: `${input.carrier_id}:${input.zone}`,
      before: before ? toRate(before) : null,
      after: toRate(after),
    });
    return toRate(after);
  });
}

/** Offers a carrier or stops offering it, and says whether the free-shipping rules make it free. */
export async function saveCarrier(input: z.output<typeof adminSaveCarrierInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await readCarrier(tx, input.id, context.textLang);
    await tx.execute(sql`update carriers set is_active = ${input.is_active}, free_shipping_applies = ${input.free_shipping_applies} where id = ${input.id}`);
    const after = await readCarrier(tx, input.id, context.textLang);
    await audit(tx, actorOf(context), {
      action: 'carrier.change',
      targetType: 'carrier',
      targetId: input.id,
      before: { is_active: before.is_active, free_shipping_applies: before.free_shipping_applies },
      after: { is_active: after.is_active, free_shipping_applies: after.free_shipping_applies },
    });
    return after;
  });
}

/** A new carrier to the door, offered (once it has a rate to a zone: the checkout lists carriers with a rate to the destination's). */
export async function createCarrier(input: z.output<typeof adminCreateCarrierInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const names = givenNames(input.names);
    // The seeded carriers have their ids written: the id is taken as the editor's are (nextId), not from the sequence.
    const [created] = await selectRows<{ id: number }>(
      tx,
      sql`insert into carriers (id, code, kind, names, free_shipping_applies, position, is_active)
        values (${await nextId(tx, 'carriers')}, ${input.code}, 'home', ${JSON.stringify(names)}::jsonb, ${input.free_shipping_applies}, (select coalesce(max(position), 0) + 1 from carriers), true)
        on conflict (code) do nothing returning id`,
    );
    if (!created) throw new ApiError(409, 'carrier_code_taken', 'Another carrier has this code');
    await audit(tx, actorOf(context), { action: 'carrier.create', targetType: 'carrier', targetId: created.id, after: { code: input.code, names, free_shipping_applies: input.free_shipping_applies } });
    return readCarrier(tx, created.id, context.textLang);
  });
}

/**
 * A new shipping zone, empty: countries move into it (saveShippingCountry) and carriers get a rate to it
 * (saveCarrierRate). Its key is for good (countries and rates name it); its names can change (saveZone).
 */
export async function createZone(input: z.output<typeof adminCreateZoneInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const names = givenNames(input.names);
    const [created] = await selectRows<{ key: string }>(
      tx,
      sql`insert into shipping_zones (key, names) values (${input.key}, ${JSON.stringify(names)}::jsonb) on conflict (key) do nothing returning key`,
    );
    if (!created) throw new ApiError(409, 'zone_key_taken', 'Another zone has this key');
    await audit(tx, actorOf(context), { action: 'zone.create', targetType: 'shipping_zone', targetId: input.key, after: { names } });
    return readZone(tx, input.key, context.textLang);
  });
}

/** A zone's names in the shop's languages, over the version the form read. */
export async function saveZone(input: z.output<typeof adminSaveZoneInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await readZone(tx, input.key, context.textLang);
    const names = givenNames(input.names);
    const [moved] = await selectRows<{ key: string }>(
      tx,
      sql`update shipping_zones set names = ${JSON.stringify(names)}::jsonb, version = version + 1 where key = ${input.key} and version = ${input.version} returning key`,
    );
    if (!moved) throw stale(before.version);
    await audit(tx, actorOf(context), { action: 'zone.change', targetType: 'shipping_zone', targetId: input.key, before: { names: before.names }, after: { names } });
    return readZone(tx, input.key, context.textLang);
  });
}

/** A country's zone, whether the shop sells to it and its free-shipping threshold, over the version the form read. */
export async function saveShippingCountry(input: z.output<typeof adminSaveCountryInput>, context: AdminContext) {
  const { db, config } = context;
  return db.transaction(async (tx) => {
    const [before] = await selectRows<CountryRow>(tx, sql`select ${countryColumns} from countries where iso = ${input.iso}`);
    if (!before) throw countryUnknown();
    // The home country's prices are the shelf prices (ADR 23): the shop always sells there.
    if (input.iso === config.defaultCountry && !input.is_active) throw new ApiError(409, 'home_country_required', 'The home country is always sold to');
    if (!(await zoneExists(tx, input.zone))) throw notFound('Zone');
    const [after] = await selectRows<CountryRow>(
      tx,
      sql`update countries set group_key = ${input.zone}, is_active = ${input.is_active}, free_shipping_from_cents = ${input.free_shipping_from}, version = version + 1
        where iso = ${input.iso} and version = ${input.version} returning ${countryColumns}`,
    );
    if (!after) {
      const [now] = await selectRows<{ version: number }>(tx, sql`select version from countries where iso = ${input.iso}`);
      throw stale(now!.version);
    }
    await audit(tx, actorOf(context), { action: 'country.change', targetType: 'country', targetId: input.iso, before, after });
    return toCountry(after, config.defaultCountry);
  });
}

/** A country the shop did not have, in an existing zone: the storefront offers it (when sold to) with its zone's carriers. */
export async function createShippingCountry(input: z.output<typeof adminCreateCountryInput>, context: AdminContext) {
  const { db, config } = context;
  return db.transaction(async (tx) => {
    if (!(await zoneExists(tx, input.zone))) throw notFound('Zone');
    const [created] = await selectRows<CountryRow>(
      tx,
      sql`insert into countries (iso, group_key, vat_rate_bp, free_shipping_from_cents, is_active)
        values (${input.iso}, ${input.zone}, ${input.vat_rate_bp}, ${input.free_shipping_from}, ${input.is_active})
        on conflict (iso) do nothing returning ${countryColumns}`,
    );
    if (!created) throw new ApiError(409, 'country_known', 'The shop has this country already');
    await audit(tx, actorOf(context), { action: 'country.create', targetType: 'country', targetId: input.iso, after: { ...created, vat_rate_bp: input.vat_rate_bp } });
    return toCountry(created, config.defaultCountry);
  });
}

/** SPEC §9's one-brand rule: sets (or with `from` null removes) a brand's free-shipping threshold to a country. */
export async function saveBrandThreshold(input: z.output<typeof adminSaveBrandThresholdInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [country] = await selectRows<{ iso: string }>(tx, sql`select iso from countries where iso = ${input.country}`);
    if (!country) throw countryUnknown();
    const [brand] = await selectRows<{ name: string }>(tx, sql`select name from brands where id = ${input.brand_id}`);
    if (!brand) throw notFound('Brand');
    const [before] = await selectRows<{ from: number }>(
      tx,
      sql`select from_cents as "from" from brand_free_shipping where country_iso = ${input.country} and brand_id = ${input.brand_id}`,
    );
    if (input.from === null) await tx.execute(sql`delete from brand_free_shipping where country_iso = ${input.country} and brand_id = ${input.brand_id}`);
    else
      await tx.execute(
        sql`insert into brand_free_shipping (country_iso, brand_id, from_cents) values (${input.country}, ${input.brand_id}, ${input.from})
          on conflict (country_iso, brand_id) do update set from_cents = excluded.from_cents`,
      );
    await audit(tx, actorOf(context), {
      action: input.from === null ? 'brand_threshold.remove' : 'brand_threshold.set',
      targetType: 'brand_threshold',
      targetId: `${input.country}:${input.brand_id}`,
      before: before ?? null,
      after: input.from === null ? null : { from: input.from },
    });
    return input.from === null ? null : { country: input.country, brand_id: input.brand_id, brand_name: brand.name, from: input.from };
  });
}

type TaxCountryRow = { iso: string; standard_bp: number; class_rates: Record<string, number> | null; version: number };
const taxCountryColumns = sql`c.iso, c.vat_rate_bp as standard_bp, c.version,
  (select json_object_agg(r.tax_class, r.vat_rate_bp) from country_tax_rates r where r.country_iso = c.iso) as class_rates`;
const toTaxCountry = ({ class_rates, ...row }: TaxCountryRow): AdminTaxCountry => ({
  ...row,
  rates: REDUCED_TAX_CLASSES.map((taxClass) => ({ tax_class: taxClass, rate_bp: class_rates?.[taxClass] ?? null })),
});

/**
 * The VAT rates of the countries in the home country's zone (docs/adr/0065-tax-rates-page.md): the others buy
 * VAT-free. The cart reads the rates on every call (cart/basket.ts countryTerms), so a save shows at once.
 */
export async function getTaxRates(_input: unknown, { db, config }: AdminContext) {
  const countries = await selectRows<TaxCountryRow>(
    db,
    sql`select ${taxCountryColumns} from countries c join countries home on home.iso = ${config.defaultCountry} where c.group_key = home.group_key order by c.iso`,
  );
  return { countries: countries.map(toTaxCountry) };
}

/**
 * A country's own rate for a tax class, or (null) the class back at the country's standard rate. The country's
 * version is the one its forms carry (the delivery page's too): the update naming the version read orders two saves
 * and refuses the later one (stale_edit).
 */
export async function saveTaxRate(input: z.output<typeof adminSaveTaxRateInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [before] = await selectRows<TaxCountryRow>(tx, sql`select ${taxCountryColumns} from countries c where c.iso = ${input.iso}`);
    if (!before) throw countryUnknown();
    const [moved] = await selectRows<{ version: number }>(tx, sql`update countries set version = version + 1 where iso = ${input.iso} and version = ${input.version} returning version`);
    if (!moved) throw stale(before.version);
    if (input.rate_bp === null) await tx.execute(sql`delete from country_tax_rates where country_iso = ${input.iso} and tax_class = ${input.tax_class}`);
    else
      await tx.execute(
        sql`insert into country_tax_rates (country_iso, tax_class, vat_rate_bp) values (${input.iso}, ${input.tax_class}, ${input.rate_bp})
          on conflict (country_iso, tax_class) do update set vat_rate_bp = excluded.vat_rate_bp`,
      );
    await audit(tx, actorOf(context), {
      action: 'tax_rate.change',
      targetType: 'country_tax_rate',
      targetId: `${input.iso}:${input.tax_class}`,
      before: { rate_bp: before.class_rates?.[input.tax_class] ?? null },
      after: { rate_bp: input.rate_bp },
    });
    const [after] = await selectRows<TaxCountryRow>(tx, sql`select ${taxCountryColumns} from countries c where c.iso = ${input.iso}`);
    return toTaxCountry(after!);
  });
}

export const deliveryHandlers = { getDeliverySettings, createZone, saveZone, saveCarrierRate, saveCarrier, createCarrier, saveShippingCountry, createShippingCountry, saveBrandThreshold, getTaxRates, saveTaxRate };
