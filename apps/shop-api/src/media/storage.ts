import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import aws4 from 'aws4';

/**
 * The storage seam of product photos (docs/adr/0042-photo-storage-and-pipeline.md): files by key, written once and
 * never changed (a new photo gets new keys). A key is `{folder}/{name}` of letters, digits, dots and hyphens.
 */
export type MediaStorage = {
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; removing one that is not there is no fault. */
  delete(key: string): Promise<void>;
};

export type MediaConfig =
  | { kind: 'local'; dir: string }
  | { kind: 'memory' }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9.-]*$/;

function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a media key: ${key}`);
  return key;
}

/** A folder on the API's disk (the default): written to a temporary name, then renamed, so a reader never sees half a file. */
export function localStorage(dir: string): MediaStorage {
  return {
    async put(key, bytes) {
      const path = join(dir, checkedKey(key));
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(join(dir, checkedKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(dir, checkedKey(key)), { force: true });
    },
  };
}

/** Kept in the process only: the tests' and a `memory://` database's store. */
export function memoryStorage(): MediaStorage {
  const files = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      files.set(checkedKey(key), Buffer.from(bytes));
    },
    async get(key) {
      return files.get(checkedKey(key)) ?? null;
    },
    async delete(key) {
      files.delete(checkedKey(key));
    },
  };
}

const S3_TIMEOUT_MS = 20_000;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), addressed path-style (`{endpoint}/{bucket}/{key}`), every
 * request signed with AWS Signature Version 4 (the `aws4` library) and its body's SHA-256.
 */
export function s3Storage(config: Extract<MediaConfig, { kind: 's3' }>, fetchImpl: typeof fetch = fetch): MediaStorage {
  const endpoint = new URL(config.endpoint);
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, type?: string) => {
    const path = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}/${checkedKey(key)}`;
    const headers: Record<string, string> = {};
    if (type) headers['content-type'] = type;
    const signed = aws4.sign(
      { service: 's3', region: config.region, method, host: endpoint.host, path, headers, ...(body ? { body } : {}) },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const signedHeaders = Object.fromEntries(Object.entries(signed.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'host').map(([name, value]) => [name, String(value)]));
    return fetchImpl(`${endpoint.protocol}//${endpoint.host}${path}`, {
      method,
      headers: signedHeaders,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
  };
  return {
    async put(key, bytes, type) {
      const response = await send('PUT', key, bytes, type);
      if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status} ${await response.text()}`);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key}: ${response.status}`);
    },
  };
}

const stores = new WeakMap<MediaConfig, MediaStorage>();

/** The store a configuration names, one per configuration (the memory store is shared by the app's calls). */
export function mediaStorage(config: { media: MediaConfig }): MediaStorage {
  let store = stores.get(config.media);
  if (!store) {
    const media = config.media;
    store = media.kind === 's3' ? s3Storage(media) : media.kind === 'local' ? localStorage(media.dir) : memoryStorage();
    stores.set(media, store);
  }
  return store;
}
