// A PNG of random RGB pixels, made in memory: noise does not compress, so its size is about width × height × 3
// bytes, and a test or a benchmark gets a picture of the size it needs without a file in the repository. Used by
// bench/review-photo.mjs and e2e/tests/reviews.spec.ts (types in noise-png.d.mts).
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** @param {number} width @param {number} height @returns {Buffer} */
export function noisePng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  // Each row: filter byte 0, then random RGB.
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
