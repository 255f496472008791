import type { Brand, Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';

function selectBrands(db: Database, lang: Lang, brandId?: number): Promise<Brand[]> {
  return selectRows<Brand>(
    db,
    sql`select b.id, b.name, b.slug, coalesce(bt.description, '') as description,
        (select count(*)::int from products p where p.brand_id = b.id and p.is_active) as product_count
      from brands b left join brand_translations bt on bt.brand_id = b.id and bt.lang = ${lang}
      ${brandId === undefined ? sql`` : sql`where b.id = ${brandId}`}
      order by b.name`,
  );
}

export async function getBrands(db: Database, lang: Lang) {
  return { brands: await selectBrands(db, lang) };
}

export async function getBrand(db: Database, lang: Lang, id: number): Promise<Brand> {
  const [brand] = await selectBrands(db, lang, id);
  if (!brand) throw notFound('Brand');
  return brand;
}
