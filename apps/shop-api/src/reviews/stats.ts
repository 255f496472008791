import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

const stars = (n: number) => sql.raw(`count(*) filter (where rating = ${n})`);

/**
 * Counts products' ratings again from their published reviews into product_review_stats (all products, or those
 * `where` picks): a held or hidden review counts for nothing. Run under the product's review lock, the stats are
 * exactly the reviews the transaction leaves.
 */
async function refresh(tx: Queryable, where: SQL | null, productId: SQL): Promise<void> {
  await tx.execute(sql`insert into product_review_stats (product_id, review_count, rating_sum, stars_1, stars_2, stars_3, stars_4, stars_5,
      fit_sum, fit_count, quality_sum, quality_count, comfort_sum, comfort_count)
    select ${productId}, count(*), coalesce(sum(rating), 0), ${stars(1)}, ${stars(2)}, ${stars(3)}, ${stars(4)}, ${stars(5)},
      coalesce(sum(fit), 0), count(fit), coalesce(sum(quality), 0), count(quality), coalesce(sum(comfort), 0), count(comfort)
    from product_reviews where status = 'published' ${where ? sql`and ${where}` : sql`group by product_id`}
    on conflict (product_id) do update set review_count = excluded.review_count, rating_sum = excluded.rating_sum,
      stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3, stars_4 = excluded.stars_4, stars_5 = excluded.stars_5,
      fit_sum = excluded.fit_sum, fit_count = excluded.fit_count, quality_sum = excluded.quality_sum, quality_count = excluded.quality_count,
      comfort_sum = excluded.comfort_sum, comfort_count = excluded.comfort_count`);
}

/** One product's ratings, after a review of it was written, changed or deleted. */
export const refreshReviewStats = (tx: Queryable, productId: number) => refresh(tx, sql`product_id = ${productId}`, sql`${productId}::int`);

/** Every product's ratings (the demo shop's seed). */
export const refreshAllReviewStats = (tx: Queryable) => refresh(tx, null, sql`product_id`);
