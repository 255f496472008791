import { PRODUCT_PHOTO_FILE, type ProductPhotoSources } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { ApiConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { defaultWidth, PHOTO_TYPES, photoKey, type PhotoFormat } from './pipeline.ts';
import { mediaStorage } from './storage.ts';

/** Where the storefront (and the back office) serve a photo's files: `{PHOTO_PATH}/{name}-{width}.{format}`. */
export const PHOTO_PATH = '/product-photos';

const srcSet = (name: string, widths: number[], format: PhotoFormat) => widths.map((width) => `${PHOTO_PATH}/${name}-${width}.${format} ${width}w`).join(', ');

/** A photo as the storefront's pictures carry it: a plain JPEG for `src`, and its sources for `srcset`. */
export function photoImage(row: { name: string; width: number; height: number; widths: number[] }): { url: string; width: number; height: number; photo: ProductPhotoSources } {
  const widths = row.widths.map(Number);
  const shown = defaultWidth(widths);
  return {
    url: `${PHOTO_PATH}/${row.name}-${shown}.jpg`,
    width: shown,
    height: Math.round((row.height * shown) / row.width),
    photo: {
      avif: srcSet(row.name, widths, 'avif'),
      webp: srcSet(row.name, widths, 'webp'),
      jpg: srcSet(row.name, widths, 'jpg'),
    },
  };
}

/** A file of an existing photo from the media store: its type and bytes (base64), or a 404. */
export async function readPhotoFile(context: { db: Queryable; config: ApiConfig }, file: string): Promise<{ type: string; data: string }> {
  const match = PRODUCT_PHOTO_FILE.exec(file);
  if (!match) throw notFound('Photo');
  const [, name, width, format] = match as unknown as [string, string, string, PhotoFormat];
  const [known] = await selectRows<{ id: number }>(context.db, sql`select id from product_photos where name = ${name} and ${Number(width)} = any(widths)`);
  if (!known) throw notFound('Photo');
  const bytes = await mediaStorage(context.config).get(photoKey(name, Number(width), format));
  if (!bytes) throw notFound('Photo');
  return { type: PHOTO_TYPES[format], data: bytes.toString('base64') };
}
