import { Readable } from 'node:stream';
import { STOREFRONT_LANGUAGES } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { SHOP_NAME, storefrontAddress } from '../mail/layout.ts';
import { PHOTO_PATH } from '../media/files.ts';
import { defaultWidth } from '../media/pipeline.ts';
import { heldByCarts } from '../stock/holds.ts';
import { ACTIVE_REDUCTION, priceRateSql, reducedNet, withVat } from './pricing.ts';
import { standardShippingSql } from './shipping.ts';

/**
 * The product feed for Google Merchant Center, one per country and language (`GET /feeds/google/{country}/{lang}.xml`):
 * RSS 2.0 with Google's `g:` namespace, one item per variant (size × colour), grouped by product (item_group_id),
 * with the apparel attributes (gender, age group, size, colour). Read from the database a page of products at a
 * time and streamed out, so a catalogue of 100,000 products is never held whole in memory.
 */

/** Products read by one statement of the feed. */
export const FEED_PAGE_PRODUCTS = 500;
/** Google's limits on a title and a description. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
/**
 * Kept answers are told apart by the catalogue's revision (docs/adr/0028) and by this period: a variant's stock or
 * GTIN may change without raising the revision (it follows the listing rows, not every variant).
 */
export const FEED_FRESH_SECONDS = 900;

const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/** Text or attribute value safe in XML 1.0: markup characters escaped, characters XML cannot carry dropped. */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!)
  );
}

/** At most `max` characters (whole code points), cut at a word where one is near. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

type FeedRow = {
  product_id: number;
  combination_id: number;
  sku: string;
  gtin: string | null;
  units: number;
  out_of_stock_policy: string;
  available_date: string | Date | null;
  net_cents: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
  reduction_starts_at: string | Date | null;
  reduction_ends_at: string | Date | null;
  name: string;
  slug: string;
  description: string;
  brand: string | null;
  brand_id: number | null;
  free_shipping: boolean;
  gender: string;
  size: string | null;
  color: string | null;
  photo_name: string | null;
  photo_widths: number[] | null;
  image_url: string | null;
};

const GENDERS: Record<string, string> = { women: 'female', men: 'male' };

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
const isoDate = (value: string | Date) => new Date(value).toISOString();

/** Google's availability of a variant: units to sell, else what its product does when none are left. */
function availability(row: FeedRow): { value: string; date: string | null } {
  if (row.units > 0) return { value: 'in_stock', date: null };
  if (row.out_of_stock_policy === 'preorder') return { value: 'preorder', date: row.available_date ? isoDate(row.available_date) : null };
  if (row.out_of_stock_policy === 'backorder') return { value: 'backorder', date: row.available_date ? isoDate(row.available_date) : null };
  return { value: 'out_of_stock', date: null };
}

/**
 * What one unit of a variant costs to send to the country with the standard shipping a cart without a chosen
 * carrier is priced with (cart/totals.ts): free for a free-shipping product, or from the country's threshold or its
 * brand's (SPEC §9); `cents` null when the country's zone has no standard price.
 */
export type FeedShipping = { cents: number | null; freeFrom: number | null; brandFreeFrom: ReadonlyMap<number, number> };

/** `pageSize`: products read by one statement (FEED_PAGE_PRODUCTS unless said). */
export type FeedScope = { country: string; lang: string; priceRate: number; config: ApiConfig; now: Date; shipping: FeedShipping; pageSize?: number };

function shippingCents(row: FeedRow, price: number, { cents, freeFrom, brandFreeFrom }: FeedShipping): number | null {
  if (cents === null) return null;
  const brandFrom = row.brand_id === null ? undefined : brandFreeFrom.get(row.brand_id);
  const free = row.free_shipping || (freeFrom !== null && price >= freeFrom) || (brandFrom !== undefined && price >= brandFrom);
  return free ? 0 : cents;
}

/** One `<item>` for a variant. */
export function feedItem(row: FeedRow, { country, lang, priceRate, config, now, shipping }: FeedScope): string {
  const regular = withVat(row.net_cents, priceRate);
  const sale = withVat(reducedNet(row.net_cents, { percent: row.reduction_percent, netCents: row.reduction_net_cents }), priceRate);
  const stock = availability(row);
  const image = row.photo_name && row.photo_widths?.length
    ? `${PHOTO_PATH}/${row.photo_name}-${defaultWidth(row.photo_widths.map(Number))}.jpg`
    : row.image_url;
  const gender = GENDERS[row.gender] ?? 'unisex';
  const variant = [row.color, row.size].filter(Boolean).join(', ');
  const fields: [string, string | null][] = [
    ['g:id', String(row.combination_id)],
    ['g:item_group_id', String(row.product_id)],
    ['g:title', shorten(variant ? `${row.name} – ${variant}` : row.name, TITLE_MAX)],
    ['g:description', shorten(row.description || row.name, DESCRIPTION_MAX)],
    ['g:link', `${config.storefrontUrl}/${lang}/${row.product_id}-${row.slug}.html`],
    ['g:image_link', image ? storefrontAddress(config.storefrontUrl, image) : null],
    ['g:availability', stock.value],
    ['g:availability_date', stock.date],
    ['g:price', money(regular, config.currency)],
    ['g:sale_price', sale < regular ? money(sale, config.currency) : null],
    [
      'g:sale_price_effective_date',
      sale < regular && row.reduction_ends_at ? `${isoDate(row.reduction_starts_at ?? now)}/${isoDate(row.reduction_ends_at)}` : null,
    ],
    // A product of no brand is sold under the shop's own name (Google wants a brand on every apparel item).
    ['g:brand', row.brand ?? SHOP_NAME],
    ['g:gtin', row.gtin],
    ['g:identifier_exists', row.gtin ? null : 'no'],
    ['g:mpn', row.gtin ? null : row.sku || null],
    ['g:condition', 'new'],
    ['g:gender', gender],
    ['g:age_group', row.gender === 'kids' ? 'kids' : 'adult'],
    ['g:size', row.size],
    ['g:color', row.color],
  ];
  const body = fields
    .filter((field): field is [string, string] => field[1] !== null && field[1] !== '')
    .map(([tag, value]) => `<${tag}>${escapeXml(value)}</${tag}>`)
    .join('');
  const carriage = shippingCents(row, Math.min(sale, regular), shipping);
  const carriagePrice = carriage === null ? '' : `<g:price>${money(carriage, config.currency)}</g:price>`;
  return `<item>${body}<g:shipping><g:country>${escapeXml(country)}</g:country>${carriagePrice}</g:shipping></item>\n`;
}

/** The variants of up to `pageSize` active products after `afterId`, in product then variant order. */
function feedPage(db: Database, lang: string, afterId: number, pageSize: number): Promise<FeedRow[]> {
  const attribute = (kind: 'size' | 'color') => sql`left join lateral (
      select a.id, at.name from combination_attributes ca
      join attributes a on a.id = ca.attribute_id
      join attribute_groups g on g.id = a.group_id and g.kind = ${kind}
      join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
      where ca.combination_id = c.id order by a.position, a.id limit 1
    ) ${sql.raw(kind)} on true`;
  return selectRows<FeedRow>(
    db,
    sql`select p.id as product_id, c.id as combination_id, c.reference as sku, nullif(c.gtin, '') as gtin,
        greatest(c.quantity - ${heldByCarts(sql`c.id`)}, 0) as units, p.out_of_stock_policy,
        coalesce(c.available_date, p.available_date) as available_date,
        p.price_net_cents + c.price_impact_net_cents as net_cents,
        reduction.reduction_percent, reduction.reduction_net_cents,
        reduction.starts_at as reduction_starts_at, reduction_end.ends_at as reduction_ends_at,
        pt.name, pt.slug, pt.description, b.name as brand, p.brand_id, p.free_shipping, p.gender, size.name as size, color.name as color,
        photo.name as photo_name, photo.widths as photo_widths, image.url as image_url
      from (select id from products where is_active and id > ${afterId} order by id limit ${pageSize}) page
      join products p on p.id = page.id
      join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
      join combinations c on c.product_id = p.id
      left join brands b on b.id = p.brand_id
      ${ACTIVE_REDUCTION}
      left join lateral (select sp.ends_at from specific_prices sp where sp.id = reduction.id) reduction_end on true
      ${attribute('size')}
      ${attribute('color')}
      -- The merchant's photo of the variant's colour (or of every colour) first, else the storefront's drawing.
      left join lateral (
        select ph.name, ph.widths from product_photos ph where ph.product_id = p.id
          and (ph.color_attribute_id is null or ph.color_attribute_id = color.id)
        order by ph.color_attribute_id is null, ph.position, ph.id limit 1
      ) photo on true
      left join lateral (
        select i.url from product_images i where i.product_id = p.id
        order by coalesce(i.color_attribute_id = color.id, false) desc, i.position, i.id limit 1
      ) image on true
      order by p.id, c.id`,
  );
}

/** The feed's XML, a page of products at a time. */
export async function* productFeed(db: Database, scope: FeedScope): AsyncGenerator<string> {
  const { config, lang, country } = scope;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<rss version="2.0" xmlns:g="${GOOGLE_NS}"><channel>\n`;
  yield `<title>${escapeXml(`${SHOP_NAME} (${country}, ${lang})`)}</title><link>${escapeXml(`${config.storefrontUrl}/${lang}`)}</link>`;
  yield `<description>${escapeXml(`Products of ${config.storefrontUrl} for ${country} in ${lang}`)}</description>\n`;
  let afterId = 0;
  for (;;) {
    const rows = await feedPage(db, lang, afterId, scope.pageSize ?? FEED_PAGE_PRODUCTS);
    if (rows.length === 0) break;
    yield rows.map((row) => feedItem(row, scope)).join('');
    afterId = rows[rows.length - 1]!.product_id;
  }
  yield '</channel></rss>\n';
}

/** A country the shop sells to, by its code in any case; null for any other. */
async function shopCountry(db: Database, code: string): Promise<string | null> {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  const [row] = await selectRows<{ iso: string }>(db, sql`select iso from countries where iso = ${code.toUpperCase()} and is_active`);
  return row?.iso ?? null;
}

/** The catalogue's revision, and the prices and shipping terms of a country's feed (`country`: a shop country's code). */
export async function feedTerms(db: Database, config: ApiConfig, country: string): Promise<{ revision: string; priceRate: number; shipping: FeedShipping }> {
  const [state] = await selectRows<{ revision: string; rate: number; shipping: number | null; free_from: number | null; brands: { id: number; from: number }[] }>(
    db,
    sql`select (select revision::text from catalog_revision) as revision, ${priceRateSql(country, config.defaultCountry)} as rate,
        ${standardShippingSql(sql`c.group_key`)} as shipping, c.free_shipping_from_cents as free_from,
        (select coalesce(json_agg(json_build_object('id', bf.brand_id, 'from', bf.from_cents)), '[]'::json) from brand_free_shipping bf where bf.country_iso = c.iso) as brands
      from countries c where c.iso = ${country}`,
  );
  return {
    revision: state?.revision ?? '0',
    priceRate: Number(state?.rate ?? 0),
    shipping: {
      cents: state?.shipping ?? null,
      freeFrom: state?.free_from ?? null,
      brandFreeFrom: new Map((state?.brands ?? []).map((brand) => [Number(brand.id), Number(brand.from)])),
    },
  };
}

/**
 * `GET /feeds/google/{country}/{lang}.xml`. An unknown country or language is a 404 in the API's envelope. The
 * answer carries an ETag made of the catalogue's revision (ADR 28) and the FEED_FRESH_SECONDS period it was made
 * in: a fetcher that sends it back (If-None-Match) gets a 304 until either changes.
 */
export function registerProductFeed(app: FastifyInstance, { db, config }: { db: Database; config: ApiConfig }): void {
  app.get<{ Params: { country: string; file: string } }>('/feeds/google/:country/:file', async (request, reply) => {
    const lang = /^([a-z]{2})\.xml$/.exec(request.params.file)?.[1];
    if (!lang || !(STOREFRONT_LANGUAGES as readonly string[]).includes(lang)) throw notFound('Feed language');
    const country = await shopCountry(db, request.params.country);
    if (!country) throw notFound('Feed country');
    const { revision, ...terms } = await feedTerms(db, config, country);
    const now = new Date();
    const period = Math.floor(now.getTime() / 1000 / FEED_FRESH_SECONDS);
    const etag = `"feed-${country}-${lang}-${revision}-${period}"`;
    void reply.header('etag', etag).header('cache-control', `public, max-age=${FEED_FRESH_SECONDS}`);
    const asked = request.headers['if-none-match'];
    if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.status(304).send();
    }
    void reply.type('application/rss+xml; charset=utf-8');
    return reply.send(Readable.from(productFeed(db, { country, lang, config, now, ...terms })));
  });
}
