import type { REVIEW_PHOTO_TYPES } from '@shop/contract';

/** The type a file's first bytes say it is (JPEG, PNG or WebP), whatever its name; null for anything else. */
export function sniffImageType(bytes: Uint8Array): (typeof REVIEW_PHOTO_TYPES)[number] | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
