import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_PHOTO_CHUNK_BYTES, PRODUCT_PHOTO_MAX_BYTES } from '@shop/contract/admin';
import aws4 from 'aws4';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { localStorage, s3Storage } from '../src/media/storage.ts';
import { callApi, DRIVERS, useTestShop, type TestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// Product photos (docs/adr/0042-photo-storage-and-pipeline.md): uploads checked by content and size, the pipeline's
// files, the storefront's pictures, order, alternative texts and deletion, and the two stores behind the seam.

/** Noise, which compresses as badly as a photograph's detail: a file of several chunks. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();

/** A photograph-like picture (a gradient with shapes) of the given size, as JPEG, PNG or WebP. */
async function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b04a2f"/><stop offset="1" stop-color="#2f5fb0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${width / 5}" fill="#f2e8d5"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

type Headers = Record<string, string>;

/** Uploads a file as the back office does: announced, then sent in chunks. Returns the last answer. */
async function upload(shop: TestShop, headers: Headers, productId: number, file: Buffer, colourId: number | null = null) {
  const started = await adminCall(shop.app, 'startProductPhotoUpload', { product_id: productId, colour_id: colourId, size: file.length }, headers);
  if (started.status !== 200) return started;
  let answer = started;
  for (let offset = 0; offset < file.length; offset += PRODUCT_PHOTO_CHUNK_BYTES) {
    const data = file.subarray(offset, offset + PRODUCT_PHOTO_CHUNK_BYTES).toString('base64');
    answer = await adminCall(shop.app, 'uploadProductPhotoChunk', { upload_id: started.body.psdata.upload_id, offset, data }, headers);
    if (answer.status !== 200) return answer;
  }
  return answer;
}

/** A product sold in at least one colour, with that colour. */
async function productWithColour(shop: TestShop, skip = 0) {
  const [row] = await selectRows<{ product_id: number; colour_id: number }>(
    shop.handle.db,
    sql`select c.product_id, min(a.id) as colour_id from combinations c join combination_attributes ca on ca.combination_id = c.id
      join attributes a on a.id = ca.attribute_id and a.color_hex is not null join products p on p.id = c.product_id and p.is_active
      group by c.product_id order by c.product_id limit 1 offset ${skip}`,
  );
  return row!;
}

const fileOf = async (shop: TestShop, file: string) => callApi(shop.app, 'getProductPhotoFile', { file });
const revision = async (shop: TestShop) => Number((await selectRows<{ revision: string }>(shop.handle.db, sql`select revision from catalog_revision`))[0]!.revision);

describe.each(DRIVERS)('product photos in the local store on %s', (driver) => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
  const shop = useTestShop(driver, { MEDIA_DIR: mediaDir });
  let catalogue: Headers;
  beforeAll(async () => {
    catalogue = (await staffSession(shop(), 'catalogue')).headers;
  });

  it('makes an upload into AVIF, WebP and JPEG at the pages widths, shown at once on the product page and its card, audited', async () => {
    const { product_id, colour_id } = await productWithColour(shop());
    const before = await revision(shop());
    const file = await sharp(await picture(1400, 1800)).jpeg({ quality: 100 }).withExifMerge({ IFD0: { Make: 'PhoneMaker', Copyright: 'Shop' } }).toBuffer();
    expect((await sharp(file).metadata()).exif).toBeDefined();
    const done = await upload(shop(), catalogue, product_id, file, colour_id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const photo = done.body.psdata.photo;
    expect(photo).toMatchObject({ colour_id, position: 0, width: 1280, height: 1646, widths: [320, 480, 720, 960, 1280], alt: {} });
    expect(await revision(shop())).toBeGreaterThan(before);

    // Every width in every format, each the format and width its name says, in the local folder.
    expect(readdirSync(join(mediaDir, 'product-photos')).filter((name) => name.startsWith(photo.base)).sort()).toHaveLength(15);
    for (const [extension, type, format] of [['avif', 'image/avif', 'heif'], ['webp', 'image/webp', 'webp'], ['jpg', 'image/jpeg', 'jpeg']] as const) {
      for (const width of [320, 1280]) {
        const answer = await fileOf(shop(), `${photo.base}-${width}.${extension}`);
        expect(answer.body.psdata.type).toBe(type);
        const metadata = await sharp(Buffer.from(answer.body.psdata.data, 'base64')).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, Math.round((1646 * width) / 1280)]);
        // No camera or place data travels with a photo.
        expect(metadata.exif).toBeUndefined();
      }
    }
    // The AVIF of the phone's width is smaller than its JPEG.
    const [avif, jpeg] = await Promise.all([fileOf(shop(), `${photo.base}-720.avif`), fileOf(shop(), `${photo.base}-720.jpg`)]);
    expect(avif.body.psdata.data.length).toBeLessThan(jpeg.body.psdata.data.length);
    expect((await fileOf(shop(), `${photo.base}-333.jpg`)).status).toBe(404);

    const page = await callApi(shop().app, 'getProduct', { product_id });
    const base = `/product-photos/${photo.base}`;
    // The photo replaces the drawings, on the page and on the card.
    const srcset = (format: string) => [320, 480, 720, 960, 1280].map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
    const sources = { avif: srcset('avif'), webp: srcset('webp'), jpg: srcset('jpg') };
    expect(page.body.psdata.images).toEqual([{ url: `${base}-720.jpg`, width: 720, height: 926, alt: page.body.psdata.name, color_id: colour_id, photo: sources }]);
    expect(page.body.psdata.default_image).toEqual({ url: `${base}-720.jpg`, width: 720, height: 926, alt: page.body.psdata.name, photo: sources });

    const [entry] = await selectRows<{ actor: string; action: string; target_id: string }>(
      shop().handle.db,
      sql`select actor, action, target_id from audit_log where action = 'product_photo.add' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'product_photo.add', target_id: String(product_id) });
  });

  it('refuses by content, not by name: text, a truncated picture, too large a file; nothing is kept', async () => {
    const { product_id } = await productWithColour(shop(), 1);
    const text = Buffer.from('<?php echo "not a photo"; ?>'.repeat(10));
    const refusedText = await upload(shop(), catalogue, product_id, text);
    expect([refusedText.status, refusedText.body.code, refusedText.body.psdata]).toEqual([415, 'photo_not_image', { types: 'image/jpeg, image/png, image/webp' }]);
    const jpeg = await picture(900, 1200);
    const refusedBroken = await upload(shop(), catalogue, product_id, jpeg.subarray(0, 600));
    expect([refusedBroken.status, refusedBroken.body.code]).toEqual([415, 'photo_not_image']);

    const tooLarge = await adminCall(shop().app, 'startProductPhotoUpload', { product_id, size: PRODUCT_PHOTO_MAX_BYTES + 1 }, catalogue);
    expect([tooLarge.status, tooLarge.body.code, tooLarge.body.psdata]).toEqual([413, 'photo_too_large', { max_bytes: PRODUCT_PHOTO_MAX_BYTES }]);
    // More bytes than announced.
    const small = await adminCall(shop().app, 'startProductPhotoUpload', { product_id, size: 10 }, catalogue);
    const over = await adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id: small.body.psdata.upload_id, offset: 0, data: jpeg.subarray(0, 20).toString('base64') }, catalogue);
    expect([over.status, over.body.code]).toEqual([413, 'photo_too_large']);
    // A colour the product is not sold in.
    const otherColour = await selectRows<{ id: number }>(
      shop().handle.db,
      sql`select id from attributes where color_hex is not null and id not in (select ca.attribute_id from combination_attributes ca join combinations c on c.id = ca.combination_id where c.product_id = ${product_id}) limit 1`,
    );
    const wrongColour = await adminCall(shop().app, 'startProductPhotoUpload', { product_id, colour_id: otherColour[0]!.id, size: 100 }, catalogue);
    expect([wrongColour.status, wrongColour.body.psdata.errors]).toEqual([400, { colour_id: ['Not a colour of this product'] }]);

    expect((await adminCall(shop().app, 'listProductPhotos', { product_id }, catalogue)).body.psdata.photos).toEqual([]);
    expect((await callApi(shop().app, 'getProduct', { product_id })).body.psdata.images[0].url).toMatch(/^\/media\/.*\.svg$/);
  });

  it('resumes an upload where it stands, and a chunk sent twice counts once', async () => {
    const { product_id } = await productWithColour(shop(), 2);
    const file = await noise(500, 400);
    expect(file.length).toBeGreaterThan(PRODUCT_PHOTO_CHUNK_BYTES * 3);
    const started = await adminCall(shop().app, 'startProductPhotoUpload', { product_id, size: file.length }, catalogue);
    const upload_id = started.body.psdata.upload_id as string;
    const first = file.subarray(0, PRODUCT_PHOTO_CHUNK_BYTES).toString('base64');
    expect((await adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id, offset: 0, data: first }, catalogue)).body.psdata.received).toBe(PRODUCT_PHOTO_CHUNK_BYTES);
    expect((await adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id, offset: 0, data: first }, catalogue)).body.psdata.received).toBe(PRODUCT_PHOTO_CHUNK_BYTES);
    const skipped = await adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id, offset: PRODUCT_PHOTO_CHUNK_BYTES * 2, data: first }, catalogue);
    expect([skipped.status, skipped.body.code, skipped.body.psdata]).toEqual([409, 'conflict', { received: PRODUCT_PHOTO_CHUNK_BYTES }]);
    const stands = await adminCall(shop().app, 'getProductPhotoUpload', { upload_id }, catalogue);
    let answer = stands;
    for (let offset = stands.body.psdata.received as number; offset < file.length; offset += PRODUCT_PHOTO_CHUNK_BYTES) {
      answer = await adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id, offset, data: file.subarray(offset, offset + PRODUCT_PHOTO_CHUNK_BYTES).toString('base64') }, catalogue);
    }
    expect(answer.body.psdata.photo).toMatchObject({ width: 500, height: 400, widths: [320, 480, 500] });
    // Another staff member cannot see or continue someone's upload.
    const manager = (await staffSession(shop(), 'manager')).headers;
    expect((await adminCall(shop().app, 'getProductPhotoUpload', { upload_id }, manager)).status).toBe(404);
  });

  it('numbers photos finished at the same time one after the other, and counts a chunk sent five times at once once', async () => {
    const { product_id } = await productWithColour(shop(), 4);
    const files = await Promise.all(['jpeg', 'png', 'webp'].map((format) => picture(400, 500, format as 'jpeg' | 'png' | 'webp')));
    const made = await Promise.all(files.map((file) => upload(shop(), catalogue, product_id, file)));
    expect(made.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const listed = (await adminCall(shop().app, 'listProductPhotos', { product_id }, catalogue)).body.psdata.photos as { id: number; position: number }[];
    expect(listed.map((photo) => photo.position)).toEqual([0, 1, 2]);
    expect(new Set(listed.map((photo) => photo.id))).toEqual(new Set(made.map((answer) => answer.body.psdata.photo.id)));

    // Two moves at once: each sees the other's result (the product's lock), the numbering stays 0, 1, 2.
    await Promise.all([
      adminCall(shop().app, 'moveProductPhoto', { id: listed[2]!.id, direction: 'first' }, catalogue),
      adminCall(shop().app, 'moveProductPhoto', { id: listed[0]!.id, direction: 'last' }, catalogue),
    ]);
    const moved = (await adminCall(shop().app, 'listProductPhotos', { product_id }, catalogue)).body.psdata.photos as { id: number; position: number }[];
    expect(moved.map((photo) => photo.position)).toEqual([0, 1, 2]);
    expect(new Set(moved.map((photo) => photo.id))).toEqual(new Set(listed.map((photo) => photo.id)));

    const file = await noise(300, 300);
    const started = await adminCall(shop().app, 'startProductPhotoUpload', { product_id, size: file.length }, catalogue);
    const data = file.subarray(0, PRODUCT_PHOTO_CHUNK_BYTES).toString('base64');
    const sent = await Promise.all(Array.from({ length: 5 }, () => adminCall(shop().app, 'uploadProductPhotoChunk', { upload_id: started.body.psdata.upload_id, offset: 0, data }, catalogue)));
    expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await adminCall(shop().app, 'getProductPhotoUpload', { upload_id: started.body.psdata.upload_id }, catalogue)).body.psdata.received).toBe(PRODUCT_PHOTO_CHUNK_BYTES);
  });

  it('orders photos, gives them texts per language, and deletes them with their files; no photos left, the drawings come back', async () => {
    const { product_id, colour_id } = await productWithColour(shop(), 3);
    const first = (await upload(shop(), catalogue, product_id, await picture(800, 1000, 'webp'))).body.psdata.photo;
    const second = (await upload(shop(), catalogue, product_id, await picture(700, 1000))).body.psdata.photo;
    expect([first.position, second.position]).toEqual([0, 1]);

    const moved = await adminCall(shop().app, 'moveProductPhoto', { id: second.id, direction: 'first' }, catalogue);
    expect(moved.body.psdata.photos.map((photo: { id: number; position: number }) => [photo.id, photo.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    const described = await adminCall(shop().app, 'updateProductPhoto', { id: second.id, colour_id, alt: { en: 'Model wearing it, front', it: 'Modella che lo indossa, davanti', fr: '' } }, catalogue);
    expect(described.body.psdata).toMatchObject({ colour_id, alt: { en: 'Model wearing it, front', it: 'Modella che lo indossa, davanti' } });

    const inItalian = await callApi(shop().app, 'getProduct', { product_id }, { 'accept-language': 'it' });
    expect(inItalian.body.psdata.images.map((image: { alt: string; url: string }) => [image.url, image.alt])).toEqual([
      [`/product-photos/${second.base}-700.jpg`, 'Modella che lo indossa, davanti'],
      [`/product-photos/${first.base}-720.jpg`, inItalian.body.psdata.name],
    ]);

    // A role without the catalogue's right changes nothing.
    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    expect((await adminCall(shop().app, 'deleteProductPhoto', { id: first.id }, fulfilment)).status).toBe(403);

    const before = await revision(shop());
    expect((await adminCall(shop().app, 'deleteProductPhoto', { id: second.id }, catalogue)).status).toBe(200);
    expect(await revision(shop())).toBeGreaterThan(before);
    expect((await fileOf(shop(), `${second.base}-320.avif`)).status).toBe(404);
    expect(readdirSync(join(mediaDir, 'product-photos')).filter((name) => name.startsWith(second.base))).toEqual([]);
    expect((await adminCall(shop().app, 'listProductPhotos', { product_id }, catalogue)).body.psdata.photos).toMatchObject([{ id: first.id, position: 0 }]);
    expect((await adminCall(shop().app, 'deleteProductPhoto', { id: first.id }, catalogue)).status).toBe(200);
    expect((await adminCall(shop().app, 'deleteProductPhoto', { id: first.id }, catalogue)).status).toBe(404);
    const page = await callApi(shop().app, 'getProduct', { product_id });
    expect(page.body.psdata.images.length).toBeGreaterThan(0);
    expect(page.body.psdata.images.every((image: { url: string; photo?: unknown }) => image.url.startsWith('/media/') && !image.photo)).toBe(true);

    const trail = await selectRows<{ action: string }>(shop().handle.db, sql`select action from audit_log where target_type = 'product' and target_id = ${String(product_id)} order by id`);
    expect(trail.map((row) => row.action)).toEqual(['product_photo.add', 'product_photo.add', 'product_photo.move', 'product_photo.update', 'product_photo.delete', 'product_photo.delete']);
  });
});

/**
 * An in-process S3-compatible server: PUT, GET and DELETE of objects by path (`/{bucket}/{key}`), every request's
 * Signature Version 4 checked against the one key pair it knows, and its body against the signed SHA-256.
 */
function fakeS3(credentials: { accessKeyId: string; secretAccessKey: string }, region: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => resolve(Buffer.concat(parts)));
    });
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const headers = request.headers as Record<string, string>;
    requests.push(`${request.method} ${request.url}`);
    const resigned = aws4.sign(
      {
        service: 's3',
        region,
        method: request.method,
        host: headers.host,
        path: request.url,
        headers: { 'X-Amz-Date': headers['x-amz-date'], ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}) },
        ...(body.length > 0 ? { body } : {}),
      },
      credentials,
    );
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (headers.authorization !== (resigned.headers as Record<string, string>).Authorization || headers['x-amz-content-sha256'] !== bodyHash) {
      response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = decodeURIComponent(request.url ?? '');
    if (request.method === 'PUT') {
      objects.set(key, { body, type: headers['content-type'] ?? 'application/octet-stream' });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (request.method === 'GET') {
      const found = objects.get(key);
      if (!found) response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      else response.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
  });
  return { server, objects, requests };
}

describe('the media stores behind the seam', () => {
  const credentials = { accessKeyId: 'AKIDTESTSHOP', secretAccessKey: 'test-secret-key-for-the-fake-s3' };
  const s3 = fakeS3(credentials, 'eu-south-1');
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('keeps, reads and removes files in a local folder, and refuses a key that leaves it', async () => {
    const store = localStorage(mkdtempSync(join(tmpdir(), 'shop-media-')));
    await store.put('product-photos/1-abc-320.jpg', Buffer.from('bytes'), 'image/jpeg');
    expect((await store.get('product-photos/1-abc-320.jpg'))?.toString()).toBe('bytes');
    await store.delete('product-photos/1-abc-320.jpg');
    await store.delete('product-photos/1-abc-320.jpg');
    expect(await store.get('product-photos/1-abc-320.jpg')).toBeNull();
    await expect(store.put('../outside/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Not a media key/);
    await expect(store.get('product-photos/../../etc/passwd')).rejects.toThrow(/Not a media key/);
  });

  it('speaks S3 with signed requests; a wrong secret is refused by the server', async () => {
    const store = s3Storage({ kind: 's3', endpoint, bucket: 'shop-media', region: 'eu-south-1', ...credentials });
    await store.put('product-photos/1-abc-320.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(s3.objects.get('/shop-media/product-photos/1-abc-320.webp')).toEqual({ body: Buffer.from('webp bytes'), type: 'image/webp' });
    expect((await store.get('product-photos/1-abc-320.webp'))?.toString()).toBe('webp bytes');
    expect(await store.get('product-photos/none.webp')).toBeNull();
    await store.delete('product-photos/1-abc-320.webp');
    expect(s3.objects.size).toBe(0);
    const wrong = s3Storage({ kind: 's3', endpoint, bucket: 'shop-media', region: 'eu-south-1', accessKeyId: credentials.accessKeyId, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('product-photos/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/S3 PUT product-photos\/x.jpg: 403/);
    expect(s3.objects.size).toBe(0);
  });

  describe('an API whose media store is the S3 server', () => {
    const shop = useTestShop('pglite', () => ({
      MEDIA_STORE: 's3',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: 'shop-media',
      MEDIA_S3_REGION: 'eu-south-1',
      MEDIA_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }));

    it('writes a photo\'s files to the bucket, serves them from it, and deletes them there', async () => {
      const { headers } = await staffSession(shop(), 'owner');
      const { product_id } = await productWithColour(shop());
      const photo = (await upload(shop(), headers, product_id, await picture(500, 600))).body.psdata.photo;
      expect(photo.widths).toEqual([320, 480, 500]);
      expect([...s3.objects.keys()].sort()).toEqual(
        ['320.avif', '320.jpg', '320.webp', '480.avif', '480.jpg', '480.webp', '500.avif', '500.jpg', '500.webp'].map((end) => `/shop-media/product-photos/${photo.base}-${end}`),
      );
      const served = await fileOf(shop(), `${photo.base}-480.webp`);
      expect(Buffer.from(served.body.psdata.data, 'base64').equals(s3.objects.get(`/shop-media/product-photos/${photo.base}-480.webp`)!.body)).toBe(true);
      expect((await adminCall(shop().app, 'deleteProductPhoto', { id: photo.id }, headers)).status).toBe(200);
      expect(s3.objects.size).toBe(0);
      expect(s3.requests.filter((line) => line.startsWith('DELETE')).length).toBeGreaterThanOrEqual(9);
    });
  });
});
