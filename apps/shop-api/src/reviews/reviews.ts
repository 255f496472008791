import type { ProductReviews, Review, ReviewFields, ReviewStats } from '@shop/contract';
import { REVIEW_CRITERIA, type ReviewLanguageFilter } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { currentSession } from '../sessions/sessions.ts';
import { RATE_LIMITS, takeAttempt } from '../sessions/rate-limit.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { attachPhotos, photosOf } from './photos.ts';
import { hasPurchased, LOGIN_TO_REVIEW, PURCHASE_REQUIRED } from './purchases.ts';
import { refreshReviewStats } from './stats.ts';

/** Any constant: the first key of the advisory lock that each product's review writes take (with the product id). */
const REVIEW_LOCK_KEY = 727_014;


type ReviewRow = {
  id: number;
  customer_id: number | null;
  author_name: string;
  lang: string;
  title: string;
  content: string;
  rating: number;
  fit: number | null;
  quality: number | null;
  comfort: number | null;
  status: 'published' | 'held' | 'hidden';
  created_at: Date | string;
  updated_at: Date | string;
};

type StatsRow = {
  review_count: number;
  rating_sum: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
  fit_sum: number;
  fit_count: number;
  quality_sum: number;
  quality_count: number;
  comfort_sum: number;
  comfort_count: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const averageOf = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/** The signed-in customer asking, or null. */
async function customerOf(context: CallContext, within: Queryable = context.db): Promise<number | null> {
  return (await currentSession(context, within))?.customerId ?? null;
}

/** A write needs a signed-in customer: 'Login to Review' (SPEC §6) otherwise. */
async function requireReviewer(context: CallContext): Promise<number> {
  const customerId = await customerOf(context);
  if (customerId === null) throw new ApiError(401, 'review_login_required', LOGIN_TO_REVIEW);
  return customerId;
}

/** Counts a review write of the customer from their client; 429 beyond the limits. */
function countWrite(context: CallContext, customerId: number): Promise<void> {
  return takeAttempt(context.db, [
    { limit: RATE_LIMITS.reviewWritesPerCustomer, subject: [String(customerId)] },
    { limit: RATE_LIMITS.reviewWritesPerClient, subject: [context.clientIp] },
  ]);
}

/**
 * Takes the product's review lock for the rest of the transaction (lock first, then read: DESIGN.md §2), after
 * checking that the product is on sale. Writes to one product's reviews queue here; other products' do not wait.
 */
async function lockProductReviews(tx: Queryable, productId: number): Promise<void> {
  const [product] = await selectRows<{ id: number }>(tx, sql`select id from products where id = ${productId} and is_active`);
  if (!product) throw new ApiError(404, 'not_found', 'Product not found');
  await takeReviewLock(tx, productId);
}

/** The product's review lock alone (moderation and erasure write reviews of products that may be off sale). */
export async function takeReviewLock(tx: Queryable, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REVIEW_LOCK_KEY}, ${productId})`);
}

/** The review `reviewId` of the product, locked; 404 if there is none, 403 if it is someone else's. */
async function lockOwnReview(tx: Queryable, customerId: number, productId: number, reviewId: number): Promise<ReviewRow> {
  const [row] = await selectRows<ReviewRow>(tx, sql`select * from product_reviews where id = ${reviewId} and product_id = ${productId} for update`);
  if (!row) throw new ApiError(404, 'review_not_found', 'Review not found');
  if (row.customer_id !== customerId) throw new ApiError(403, 'review_not_yours', 'You can only change your own review');
  return row;
}

function toStats(row: StatsRow | undefined): ReviewStats {
  const r = row ?? ({} as Partial<StatsRow>);
  const n = (value: number | undefined) => Number(value ?? 0);
  const criterion = (sum: number | undefined, count: number | undefined) => ({ average: averageOf(n(sum), n(count)), count: n(count) });
  return {
    count: n(r.review_count),
    average: averageOf(n(r.rating_sum), n(r.review_count)),
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: n(r[`stars_${stars}` as keyof StatsRow]) })),
    criteria: {
      fit: criterion(r.fit_sum, r.fit_count),
      quality: criterion(r.quality_sum, r.quality_count),
      comfort: criterion(r.comfort_sum, r.comfort_count),
    },
  };
}

async function toReviews(db: Queryable, rows: ReviewRow[], ownerId: number | null): Promise<Review[]> {
  const photos = await photosOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    author: row.author_name,
    lang: row.lang,
    title: row.title,
    content: row.content,
    rating: row.rating,
    fit: row.fit,
    quality: row.quality,
    comfort: row.comfort,
    // The upload ids let the author's edit form keep a photo; nobody else learns them.
    photos: (photos.get(row.id) ?? []).map(({ upload_id, ...photo }) => ({ ...photo, upload_id: ownerId !== null && row.customer_id === ownerId ? upload_id : null })),
    // Only the author sees a review that is not published (theirs, awaiting approval or hidden).
    ...(row.status === 'published' ? {} : { status: row.status }),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

type ListInput = { productId: number; page: number; per_page: number; languages: ReviewLanguageFilter };

/**
 * A page of the product's reviews, newest first: those in the shopper's language only, or (the language filter)
 * every language with the shopper's first. With the ratings over all reviews and what the shopper may do.
 */
export function getProductReviews(input: ListInput, context: CallContext): Promise<ProductReviews> {
  // One read-only transaction: the counts and ratings agree with the page of reviews, and on the embedded database
  // its six statements are one turn rather than three rounds of waits behind other clients' (ADR 13).
  return context.db.transaction((tx) => productReviews(input, context, tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function productReviews(input: ListInput, context: CallContext, db: Queryable): Promise<ProductReviews> {
  const { lang } = context;
  const { productId, page, per_page: perPage, languages } = input;
  const [[product], customerId] = await Promise.all([
    selectRows<{ id: number }>(db, sql`select id from products where id = ${productId} and is_active`),
    customerOf(context, db),
  ]);
  if (!product) throw new ApiError(404, 'not_found', 'Product not found');
  const inScope = languages === 'mine' ? sql`and lang = ${lang}` : sql``;
  const [rows, [counts], [stats], own, bought] = await Promise.all([
    selectRows<ReviewRow>(
      db,
      sql`select * from product_reviews where product_id = ${productId} and status = 'published' ${inScope}
        order by (lang = ${lang}) desc, created_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ mine: number; others: number }>(
      db,
      sql`select count(*) filter (where lang = ${lang})::int as mine, count(*) filter (where lang <> ${lang})::int as others
        from product_reviews where product_id = ${productId} and status = 'published'`,
    ),
    selectRows<StatsRow>(db, sql`select * from product_review_stats where product_id = ${productId}`),
    customerId === null
      ? Promise.resolve([])
      : selectRows<ReviewRow>(db, sql`select * from product_reviews where product_id = ${productId} and customer_id = ${customerId}`),
    customerId === null ? Promise.resolve(false) : hasPurchased(db, customerId, productId),
  ]);
  const total = languages === 'mine' ? (counts?.mine ?? 0) : (counts?.mine ?? 0) + (counts?.others ?? 0);
  const [reviews, [ownReview]] = await Promise.all([toReviews(db, rows, customerId), toReviews(db, own, customerId)]);
  return {
    stats: toStats(stats),
    reviews,
    pagination: { total_items: total, page, pages: Math.max(1, Math.ceil(total / perPage)), per_page: perPage },
    languages,
    in_language: counts?.mine ?? 0,
    in_other_languages: counts?.others ?? 0,
    reviewer: {
      status: customerId === null ? 'sign_in' : ownReview ? 'reviewed' : bought ? 'can_review' : 'purchase_required',
      own: ownReview ?? null,
    },
  };
}

/** 'Giulia R.': the first name and the last name's initial, as the review will show it. */
async function displayName(tx: Queryable, customerId: number): Promise<string> {
  const [row] = await selectRows<{ first_name: string; last_name: string }>(tx, sql`select first_name, last_name from customers where id = ${customerId}`);
  const initial = row?.last_name.trim().charAt(0);
  return [row?.first_name.trim(), initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

const criteriaValues = (review: ReviewFields) => Object.fromEntries(REVIEW_CRITERIA.map((criterion) => [criterion, review[criterion] ?? null])) as Record<
  (typeof REVIEW_CRITERIA)[number],
  number | null
>;

async function reviewById(tx: Queryable, id: number, customerId: number): Promise<Review> {
  const rows = await selectRows<ReviewRow>(tx, sql`select * from product_reviews where id = ${id}`);
  const [review] = await toReviews(tx, rows, customerId);
  return review!;
}

/**
 * A customer's review of a product they bought in a paid order; one per customer and product. The ratings of the
 * product change in the same transaction.
 */
export async function createProductReview({ productId, review }: { productId: number; review: ReviewFields }, context: CallContext): Promise<Review> {
  const customerId = await requireReviewer(context);
  await countWrite(context, customerId);
  return context.db.transaction(async (tx) => {
    await lockProductReviews(tx, productId);
    if (!(await hasPurchased(tx, customerId, productId))) throw new ApiError(403, 'purchase_required', PURCHASE_REQUIRED);
    const [existing] = await selectRows<{ id: number }>(
      tx,
      sql`select id from product_reviews where product_id = ${productId} and customer_id = ${customerId}`,
    );
    if (existing) throw new ApiError(409, 'review_exists', 'You have already reviewed this product', { review_id: existing.id });
    const { fit, quality, comfort } = criteriaValues(review);
    const [created] = await selectRows<{ id: number }>(
      tx,
      sql`insert into product_reviews (product_id, customer_id, author_name, lang, title, content, rating, fit, quality, comfort, status)
        values (${productId}, ${customerId}, ${await displayName(tx, customerId)}, ${context.lang}, ${review.title}, ${review.content},
          ${review.rating}, ${fit}, ${quality}, ${comfort}, ${context.config.reviewsHeldForApproval ? 'held' : 'published'})
        returning id`,
    );
    await attachPhotos(tx, { customerId, productId, reviewId: created!.id, uploadIds: review.photos ?? [] });
    await refreshReviewStats(tx, productId);
    return reviewById(tx, created!.id, customerId);
  });
}

/** Changes the customer's own review (403 for anyone else's); the ratings follow in the same transaction. */
export async function updateProductReview(
  { productId, reviewId, review }: { productId: number; reviewId: number; review: ReviewFields },
  context: CallContext,
): Promise<Review> {
  const customerId = await requireReviewer(context);
  await countWrite(context, customerId);
  return context.db.transaction(async (tx) => {
    await lockProductReviews(tx, productId);
    await lockOwnReview(tx, customerId, productId, reviewId);
    const { fit, quality, comfort } = criteriaValues(review);
    await tx.execute(sql`update product_reviews set title = ${review.title}, content = ${review.content}, rating = ${review.rating},
      fit = ${fit}, quality = ${quality}, comfort = ${comfort}, lang = ${context.lang}, updated_at = now() where id = ${reviewId}`);
    if (review.photos) await attachPhotos(tx, { customerId, productId, reviewId, uploadIds: review.photos });
    await refreshReviewStats(tx, productId);
    return reviewById(tx, reviewId, customerId);
  });
}

/** Deletes the customer's own review (and its photos) for good; the ratings follow in the same transaction. */
export async function deleteProductReview({ productId, reviewId }: { productId: number; reviewId: number }, context: CallContext): Promise<Record<string, never>> {
  const customerId = await requireReviewer(context);
  await countWrite(context, customerId);
  return context.db.transaction(async (tx) => {
    await lockProductReviews(tx, productId);
    await lockOwnReview(tx, customerId, productId, reviewId);
    await tx.execute(sql`delete from product_reviews where id = ${reviewId}`);
    await refreshReviewStats(tx, productId);
    return {};
  });
}
