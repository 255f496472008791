import { sql, type SQL } from 'drizzle-orm';

/**
 * The standard delivery to a zone: the first carrier to the door (by its position) that is offered and delivers there.
 * The cart's estimate, the product page's delivery date and the product feed read it, so a rate the back office
 * changes is the one they show (docs/adr/0048-shipping-and-pages-editor.md).
 */
const standardCarrier = (zone: SQL, value: SQL): SQL =>
  sql`(select ${value} from carrier_rates r join carriers k on k.id = r.carrier_id and k.is_active and k.kind = 'home'
    where r.group_key = ${zone} order by k.position, k.id limit 1)`;

/** What standard delivery to a zone costs before the free-shipping rules (null: no carrier goes there). */
export const standardShippingSql = (zone: SQL): SQL => standardCarrier(zone, sql`r.price_cents`);

/** The standard carrier to a zone as json: its names and its delivery time in working days (null: none goes there). */
export type StandardDelivery = { names: CarrierNames; min: number; max: number };
export const standardDeliverySql = (zone: SQL): SQL => standardCarrier(zone, sql`json_build_object('names', k.names, 'min', r.min_days, 'max', r.max_days)`);

/** A carrier's names per language (carriers.names). */
export type CarrierNames = Partial<Record<string, string>>;

/** A carrier's name in a language, else in English, else its code. */
export const carrierName = (names: CarrierNames, lang: string, code = ''): string => names[lang] ?? names.en ?? code;
