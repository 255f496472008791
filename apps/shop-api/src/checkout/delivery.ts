import type { Carrier, DeliveryDates, PickupPoint } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { withCarrier, type Basket, type DestinationTerms } from '../cart/basket.ts';
import { cartDating, contentsMoney } from '../cart/view.ts';
import type { DeliveryDays } from '../catalog/delivery-dates.ts';
import { carrierName, type CarrierNames } from '../catalog/shipping.ts';

/**
 * How a cart can reach a country: the carriers with a rate for its group of countries (a pickup carrier only
 * where it has collection points), each priced for this cart with the cart's free-shipping rules and dated for it,
 * with the destination's terms under that carrier (what the cart's totals are priced with once it is chosen).
 */

type CarrierRow = {
  id: number;
  code: string;
  kind: 'home' | 'pickup';
  names: CarrierNames;
  price: number;
  free_applies: boolean;
  min_days: number;
  max_days: number;
};

export async function carriersFor(context: CallContext, basket: Basket, country: string): Promise<{ carrier: Carrier; terms: DestinationTerms }[]> {
  const rows = await selectRows<CarrierRow>(
    basket.db,
    sql`select k.id, k.code, k.kind, k.names, r.price_cents as price, k.free_shipping_applies as free_applies, r.min_days, r.max_days
      from carriers k
      join carrier_rates r on r.carrier_id = k.id
      join countries c on c.group_key = r.group_key and c.iso = ${country} and c.is_active
      where k.is_active
        and (k.kind <> 'pickup' or exists (select 1 from pickup_points p where p.carrier_id = k.id and p.country_iso = ${country} and p.is_active))
      order by k.position, k.id`,
  );
  const [destination, contents] = await Promise.all([basket.terms(country), basket.contents(country)]);
  const dated = cartDating(context, contents.lines);
  return rows.map((row) => {
    const name = carrierName(row.names, context.lang, row.code);
    const days = { min: row.min_days, max: row.max_days };
    const terms = withCarrier(destination, { priceCents: row.price, freeShippingApplies: row.free_applies, delivery: { carrier: name, days } });
    const { totals } = contentsMoney(contents, terms);
    const carrier: Carrier = {
      id: row.id,
      code: row.code,
      name,
      kind: row.kind,
      price: totals.shipping,
      regular_price: row.price,
      free: totals.shipping_free,
      delivery_days: days,
      delivery: dated(days),
    };
    return { carrier, terms };
  });
}

type PointRow = Omit<PickupPoint, 'distance_km' | 'country' | 'carrier_id' | 'address1' | 'opening_hours' | 'delivery'> & {
  carrier_id: number;
  country: string;
  address1: string;
  opening_hours: PickupPoint['opening_hours'];
  latitude: number;
  longitude: number;
  /** Its carrier's delivery time to the point's country. */
  min_days: number;
  max_days: number;
};

const POINT_COLUMNS = sql`p.id, p.carrier_id, p.name, p.address1, p.postcode, p.city, p.country_iso as country, p.opening_hours, p.latitude, p.longitude,
  r.min_days, r.max_days`;
/** A point's carrier's rate to the point's country (a point without one is not offered). */
const POINT_RATE = sql`join countries pc on pc.iso = p.country_iso join carrier_rates r on r.carrier_id = p.carrier_id and r.group_key = pc.group_key`;

/** When a point's carrier brings the cart (cartDating), or null where the caller has no cart to date. */
type PointDating = (days: DeliveryDays) => DeliveryDates | null;

/** Great-circle distance in km, to one decimal. */
function distanceKm(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(a)) * 10) / 10;
}

const toPoint = (row: PointRow, distance: number | null, dated: PointDating): PickupPoint => ({
  id: row.id,
  carrier_id: row.carrier_id,
  name: row.name,
  address1: row.address1,
  postcode: row.postcode,
  city: row.city,
  country: row.country,
  opening_hours: row.opening_hours,
  distance_km: distance,
  delivery: dated({ min: row.min_days, max: row.max_days }),
});

/** A place name or postcode as a shopper may type it: any case, with or without accents and spaces ('munchen', 'München'). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/** How many points a search shows, nearest first, and how far from the place searched they may be. */
const POINTS_SHOWN = 10;
const POINTS_WITHIN_KM = 30;

/**
 * The collection points of a country near a postcode or a city: the place is where the points matching it
 * are (their centre), and every point of the country is listed by its distance from there, nearest first.
 * Nothing matches: no points (the shopper tries another place). Each is dated for the cart by `dated`.
 */
export async function searchPickupPoints(db: Queryable, country: string, query: string, carrierId: number | undefined, dated: PointDating): Promise<PickupPoint[]> {
  const rows = await selectRows<PointRow>(
    db,
    sql`select ${POINT_COLUMNS} from pickup_points p
      join carriers k on k.id = p.carrier_id and k.is_active and k.kind = 'pickup' ${POINT_RATE}
      where p.is_active and p.country_iso = ${country} and (${carrierId ?? null}::int is null or p.carrier_id = ${carrierId ?? null})`,
  );
  const wanted = fold(query);
  const matches = rows.filter((row) => fold(row.postcode).startsWith(wanted) || fold(row.city).startsWith(wanted));
  if (matches.length === 0) return [];
  const centre = {
    latitude: matches.reduce((sum, row) => sum + row.latitude, 0) / matches.length,
    longitude: matches.reduce((sum, row) => sum + row.longitude, 0) / matches.length,
  };
  return rows
    .map((row) => toPoint(row, distanceKm(centre, row), dated))
    .filter((point) => point.distance_km! <= POINTS_WITHIN_KM)
    .sort((a, b) => a.distance_km! - b.distance_km! || a.id - b.id)
    .slice(0, POINTS_SHOWN);
}

export async function findPickupPoint(db: Queryable, id: number, dated: PointDating): Promise<PickupPoint | null> {
  const [row] = await selectRows<PointRow>(db, sql`select ${POINT_COLUMNS} from pickup_points p ${POINT_RATE} where p.id = ${id} and p.is_active`);
  return row ? toPoint(row, null, dated) : null;
}
