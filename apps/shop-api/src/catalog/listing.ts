import { SORT_KEYS, type Garment, type getProductsInput, type Listing, type SortKey } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { keptCategory, keptCategoryTree } from './categories.ts';
import { searchText, type ChangedProducts } from './changes.ts';
import { facetData } from './facet-data.ts';
import { countGroups, groupsOfOrder, PRICE_RANGES, priceRangeIndexSql, toFacets, type GroupCounts, type ProductGroup } from './facets.ts';
import { priceFilterBounds, priceFilterSql } from './listing-filters.ts';
import { entryPriceIsCurrentSql, entryReducedNetSql, priceRateSql, withVat, withVatSql } from './pricing.ts';
import { searchMatch, translationIn } from './search-sql.ts';
import { correctSpelling } from './spelling.ts';
import { reading, type Keepable } from './revision-cache.ts';
import { pageOfOrder, patchOrder, scopeOrderBytes, toScopeOrder, type ChangedRow, type OrderKeys, type ScopeOrder } from './scope-orders.ts';
import { productSummaries } from './summaries.ts';
import { understood, type Understood } from './understanding.ts';
import { withTunedReads, type Select } from './tuned-query.ts';

type ListingInput = z.output<typeof getProductsInput>;

/**
 * What the listing is of, before any filter: a category, a brand, the products matching a search's text (`text`, a
 * tsquery as text: understanding.ts), any of several categories a search named, or the whole catalogue.
 */
/** `garments`: the product types a search's words name, whose products come first by relevance. */
export type ListingScope = { categoryId?: number; categoryIds?: number[]; brandId?: number; text?: string; garments?: Garment[] };

type TitleOrder = 'title_asc' | 'title_desc';
const isTitleOrder = (order: SortKey): order is TitleOrder => order === 'title_asc' || order === 'title_desc';

/** Orders over the columns of `base`; each ends with the id, so that pages never overlap. */
const ORDER_BY: Record<Exclude<SortKey, 'relevance' | TitleOrder>, SQL> = {
  // Products of one price by their net price (VAT rounds some to one price): the order of the walks by price.
  price_asc: sql`price asc, reduced_net asc, id`,
  price_desc: sql`price desc, reduced_net desc, id`,
  popularity: sql`sales_count desc, id`,
  date_add_asc: sql`created_at asc, id`,
  date_add_desc: sql`created_at desc, id`,
  // By the share of its price a product still costs, net of VAT: VAT multiplies both prices alike.
  discount_desc: sql`(reduced_net::float8 / greatest(net, 1)) asc, id`,
  discount_asc: sql`(reduced_net::float8 / greatest(net, 1)) desc, id`,
  // Best rated first; among equal averages the more reviewed; products without reviews last.
  rating_desc: sql`rating desc nulls last, review_count desc, sales_count desc, id`,
};

/** By name in the request's language (`lower(name)`, then the id), ascending or descending. */
const TITLE_DIRECTION: Record<TitleOrder, SQL> = { title_asc: sql`asc`, title_desc: sql`desc` };

/**
 * An order but by name, over the columns of `base`. Relevance, for a search: the products of the type the query
 * names first ('shirt': shirts before T-shirts, whose names hold 'shirt' too), then those named after the query,
 * then those in stock, then by the search rank; else best sellers first.
 */
function columnOrder(scope: ListingScope, order: Exclude<SortKey, TitleOrder>): SQL {
  if (order !== 'relevance') return ORDER_BY[order];
  if (!scope.text) return ORDER_BY.popularity;
  return sql`${scope.garments?.length ? sql`typed desc, ` : sql``}named desc, in_stock desc, rank desc, sales_count desc, id`;
}

/**
 * Orders a page can also be read in by walking an index of catalog_listing_entries (migration 0004) from the
 * top of the category until the page is full, with the column (of `base`) the index is on. By price the index
 * holds the stored net price: its order is the price's (VAT only ever raises a price) while every stored price
 * is current; by discount, likewise, the stored net price's share of the full one (migration 0015).
 */
const WALKS: Partial<Record<SortKey, { by: SQL; storedPrices?: true }>> = {
  relevance: { by: ORDER_BY.popularity },
  popularity: { by: ORDER_BY.popularity },
  date_add_asc: { by: ORDER_BY.date_add_asc },
  date_add_desc: { by: ORDER_BY.date_add_desc },
  price_asc: { by: sql`stored_net asc, id`, storedPrices: true },
  price_desc: { by: sql`stored_net desc, id`, storedPrices: true },
  // As the index catalog_listing_entries_discount (migration 0015) has it.
  discount_desc: { by: sql`stored_share asc, id`, storedPrices: true },
  discount_asc: { by: sql`stored_share desc, id`, storedPrices: true },
};

/**
 * The products of the scope with what orders, the price filter and the facets need, one row each, read from
 * the scope's rows of catalog_listing_entries (migration 0004: category 0 is the whole catalogue), or for a
 * search from the matching rows of catalog_search_entries (migration 0013: the same columns and a document);
 * only `productId`'s row when given. `class_id` stands for everything else the filters and facets look at.
 * Prices are what the shopper pays in their country for what the card shows, the cheapest combination one can buy
 * (migration 0034, ADR 57); `fresh` tells whether the stored discounted price is current.
 */
function baseRows(context: CallContext, scope: ListingScope, productId?: SQL): SQL {
  reading(scopeReads(context, scope));
  const priceRate = priceRateSql(context.country, context.config.defaultCountry);
  const query = scope.text ? sql`${scope.text}::tsquery` : null;
  const inCategory = (categoryIds: number[]) =>
    sql`exists (select 1 from catalog_listing_entries c where c.category_id = any(${sql.param(categoryIds)}::int[]) and c.product_id = e.product_id)`;
  // The entries of several categories, each product once (the row of its first category among them): read from
  // their own entries, not by testing the whole catalogue's.
  const listed = scope.categoryIds
    ? sql`e.category_id = any(${sql.param(scope.categoryIds)}::int[]) and not exists (select 1 from catalog_listing_entries o
        where o.product_id = e.product_id and o.category_id = any(${sql.param(scope.categoryIds)}::int[]) and o.category_id < e.category_id)`
    : sql`e.category_id = ${scope.categoryId ?? 0}`;
  return sql`select e.product_id as id, e.class_id, e.sales_count, e.created_at, e.reduced_net_cents as stored_net,
      ${entryPriceIsCurrentSql(sql`e`)} as fresh, e.price_until, e.price_net_cents as net, ${entryReducedNetSql(sql`e`)} as reduced_net,
      -- A column, not an expression of the walk: a walk's rows are then known to come in its order, and it stops once
      -- the page is full (as the index catalog_listing_entries_discount has it, migration 0015).
      e.reduced_net_cents::float8 / greatest(e.price_net_cents, 1) as stored_share,
      ${withVatSql(entryReducedNetSql(sql`e`), priceRate)} as price, ${withVatSql(sql`e.price_net_cents`, priceRate)} as regular_price,
      rs.rating_sum::float / nullif(rs.review_count, 0) as rating, coalesce(rs.review_count, 0) as review_count
      ${query ? sql`, ts_rank(e.document, ${query}) as rank, e.document @@ ${inNames(scope.text!)}::tsquery as named,
          (select cl.in_stock from catalog_listing_classes cl where cl.id = e.class_id) as in_stock` : sql``}
      ${query && scope.garments?.length ? sql`, (select p.garment from products p where p.id = e.product_id) = any(${sql.param(scope.garments)}::text[]) as typed` : sql``}
    from ${query ? sql`catalog_search_entries` : sql`catalog_listing_entries`} e
    -- The product's ratings, for the order by rating (one row by its primary key).
    left join product_review_stats rs on rs.product_id = e.product_id
    where ${query ? searchMatch(context.lang, sql`e`, query) : listed}
      ${query && scope.categoryId ? sql`and ${inCategory([scope.categoryId])}` : sql``}
      ${query && scope.categoryIds ? sql`and ${inCategory(scope.categoryIds)}` : sql``}
      ${productId ? sql`and e.product_id = ${productId}` : sql``}
      ${scope.brandId ? sql`and e.brand_id = ${scope.brandId}` : sql``}`;
}

/**
 * The rows a scope's rows are among (revision-cache.ts `reading`): its categories' (a search within them, a category's
 * products of a brand: among the category's), else its search's (of a brand too), else its brand's, else the whole
 * catalogue's (category 0).
 */
function scopeReads(context: CallContext, scope: ListingScope): { categories?: number[]; brands?: number[]; texts?: string[] } {
  if (scope.categoryIds) return { categories: scope.categoryIds };
  if (scope.categoryId !== undefined) return { categories: [scope.categoryId] };
  if (scope.text) return { texts: [searchText(context.lang, scope.text)] };
  if (scope.brandId !== undefined) return { brands: [scope.brandId] };
  return { categories: [0] };
}

/**
 * A tsquery (as text) that matches only in products' names (weight A): a product named after what was searched ('T-shirt'
 * for 't-shirt', a dress for 'dress') ranks before one whose description merely mentions it.
 */
const inNames = (text: string) => text.replace(/'((?:[^']|'')*)'/g, "'$1':A");

/** What tells how to read a listing's page: its counts, the classes that pass its filters, and two figures. */
type Summary = Omit<GroupCounts, 'facets'> & Pick<ScopeGroups, 'catalogue' | 'price_rate'>;

/**
 * How many rows a walk would read to fill a page that needs the first `needed` matching rows, if the `matching`
 * ones among the `walkedOver` rows it walks over were spread evenly: three times that, and some. Matches bunch
 * up (the names of one category, a dear brand by price): a walk is bounded, and one that finds too few gives way
 * to reading every matching row, so that bunching costs a bounded walk and never a wrong page.
 */
const walkEstimate = (needed: number, walkedOver: number, matching: number) => Math.ceil((3 * needed * walkedOver) / matching) + 50;

/** How a page is read: by walking an index in its order (a category's entries, or the names), or by a scan. */
function pageWay(scope: ListingScope, order: SortKey): 'walk' | 'names' | 'scan' {
  if (isTitleOrder(order)) return 'names';
  // A brand's products or a search's matches have no index of their own.
  return WALKS[order] && !scope.text && !scope.brandId ? 'walk' : 'scan';
}

/** A query that returns the ids of `rows` (a query over the scope's rows, `base`) as a JSON array, in the order `orderBy`. */
function pageQuery(context: CallContext, scope: ListingScope, rows: SQL, orderBy: SQL): SQL {
  return sql`with base as not materialized (${baseRows(context, scope)})
    select json_agg(page.id order by ${orderBy}) as ids from (${rows}) page`;
}

/**
 * A page read by a scan: every row of the scope, each computed once and none by an index (`offset 0`), the
 * first matching ones kept. `columns` of the rows, by default all.
 */
async function scannedPage(select: Select, context: CallContext, scope: ListingScope, input: ListingInput, matching: SQL[], orderBy: SQL, columns = sql`*`) {
  const conditions = sql.join(matching.map((condition) => sql`and ${condition}`), sql` `);
  const rows = sql`select ${columns} from (select * from base offset 0) base where true ${conditions}
    order by ${orderBy} limit ${input.per_page} offset ${(input.page - 1) * input.per_page}`;
  const [row] = await select<{ ids: number[] | null }>(pageQuery(context, scope, rows, orderBy));
  return row?.ids ?? [];
}

/**
 * The ids of one page, in order: the first rows of the scope that meet `matching`. Either every row of the
 * scope is read and the first matching ones kept, or, when the order has an index and enough rows match, the
 * index is walked until the page is full, for at most as many rows as that read would cost; a walk that falls
 * short gives way to the read. A category's entries have an index per order (migration 0004); by name, the
 * names of the language have one (product_translations_title), each product then looked up in the scope.
 */
async function pageIds(select: Select, context: CallContext, scope: ListingScope, input: ListingInput, order: SortKey, matching: SQL[], counts: Summary) {
  const offset = (input.page - 1) * input.per_page;
  const wanted = Math.min(input.per_page, counts.total - offset);
  if (wanted <= 0) return [];
  const conditions = sql.join(matching.map((condition) => sql`and ${condition}`), sql` `);
  const limit = sql`limit ${input.per_page} offset ${offset}`;
  const ids = async (rows: SQL, orderBy: SQL) => (await select<{ ids: number[] | null }>(pageQuery(context, scope, rows, orderBy)))[0]?.ids ?? [];
  const sorted = (columns: SQL, orderBy: SQL) => scannedPage(select, context, scope, input, matching, orderBy, columns);
  // A walk that stops once the page is full, or after `most` rows (where reading every matching row costs
  // less); tried only when evenly spread matches would fill the page well before. Null if it did not.
  const walked = async (rows: (length: number) => SQL, orderBy: SQL, walkedOver: number, most: number) => {
    if (walkEstimate(offset + input.per_page, walkedOver, counts.total) > most) return null;
    const page = await ids(sql`${rows(Math.ceil(most))} where true ${conditions} order by ${orderBy} ${limit}`, orderBy);
    return page.length === wanted ? page : null;
  };

  if (isTitleOrder(order)) {
    const direction = TITLE_DIRECTION[order];
    const byTitle = sql`title ${direction}, id`;
    const names = (length: number) =>
      sql`select base.*, names.title from (
          select pt.product_id, lower(pt.name) as title from product_translations pt where ${translationIn(context.lang)}
          order by lower(pt.name) ${direction}, pt.product_id limit ${length}
        ) names cross join lateral (${baseRows(context, scope, sql`names.product_id`)}) base`;
    // A name walked costs about what looking up one matching product's name does, and looking names up needs
    // a read of the scope too (some 16 rows of it cost what one lookup does).
    const page = scope.text ? null : await walked(names, byTitle, counts.catalogue, counts.total + counts.scope / 16);
    if (page) return page;
    // Few matching products: their names are looked up one by one; many: all the names of the language (read
    // from the index alone, some 16 for the cost of a lookup) are joined to them.
    if (counts.total * 16 <= counts.catalogue) {
      const name = sql`(select lower(pt.name) from product_translations pt where pt.product_id = base.id and ${translationIn(context.lang)})`;
      return sorted(sql`id, ${name} as title`, byTitle);
    }
    return ids(
      sql`select base.id, lower(pt.name) as title from product_translations pt join (select * from base offset 0) base on base.id = pt.product_id
        where ${translationIn(context.lang)} ${conditions} order by ${byTitle} ${limit}`,
      byTitle,
    );
  }
  const walk = WALKS[order];
  // By price, with a price filter, the walk starts where the filter does: from the lowest net price whose price
  // can be in it, to the highest (a bound that lets every matching row through; the filter decides).
  const { price_min: min, price_max: max } = input;
  const net = (price: number) => Math.floor((price * 10_000) / (10_000 + counts.price_rate));
  const priceRange =
    walk?.storedPrices && (min !== undefined || max !== undefined)
      ? sql`where stored_net between ${net(min ?? 0) - 1} and ${net((max ?? 2_147_483_646) + 1)}`
      : sql``;
  // Reading every row of the scope costs several times less per row than a walk.
  const page =
    walk && pageWay(scope, order) === 'walk' && !(walk.storedPrices && counts.stale > 0)
      ? await walked(
          (length) => sql`select * from (select * from base ${priceRange} order by ${walk.by} limit ${length}) walked`,
          walk.by,
          counts.scope,
          counts.scope / 8,
        )
      : null;
  return page ?? sorted(sql`*`, columnOrder(scope, order));
}

/** Milliseconds until the first of the stored prices read (`price_until`) ends, null if none ever does. */
const freshForMsSql = sql`case when min(price_until) < 'infinity' then extract(epoch from min(price_until) - now()) * 1000 end::float8`;

/** A walk estimated (walkEstimate) to read at most this many rows costs less than keeping the scope's order. */
const SHORT_WALK = 400;

/**
 * Whether a page is read from the scope's kept order (scope-orders.ts) rather than by SQL: unless a short walk
 * reads it (an unfiltered page, or a filter most products pass). Reading an order costs a read of the whole scope,
 * worth it only if it is kept: not for a search (its scope is the query's, rarely asked twice), nor while a stored
 * price is past its period, nor when the cache has no room for it.
 */
function readsKeptOrder(context: CallContext, scope: ListingScope, input: ListingInput, order: SortKey, counts: Summary): boolean {
  if (scope.text || counts.stale > 0 || !context.catalogOrders.hasRoomFor(scopeOrderBytes(counts.scope))) return false;
  // Past the last page: nothing to read (pageIds).
  if ((input.page - 1) * input.per_page >= counts.total) return false;
  const way = pageWay(scope, order);
  const walkedOver = way === 'names' ? counts.catalogue : counts.scope;
  return way === 'scan' || walkEstimate(input.page * input.per_page, walkedOver, counts.total) > SHORT_WALK;
}

/**
 * Reads the scope's products in `order` (one read of all its rows), and tells until when that order holds. An order
 * a walk reads comes in its index's order, unsorted; it is the listing's order while every stored price is current,
 * which the same read checks: null if one is not (the page is then read with SQL).
 */
function readScopeOrder(context: CallContext, scope: ListingScope, order: SortKey): Promise<Keepable<ScopeOrder | null>> {
  const names = isTitleOrder(order) ? sql`join product_translations pt on pt.product_id = base.id and ${translationIn(context.lang)}` : sql``;
  const orderBy = isTitleOrder(order) ? sql`lower(pt.name) ${TITLE_DIRECTION[order]}, id` : (WALKS[order]?.by ?? columnOrder(scope, order));
  return withTunedReads(context.db, async (select) => {
    // The rows as one text ('id,class,net,id,class,net…'): one value, where as many rows cost several times more.
    // An aggregate over an ordered subquery and nothing else takes its rows in that order (PostgreSQL's manual,
    // 'Aggregate Expressions'); its own ORDER BY would sort them again.
    const [read] = await select<{ rows: string | null; stale: number; fresh_for_ms: number | null }>(
      sql`with base as not materialized (${baseRows(context, scope)})
        select string_agg(id || ',' || class_id || ',' || reduced_net, ',') as rows,
          count(*) filter (where not fresh)::int as stale, ${freshForMsSql} as fresh_for_ms
        from (select id, class_id, reduced_net, fresh, price_until from base ${names} order by ${orderBy}) ordered`,
    );
    if (!read || read.stale > 0) return { value: null, validUntil: 0 };
    const value = toScopeOrder(read.rows);
    return { value, validUntil: Date.now() + (read.fresh_for_ms ?? Infinity), weight: scopeOrderBytes(value.ids.length) };
  });
}

/**
 * How a kept order's products are placed when some change (scope-orders.ts patchOrder); an order not here is read
 * again whole after a change of its products (by discount: its key is not kept, and a price moves it). A change of
 * names or ratings is a change of everything (ADR 66), never patched. By sales (and by rating, whose ties go by
 * sales), only while no sales count changed (ORDERS_BY_SALES).
 */
const ORDER_KEYS: Partial<Record<SortKey, OrderKeys>> = {
  relevance: 'stable',
  popularity: 'stable',
  rating_desc: 'stable',
  date_add_asc: 'stable',
  date_add_desc: 'stable',
  title_asc: 'stable',
  title_desc: 'stable',
  price_asc: 'net_asc',
  price_desc: 'net_desc',
};

const ORDERS_BY_SALES = new Set<SortKey>(['relevance', 'popularity', 'rating_desc']);

/**
 * The scope's order `kept` (of an older revision, holding until `validUntil`) with the `changed` products' rows read
 * again and put in (ADR 69): one read of a few rows where the whole order is tens of thousands. Null when it cannot
 * be patched (the order is then read whole): not kept, keys not kept, sales counts changed in an order by sales, or a
 * changed product's stored price past its period.
 */
async function patchScopeOrder(context: CallContext, scope: ListingScope, order: SortKey, kept: ScopeOrder | null, changed: ChangedProducts, validUntil: number): Promise<Keepable<ScopeOrder | null> | null> {
  const keys = ORDER_KEYS[order];
  if (!kept || !keys || (changed.sales && ORDERS_BY_SALES.has(order))) return null;
  const read = await readChangedRows(context, scope, changed);
  if (!read) return null;
  const value = patchOrder(kept, keys, changed.products, read.rows);
  if (!value) return null;
  return { value, validUntil: Math.min(validUntil, read.holdsUntil), weight: scopeOrderBytes(value.ids.length) };
}

/**
 * The listing rows of the `changed` products still in the scope, and until when they hold (their stored prices'
 * periods); null when one's stored price is past its period (a kept answer cannot be patched with it).
 */
async function readChangedRows(context: CallContext, scope: ListingScope, changed: ChangedProducts): Promise<{ rows: Map<number, ChangedRow>; holdsUntil: number } | null> {
  const read = await selectRows<{ id: number; class_id: number; reduced_net: number; fresh: boolean; fresh_for_ms: number | null }>(
    context.db,
    sql`select id, class_id::int, reduced_net::int, fresh,
        case when price_until < 'infinity' then extract(epoch from price_until - now()) * 1000 end::float8 as fresh_for_ms
      from (${baseRows(context, scope, sql`any(${sql.param([...changed.products])}::int[])`)}) changed`,
  );
  if (read.some((row) => !row.fresh)) return null;
  return {
    rows: new Map(read.map((row) => [row.id, { id: row.id, class: row.class_id, net: row.reduced_net }])),
    holdsUntil: Date.now() + Math.min(...read.map((row) => row.fresh_for_ms ?? Infinity)),
  };
}

/** The scope's products in `order`, kept per catalogue revision and patched after a change of a few (ADR 69); null while a stored price is past its period. */
function keptScopeOrder(context: CallContext, revision: string, scope: ListingScope, order: SortKey): Promise<ScopeOrder | null> {
  // Names are the language's; prices are net, the same for every country. Relevance is popularity's order.
  const key = JSON.stringify([scope, order === 'relevance' ? 'popularity' : order, isTitleOrder(order) ? context.lang : null]);
  return context.catalogOrders.answer(
    revision,
    key,
    () => readScopeOrder(context, scope, order),
    (older, changed, validUntil) => patchScopeOrder(context, scope, order, older, changed, validUntil),
  );
}

/**
 * The page of a listing that readsKeptOrder, from the scope's order kept per catalogue revision; null when a price
 * past its period kept it from being read.
 */
async function pageOfKeptOrder(context: CallContext, revision: string, scope: ListingScope, input: ListingInput, order: SortKey, counts: Summary) {
  const kept = await keptScopeOrder(context, revision, scope, order);
  const bounds = priceFilterBounds(input);
  const inPriceFilter =
    bounds &&
    ((net: number) => {
      const price = withVat(net, counts.price_rate);
      return bounds.min <= price && price <= bounds.max;
    });
  return kept && pageOfOrder(kept, counts.classes, inPriceFilter, (input.page - 1) * input.per_page, input.per_page);
}

/** The scope's groups (facets.ts), with the two figures pageIds needs besides their counts. */
type ScopeGroups = {
  groups: ProductGroup[];
  /** Products of the catalogue, about (the planner's estimate). */
  catalogue: number;
  /** The rate the shopper's prices are made with (priceRateSql), in basis points. */
  price_rate: number;
};

/** The range of PRICE_RANGES a price filter is (its index), null for another price filter, undefined for none. */
function priceFilterRange({ price_min: min, price_max: max }: ListingInput): number | null | undefined {
  if (min === undefined && max === undefined) return undefined;
  const index = PRICE_RANGES.findIndex((range) => (min ?? 0) === range.min && (max ?? null) === range.max);
  return index === -1 ? null : index;
}

/** Groups the scope's products (one read of all its rows), and tells until when the groups hold. */
function readGroups(context: CallContext, scope: ListingScope, priceFilter: SQL | null): Promise<Keepable<ScopeGroups>> {
  return withTunedReads(context.db, async (select) => {
    const [read] = await select<ScopeGroups & { fresh_for_ms: number | null }>(
      sql`with base as not materialized (${baseRows(context, scope)}),
        groups as (
          select class_id, ${priceRangeIndexSql(sql`price`)} as price_range ${priceFilter ? sql`, ${priceFilter} as f_price` : sql``},
            count(*)::int as n, count(*) filter (where not fresh)::int as stale, min(price)::int as min_price, max(price)::int as max_price,
            min(price_until) as price_until
          from (select class_id, fresh, price, price_until from base offset 0) base group by 1, 2 ${priceFilter ? sql`, 3` : sql``})
        select coalesce((select json_agg(g) from (select class_id, price_range ${priceFilter ? sql`, f_price` : sql``}, n, stale, min_price, max_price from groups) g), '[]')
            as groups,
          (select greatest(reltuples, 1)::float8 from pg_class where oid = 'products'::regclass) as catalogue,
          ${priceRateSql(context.country, context.config.defaultCountry)} as price_rate,
          (select ${freshForMsSql} from groups) as fresh_for_ms`,
    );
    const { fresh_for_ms: freshForMs, ...value } = read!;
    // The groups hold while every stored price they were made with is current; a price looked up instead (its
    // period over) may change at any time: such groups hold for no time at all.
    const stale = value.groups.some((group) => group.stale > 0);
    return { value, validUntil: stale ? 0 : Date.now() + (freshForMs ?? Infinity) };
  });
}

/** The order whose products a category's or brand's groups are counted from after a change: one no change can move (ORDER_KEYS). */
const GROUPS_ORDER: SortKey = 'date_add_desc';

/**
 * The groups of a category or brand after a change of a few of its products, counted in the API from the scope's
 * order by date (kept, and patched with those products: ADR 69) rather than by SQL over all its rows again: one
 * small read of the changed products (is each stored price current, until when) and a pass over the order's arrays.
 * Null (counted whole) for a search, whose order is never kept, or while a changed product's stored price is past
 * its period. The first time, the order is read whole (a read like the groups'): from then on each change is cheap.
 */
async function patchGroups(context: CallContext, revision: string, scope: ListingScope, older: ScopeGroups, changed: ChangedProducts, validUntil: number): Promise<Keepable<Keepable<ScopeGroups>> | null> {
  const products = older.groups.reduce((sum, group) => sum + group.n, 0) + changed.products.size;
  if (scope.text || !context.catalogOrders.hasRoomFor(scopeOrderBytes(products))) return null;
  // Read here too, not only by the order's patch: the order may be read whole instead, or kept already.
  const read = await readChangedRows(context, scope, changed);
  if (!read) return null;
  const order = await keptScopeOrder(context, revision, scope, GROUPS_ORDER);
  if (!order) return null;
  const holdsUntil = Math.min(validUntil, read.holdsUntil);
  const value = { ...older, groups: groupsOfOrder(order, older.price_rate) };
  return { value: { value, validUntil: holdsUntil }, validUntil: holdsUntil };
}

/**
 * The scope's groups. Without a price filter, or with one of the ready-made ranges, they are the same whatever
 * the other filters: they are kept per catalogue revision (revision-cache.ts), and the filters only count them
 * differently. A price filter of its own splits them anew, every time.
 */
async function scopeGroups(context: CallContext, revision: string, scope: ListingScope, input: ListingInput): Promise<Keepable<ScopeGroups>> {
  const range = priceFilterRange(input);
  if (range === null) return readGroups(context, scope, priceFilterSql(input));
  // A search's matches are the language's; a category's or brand's products are the same in every language.
  const key = JSON.stringify(['groups', scope, scope.text ? context.lang : null, context.country]);
  const kept = await context.catalogCache.answer(
    revision,
    key,
    async () => {
      const read = await readGroups(context, scope, null);
      return { value: read, validUntil: read.validUntil };
    },
    (older, changed, validUntil) => patchGroups(context, revision, scope, older.value, changed, validUntil),
  );
  if (range === undefined) return kept;
  return { ...kept, value: { ...kept.value, groups: kept.value.groups.map((group) => ({ ...group, f_price: group.price_range === range })) } };
}

/**
 * One page of product ids in the asked order, the total, and (when asked) the facets. The scope's products are
 * grouped (scopeGroups); totals and facets are sums over the groups (facets.ts), and the page is read in the way
 * those counts tell is the cheapest (pageIds).
 */
async function queryListing(context: CallContext, revision: string, scope: ListingScope, input: ListingInput, order: SortKey) {
  const grouped = await scopeGroups(context, revision, scope, input);
  const { groups, catalogue, price_rate } = grouped.value;
  const { facets, ...counts } = countGroups(groups, await facetData(context, revision, groups.map((group) => group.class_id)), input);
  const priceFilter = priceFilterSql(input);
  const matching = [...(counts.classes ? [sql`class_id = any(${sql.param(counts.classes)}::int[])`] : []), ...(priceFilter ? [priceFilter] : [])];
  const summary = { ...counts, catalogue, price_rate };
  const kept = readsKeptOrder(context, scope, input, order, summary) ? await pageOfKeptOrder(context, revision, scope, input, order, summary) : null;
  const ids = kept ?? (await withTunedReads(context.db, (select) => pageIds(select, context, scope, input, order, matching, summary)));
  return { ids, total: counts.total, facets: input.with_facets ? toFacets(facets, input) : null, validUntil: grouped.validUntil };
}

/** SPEC's categorySlug: a category named by its slug in the request's language. */
async function categoryIdBySlug(context: CallContext, slug: string): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    context.db,
    sql`select category_id as id from category_translations where lang = ${context.lang} and slug = ${slug}`,
  );
  if (!row) throw notFound('Category');
  return row.id;
}

/**
 * A listing but its product cards (what the catalogue's revision decides), and until when it holds. `colors`: the
 * colours the cards show, the shopper's and the search's.
 */
type ListingSkeleton = Omit<Listing, 'products'> & { ids: number[]; colors: number[] | undefined };

/**
 * The listing of `q` (understanding.ts: its colours, brands and categories are filters, the rest is text) within the input's
 * category, or of the category when there is no query; with the words the shop knew (never corrected).
 */
async function searchListing(context: CallContext, revision: string, input: ListingInput, order: SortKey, categoryId: number | undefined, q: string | undefined) {
  const scope: ListingScope = { categoryId, brandId: input.id_brand };
  if (!q) return { ...(await queryListing(context, revision, scope, input, order)), filters: [], known: [], colors: input.colors };
  const meant: Understood = await understood(context, revision, q, categoryId);
  if (meant.categoryIds.length === 1) scope.categoryId = meant.categoryIds[0];
  // Several categories ('shoes': Women's and Men's), or nothing to search at all (only words no text holds): none.
  if (meant.categoryIds.length > 1 || (!meant.text && meant.filters.length === 0)) scope.categoryIds = meant.categoryIds;
  if (meant.text) scope.text = meant.text;
  if (meant.text && meant.garments.length) scope.garments = meant.garments;
  const withMeant = (chosen: number[] | undefined, meantIds: number[]) => (meantIds.length ? [...new Set([...(chosen ?? []), ...meantIds])] : chosen);
  const colors = withMeant(input.colors, meant.colorIds);
  const page = await queryListing(context, revision, scope, { ...input, colors, brands: withMeant(input.brands, meant.brandIds) }, order);
  return { ...page, filters: meant.filters, known: meant.known, colors };
}

async function readListing(input: ListingInput, context: CallContext, revision: string): Promise<Keepable<ListingSkeleton>> {
  const order: SortKey = input.order ?? 'relevance';
  const categoryId = input.id_category ?? (input.categorySlug ? await categoryIdBySlug(context, input.categorySlug) : undefined);
  const q = input.q || undefined;
  const [category, tree, asTyped] = await Promise.all([
    categoryId ? keptCategory(context, revision, categoryId) : null,
    input.with_category_tree ? keptCategoryTree(context, revision) : null,
    searchListing(context, revision, input, order, categoryId, q),
  ]);
  // Nothing found: perhaps a typo ('jaket') or a word the catalogue spells otherwise; words the shop knows are kept.
  // The catalogue's spelling is offered only when it finds something: its results are shown instead ('Showing
  // results for jacket'), unless the shopper asked for the query as typed.
  const corrected = q && asTyped.total === 0 ? await correctSpelling(context, revision, q, asTyped.known) : null;
  const instead = corrected ? await searchListing(context, revision, input, order, categoryId, corrected) : null;
  const found = instead !== null && instead.total > 0;
  const page = found && !input.exact ? instead : asTyped;
  return {
    value: {
      ids: page.ids,
      colors: page.colors,
      name: category?.name ?? q ?? '',
      pagination: { total_items: page.total, page: input.page, pages: Math.max(1, Math.ceil(page.total / input.per_page)), per_page: input.per_page },
      order,
      sort_orders: [...SORT_KEYS],
      facets: page.facets,
      did_you_mean: found && input.exact ? corrected : null,
      showing_results_for: found && !input.exact ? corrected : null,
      query_filters: page.filters,
      category,
      category_tree: tree?.menu() ?? null,
    },
    validUntil: Math.min(asTyped.validUntil, instead?.validUntil ?? Infinity),
  };
}

/** SPEC's getProducts. All but the cards is kept per catalogue revision; cards (prices, stock left) are read every time. */
export async function getProducts(input: ListingInput, context: CallContext): Promise<Listing> {
  const key = JSON.stringify(['getProducts', input, context.lang, context.country]);
  const revision = await context.catalogCache.revision(context.db);
  const { ids, colors, ...listing } = await context.catalogCache.answer(revision, key, () => readListing(input, context, revision));
  return { ...listing, products: await productSummaries(context, ids, colors) };
}
