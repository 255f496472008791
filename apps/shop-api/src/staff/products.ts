import { DEFAULT_LANGUAGE, slugify, STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import {
  ADMIN_PRODUCTS_COUNT_CAP,
  ADMIN_PRODUCTS_PAGE_SIZE,
  gtinValid,
  textComplete,
  type adminChangeStockInput,
  type adminLowStockInput,
  type adminProductsInput,
  type adminPublishProductInput,
  type adminSaveProductInput,
  type adminSaveVariantInput,
  type AdminVariant,
  type adminVariantGridInput,
  type ProductText,
} from '@shop/contract/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { discountRunsSql, netForShelfPrice, priceRateFor, withVat } from '../catalog/pricing.ts';
import type { Database, Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound, refusal } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';
import { likeText } from './orders.ts';

/**
 * The catalogue's products in the back office (issue 27). Every write goes through the tables the storefront reads,
 * whose triggers keep the listing and search rows and raise the catalogue revision (ADR 28) at commit: a published,
 * renamed, repriced or restocked product shows in listings, search, the product page and carts at once.
 */

const rows = <T>(db: Queryable, query: SQL) => selectRows<T>(db as Database, query);
const LANGS = STOREFRONT_LANGUAGES as readonly Lang[];
/** New products' and variants' ids are taken under this lock (the catalogue's ids are not serial). */
const ID_LOCK = 27_001;

/** The rate shelf prices are made with (ADR 23): the home country's VAT. */
export const shelfRate = ({ db, config }: AdminContext) => priceRateFor(db, config.defaultCountry, config.defaultCountry);

/** The complete texts' languages of products, as a correlated subquery on `p`. */
const completeLangsSql = sql`coalesce((select array_agg(t.lang order by t.lang) from product_translations t
  where t.product_id = p.id and t.name <> '' and t.slug <> '' and t.description <> ''), '{}')`;

/** A product reference, variant SKU or GTIN typed whole: the products that have it, found by index. */
async function productsByCode(db: Database, text: string): Promise<number[]> {
  const code = text.trim();
  const found = await rows<{ id: number }>(
    db,
    sql`select id from products where reference = ${code} or reference = ${code.toUpperCase()}
      union select product_id from combinations where reference = ${code} or reference = ${code.toUpperCase()}
      ${/^\d{8,14}$/.test(code) ? sql`union select product_id from combinations where gtin = ${code}` : sql``}`,
  );
  return found.map((row) => row.id);
}

/** Up to this many rows found by a filter's index, its products are listed by id; past it they are common ones. */
const LISTED_ROWS_CAP = 20_000;

/**
 * A filter whose products an index finds (`matching` selects their ids as product_id, a product once per language at
 * most), as a condition on `p`. Up to LISTED_ROWS_CAP rows, the products' ids are read first and listed, and the page
 * orders and counts them at once. Left to the planner, the filter as a subquery made it walk the products newest
 * first, probing each, as if the matches were spread evenly: when they were old products, a word of 1,520 names
 * walked 39,000 products (575 ms) and 1,000 products missing a language 13,000 (122 ms). Past the cap the matches are
 * `common`: that walk finds a page in the first few hundred products, and they are more products (20,000 rows, five
 * languages: at least 4,000) than the list counts (ADR 63).
 */
async function productsMatching(db: Database, matching: SQL): Promise<{ condition: SQL; common: boolean }> {
  const [found] = await rows<{ found: number; ids: number[] }>(
    db,
    sql`select count(*)::int as found, coalesce(array_agg(distinct matched.product_id), '{}') as ids
      from (${matching} limit ${LISTED_ROWS_CAP + 1}) matched`,
  );
  return found!.found > LISTED_ROWS_CAP
    ? { condition: sql`p.id in (${matching})`, common: true }
    : { condition: sql`p.id = any(${sql.param(found!.ids)}::int[])`, common: false };
}

const ORDERS: Record<z.output<typeof adminProductsInput>['sort'], SQL> = {
  newest: sql`p.created_at desc, p.id desc`,
  oldest: sql`p.created_at, p.id`,
  // The name in the staff member's language, walking product_translations_title (lang, lower(name), product_id):
  // `st` is joined for this order only, so the order lists the products named in that language.
  name: sql`lower(st.name), st.product_id`,
  reference: sql`p.reference`,
  price_asc: sql`p.price_net_cents, p.id`,
  price_desc: sql`p.price_net_cents desc, p.id desc`,
  stock_asc: sql`l.stock, p.id`,
};

/** The product list: a name, reference, SKU or GTIN; category, brand, state, stock, a missing language, on sale, no photo; sorted; a page at a time. */
export async function listProducts(input: z.output<typeof adminProductsInput>, context: AdminContext) {
  const { db, textLang } = context;
  const conditions: SQL[] = [sql`true`];
  /** Whether each filter productsMatching read has more products than the count's cap. */
  const common: boolean[] = [];
  if (input.query) {
    // A code typed whole, looked up by index, wins over names (read by trigrams). Both are read at once: one wait less
    // on a busy machine, and a code's text is in few names if any.
    // The narrow copy of the names (migration 0043): its trigram index's recheck reads a tenth of the bytes.
    const named = sql`select n.product_id from product_names n where n.name like ${likeText(input.query.toLowerCase())}`;
    const [ids, byName] = await Promise.all([productsByCode(db, input.query), productsMatching(db, named)]);
    const matched = ids.length ? { condition: sql`p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`, common: false } : byName;
    conditions.push(matched.condition);
    common.push(matched.common);
  }
  if (input.category) conditions.push(sql`p.id in (select pc.product_id from product_categories pc where pc.category_id = ${input.category})`);
  if (input.brand) conditions.push(sql`p.brand_id = ${input.brand}`);
  if (input.state) conditions.push(input.state === 'active' ? sql`p.is_active` : sql`not p.is_active`);
  if (input.stock) conditions.push(input.stock === 'in' ? sql`l.stock > 0` : sql`l.stock = 0`);
  if (input.missing) {
    // Kept by triggers (migration 0038): comparing every product with the language's complete texts took 30 ms
    // hashed, and 0.4–0.9 s when the planner chose to probe the products one by one.
    const matched = await productsMatching(db, sql`select m.product_id from product_missing_langs m where m.lang = ${input.missing}`);
    conditions.push(matched.condition);
    common.push(matched.common);
  }
  // Both as hashed lists too: the few products on sale or with photos, read once, not probed per product.
  if (input.on_sale && input.category) {
    // A category's products on sale, read first: left to the planner, the few of a small category (608 of 6,688) had
    // it walk the products newest first, probing each: 33,000 of them, 50 ms.
    const matched = await productsMatching(
      db,
      sql`select sp.product_id from specific_prices sp join product_categories pc on pc.product_id = sp.product_id and pc.category_id = ${input.category}
        where ${discountRunsSql(sql`sp`)}`,
    );
    conditions.push(matched.condition);
    common.push(matched.common);
  } else if (input.on_sale) conditions.push(sql`p.id in (select sp.product_id from specific_prices sp where ${discountRunsSql(sql`sp`)})`);
  if (input.missing_photo) conditions.push(sql`p.id not in (select ph.product_id from product_photos ph)`);
  const where = sql.join(conditions, sql` and `);
  const name = sql`coalesce((select t.name from product_translations t where t.product_id = p.id and t.lang = ${textLang}),
    (select t.name from product_translations t where t.product_id = p.id order by (t.lang = 'en') desc, t.lang limit 1), '')`;
  // The page's ids first (only what the filters and the order read), then the 25 rows' details: a deep page skips
  // rows without naming them. Every product has its listing row (its insert trigger writes it, ADR 28): the inner join
  // lets the stock order walk catalog_listing_stock (migration 0038), where a left join sorted all 100,000 rows.
  const needsListing = input.stock !== undefined || input.sort === 'stock_asc';
  const from = sql`products p${needsListing ? sql` join catalog_listing l on l.product_id = p.id` : sql``}`;
  const sorted = input.sort === 'name' ? sql`${from} join product_translations st on st.product_id = p.id and st.lang = ${textLang}` : from;
  const offset = (input.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE;
  const [picked, [capped], rate] = await Promise.all([
    // One row more than the page tells whether a next page exists.
    rows<{ id: number }>(db, sql`select p.id from ${sorted} where ${where} order by ${ORDERS[input.sort]} limit ${ADMIN_PRODUCTS_PAGE_SIZE + 1} offset ${offset}`),
    // Counted up to the cap and one more, without the order or the name's join: the rows come as the cheapest plan
    // finds them and the count stops there (counting every match of 100,000 cost more than the page). In name order,
    // products not named in the staff member's language are counted but not listed.
    // A common word (or language) alone is known to pass the cap: counting would read its tens of thousands of names.
    conditions.length === 2 && common[0]
      ? [{ total: ADMIN_PRODUCTS_COUNT_CAP + 1 }]
      : rows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from ${from} where ${where} limit ${ADMIN_PRODUCTS_COUNT_CAP + 1}) matched`),
    shelfRate(context),
  ]);
  const hasNext = picked.length > ADMIN_PRODUCTS_PAGE_SIZE;
  picked.length = Math.min(picked.length, ADMIN_PRODUCTS_PAGE_SIZE);
  const ids = picked.map((row) => row.id);
  const details = ids.length
    ? await rows<{ id: number; reference: string; is_active: boolean; price_net_cents: number; stock: number | null; name: string; brand: string | null; category: string | null; variant_count: number; complete_langs: Lang[] }>(
        db,
        sql`select p.id, p.reference, p.is_active, p.price_net_cents, l.stock, b.name as brand,
            (select ct.name from category_translations ct where ct.category_id = p.default_category_id order by (ct.lang = ${textLang}) desc, (ct.lang = 'en') desc limit 1) as category,
            (select count(*)::int from combinations c where c.product_id = p.id) as variant_count,
            ${completeLangsSql} as complete_langs, ${name} as name
          from products p left join catalog_listing l on l.product_id = p.id left join brands b on b.id = p.brand_id
          where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      )
    : [];
  const byId = new Map(details.map((row) => [row.id, row]));
  const page = ids.map((id) => byId.get(id)!).filter(Boolean);
  // Exact when the count stayed under the cap, or when this is the last page (its rows end the list); else a
  // lower bound: more than the cap, or than the pages up to this one when it has a next.
  const counted = capped?.total ?? 0;
  const lastPage = !hasNext && picked.length > 0;
  const more = counted > ADMIN_PRODUCTS_COUNT_CAP && !lastPage;
  const total = lastPage ? offset + picked.length : more ? Math.max(ADMIN_PRODUCTS_COUNT_CAP, hasNext ? offset + ADMIN_PRODUCTS_PAGE_SIZE : 0) : counted;
  return {
    products: page.map((row) => ({
      id: row.id,
      reference: row.reference,
      name: row.name || row.reference,
      brand: row.brand,
      category: row.category ?? '',
      state: row.is_active ? ('active' as const) : ('draft' as const),
      price: withVat(row.price_net_cents, rate),
      stock: row.stock ?? 0,
      variant_count: row.variant_count,
      complete_langs: row.complete_langs,
    })),
    page: input.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE)),
    total,
    more,
  };
}

export type VariantRow = { id: number; reference: string; gtin: string | null; quantity: number; available_date: Date | string | null; price_impact_net_cents: number; size_id: number | null; size: string | null; colour_id: number | null; colour: string | null };

/** Variants (all of a product's, or the ones `where` picks on `c`) with their size and colour named in `lang`. */
export function variantsSql(where: SQL, lang: string, order: SQL = sql`c.id`): SQL {
  const named = (kind: string, column: 'id' | 'name') =>
    column === 'id'
      ? sql`(select a.id from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id where ca.combination_id = c.id and g.kind = ${kind} limit 1)`
      : sql`(select at.name from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id
          join attribute_translations at on at.attribute_id = a.id where ca.combination_id = c.id and g.kind = ${kind} order by (at.lang = ${lang}) desc, (at.lang = 'en') desc limit 1)`;
  return sql`select c.id, c.reference, c.gtin, c.quantity, c.available_date, c.price_impact_net_cents,
      ${named('size', 'id')} as size_id, ${named('size', 'name')} as size, ${named('color', 'id')} as colour_id, ${named('color', 'name')} as colour
    from combinations c where ${where} order by ${order}`;
}

const toVariant = (row: VariantRow, rate: number): AdminVariant => ({
  id: row.id,
  sku: row.reference,
  gtin: row.gtin,
  size_id: row.size_id,
  size: row.size,
  colour_id: row.colour_id,
  colour: row.colour,
  stock: row.quantity,
  available_date: row.available_date ? new Date(row.available_date).toISOString().slice(0, 10) : null,
  price_impact: withVat(row.price_impact_net_cents, rate),
});

/** The editor: a product with its texts in every shop language and its variants (none for a new one), and the choices of its fields. */
export async function getProductEditor({ id }: { id?: number | undefined }, context: AdminContext) {
  const { db, textLang } = context;
  const rate = await shelfRate(context);
  const [brands, categories, attributes] = await Promise.all([
    rows<{ id: number; name: string }>(db, sql`select id, name from brands order by name`),
    rows<{ id: number; name: string }>(
      db,
      sql`select c.id, coalesce(parent.name || ' › ', '') || coalesce(own.name, '#' || c.id) as name from categories c
        left join lateral (select t.name from category_translations t where t.category_id = c.id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1) own on true
        left join lateral (select t.name from category_translations t where t.category_id = c.parent_id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1) parent on true
        order by name`,
    ),
    rows<{ id: number; name: string; kind: string }>(
      db,
      sql`select a.id, g.kind, coalesce((select t.name from attribute_translations t where t.attribute_id = a.id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1), '#' || a.id) as name
        from attributes a join attribute_groups g on g.id = a.group_id order by g.position, a.position, a.id`,
    ),
  ]);
  const choices = {
    langs: [...LANGS],
    brands,
    categories,
    sizes: attributes.filter((row) => row.kind === 'size').map(({ id: value, name }) => ({ id: value, name })),
    colours: attributes.filter((row) => row.kind === 'color').map(({ id: value, name }) => ({ id: value, name })),
  };
  if (id === undefined) return { product: null, ...choices };
  const [product] = await rows<{ id: number; reference: string; brand_id: number | null; default_category_id: number; gender: string; garment: string; tax_class: string; price_net_cents: number; is_active: boolean }>(
    db,
    sql`select id, reference, brand_id, default_category_id, gender, garment, tax_class, price_net_cents, is_active from products where id = ${id}`,
  );
  if (!product) throw notFound('Product');
  const [texts, variants, related] = await Promise.all([
    rows<{ lang: Lang } & ProductText>(db, sql`select lang, name, slug, description, additional_info, meta_title, meta_description from product_translations where product_id = ${id}`),
    rows<VariantRow>(db, variantsSql(sql`c.product_id = ${id}`, textLang, sql`colour_id nulls first, size_id nulls first, c.id`)),
    rows<{ id: number; reference: string; name: string | null }>(
      db,
      sql`select p.id, p.reference, (select t.name from product_translations t where t.product_id = p.id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1) as name
        from product_related r join products p on p.id = r.related_id where r.product_id = ${id} order by r.position`,
    ),
  ]);
  return {
    product: {
      id: product.id,
      reference: product.reference,
      brand_id: product.brand_id,
      category_id: product.default_category_id,
      gender: product.gender as 'women',
      garment: product.garment as 'dress',
      tax_class: product.tax_class as 'standard',
      price: withVat(product.price_net_cents, rate),
      state: product.is_active ? ('active' as const) : ('draft' as const),
      texts: Object.fromEntries(texts.map(({ lang, ...text }) => [lang, text])),
      related: related.map((row) => ({ id: row.id, reference: row.reference, name: row.name || row.reference })),
      variants: variants.map((row) => toVariant(row, rate)),
    },
    ...choices,
  };
}

/** A slug made of a name in its language (slug.ts: ASCII, as the language spells its letters in it), as long as the field takes. */
export const slugOf = (name: string, lang: Lang) => slugify(name, lang).slice(0, 128).replace(/-+$/, '') || 'product';

/** The languages whose texts are complete, in the shop's order. */
const completeLangs = (texts: Partial<Record<Lang, Pick<ProductText, 'name' | 'slug' | 'description'>>>) => LANGS.filter((lang) => textComplete(texts[lang]));

export async function nextId(tx: Queryable, table: 'products' | 'combinations' | 'content_pages' | 'carriers'): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ID_LOCK}, ${{ products: 1, combinations: 2, content_pages: 3, carriers: 4 }[table]})`);
  const [row] = await rows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int + 1 as id from ${sql.identifier(table)}`);
  return row!.id;
}

const UNIQUE_VIOLATION = '23505';
/** A unique index another writer won at the same time: the same refusal as the check before it. */
export async function orConflict<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === UNIQUE_VIOLATION) throw refusal(409, 'catalogue_conflict', `Another row has this ${field}`, { field });
    throw error;
  }
}

/** A product's related products' ids in the merchant's order, as a correlated subquery on `p`. */
const relatedIdsSql = sql`coalesce((select array_agg(r.related_id order by r.position) from product_related r where r.product_id = p.id), '{}')`;

/**
 * Related products typed by reference (or id) as their ids, in order, each once; refused (`related_unknown`) with the
 * ones the catalogue does not have, or that are the product itself.
 */
async function relatedIds(tx: Queryable, typed: string[], self: number | undefined): Promise<number[]> {
  if (typed.length === 0) return [];
  const found = await rows<{ typed: string; id: number | null }>(
    tx,
    sql`select t.typed, (select p.id from products p where p.reference = t.typed or p.reference = upper(t.typed)
        or p.id = case when t.typed ~ '^[0-9]{1,9}$' then t.typed::int end order by p.reference = t.typed desc limit 1) as id
      from unnest(${sql.param(typed)}::text[]) with ordinality as t(typed, position) order by t.position`,
  );
  const unknown = found.filter((row) => row.id === null || row.id === self).map((row) => row.typed);
  if (unknown.length) throw refusal(409, 'related_unknown', 'The catalogue has no such other product', { references: unknown.join(', ') });
  return [...new Set(found.map((row) => row.id!))];
}

/**
 * Creates (no id: a draft unless said otherwise) or saves a product: its fields, its texts (a language sent with no
 * name is taken off, one not sent is kept), its main category, its tax class and related products (each when sent).
 * The shelf price is stored as the net price that gives exactly it (ADR 23).
 */
export async function saveProduct(input: z.output<typeof adminSaveProductInput>, context: AdminContext) {
  const rate = await shelfRate(context);
  const net = netForShelfPrice(input.price, rate);
  if (net === null) {
    const nearest = withVat(Math.round((input.price * 10_000) / (10_000 + rate)), rate);
    throw refusal(400, 'shelf_price_unreachable', 'No net price gives this shelf price at the home VAT rate', { nearest });
  }
  const texts = Object.fromEntries(
    Object.entries(input.texts)
      .filter(([, text]) => text && text.name)
      .map(([lang, text]) => [lang, { ...text!, slug: text!.slug || slugOf(text!.name, lang as Lang) }]),
  ) as Partial<Record<Lang, ProductText>>;
  return orConflict('reference', () =>
    context.db.transaction(async (tx) => {
      const [taken] = await rows<{ id: number }>(tx, sql`select id from products where reference = ${input.reference} and id <> ${input.id ?? 0}`);
      if (taken) throw refusal(409, 'catalogue_conflict', 'Another product has this reference', { field: 'reference' });
      const related = input.related && (await relatedIds(tx, input.related, input.id));
      let before: Record<string, unknown> | null = null;
      let id = input.id;
      const fields = {
        reference: input.reference,
        brand_id: input.brand_id ?? null,
        category_id: input.category_id,
        gender: input.gender,
        garment: input.garment,
        ...(input.tax_class ? { tax_class: input.tax_class } : {}),
        price_net_cents: net,
        is_active: input.state === 'active',
      };
      if (id !== undefined) {
        const [found] = await rows<typeof fields & { lang_texts: unknown; related: number[] }>(
          tx,
          sql`select reference, brand_id, default_category_id as category_id, gender, garment, tax_class, price_net_cents, is_active,
              (select jsonb_object_agg(t.lang, jsonb_build_object('name', t.name, 'slug', t.slug, 'meta_title', t.meta_title, 'meta_description', t.meta_description))
                from product_translations t where t.product_id = p.id) as lang_texts,
              ${relatedIdsSql} as related
            from products p where id = ${id} for update`,
        );
        if (!found) throw notFound('Product');
        before = found;
        await tx.execute(sql`update products set reference = ${fields.reference}, brand_id = ${fields.brand_id}, default_category_id = ${fields.category_id},
          gender = ${fields.gender}, garment = ${fields.garment}, tax_class = coalesce(${input.tax_class ?? null}, tax_class), price_net_cents = ${net},
          is_active = ${fields.is_active} where id = ${id}`);
        if (found.category_id !== fields.category_id) await tx.execute(sql`delete from product_categories where product_id = ${id} and category_id = ${found.category_id}`);
      } else {
        id = await nextId(tx, 'products');
        await tx.execute(sql`insert into products (id, reference, brand_id, default_category_id, gender, garment, tax_class, price_net_cents, is_active)
          values (${id}, ${fields.reference}, ${fields.brand_id}, ${fields.category_id}, ${fields.gender}, ${fields.garment}, ${input.tax_class ?? 'standard'}, ${net}, ${fields.is_active})`);
      }
      await tx.execute(sql`insert into product_categories (product_id, category_id) values (${id}, ${fields.category_id}) on conflict do nothing`);
      // A language sent without a name is taken off; a language not sent is left as it is.
      const cleared = Object.entries(input.texts).filter(([, text]) => text && !text.name).map(([lang]) => lang);
      if (cleared.length) await tx.execute(sql`delete from product_translations where product_id = ${id} and lang in (${sql.join(cleared.map((lang) => sql`${lang}`), sql`, `)})`);
      for (const [lang, text] of Object.entries(texts)) {
        // Only a changed text is written: an unchanged one would refresh the search rows for nothing.
        await tx.execute(sql`insert into product_translations (product_id, lang, name, slug, description, additional_info, meta_title, meta_description)
          values (${id}, ${lang}, ${text!.name}, ${text!.slug}, ${text!.description}, ${text!.additional_info}, ${text!.meta_title}, ${text!.meta_description})
          on conflict (product_id, lang) do update set name = excluded.name, slug = excluded.slug, description = excluded.description,
            additional_info = excluded.additional_info, meta_title = excluded.meta_title, meta_description = excluded.meta_description
          where (product_translations.name, product_translations.slug, product_translations.description, product_translations.additional_info,
              product_translations.meta_title, product_translations.meta_description)
            is distinct from (excluded.name, excluded.slug, excluded.description, excluded.additional_info, excluded.meta_title, excluded.meta_description)`);
      }
      if (related) {
        await tx.execute(sql`delete from product_related where product_id = ${id}`);
        if (related.length) {
          await tx.execute(sql`insert into product_related (product_id, related_id, position)
            select ${id}, related.id, related.position from unnest(${sql.param(related)}::int[]) with ordinality as related(id, position)`);
        }
      }
      const after = {
        ...fields,
        lang_texts: Object.fromEntries(Object.entries(texts).map(([lang, text]) => [lang, { name: text!.name, slug: text!.slug, meta_title: text!.meta_title, meta_description: text!.meta_description }])),
        ...(related ? { related } : {}),
      };
      await audit(tx, actorOf(context), { action: before ? 'product.update' : 'product.create', targetType: 'product', targetId: id, before, after });
      const stored = await rows<{ lang: Lang; name: string; slug: string; description: string }>(tx, sql`select lang, name, slug, description from product_translations where product_id = ${id}`);
      return { id, state: input.state, complete_langs: completeLangs(Object.fromEntries(stored.map((text) => [text.lang, text]))) };
    }),
  );
}

/** Puts a product on sale (it needs a variant and a complete text in the shop's first language) or takes it off (a draft again). */
export async function publishProduct({ id, state }: z.output<typeof adminPublishProductInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [product] = await rows<{ is_active: boolean }>(tx, sql`select is_active from products where id = ${id} for update`);
    if (!product) throw notFound('Product');
    const texts = await rows<{ lang: Lang; name: string; slug: string; description: string }>(tx, sql`select lang, name, slug, description from product_translations where product_id = ${id}`);
    const complete = completeLangs(Object.fromEntries(texts.map((text) => [text.lang, text])));
    if (state === 'active') {
      if (!complete.includes(DEFAULT_LANGUAGE)) throw refusal(409, 'product_incomplete', 'The product needs a name, slug and description in the first language', { missing: `text_${DEFAULT_LANGUAGE}` });
      const [variant] = await rows<{ id: number }>(tx, sql`select id from combinations where product_id = ${id} limit 1`);
      if (!variant) throw refusal(409, 'product_incomplete', 'The product needs a variant', { missing: 'variants' });
    }
    if (product.is_active !== (state === 'active')) {
      await tx.execute(sql`update products set is_active = ${state === 'active'} where id = ${id}`);
      await audit(tx, actorOf(context), { action: state === 'active' ? 'product.publish' : 'product.unpublish', targetType: 'product', targetId: id, before: { state: product.is_active ? 'active' : 'draft' }, after: { state } });
    }
    return { id, state, complete_langs: complete };
  });
}

/** A size's or colour's name for a SKU: its English name in capitals, letters and digits only. */
const skuPart = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '').toUpperCase().slice(0, 12) || 'X';

/** The size × colour grid: every pair the product has not yet becomes a variant (SKU: reference-COLOUR-SIZE) with the stock given. */
export async function createVariantGrid(input: z.output<typeof adminVariantGridInput>, context: AdminContext) {
  const rate = await shelfRate(context);
  return orConflict('sku', () =>
    context.db.transaction(async (tx) => {
      const [product] = await rows<{ reference: string }>(tx, sql`select reference from products where id = ${input.product_id} for update`);
      if (!product) throw notFound('Product');
      const wanted = [...new Set([...input.sizes, ...input.colours])];
      const known = await rows<{ id: number; kind: string; name: string }>(
        tx,
        sql`select a.id, g.kind, coalesce((select t.name from attribute_translations t where t.attribute_id = a.id order by (t.lang = 'en') desc limit 1), a.id::text) as name
          from attributes a join attribute_groups g on g.id = a.group_id where a.id in (${sql.join(wanted.map((value) => sql`${value}`), sql`, `)})`,
      );
      const byId = new Map(known.map((row) => [row.id, row]));
      if (input.sizes.some((size) => byId.get(size)?.kind !== 'size') || input.colours.some((colour) => byId.get(colour)?.kind !== 'color')) throw notFound('Size or colour');
      const existing = await rows<VariantRow>(tx, variantsSql(sql`c.product_id = ${input.product_id}`, 'en'));
      const have = new Set(existing.map((row) => `${row.size_id}:${row.colour_id}`));
      let created = 0;
      let id = await nextId(tx, 'combinations');
      for (const colour of [...new Set(input.colours)]) {
        for (const size of [...new Set(input.sizes)]) {
          if (have.has(`${size}:${colour}`)) continue;
          const sku = `${product.reference}-${skuPart(byId.get(colour)!.name)}-${skuPart(byId.get(size)!.name)}`;
          const [clash] = await rows<{ id: number }>(tx, sql`select id from combinations where reference = ${sku}`);
          if (clash) throw refusal(409, 'catalogue_conflict', 'Another variant has this SKU', { field: 'sku' });
          await tx.execute(sql`insert into combinations (id, product_id, reference, quantity, is_default) values (${id}, ${input.product_id}, ${sku}, ${input.stock}, ${existing.length === 0 && created === 0})`);
          await tx.execute(sql`insert into combination_attributes (combination_id, attribute_id) values (${id}, ${size}), (${id}, ${colour})`);
          id += 1;
          created += 1;
        }
      }
      const variants = await rows<VariantRow>(tx, variantsSql(sql`c.product_id = ${input.product_id}`, context.textLang, sql`colour_id, size_id, c.id`));
      if (created) await audit(tx, actorOf(context), { action: 'product.variant_grid', targetType: 'product', targetId: input.product_id, after: { sizes: input.sizes, colours: input.colours, stock: input.stock, created } });
      return { created, variants: variants.map((row) => toVariant(row, rate)) };
    }),
  );
}

/** A variant's SKU, GTIN (its check digit checked by the contract), stock and pre-order date. */
export async function saveVariant(input: z.output<typeof adminSaveVariantInput>, context: AdminContext) {
  const rate = await shelfRate(context);
  if (input.gtin !== null && !gtinValid(input.gtin)) throw refusal(409, 'catalogue_conflict', 'Not a GTIN', { field: 'gtin' });
  return orConflict(input.gtin ? 'gtin' : 'sku', () =>
    context.db.transaction(async (tx) => {
      const [before] = await rows<{ reference: string; gtin: string | null; quantity: number; available_date: Date | string | null }>(
        tx,
        sql`select reference, gtin, quantity, available_date from combinations where id = ${input.id} for update`,
      );
      if (!before) throw notFound('Variant');
      const [sku] = await rows<{ id: number }>(tx, sql`select id from combinations where reference = ${input.sku} and id <> ${input.id} limit 1`);
      if (sku) throw refusal(409, 'catalogue_conflict', 'Another variant has this SKU', { field: 'sku' });
      if (input.gtin) {
        const [gtin] = await rows<{ id: number }>(tx, sql`select id from combinations where gtin = ${input.gtin} and id <> ${input.id}`);
        if (gtin) throw refusal(409, 'catalogue_conflict', 'Another variant has this GTIN', { field: 'gtin' });
      }
      await tx.execute(sql`update combinations set reference = ${input.sku}, gtin = ${input.gtin}, quantity = ${input.stock},
        available_date = ${input.available_date ? sql`${input.available_date}::date` : null} where id = ${input.id}`);
      await audit(tx, actorOf(context), {
        action: 'variant.update',
        targetType: 'variant',
        targetId: input.id,
        before: { sku: before.reference, gtin: before.gtin, stock: before.quantity, available_date: before.available_date ? new Date(before.available_date).toISOString().slice(0, 10) : null },
        after: { sku: input.sku, gtin: input.gtin, stock: input.stock, available_date: input.available_date },
      });
      const [row] = await rows<VariantRow>(tx, variantsSql(sql`c.id = ${input.id}`, context.textLang));
      return toVariant(row!, rate);
    }),
  );
}

/**
 * Stock of many variants at once: set to a count, or units added (taken off when negative, never below none). Each
 * row is changed in place under its row lock, in id order, so that two staff members' changes at once both count.
 */
export async function changeStock({ mode, changes }: z.output<typeof adminChangeStockInput>, context: AdminContext) {
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  return context.db.transaction(async (tx) => {
    const variants: { id: number; stock: number }[] = [];
    for (const { id, quantity } of sorted) {
      const [before] = await rows<{ quantity: number }>(tx, sql`select quantity from combinations where id = ${id} for update`);
      if (!before) throw notFound('Variant');
      const stock = Math.max(0, Math.min(2_000_000_000, mode === 'set' ? quantity : before.quantity + quantity));
      await tx.execute(sql`update combinations set quantity = ${stock} where id = ${id}`);
      variants.push({ id, stock });
      await audit(tx, actorOf(context), { action: 'variant.stock', targetType: 'variant', targetId: id, before: { stock: before.quantity }, after: { stock, mode, quantity } });
    }
    return { variants };
  });
}

/** Variants with at most `threshold` units, fewest first, with their product. */
export async function listLowStock({ threshold, page, product_id }: z.output<typeof adminLowStockInput>, context: AdminContext) {
  const { db, textLang } = context;
  const rate = await shelfRate(context);
  const low = sql`quantity <= ${threshold}${product_id ? sql` and product_id = ${product_id}` : sql``}`;
  const [found, [counted]] = await Promise.all([
    rows<VariantRow & { product_id: number; product_reference: string; product_name: string | null }>(
      db,
      sql`select v.*, p.id as product_id, p.reference as product_reference,
          (select t.name from product_translations t where t.product_id = p.id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1) as product_name
        from (${variantsSql(sql`c.id in (select id from combinations where ${low} order by quantity, id limit ${ADMIN_PRODUCTS_PAGE_SIZE} offset ${(page - 1) * ADMIN_PRODUCTS_PAGE_SIZE})`, textLang)}) v
        join combinations c on c.id = v.id join products p on p.id = c.product_id order by v.quantity, v.id`,
    ),
    rows<{ total: number }>(db, sql`select count(*)::int as total from combinations where ${low}`),
  ]);
  const total = counted?.total ?? 0;
  return {
    variants: found.map((row) => ({ ...toVariant(row, rate), product_id: row.product_id, product_reference: row.product_reference, product_name: row.product_name ?? row.product_reference })),
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE)),
    total,
  };
}

export const productHandlers = { listProducts, getProductEditor, saveProduct, publishProduct, createVariantGrid, saveVariant, changeStock, listLowStock };
