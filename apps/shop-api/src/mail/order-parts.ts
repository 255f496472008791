import { addressLines, type DeliveryDates, type Order, type TextLang } from '@shop/contract';
import { mailLocale, storefrontAddress, type MailBlock } from './layout.ts';

type OrderTexts = {
  deliverTo: string;
  collectAt: string;
  billing: string;
  /** A carrier's delivery time, as the checkout gives it. */
  days: (min: number, max: number) => string;
  /** `dates`: one day, or a range ('Tuesday 3 June – Thursday 5 June'). */
  expected: (dates: string) => string;
  quantity: (count: number) => string;
};

/** What the order mails (confirmation, shipping) say alike. */
export const ORDER_TEXTS: Record<TextLang, OrderTexts> = {
  en: {
    deliverTo: 'Delivery address',
    collectAt: 'Collection point',
    billing: 'Billing address',
    days: (min, max) => `${min}–${max} working days`,
    expected: (dates) => `Expected delivery: ${dates}`,
    quantity: (count) => `Quantity: ${count}`,
  },
  fr: {
    deliverTo: 'Adresse de livraison',
    collectAt: 'Point relais',
    billing: 'Adresse de facturation',
    days: (min, max) => `${min} à ${max} jours ouvrés`,
    expected: (dates) => `Livraison prévue : ${dates}`,
    quantity: (count) => `Quantité : ${count}`,
  },
  it: {
    deliverTo: 'Indirizzo di consegna',
    collectAt: 'Punto di ritiro',
    billing: 'Indirizzo di fatturazione',
    days: (min, max) => `${min}–${max} giorni lavorativi`,
    expected: (dates) => `Consegna prevista: ${dates}`,
    quantity: (count) => `Quantità: ${count}`,
  },
  es: {
    deliverTo: 'Dirección de entrega',
    collectAt: 'Punto de recogida',
    billing: 'Dirección de facturación',
    days: (min, max) => `${min}–${max} días laborables`,
    expected: (dates) => `Entrega prevista: ${dates}`,
    quantity: (count) => `Cantidad: ${count}`,
  },
  de: {
    deliverTo: 'Lieferadresse',
    collectAt: 'Abholstelle',
    billing: 'Rechnungsadresse',
    days: (min, max) => `${min}–${max} Werktage`,
    expected: (dates) => `Voraussichtliche Lieferung: ${dates}`,
    quantity: (count) => `Menge: ${count}`,
  },
  pl: {
    deliverTo: 'Adres dostawy',
    collectAt: 'Punkt odbioru',
    billing: 'Adres rozliczeniowy',
    days: (min, max) => `${min}–${max} dni roboczych`,
    expected: (dates) => `Przewidywana dostawa: ${dates}`,
    quantity: (count) => `Ilość: ${count}`,
  },
};

/** The first name an order mail greets: the billing address's, else the delivery address's. */
export function orderFirstName(order: Order): string {
  const name = order.billing_address.first_name ?? order.shipping_address.first_name;
  return typeof name === 'string' ? name : '';
}

/** An order line's picture as an address a mail program can load. */
export const itemImage = (storefrontUrl: string, imageUrl: string | null) => (imageUrl ? storefrontAddress(storefrontUrl, imageUrl) : null);

/** An address's lines, its country named in the mail's language. */
function writtenAddress(address: Record<string, unknown>, lang: TextLang): string[] {
  const regions = new Intl.DisplayNames([mailLocale(lang)], { type: 'region' });
  return addressLines(address, (iso) => regions.of(iso) ?? iso);
}

/** Where the order goes, a collection point named as one; with the billing address when `billing`. */
export function orderAddresses(order: Order, lang: TextLang, { billing }: { billing: boolean }): MailBlock {
  const texts = ORDER_TEXTS[lang];
  const point = order.pickup_point;
  const destination = point
    ? { title: texts.collectAt, lines: writtenAddress({ first_name: point.name, address1: point.address1, postcode: point.postcode, city: point.city, country: point.country }, lang) }
    : { title: texts.deliverTo, lines: writtenAddress(order.shipping_address, lang) };
  return { kind: 'addresses', addresses: [destination, ...(billing ? [{ title: texts.billing, lines: writtenAddress(order.billing_address, lang) }] : [])] };
}

/**
 * When the parcel should arrive (catalog/delivery-dates.ts worked the days out: the checkout's promise, or from the
 * day a parcel left): 'Expected delivery: Tuesday 3 June – Thursday 5 June'; nothing when no day is known.
 */
export function expectedDelivery(dates: DeliveryDates | null | undefined, lang: TextLang): string | null {
  if (!dates) return null;
  // Calendar days: written in UTC, so that no time zone moves them.
  const format = new Intl.DateTimeFormat(mailLocale(lang), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  // Each day written whole: ICU's own ranges are uneven across languages (Italian's gives 'martedì 01 – giovedì 03 dicembre').
  const [first, last] = [format.format(new Date(`${dates.from}T00:00:00Z`)), format.format(new Date(`${dates.to}T00:00:00Z`))];
  return ORDER_TEXTS[lang].expected(first === last ? first : `${first} – ${last}`);
}
