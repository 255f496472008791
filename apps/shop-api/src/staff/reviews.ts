import { ADMIN_REVIEWS_PAGE_SIZE, type adminModerateReviewInput, type adminReviewsInput } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { takeReviewLock } from '../reviews/reviews.ts';
import { refreshReviewStats } from '../reviews/stats.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext, type SignedInContext } from './context.ts';

type ReviewRow = {
  id: number;
  product_id: number;
  product_name: string | null;
  author_name: string;
  customer_id: number | null;
  lang: string;
  rating: number;
  title: string;
  content: string;
  status: 'published' | 'held' | 'hidden';
  moderation_reason: string | null;
  photo_count: number;
  created_at: Date | string;
};

/** Reviews newest first, by state, rating or product; the product named in the staff member's language (else English). */
export async function listReviews(input: z.output<typeof adminReviewsInput>, { db, textLang }: AdminContext) {
  const where = sql.join(
    [
      sql`true`,
      ...(input.status ? [sql`r.status = ${input.status}`] : []),
      ...(input.rating ? [sql`r.rating = ${input.rating}`] : []),
      ...(input.product_id ? [sql`r.product_id = ${input.product_id}`] : []),
    ],
    sql` and `,
  );
  const [rows, [counted]] = await Promise.all([
    selectRows<ReviewRow>(
      db,
      sql`select r.id, r.product_id, r.author_name, r.customer_id, r.lang, r.rating, r.title, r.content, r.status, r.moderation_reason, r.created_at,
          (select t.name from product_translations t where t.product_id = r.product_id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1) as product_name,
          (select count(*)::int from review_photos p where p.review_id = r.id) as photo_count
        from product_reviews r where ${where} order by r.created_at desc, r.id desc
        limit ${ADMIN_REVIEWS_PAGE_SIZE} offset ${(input.page - 1) * ADMIN_REVIEWS_PAGE_SIZE}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from product_reviews r where ${where}`),
  ]);
  const total = counted?.total ?? 0;
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      product_id: row.product_id,
      product_name: row.product_name ?? `#${row.product_id}`,
      author: row.author_name,
      customer_id: row.customer_id,
      lang: row.lang,
      rating: row.rating,
      title: row.title,
      content: row.content,
      status: row.status,
      reason: row.moderation_reason,
      photo_count: row.photo_count,
      created_at: new Date(row.created_at).toISOString(),
    })),
    page: input.page,
    pages: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
    total,
  };
}

/**
 * Hides, shows or deletes a review under its product's review lock (as the shoppers' writes), with the product's
 * ratings counted again and the audit row in the same transaction: shoppers see the change at once (the ratings'
 * table raises the catalogue revision, ADR 28).
 */
export async function moderateReview({ id, action, reason }: z.output<typeof adminModerateReviewInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [found] = await selectRows<{ product_id: number }>(tx, sql`select product_id from product_reviews where id = ${id}`);
    if (!found) throw notFound('Review');
    await takeReviewLock(tx, found.product_id);
    const [review] = await selectRows<{ product_id: number; status: string; moderation_reason: string | null }>(
      tx,
      sql`select product_id, status, moderation_reason from product_reviews where id = ${id} for update`,
    );
    // Deleted by its author (or another staff member) while waiting for the lock.
    if (!review) throw notFound('Review');
    let status: 'published' | 'hidden' | 'deleted';
    if (action === 'delete') {
      await tx.execute(sql`delete from product_reviews where id = ${id}`);
      status = 'deleted';
    } else {
      status = action === 'hide' ? 'hidden' : 'published';
      await tx.execute(sql`update product_reviews set status = ${status}, moderation_reason = ${reason} where id = ${id}`);
    }
    await refreshReviewStats(tx, review.product_id);
    await audit(tx, actorOf(context as SignedInContext), {
      action: `review.${action}`,
      targetType: 'review',
      targetId: id,
      before: { status: review.status, reason: review.moderation_reason, product_id: review.product_id },
      after: { status, reason },
    });
    return { id, status };
  });
}
