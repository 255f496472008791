import { STOREFRONT_LANGUAGES, type Alternates } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { HOME_CATEGORY_ID } from './categories.ts';

/** Each row: one page's { lang: path } map, built in SQL. */
function alternatesOf(db: Database, query: SQL): Promise<{ alternates: Alternates }[]> {
  return selectRows<{ alternates: Alternates }>(db, query);
}

export async function getSitemap(db: Database) {
  const [categories, products, brands, pages] = await Promise.all([
    alternatesOf(
      db,
      sql`select json_object_agg(t.lang, c.id || '-' || t.slug) as alternates from categories c
        join category_translations t on t.category_id = c.id where c.is_active and c.id > ${HOME_CATEGORY_ID} group by c.id order by c.id`,
    ),
    alternatesOf(
      db,
      sql`select json_object_agg(t.lang, p.id || '-' || t.slug) as alternates from products p
        join product_translations t on t.product_id = p.id where p.is_active group by p.id order by p.id`,
    ),
    // A brand's page has one slug in every language.
    selectRows<{ path: string }>(db, sql`select b.id || '-' || b.slug as path from brands b order by b.id`).then((rows) =>
      rows.map(({ path }) => ({ alternates: Object.fromEntries(STOREFRONT_LANGUAGES.map((lang) => [lang, path])) })),
    ),
    alternatesOf(
      db,
      sql`select json_object_agg(t.lang, case when cp.kind = 'size-chart' then 'size-chart/' || t.slug else t.slug end) as alternates
        from content_pages cp join content_page_translations t on t.page_id = cp.id group by cp.id order by cp.id`,
    ),
  ]);
  return { categories, products, brands, pages };
}
