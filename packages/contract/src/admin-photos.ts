import { z } from 'zod';
import { rowId } from './bounds.ts';
import { TEXT_LANGUAGES } from './locales.ts';

/** The largest photo file a merchant may upload (checked when announced and as it arrives). */
export const PRODUCT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** A chunk of an upload: its base64 fits the API's 256 KB body limit. */
export const PRODUCT_PHOTO_CHUNK_BYTES = 128 * 1024;
/** The files a merchant may upload, told by their content (not their name). */
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_ALT_MAX = 250;

export const adminProductPhotoSchema = z.object({
  id: z.number().int(),
  /** The colour the photo shows (a colour attribute of the product), or null: every colour. */
  colour_id: z.number().int().nullable(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Its files: `{base}-{width}.{avif|webp|jpg}` for each of `widths`. */
  base: z.string(),
  widths: z.array(z.number().int()),
  /** The text that replaces it for who cannot see it, per shop language (missing: the product's name). */
  alt: z.record(z.string(), z.string()),
});
export type AdminProductPhoto = z.infer<typeof adminProductPhotoSchema>;

export const adminProductPhotosInput = z.object({ product_id: rowId });
export const adminProductPhotosSchema = z.object({
  product: z.object({ id: z.number().int(), reference: z.string(), name: z.string() }),
  colours: z.array(z.object({ id: z.number().int(), name: z.string(), hex: z.string().nullable() })),
  photos: z.array(adminProductPhotoSchema),
});

export const startProductPhotoUploadInput = z.object({
  product_id: rowId,
  colour_id: rowId.nullable().default(null),
  /** Beyond PRODUCT_PHOTO_MAX_BYTES: refused as `photo_too_large` (413). */
  size: z.number().int().min(1).max(2_147_483_647),
});
export const productPhotoUploadSchema = z.object({
  upload_id: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  chunk_size: z.number().int(),
  /** Set once the last chunk has arrived and the photo is made. */
  photo: adminProductPhotoSchema.nullable(),
});
export const productPhotoUploadInput = z.object({ upload_id: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const uploadProductPhotoChunkInput = productPhotoUploadInput.extend({
  offset: z.number().int().min(0).max(PRODUCT_PHOTO_MAX_BYTES),
  data: z.string().max(Math.ceil(PRODUCT_PHOTO_CHUNK_BYTES / 3) * 4).regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

export const updateProductPhotoInput = z.object({
  id: rowId,
  colour_id: rowId.nullable(),
  alt: z.partialRecord(z.enum(TEXT_LANGUAGES), z.string().trim().max(PHOTO_ALT_MAX)),
});
export const PHOTO_MOVES = ['first', 'up', 'down', 'last'] as const;
export const moveProductPhotoInput = z.object({ id: rowId, direction: z.enum(PHOTO_MOVES) });
export const deleteProductPhotoInput = z.object({ id: rowId });
export const readProductPhotoFileInput = z.object({ file: z.string().regex(/^[0-9]{1,10}-[0-9a-f]{12}-[0-9]{1,4}\.(avif|webp|jpg)$/) });
export const productPhotoFileAdminSchema = z.object({ type: z.string(), data: z.string() });
