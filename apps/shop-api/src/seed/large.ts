/**
 * A large catalogue for benchmarks: the demo shop, then copies of its products up to SEED_LARGE_PRODUCTS
 * (100,000 by default), each with its own id, reference, price, stock, sales and date, translations,
 * categories, discounts, combinations and images. Deterministic, and done in SQL: a few minutes on PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npm run seed:large -w apps/shop-api
 */
import { sql } from 'drizzle-orm';
import { readConfig } from '../config.ts';
import { prepareDatabase } from '../start.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { COLLECTIONS } from './product-lines.ts';

const BATCH_SIZE = 2_000;
/** Tables whose statistics must follow the growth, or the triggers' queries get plans made for 300 products. */
const GROWING_TABLES = ['products', 'product_translations', 'combinations', 'combination_attributes', 'catalog_listing', 'catalog_listing_entries', 'product_search_documents', 'catalog_search_entries'];

/** Statements that copy template product `(id - 1) % templates + 1` to each new id of [first, last]. */
function copyBatch(first: number, last: number, templates: number, firstCombinationId: number) {
  const products = sql`generate_series(${first}::int, ${last}::int) as g(id)`;
  const template = sql`((g.id - 1) % ${templates}) + 1`;
  // A second collection name tells copies apart: 'Riviera linen midi dress Capri'.
  const variant = sql`(${sql.raw(`array[${COLLECTIONS.map((name) => `'${name.replace(/'/g, "''")}'`).join(',')}]`)})[1 + (g.id / ${templates}) % ${COLLECTIONS.length}]`;
  const combinationsOf = sql`select g.id as new_product_id, c.id, c.reference, c.price_impact_net_cents, c.quantity, c.is_default,
      ${firstCombinationId}::int + row_number() over (order by g.id, c.id) as new_id
    from ${products} join combinations c on c.product_id = ${template}`;
  return [
    sql`insert into products (id, reference, brand_id, default_category_id, gender, garment, price_net_cents, badges, free_shipping,
        out_of_stock_policy, available_date, minimal_quantity, quantity_limit, sales_count, is_active, created_at)
      select g.id, t.reference || '-' || g.id, t.brand_id, t.default_category_id, t.gender, t.garment,
        greatest(990, t.price_net_cents + ((g.id::bigint * 7919) % 4001)::int - 2000), t.badges, t.free_shipping, t.out_of_stock_policy,
        t.available_date, t.minimal_quantity, t.quantity_limit, ((g.id::bigint * 104729) % 900)::int, true, t.created_at - make_interval(mins => g.id % 500000)
      from ${products} join products t on t.id = ${template}`,
    sql`insert into product_translations (product_id, lang, name, slug, description, additional_info)
      select g.id, t.lang, t.name || ' ' || ${variant}, t.slug || '-' || lower(${variant}), t.description, t.additional_info
      from ${products} join product_translations t on t.product_id = ${template}`,
    sql`insert into product_categories (product_id, category_id, position)
      select g.id, t.category_id, g.id from ${products} join product_categories t on t.product_id = ${template}`,
    sql`insert into specific_prices (product_id, reduction_percent, reduction_net_cents, starts_at, ends_at)
      select g.id, t.reduction_percent, t.reduction_net_cents, t.starts_at, t.ends_at
      from ${products} join specific_prices t on t.product_id = ${template}`,
    sql`insert into combinations (id, product_id, reference, price_impact_net_cents, quantity, is_default)
      select new_id, new_product_id, reference || '-' || new_product_id, price_impact_net_cents,
        case when quantity = 0 then 0 else 1 + (quantity + new_product_id) % 25 end, is_default
      from (${combinationsOf}) copied`,
    sql`insert into combination_attributes (combination_id, attribute_id)
      select copied.new_id, ca.attribute_id from (${combinationsOf}) copied join combination_attributes ca on ca.combination_id = copied.id`,
    sql`insert into product_images (product_id, color_attribute_id, position, url, width, height)
      select g.id, t.color_attribute_id, t.position, t.url, t.width, t.height from ${products} join product_images t on t.product_id = ${template}`,
  ];
}

async function count(db: Database, table: 'products' | 'combinations'): Promise<{ rows: number; maxId: number }> {
  const [row] = await selectRows<{ rows: number; max_id: number }>(db, sql`select count(*)::int as rows, coalesce(max(id), 0)::int as max_id from ${sql.raw(table)}`);
  return { rows: row?.rows ?? 0, maxId: row?.max_id ?? 0 };
}

export async function seedLargeCatalogue(db: Database, target: number, log: (line: string) => void = console.log): Promise<void> {
  const templates = (await count(db, 'products')).rows;
  let { maxId: lastProductId } = await count(db, 'products');
  while (lastProductId < target) {
    const last = Math.min(target, lastProductId + BATCH_SIZE);
    const { maxId: lastCombinationId } = await count(db, 'combinations');
    const started = Date.now();
    await db.execute(sql.raw(`analyze ${GROWING_TABLES.join(', ')}`));
    await db.transaction(async (tx) => {
      for (const statement of copyBatch(lastProductId + 1, last, templates, lastCombinationId)) await tx.execute(statement);
    });
    log(`products ${lastProductId + 1}–${last} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    lastProductId = last;
  }
  // As autovacuum would after a load like this one (a server may run without it): the rows the triggers rewrote
  // are cleared and the visibility map set, so that listings read their index-only scans without the table.
  await db.execute(sql`vacuum analyze`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = readConfig();
  if (!config.databaseUrl) {
    console.error('seed:large needs DATABASE_URL=postgres://… (the embedded database is too slow for 100,000 products).');
    process.exit(1);
  }
  const handle = await prepareDatabase(config);
  try {
    await seedLargeCatalogue(handle.db, Number(process.env.SEED_LARGE_PRODUCTS ?? 100_000));
  } finally {
    await handle.close();
  }
}
