import {

  type Alternates,
  type Badge,
  type getProductsInput,
  type Lang,
  type Listing,
  type Product,
  type ProductSummary,
  type SortKey,
} from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../app.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { getCategory, loadCategoryTree } from './categories.ts';
import { discountPercent, reducedNet, reducedNetSql, vatRateFor, withVat } from './pricing.ts';

/** PostgreSQL's text-search configuration for each storefront language (stemming: 'robes' finds 'robe'). */
export const TEXT_SEARCH_CONFIG: Record<Lang, string> = { en: 'english', fr: 'french', it: 'italian', es: 'spanish', de: 'german' };

/** Stock at or under this is shown as 'only N left'. */
const LOW_STOCK = 5;

/** The discount running now for product `p`, at most one (the oldest wins). */
const ACTIVE_REDUCTION = sql`left join lateral (
    select sp.reduction_percent, sp.reduction_net_cents from specific_prices sp
    where sp.product_id = p.id and (sp.starts_at is null or sp.starts_at <= now()) and (sp.ends_at is null or sp.ends_at > now())
    order by sp.id limit 1
  ) reduction on true`;

const FINAL_NET = reducedNetSql(sql`p.price_net_cents`, sql`reduction.reduction_percent`, sql`reduction.reduction_net_cents`);

const ORDER_BY: Record<Exclude<SortKey, 'relevance'>, SQL> = {
  price_asc: sql`${FINAL_NET} asc, p.id`,
  price_desc: sql`${FINAL_NET} desc, p.id`,
  popularity: sql`p.sales_count desc, p.id`,
  date_add_asc: sql`p.created_at asc, p.id`,
  date_add_desc: sql`p.created_at desc, p.id`,
  title_asc: sql`lower(pt.name) asc, p.id`,
  title_desc: sql`lower(pt.name) desc, p.id`,
  discount_desc: sql`(1 - ${FINAL_NET}::float / greatest(p.price_net_cents, 1)) desc, p.id`,
  discount_asc: sql`(1 - ${FINAL_NET}::float / greatest(p.price_net_cents, 1)) asc, p.id`,
};

type SummaryRow = {
  id: number;
  reference: string;
  badges: string[];
  free_shipping: boolean;
  quantity_limit: number;
  price_net_cents: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
  out_of_stock_policy: string;
  name: string;
  slug: string;
  brand_id: number | null;
  brand_name: string | null;
  brand_slug: string | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  stock: number;
  colors: { id: number; name: string; hex: string }[];
};

/** Card data for the given products, in the order of `ids`. */
export async function productSummaries(context: CallContext, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const { db, lang } = context;
  const [rows, vatRate] = await Promise.all([
    selectRows<SummaryRow>(
      db,
      sql`select p.id, p.reference, p.badges, p.free_shipping, p.quantity_limit, p.price_net_cents, p.out_of_stock_policy,
        reduction.reduction_percent, reduction.reduction_net_cents,
        pt.name, pt.slug, b.id as brand_id, b.name as brand_name, b.slug as brand_slug,
        image.url as image_url, image.width as image_width, image.height as image_height,
        stock.total as stock, colors.list as colors
      from products p
      join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
      left join brands b on b.id = p.brand_id
      ${ACTIVE_REDUCTION}
      left join lateral (select url, width, height from product_images i where i.product_id = p.id order by i.position, i.id limit 1) image on true
      left join lateral (select coalesce(sum(c.quantity), 0)::int as total from combinations c where c.product_id = p.id) stock on true
      left join lateral (
        select coalesce(json_agg(json_build_object('id', a.id, 'name', at.name, 'hex', a.color_hex) order by a.position, a.id), '[]'::json) as list
        from attributes a join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
        where a.color_hex is not null and a.id in (
          select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = p.id)
      ) colors on true
      where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    ),
    vatRateFor(db, context.country, context.config.defaultCountry),
  ]);
  const byId = new Map(rows.map((row) => [row.id, toSummary(row, vatRate)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function toSummary(row: SummaryRow, vatRate: number): ProductSummary {
  const regular = withVat(row.price_net_cents, vatRate);
  const price = withVat(reducedNet(row.price_net_cents, { percent: row.reduction_percent, netCents: row.reduction_net_cents }), vatRate);
  const discount = discountPercent(regular, price);
  return {
    id_product: row.id,
    name: row.name,
    link_rewrite: row.slug,
    sku: row.reference,
    reference: row.reference,
    has_discount: discount !== null,
    regular_price: regular,
    price,
    discount_percent: discount,
    brand: row.brand_id === null ? null : { id: row.brand_id, name: row.brand_name ?? '', slug: row.brand_slug ?? '' },
    colors: row.colors,
    badges: row.badges as Badge[],
    free_shipping: row.free_shipping,
    remaining_stock: row.out_of_stock_policy === 'deny' && row.stock > 0 && row.stock <= LOW_STOCK ? row.stock : null,
    quantity: row.quantity_limit,
    default_image: { url: row.image_url ?? '/media/placeholder.svg', width: row.image_width ?? 600, height: row.image_height ?? 800, alt: row.name },
  };
}

export type ListingFilter = { categoryId?: number; brandId?: number; q?: string };

/** One page of product ids matching the filter, in the asked order, with the total count. */
async function listingPage(context: CallContext, filter: ListingFilter, order: SortKey, page: number, perPage: number) {
  const { db, lang } = context;
  const config = TEXT_SEARCH_CONFIG[lang];
  const conditions: SQL[] = [sql`p.is_active`];
  if (filter.categoryId) conditions.push(sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${filter.categoryId})`);
  if (filter.brandId) conditions.push(sql`p.brand_id = ${filter.brandId}`);
  const query = filter.q ? sql`websearch_to_tsquery(${config}::regconfig, ${filter.q})` : null;
  if (query) conditions.push(sql`to_tsvector(${config}::regconfig, pt.name || ' ' || pt.description) @@ ${query}`);
  const relevance = query
    ? sql`ts_rank(to_tsvector(${config}::regconfig, pt.name || ' ' || pt.description), ${query}) desc, p.id`
    : sql`p.sales_count desc, p.id`;
  const rows = await selectRows<{ id: number; total: number }>(
    db,
    sql`select p.id, (count(*) over ())::int as total
      from products p
      join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
      ${ACTIVE_REDUCTION}
      where ${sql.join(conditions, sql` and `)}
      order by ${order === 'relevance' ? relevance : ORDER_BY[order]}
      limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? (page > 1 ? await countOnly(context, conditions) : 0) };
}

/** The total when the asked page is past the end (the window count has no row to ride on). */
async function countOnly({ db, lang }: CallContext, conditions: SQL[]): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from products p join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
      where ${sql.join(conditions, sql` and `)}`,
  );
  return row?.total ?? 0;
}

export async function getProducts(input: z.output<typeof getProductsInput>, context: CallContext): Promise<Listing> {
  const order: SortKey = input.order ?? 'relevance';
  const category = input.id_category ? await getCategory(context.db, context.lang, input.id_category) : null;
  const [{ ids, total }, tree] = await Promise.all([
    listingPage(context, { categoryId: input.id_category, brandId: input.id_brand, q: input.q }, order, input.page, input.per_page),
    input.with_category_tree ? loadCategoryTree(context.db, context.lang) : null,
  ]);
  return {
    name: category?.name ?? input.q ?? '',
    pagination: { total_items: total, page: input.page, pages: Math.max(1, Math.ceil(total / input.per_page)), per_page: input.per_page },
    products: await productSummaries(context, ids),
    order,
    category,
    category_tree: tree?.menu() ?? null,
  };
}

/** The home page's rails: each is an ordering of the whole catalogue. */
const RAIL_ORDER = {
  featured: sql`cardinality(p.badges) desc, p.sales_count desc, p.id`,
  bestsellers: sql`p.sales_count desc, p.id`,
  latest: sql`p.created_at desc, p.id`,
} satisfies Record<string, SQL>;

export async function productRail(context: CallContext, rail: keyof typeof RAIL_ORDER, limit: number) {
  const rows = await selectRows<{ id: number }>(
    context.db,
    sql`select p.id from products p where p.is_active order by ${RAIL_ORDER[rail]} limit ${limit}`,
  );
  return { products: await productSummaries(context, rows.map((row) => row.id)) };
}

export async function productAlternates(context: CallContext, productId: number): Promise<Alternates> {
  const rows = await selectRows<{ lang: string; slug: string }>(
    context.db,
    sql`select lang, slug from product_translations where product_id = ${productId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.lang, `${productId}-${row.slug}`]));
}

type DetailRow = {
  description: string;
  additional_info: string;
  out_of_stock_policy: Product['out_of_stock_policy'];
  available_date: Date | null;
  minimal_quantity: number;
  default_category_id: number;
  gender: string;
  price_net_cents: number;
  reduction_percent: number | null;
  reduction_net_cents: number | null;
};

export async function getProduct(input: { product_id: number; group?: Record<string, number> }, context: CallContext): Promise<Product> {
  const { db, lang } = context;
  const id = input.product_id;
  const [summary] = await productSummaries(context, [id]);
  if (!summary) throw notFound('Product');
  const [[detail], groups, combinations, images, alternates, tree, vatRate, sizeChart] = await Promise.all([
    selectRows<DetailRow>(
      db,
      sql`select pt.description, pt.additional_info, p.out_of_stock_policy, p.available_date, p.minimal_quantity,
          p.default_category_id, p.gender, p.price_net_cents, reduction.reduction_percent, reduction.reduction_net_cents
        from products p join product_translations pt on pt.product_id = p.id and pt.lang = ${lang}
        ${ACTIVE_REDUCTION}
        where p.id = ${id}`,
    ),
    selectRows<{ id: number; kind: 'size' | 'color'; name: string; attributes: { id: number; name: string; hex: string | null }[] }>(
      db,
      sql`select g.id, g.kind, gt.name,
          json_agg(json_build_object('id', a.id, 'name', at.name, 'hex', a.color_hex) order by a.position, a.id) as attributes
        from attribute_groups g
        join attribute_group_translations gt on gt.group_id = g.id and gt.lang = ${lang}
        join attributes a on a.group_id = g.id
        join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
        where a.id in (select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = ${id})
        group by g.id, g.kind, gt.name, g.position order by g.position, g.id`,
    ),
    selectRows<{ id: number; attributes: number[]; price_impact_net_cents: number; quantity: number; is_default: boolean }>(
      db,
      sql`select c.id, array_agg(ca.attribute_id order by ca.attribute_id) as attributes, c.price_impact_net_cents, c.quantity, c.is_default
        from combinations c join combination_attributes ca on ca.combination_id = c.id
        where c.product_id = ${id} group by c.id order by c.id`,
    ),
    selectRows<{ url: string; width: number; height: number; color_id: number | null }>(
      db,
      sql`select url, width, height, color_attribute_id as color_id from product_images where product_id = ${id} order by position, id`,
    ),
    productAlternates(context, id),
    loadCategoryTree(db, lang),
    vatRateFor(db, context.country, context.config.defaultCountry),
    selectRows<{ slug: string }>(
      db,
      sql`select t.slug from content_pages cp join content_page_translations t on t.page_id = cp.id and t.lang = ${lang}
        join products p on p.id = ${id} where cp.kind = 'size-chart' and cp.key = 'size-chart-' || p.gender`,
    ),
  ]);
  if (!detail) throw notFound('Product');

  const sellable = (quantity: number) => quantity > 0 || detail.out_of_stock_policy !== 'deny';
  const priced = combinations.map((combination) => {
    const net = detail.price_net_cents + combination.price_impact_net_cents;
    const reduction = { percent: detail.reduction_percent, netCents: detail.reduction_net_cents };
    return {
      id: combination.id,
      attributes: combination.attributes,
      price: withVat(reducedNet(net, reduction), vatRate),
      regular_price: withVat(net, vatRate),
      stock: combination.quantity,
      available: sellable(combination.quantity),
      isDefault: combination.is_default,
    };
  });
  const wanted = Object.values(input.group ?? {});
  const chosen =
    (wanted.length > 0 && priced.find((combination) => wanted.every((attributeId) => combination.attributes.includes(attributeId)))) ||
    priced.find((combination) => combination.isDefault) ||
    priced[0];

  return {
    ...summary,
    ...(chosen ? { price: chosen.price, regular_price: chosen.regular_price, discount_percent: discountPercent(chosen.regular_price, chosen.price) } : {}),
    description: detail.description,
    additional_info: detail.additional_info,
    images: images.map((image) => ({ ...image, alt: summary.name })),
    groups,
    combinations: priced.map(({ isDefault: _isDefault, ...combination }) => combination),
    selected_combination_id: chosen?.id ?? null,
    out_of_stock_policy: detail.out_of_stock_policy,
    available_date: detail.available_date ? new Date(detail.available_date).toISOString() : null,
    minimal_quantity: detail.minimal_quantity,
    breadcrumbs: tree.breadcrumbs(detail.default_category_id).map(({ id: crumbId, name, slug }) => ({ id: crumbId, name, slug })),
    size_chart_slug: sizeChart[0]?.slug ?? null,
    alternates,
  };
}

