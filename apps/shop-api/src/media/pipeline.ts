import { PRODUCT_PHOTO_FORMATS, PRODUCT_PHOTO_WIDTHS } from '@shop/contract';
import sharp from 'sharp';
import { sniffImageType } from './image-type.ts';

// Two cores serve the whole shop: one picture is worked on at a time, off the event loop (libuv's pool).
sharp.concurrency(1);

/** Pictures beyond this many pixels are refused before they are decoded (a small file can claim a huge image). */
const MAX_INPUT_PIXELS = 50_000_000;

export type PhotoFormat = (typeof PRODUCT_PHOTO_FORMATS)[number];
export const PHOTO_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

export type PhotoFile = { width: number; format: PhotoFormat; bytes: Buffer };
export type MadePhoto = { width: number; height: number; widths: number[]; files: PhotoFile[] };

/** The file is not a picture the shop takes (by its content), or cannot be decoded. */
export class NotAPicture extends Error {}

/**
 * Makes a product photo's files from an uploaded file: checked by its first bytes (JPEG, PNG or WebP, whatever its
 * name says), decoded once (turned upright by its EXIF orientation, its metadata — place, camera — dropped), then
 * AVIF, WebP and JPEG at each of PRODUCT_PHOTO_WIDTHS it is at least as wide as, and at its own width when that
 * is none of them (never enlarged; at most the largest). Transparent parts become white in the JPEG.
 */
export async function makePhotoFiles(file: Buffer): Promise<MadePhoto> {
  if (!sniffImageType(file)) throw new NotAPicture('not an image');
  const largest = PRODUCT_PHOTO_WIDTHS[PRODUCT_PHOTO_WIDTHS.length - 1]!;
  let master: { data: Buffer; info: sharp.OutputInfo };
  try {
    master = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Broken, truncated, or too large to decode: the merchant's file, not a fault of the shop.
    throw new NotAPicture('cannot be decoded');
  }
  const { width, height, channels } = master.info;
  const fitting = PRODUCT_PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  // A photo between two widths also gets its own, so the widest screens show every pixel it has.
  const widths = fitting.length > 0 && fitting[fitting.length - 1] === width ? [...fitting] : [...fitting, width];
  const files: PhotoFile[] = [];
  for (const target of widths) {
    const resized = () => sharp(master.data, { raw: { width, height, channels } }).resize({ width: target });
    files.push({ width: target, format: 'avif', bytes: await resized().avif({ quality: 50, effort: 2 }).toBuffer() });
    files.push({ width: target, format: 'webp', bytes: await resized().webp({ quality: 75 }).toBuffer() });
    files.push({ width: target, format: 'jpg', bytes: await resized().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer() });
  }
  return { width, height, widths, files };
}

/** The storage key of one file of a photo. */
export const photoKey = (name: string, width: number, format: PhotoFormat) => `product-photos/${name}-${width}.${format}`;

/** The width a plain `<img src>` shows (the product page's on a phone, twice): the widest up to 720, else the narrowest. */
export const defaultWidth = (widths: readonly number[]) => [...widths].filter((width) => width <= 720).pop() ?? widths[0] ?? 0;
