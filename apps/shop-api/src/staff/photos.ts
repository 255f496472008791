import { randomBytes } from 'node:crypto';
import {
  PRODUCT_PHOTO_CHUNK_BYTES,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_TYPES,
  type AdminProductPhoto,
  type adminProductPhotosInput,
  type deleteProductPhotoInput,
  type moveProductPhotoInput,
  type productPhotoUploadInput,
  type readProductPhotoFileInput,
  type startProductPhotoUploadInput,
  type updateProductPhotoInput,
  type uploadProductPhotoChunkInput,
} from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { newToken } from '../sessions/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { ApiError, notFound, refusal } from '../http/errors.ts';
import { makePhotoFiles, NotAPicture, PHOTO_TYPES, photoKey, type PhotoFormat } from '../media/pipeline.ts';
import { readPhotoFile } from '../media/files.ts';
import { mediaStorage } from '../media/storage.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext, type SignedInContext } from './context.ts';

/** An upload whose last chunk has not arrived a day after its start is dropped with its chunks. */
const UNFINISHED_UPLOAD_HOURS = 24;

type PhotoRow = { id: number; product_id: number; color_attribute_id: number | null; position: number; name: string; width: number; height: number; widths: number[]; alt: Record<string, string> };
type UploadRow = { id: number; upload_id: string; product_id: number; color_attribute_id: number | null; size: number; received: number };

const PHOTO_COLUMNS = sql`id, product_id, color_attribute_id, position, name, width, height, widths, alt`;

const toPhoto = (row: PhotoRow): AdminProductPhoto => ({
  id: row.id,
  colour_id: row.color_attribute_id,
  position: row.position,
  width: row.width,
  height: row.height,
  base: row.name,
  widths: row.widths.map(Number),
  alt: row.alt ?? {},
});

const photosOf = (db: Queryable, productId: number) =>
  selectRows<PhotoRow>(db, sql`select ${PHOTO_COLUMNS} from product_photos where product_id = ${productId} order by position, id`);

const notAPicture = () =>
  refusal(415, 'photo_not_image', `The photo must be a file of type: ${PRODUCT_PHOTO_TYPES.join(', ')}.`, { types: PRODUCT_PHOTO_TYPES.join(', ') });
const tooLarge = () => refusal(413, 'photo_too_large', `A photo weighs at most ${PRODUCT_PHOTO_MAX_BYTES} bytes.`, { max_bytes: PRODUCT_PHOTO_MAX_BYTES });

/** A colour the product is sold in (one of its combinations'), or a 400 on the field. */
async function checkColour(db: Queryable, productId: number, colourId: number | null): Promise<void> {
  if (colourId === null) return;
  const [found] = await selectRows<{ id: number }>(
    db,
    sql`select a.id from attributes a where a.id = ${colourId} and a.color_hex is not null and a.id in (
      select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = ${productId})`,
  );
  if (!found) throw new ApiError(400, 'bad_request', 'Invalid payload', { errors: { colour_id: ['Not a colour of this product'] } });
}

async function requireProduct(db: Queryable, productId: number, lang: string) {
  const [product] = await selectRows<{ id: number; reference: string; name: string | null }>(
    db,
    sql`select p.id, p.reference,
        (select t.name from product_translations t where t.product_id = p.id order by (t.lang = ${lang}) desc, (t.lang = 'en') desc limit 1) as name
      from products p where p.id = ${productId}`,
  );
  if (!product) throw notFound('Product');
  return { id: product.id, reference: product.reference, name: product.name ?? product.reference };
}

/** The product's photos in their order, with the colours it is sold in (named in the staff member's language). */
export async function listProductPhotos({ product_id }: z.output<typeof adminProductPhotosInput>, { db, textLang }: AdminContext) {
  const product = await requireProduct(db, product_id, textLang);
  const [colours, photos] = await Promise.all([
    selectRows<{ id: number; name: string; hex: string | null }>(
      db,
      sql`select a.id, coalesce((select t.name from attribute_translations t where t.attribute_id = a.id order by (t.lang = ${textLang}) desc, (t.lang = 'en') desc limit 1), '#' || a.id) as name,
          a.color_hex as hex
        from attributes a where a.color_hex is not null and a.id in (
          select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = ${product_id})
        order by a.position, a.id`,
    ),
    photosOf(db, product_id),
  ]);
  return { product, colours, photos: photos.map(toPhoto) };
}

/** Drops uploads left unfinished for a day (a browser closed for good), whoever started them. */
export async function dropUnfinishedPhotoUploads(db: Queryable, now = new Date()): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`delete from product_photo_uploads where created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${UNFINISHED_UPLOAD_HOURS}) returning id`,
  );
  return rows.length;
}

const toUpload = (row: UploadRow, photo: AdminProductPhoto | null = null) => ({
  upload_id: row.upload_id,
  size: row.size,
  received: row.received,
  chunk_size: PRODUCT_PHOTO_CHUNK_BYTES,
  photo,
});

const UPLOAD_COLUMNS = sql`id, upload_id, product_id, color_attribute_id, size, received`;

/** Announces a photo of `size` bytes for the product (and colour); its chunks follow (uploadProductPhotoChunk). */
export async function startProductPhotoUpload(input: z.output<typeof startProductPhotoUploadInput>, context: AdminContext) {
  const { staff } = context as SignedInContext;
  await requireProduct(context.db, input.product_id, context.textLang);
  await checkColour(context.db, input.product_id, input.colour_id);
  if (input.size > PRODUCT_PHOTO_MAX_BYTES) throw tooLarge();
  await dropUnfinishedPhotoUploads(context.db);
  const [row] = await selectRows<UploadRow>(
    context.db,
    sql`insert into product_photo_uploads (upload_id, staff_id, product_id, color_attribute_id, size)
      values (${newToken()}, ${staff.id}, ${input.product_id}, ${input.colour_id}, ${input.size}) returning ${UPLOAD_COLUMNS}`,
  );
  return toUpload(row!);
}

async function ownUpload(db: Queryable, staffId: number, uploadId: string): Promise<UploadRow> {
  const [row] = await selectRows<UploadRow>(db, sql`select ${UPLOAD_COLUMNS} from product_photo_uploads where upload_id = ${uploadId} and staff_id = ${staffId}`);
  if (!row) throw notFound('Upload');
  return row;
}

/** Where an upload stands: after a lost connection, the client sends again from `received`. */
export async function getProductPhotoUpload({ upload_id }: z.output<typeof productPhotoUploadInput>, context: AdminContext) {
  return toUpload(await ownUpload(context.db, (context as SignedInContext).staff.id, upload_id));
}

/**
 * One chunk at `offset`: it must start where the received bytes end; a chunk sent again changes nothing. The last
 * one makes the photo: its files are written to the media store, then its row (last in the order) and its audit
 * entry in one transaction, which raises the catalogue revision (ADR 28). A file that is no picture is refused
 * and the upload dropped.
 */
export async function uploadProductPhotoChunk(input: z.output<typeof uploadProductPhotoChunkInput>, context: AdminContext) {
  const staffId = (context as SignedInContext).staff.id;
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0 || bytes.length > PRODUCT_PHOTO_CHUNK_BYTES) throw new ApiError(400, 'bad_request', `A chunk holds 1 to ${PRODUCT_PHOTO_CHUNK_BYTES} bytes`);
  // One statement: two copies of a chunk sent at once cannot both be counted.
  const [appended] = await selectRows<UploadRow>(
    context.db,
    sql`with advanced as (
        update product_photo_uploads set received = received + ${bytes.length}
        where upload_id = ${input.upload_id} and staff_id = ${staffId} and received = ${input.offset} and received + ${bytes.length} <= size
        returning ${UPLOAD_COLUMNS}
      ), stored as (
        insert into product_photo_upload_chunks (upload_id, "offset", data) select id, ${input.offset}, ${bytes} from advanced
      )
      select * from advanced`,
  );
  if (!appended) {
    const current = await ownUpload(context.db, staffId, input.upload_id);
    if (input.offset + bytes.length <= current.received) return toUpload(current);
    if (input.offset + bytes.length > current.size) throw tooLarge();
    throw refusal(409, 'conflict', 'The chunk does not start where the upload stands', { received: current.received });
  }
  if (appended.received < appended.size) return toUpload(appended);
  const [file] = await selectRows<{ bytes: Buffer | Uint8Array }>(
    context.db,
    sql`select string_agg(data, ''::bytea order by "offset") as bytes from product_photo_upload_chunks where upload_id = ${appended.id}`,
  );
  return toUpload(appended, await finishPhoto(context, appended, Buffer.from(file!.bytes)));
}

async function finishPhoto(context: AdminContext, upload: UploadRow, file: Buffer): Promise<AdminProductPhoto> {
  const dropUpload = (db: Queryable) => db.execute(sql`delete from product_photo_uploads where id = ${upload.id}`);
  let made;
  try {
    made = await makePhotoFiles(file);
  } catch (error) {
    if (!(error instanceof NotAPicture)) throw error;
    await dropUpload(context.db);
    throw notAPicture();
  }
  const name = `${upload.product_id}-${randomBytes(6).toString('hex')}`;
  const store = mediaStorage(context.config);
  for (const part of made.files) await store.put(photoKey(name, part.width, part.format), part.bytes, PHOTO_TYPES[part.format]);
  try {
    return await context.db.transaction(async (tx) => {
      // The product's photos are renumbered under this lock by every change of their order.
      await tx.execute(sql`select id from products where id = ${upload.product_id} for update`);
      const [row] = await selectRows<PhotoRow>(
        tx,
        sql`insert into product_photos (product_id, color_attribute_id, position, name, width, height, widths)
          values (${upload.product_id}, ${upload.color_attribute_id},
            (select coalesce(max(position) + 1, 0) from product_photos where product_id = ${upload.product_id}),
            ${name}, ${made.width}, ${made.height}, ${sql.param(made.widths)}::int[])
          returning ${PHOTO_COLUMNS}`,
      );
      await dropUpload(tx);
      const photo = toPhoto(row!);
      await audit(tx, actorOf(context), {
        action: 'product_photo.add',
        targetType: 'product',
        targetId: upload.product_id,
        after: { photo_id: photo.id, name, colour_id: photo.colour_id, bytes: file.length, width: made.width, height: made.height },
      });
      return photo;
    });
  } catch (error) {
    await removeFiles(context, { name, widths: made.widths });
    throw error;
  }
}

async function removeFiles(context: AdminContext, photo: { name: string; widths: number[] }): Promise<void> {
  const store = mediaStorage(context.config);
  const formats: PhotoFormat[] = ['avif', 'webp', 'jpg'];
  try {
    await Promise.all(photo.widths.flatMap((width) => formats.map((format) => store.delete(photoKey(photo.name, width, format)))));
  } catch (error) {
    // The row is gone, so nothing shows them; the files are left for the store's own clean-up.
    context.log.warn({ err: error, photo: photo.name }, 'photo files not removed');
  }
}

async function lockedPhoto(tx: Queryable, id: number): Promise<PhotoRow> {
  const [found] = await selectRows<{ product_id: number }>(tx, sql`select product_id from product_photos where id = ${id}`);
  if (!found) throw notFound('Photo');
  await tx.execute(sql`select id from products where id = ${found.product_id} for update`);
  const [row] = await selectRows<PhotoRow>(tx, sql`select ${PHOTO_COLUMNS} from product_photos where id = ${id}`);
  // Deleted by someone else while waiting for the lock.
  if (!row) throw notFound('Photo');
  return row;
}

/** Sets the photo's colour and its alternative texts: a language given empty goes back to the product's name. */
export async function updateProductPhoto(input: z.output<typeof updateProductPhotoInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await lockedPhoto(tx, input.id);
    await checkColour(tx, before.product_id, input.colour_id);
    const alt: Record<string, string> = { ...before.alt };
    for (const [lang, text] of Object.entries(input.alt)) {
      if (text) alt[lang] = text;
      else delete alt[lang];
    }
    const [row] = await selectRows<PhotoRow>(
      tx,
      sql`update product_photos set color_attribute_id = ${input.colour_id}, alt = ${JSON.stringify(alt)}::jsonb where id = ${input.id} returning ${PHOTO_COLUMNS}`,
    );
    await audit(tx, actorOf(context), {
      action: 'product_photo.update',
      targetType: 'product',
      targetId: before.product_id,
      before: { photo_id: before.id, colour_id: before.color_attribute_id, alt: before.alt },
      after: { photo_id: before.id, colour_id: input.colour_id, alt },
    });
    return toPhoto(row!);
  });
}

/** Moves a photo first, up, down or last; the product's photos are numbered 0, 1, 2… again. */
export async function moveProductPhoto({ id, direction }: z.output<typeof moveProductPhotoInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const moved = await lockedPhoto(tx, id);
    const ids = (await photosOf(tx, moved.product_id)).map((photo) => photo.id);
    const from = ids.indexOf(id);
    const to = { first: 0, up: Math.max(0, from - 1), down: Math.min(ids.length - 1, from + 1), last: ids.length - 1 }[direction];
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    await renumber(tx, ids);
    await audit(tx, actorOf(context), { action: 'product_photo.move', targetType: 'product', targetId: moved.product_id, before: { photo_id: id, position: from }, after: { photo_id: id, position: to } });
    return { photos: (await photosOf(tx, moved.product_id)).map(toPhoto) };
  });
}

async function renumber(tx: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const positions = sql.join(ids.map((photoId, position) => sql`(${photoId}::int, ${position}::int)`), sql`, `);
  await tx.execute(sql`update product_photos p set position = v.position from (values ${positions}) as v(id, position) where p.id = v.id and p.position <> v.position`);
}

/** Deletes a photo (its row, then its files once the deletion is committed). */
export async function deleteProductPhoto({ id }: z.output<typeof deleteProductPhotoInput>, context: AdminContext) {
  const deleted = await context.db.transaction(async (tx) => {
    const photo = await lockedPhoto(tx, id);
    await tx.execute(sql`delete from product_photos where id = ${id}`);
    await renumber(tx, (await photosOf(tx, photo.product_id)).map((row) => row.id));
    await audit(tx, actorOf(context), {
      action: 'product_photo.delete',
      targetType: 'product',
      targetId: photo.product_id,
      before: { photo_id: id, name: photo.name, colour_id: photo.color_attribute_id, alt: photo.alt, position: photo.position },
    });
    return photo;
  });
  await removeFiles(context, { name: deleted.name, widths: deleted.widths.map(Number) });
  return { id };
}

/** One file of a photo, for the back office's own page. */
export async function readProductPhotoFile({ file }: z.output<typeof readProductPhotoFileInput>, context: AdminContext) {
  return readPhotoFile(context, file);
}
