import { REVIEW_PHOTO_TYPES, UPLOAD_CHUNK_BYTES, type PhotoUpload, type ReviewPhoto } from '@shop/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { currentSession } from '../sessions/sessions.ts';
import { RATE_LIMITS, takeAttempt } from '../sessions/rate-limit.ts';
import { newToken } from '../sessions/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import type { CallContext } from '../call-context.ts';
import { ApiError } from '../http/errors.ts';
import { LOGIN_TO_REVIEW, PURCHASE_REQUIRED, hasPurchased } from './purchases.ts';
import { sniffImageType } from '../media/image-type.ts';

// Two cores serve the whole shop: one picture is worked on at a time, off the event loop (libuv's pool).
sharp.concurrency(1);

/** The longest side of a shown photo; larger ones are scaled down (never up). */
const MAX_SIDE = 1600;
/** Pictures beyond this many pixels are refused before they are decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;
/** An upload whose last chunk has not arrived this long after its start is abandoned (a phone gone for good). */
export const UNFINISHED_UPLOAD_MINUTES = 60;
/** A finished photo not shown with a review after this long is dropped. */
const UNUSED_UPLOAD_HOURS = 24;

type UploadRow = { id: number; upload_id: string; size: number; received: number; width: number | null; height: number | null; has_picture: boolean };

export const photoUrl = (id: number) => `/review-photos/${id}.webp`;

const photoRefused = (message: string, rule: 'mime' | 'max') =>
  new ApiError(400, 'bad_request', message, { errors: { photo: [message] }, rule, types: REVIEW_PHOTO_TYPES.join(', ') });

async function requireUploader(context: CallContext): Promise<number> {
  const customerId = (await currentSession(context))?.customerId;
  if (customerId == null) throw new ApiError(401, 'review_login_required', LOGIN_TO_REVIEW);
  return customerId;
}

const toUpload = (row: UploadRow): PhotoUpload => ({
  upload_id: row.upload_id,
  size: row.size,
  received: row.received,
  chunk_size: UPLOAD_CHUNK_BYTES,
  photo: row.has_picture ? { url: photoUrl(row.id), width: row.width ?? 0, height: row.height ?? 0 } : null,
});

const UPLOAD_COLUMNS = sql`id, upload_id, size, received, width, height, picture is not null as has_picture`;

async function ownUpload(db: Queryable, customerId: number, uploadId: string): Promise<UploadRow> {
  const [row] = await selectRows<UploadRow>(db, sql`select ${UPLOAD_COLUMNS} from review_photos where upload_id = ${uploadId} and customer_id = ${customerId}`);
  if (!row) throw new ApiError(404, 'not_found', 'Upload not found');
  return row;
}

/**
 * Drops every customer's uploads left behind: unfinished an hour after they started (their chunks weigh up to
 * 8 MB each), finished but not shown with a review after a day. Run by each upload start and by the API's hourly
 * housekeeping, so an abandoned upload goes whoever started it. Returns how many went.
 */
export async function dropAbandonedUploads(db: Queryable, now = new Date()): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`delete from review_photos where review_id is null and (
        (picture is null and created_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${UNFINISHED_UPLOAD_MINUTES}))
        or created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${UNUSED_UPLOAD_HOURS}))
      returning id`,
  );
  return rows.length;
}

/** Announces a photo of `size` bytes for a review of the product (the customer must have bought it). Its chunks follow. */
export async function startReviewPhotoUpload({ productId, size }: { productId: number; size: number }, context: CallContext): Promise<PhotoUpload> {
  const customerId = await requireUploader(context);
  await takeAttempt(context.db, [{ limit: RATE_LIMITS.photoUploadsPerCustomer, subject: [String(customerId)] }]);
  if (!(await hasPurchased(context.db, customerId, productId))) throw new ApiError(403, 'purchase_required', PURCHASE_REQUIRED);
  await dropAbandonedUploads(context.db);
  const [row] = await selectRows<UploadRow>(
    context.db,
    sql`insert into review_photos (upload_id, customer_id, product_id, size) values (${newToken()}, ${customerId}, ${productId}, ${size})
      returning ${UPLOAD_COLUMNS}`,
  );
  return toUpload(row!);
}

/** Where an upload stands: a client that lost its connection asks, then sends from `received` on. */
export async function getReviewPhotoUpload({ uploadId }: { uploadId: string }, context: CallContext): Promise<PhotoUpload> {
  return toUpload(await ownUpload(context.db, await requireUploader(context), uploadId));
}

/**
 * One chunk of an upload at `offset`. It must start where the received bytes end; a chunk sent again (its answer
 * was lost) changes nothing. The last chunk completes the photo: checked by its content, resized, stripped of
 * its metadata (place, camera) and kept as WebP. A picture that is not a JPEG, PNG or WebP is refused and dropped.
 */
export async function uploadReviewPhotoChunk(input: { uploadId: string; offset: number; data: string }, context: CallContext): Promise<PhotoUpload> {
  const customerId = await requireUploader(context);
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0 || bytes.length > UPLOAD_CHUNK_BYTES) throw new ApiError(400, 'bad_request', 'A chunk holds 1 to 65536 bytes');
  // One statement: two copies of a chunk sent at once cannot both be counted; the chunk is stored in a row of its own.
  const [appended] = await selectRows<UploadRow>(
    context.db,
    sql`with advanced as (
        update review_photos set received = received + ${bytes.length}
        where upload_id = ${input.uploadId} and customer_id = ${customerId} and received = ${input.offset}
          and picture is null and received + ${bytes.length} <= size
        returning ${UPLOAD_COLUMNS}
      ), stored as (
        insert into review_photo_chunks (photo_id, "offset", data) select id, ${input.offset}, ${bytes} from advanced
      )
      select * from advanced`,
  );
  if (!appended) {
    const current = await ownUpload(context.db, customerId, input.uploadId);
    if (input.offset + bytes.length <= current.received) return toUpload(current);
    if (input.offset + bytes.length > current.size) throw photoRefused('The photo is larger than announced', 'max');
    throw new ApiError(409, 'conflict', 'The chunk does not start where the upload stands', { received: current.received });
  }
  if (appended.received < appended.size) return toUpload(appended);
  const [file] = await selectRows<{ bytes: Buffer | Uint8Array }>(
    context.db,
    sql`select string_agg(data, ''::bytea order by "offset") as bytes from review_photo_chunks where photo_id = ${appended.id}`,
  );
  return finishPhoto(context, appended.id, Buffer.from(file!.bytes));
}

async function finishPhoto(context: CallContext, id: number, file: Buffer): Promise<PhotoUpload> {
  const drop = () => context.db.execute(sql`delete from review_photos where id = ${id}`);
  if (!sniffImageType(file)) {
    await drop();
    throw photoRefused(`The photo must be a file of type: ${REVIEW_PHOTO_TYPES.join(', ')}.`, 'mime');
  }
  let picture: { data: Buffer; info: sharp.OutputInfo };
  try {
    picture = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Broken, truncated, or a picture too large to decode: the shopper's file, not a fault of the shop.
    await drop();
    throw photoRefused(`The photo must be a file of type: ${REVIEW_PHOTO_TYPES.join(', ')}.`, 'mime');
  }
  const [row] = await selectRows<UploadRow>(
    context.db,
    sql`update review_photos set picture = ${picture.data}, width = ${picture.info.width}, height = ${picture.info.height}
      where id = ${id} returning ${UPLOAD_COLUMNS}`,
  );
  await context.db.execute(sql`delete from review_photo_chunks where photo_id = ${id}`);
  return toUpload(row!);
}

/** A shown photo's bytes; only photos of a published review are public. */
export async function getReviewPhoto({ id }: { id: number }, context: CallContext): Promise<{ type: string; data: string }> {
  const [row] = await selectRows<{ picture: Buffer | Uint8Array }>(
    context.db,
    sql`select picture from review_photos p join product_reviews r on r.id = p.review_id
      where p.id = ${id} and r.status = 'published' and p.picture is not null`,
  );
  if (!row) throw new ApiError(404, 'not_found', 'Photo not found');
  return { type: 'image/webp', data: Buffer.from(row.picture).toString('base64') };
}

/** A finished upload's bytes for its uploader alone, whether or not a review shows it yet: the form's preview. */
export async function getOwnReviewPhoto({ uploadId }: { uploadId: string }, context: CallContext): Promise<{ type: string; data: string }> {
  const customerId = await requireUploader(context);
  const [row] = await selectRows<{ picture: Buffer | Uint8Array }>(
    context.db,
    sql`select picture from review_photos where upload_id = ${uploadId} and customer_id = ${customerId} and picture is not null`,
  );
  if (!row) throw new ApiError(404, 'not_found', 'Photo not found');
  return { type: 'image/webp', data: Buffer.from(row.picture).toString('base64') };
}

/**
 * Makes the listed uploads (finished, of this customer and product) the review's photos, in that order; the
 * review's other photos go.
 */
export async function attachPhotos(tx: Queryable, target: { customerId: number; productId: number; reviewId: number; uploadIds: string[] }): Promise<void> {
  const { customerId, productId, reviewId, uploadIds } = target;
  const unique = [...new Set(uploadIds)];
  if (unique.length > 0) {
    const ids = sql.join(unique.map((id) => sql`${id}`), sql`, `);
    const [usable] = await selectRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from review_photos where upload_id in (${ids}) and customer_id = ${customerId}
        and product_id = ${productId} and picture is not null and (review_id is null or review_id = ${reviewId})`,
    );
    if (usable?.count !== unique.length) throw new ApiError(400, 'bad_request', 'Invalid payload', { errors: { 'review.photos': ['Unknown photo'] } });
  }
  const kept = unique.length > 0 ? sql`and upload_id not in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})` : sql``;
  await tx.execute(sql`delete from review_photos where review_id = ${reviewId} ${kept}`);
  for (const [position, uploadId] of unique.entries()) {
    await tx.execute(sql`update review_photos set review_id = ${reviewId}, position = ${position} where upload_id = ${uploadId}`);
  }
}

/** The photos of the given reviews, in their order. */
export async function photosOf(db: Queryable, reviewIds: number[]): Promise<Map<number, Array<ReviewPhoto & { upload_id: string }>>> {
  const byReview = new Map<number, Array<ReviewPhoto & { upload_id: string }>>();
  if (reviewIds.length === 0) return byReview;
  const rows = await selectRows<{ id: number; review_id: number; upload_id: string; width: number; height: number }>(
    db,
    sql`select id, review_id, upload_id, width, height from review_photos
      where review_id in (${sql.join(reviewIds.map((id) => sql`${id}`), sql`, `)}) and picture is not null order by position, id`,
  );
  for (const row of rows) {
    const list = byReview.get(row.review_id) ?? [];
    list.push({ url: photoUrl(row.id), width: row.width, height: row.height, upload_id: row.upload_id });
    byReview.set(row.review_id, list);
  }
  return byReview;
}
