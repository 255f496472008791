import { sql, type SQL } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { productSummaries } from './summaries.ts';

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
