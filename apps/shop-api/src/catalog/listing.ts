import { SORT_KEYS, type getProductsInput, type Listing, type SortKey } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../app.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { getCategory, loadCategoryTree } from './categories.ts';
import { facetColumns, toFacets, type RawFacets } from './facets.ts';
import { allConditions, filterConditions, flagColumns } from './listing-filters.ts';
import { reducedNetSql, runningReductionsJoin, vatRateSql, withVatSql } from './pricing.ts';
import { searchDocumentJoin, translationIn, websearchQuery } from './search-sql.ts';
import { correctSpelling } from './spelling.ts';
import { productSummaries } from './summaries.ts';
import { selectRowsTuned } from './tuned-query.ts';

type ListingInput = z.output<typeof getProductsInput>;

/** What the listing is of, before any filter: a category, a brand, a search, or the whole catalogue. */
export type ListingScope = { categoryId?: number; brandId?: number; q?: string };

/** Orders over the columns of `base`; each ends with the id, so that pages never overlap. */
const ORDER_BY: Record<Exclude<SortKey, 'relevance'>, SQL> = {
  price_asc: sql`price asc, id`,
  price_desc: sql`price desc, id`,
  popularity: sql`sales_count desc, id`,
  date_add_asc: sql`created_at asc, id`,
  date_add_desc: sql`created_at desc, id`,
  title_asc: sql`lower(name) asc, id`,
  title_desc: sql`lower(name) desc, id`,
  discount_desc: sql`(price::float / greatest(regular_price, 1)) asc, id`,
  discount_asc: sql`(price::float / greatest(regular_price, 1)) desc, id`,
};

/** Relevance: the search rank for a search, else best sellers first. */
function relevanceOrder(scope: ListingScope): SQL {
  return scope.q ? sql`rank desc, sales_count desc, id` : ORDER_BY.popularity;
}

/**
 * The products of the scope with everything filters, facets and orders need, one row each (from the
 * catalog_listing table of migration 0001_search): computed once (materialized), then counted, faceted and
 * paged. Prices are what the shopper pays in their country.
 */
function baseRows(context: CallContext, scope: ListingScope, order: SortKey): SQL {
  const { lang } = context;
  const needsName = order === 'title_asc' || order === 'title_desc';
  const vatRate = vatRateSql(context.country, context.config.defaultCountry);
  const query = scope.q ? websearchQuery(lang, scope.q) : null;
  const net = reducedNetSql(sql`l.price_net_cents`, sql`reduction.reduction_percent`, sql`reduction.reduction_net_cents`);
  return sql`select l.product_id as id, l.brand_id, l.badges, l.policy, l.sales_count, l.created_at, l.attribute_ids, l.stock,
      ${withVatSql(net, vatRate)} as price, ${withVatSql(sql`l.price_net_cents`, vatRate)} as regular_price
      ${needsName ? sql`, pt.name` : sql``}
      ${query ? sql`, ts_rank(d.document, ${query}) as rank` : sql``}
    from catalog_listing l
    ${needsName ? sql`join product_translations pt on pt.product_id = l.product_id and ${translationIn(lang)}` : sql``}
    ${query ? searchDocumentJoin(lang, sql`l.product_id`) : sql``}
    ${runningReductionsJoin(sql`l.product_id`)}
    where l.is_active
      ${scope.categoryId ? sql`and l.category_ids @> array[${scope.categoryId}::int]` : sql``}
      ${scope.brandId ? sql`and l.brand_id = ${scope.brandId}` : sql``}
      ${query ? sql`and d.document @@ ${query}` : sql``}`;
}

type ListingRow = { total: number; ids: number[] | null } & Partial<RawFacets>;

/** One page of product ids in the asked order, the total, and (when asked) the facets: one query. */
async function queryListing(context: CallContext, scope: ListingScope, input: ListingInput, order: SortKey) {
  const conditions = filterConditions(input);
  const matching = allConditions(conditions);
  const orderBy = order === 'relevance' ? relevanceOrder(scope) : ORDER_BY[order];
  const [row] = await selectRowsTuned<ListingRow>(
    context.db,
    sql`with base as materialized (select listing.* ${flagColumns(conditions)} from (${baseRows(context, scope, order)}) listing)
      select
        (select count(*)::int from base where ${matching}) as total,
        (select json_agg(page.id order by page.n) from (
          select id, row_number() over (order by ${orderBy}) as n from base where ${matching}
          order by ${orderBy} limit ${input.per_page} offset ${(input.page - 1) * input.per_page}
        ) page) as ids
        ${input.with_facets ? sql`, ${facetColumns(conditions, context.lang)}` : sql``}`,
  );
  const facets = input.with_facets && row ? toFacets(row as RawFacets, input) : null;
  return { ids: row?.ids ?? [], total: row?.total ?? 0, facets };
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

export async function getProducts(input: ListingInput, context: CallContext): Promise<Listing> {
  const { db, lang } = context;
  const order: SortKey = input.order ?? 'relevance';
  const categoryId = input.id_category ?? (input.categorySlug ? await categoryIdBySlug(context, input.categorySlug) : undefined);
  const scope: ListingScope = { categoryId, brandId: input.id_brand, q: input.q || undefined };
  const [category, tree, page] = await Promise.all([
    categoryId ? getCategory(db, lang, categoryId) : null,
    input.with_category_tree ? loadCategoryTree(db, lang) : null,
    queryListing(context, scope, input, order),
  ]);
  const [products, didYouMean] = await Promise.all([
    productSummaries(context, page.ids),
    // Nothing found: perhaps a typo ('jaket'); the shopper is offered the catalogue's spelling.
    scope.q && page.total === 0 ? correctSpelling(db, lang, scope.q) : null,
  ]);
  return {
    name: category?.name ?? scope.q ?? '',
    pagination: { total_items: page.total, page: input.page, pages: Math.max(1, Math.ceil(page.total / input.per_page)), per_page: input.per_page },
    products,
    order,
    sort_orders: [...SORT_KEYS],
    facets: page.facets,
    did_you_mean: didYouMean,
    category,
    category_tree: tree?.menu() ?? null,
  };
}

