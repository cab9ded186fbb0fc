import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../test-support/s3-server.js';
import { freePort } from '../../../test-support/ports.js';
import {
  createLocalFileStorage,
  createS3FileStorage,
  FileStorageError,
  IMMUTABLE_CACHE_CONTROL,
  isFileKey,
  type FileStorage,
} from './index.js';

let s3: TestS3Server;
let localDir: string;
const storages: Record<'local' | 's3', FileStorage> = {} as Record<'local' | 's3', FileStorage>;

beforeAll(async () => {
  s3 = await startTestS3Server();
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-files-'));
  storages.local = createLocalFileStorage(localDir);
  storages.s3 = createS3FileStorage(s3.setup);
});
afterAll(async () => {
  storages.s3?.close();
  await s3?.close();
  if (localDir) await fs.rm(localDir, { recursive: true, force: true });
});

const uniqueKey = (folder = 'products', extension = 'webp') => `${folder}/${randomBytes(16).toString('hex')}.${extension}`;

async function streamed(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}


describe('storage keys', () => {
  it('accept a plain name in an image folder and nothing that could leave it', () => {
    expect(isFileKey('products/0123abcd.webp')).toBe(true);
    expect(isFileKey('settings/logo-320.webp')).toBe(true);
    for (const key of [
      'products/../secret.txt',
      'products/..',
      'products/a..b.webp',
      'products/.hidden.webp',
      'products/a/b.webp',
      'products\\a.webp',
      'products/a\\b.webp',
      'products/a.webp\0.png',
      'products/',
      'secret.txt',
      '/products/a.webp',
      'private/a.webp',
      'products/a b.webp',
    ]) {
      expect(isFileKey(key), key).toBe(false);
    }
  });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const storage = () => storages[kind];

  it('stores bytes and gives them back, whole or streamed, with their details', async () => {
    const key = uniqueKey();
    const bytes = randomBytes(70_000);
    await storage().put(key, bytes, 'image/webp');

    expect(await storage().exists(key)).toBe(true);
    expect((await storage().read(key))?.equals(bytes)).toBe(true);

    const info = await storage().stat(key);
    expect(info).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(info?.etag).toMatch(/^(W\/)?".+"$/);
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);

    const opened = await storage().open(key);
    expect(opened).toMatchObject({ contentType: 'image/webp', size: bytes.length, etag: info?.etag });
    expect((await streamed(opened!.body)).equals(bytes)).toBe(true);
  });

  it('answers undefined for a key with nothing stored, and deletes without complaint', async () => {
    const key = uniqueKey('slider');
    expect(await storage().read(key)).toBeUndefined();
    expect(await storage().stat(key)).toBeUndefined();
    expect(await storage().open(key)).toBeUndefined();
    expect(await storage().exists(key)).toBe(false);
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('deletes a stored file', async () => {
    const key = uniqueKey('categories');
    await storage().put(key, Buffer.from('picture'), 'image/webp');
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().read(key)).toBeUndefined();
  });

  it('keeps files of the same name in different folders apart', async () => {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await storage().put(`products/${name}`, Buffer.from('product'), 'image/webp');
    await storage().put(`settings/${name}`, Buffer.from('logo'), 'image/webp');
    expect((await storage().read(`products/${name}`))?.toString()).toBe('product');
    expect((await storage().read(`settings/${name}`))?.toString()).toBe('logo');
  });

  it('refuses a key that could leave its folder before touching the store', async () => {
    for (const key of ['products/../../secret.txt', 'products/.hidden', 'other/a.webp']) {
      await expect(storage().put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a storage key/);
      await expect(storage().read(key)).rejects.toThrow(/not a storage key/);
      await expect(storage().delete(key)).rejects.toThrow(/not a storage key/);
    }
  });

  it('passes its readiness check', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
  });
});

describe('S3 storage', () => {
  it('stores the type and a year-long immutable cache on the object, for a CDN that serves the bucket', async () => {
    const key = uniqueKey('products', 'png');
    await storages.s3.put(key, Buffer.from('png bytes'), 'image/png');
    const client = new S3Client({
      endpoint: s3.setup.endpoint,
      region: s3.setup.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.setup.accessKeyId, secretAccessKey: s3.setup.secretAccessKey },
    });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.setup.bucket, Key: key }));
      expect(object.ContentType).toBe('image/png');
      expect(object.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(await object.Body?.transformToString()).toBe('png bytes');
    } finally {
      client.destroy();
    }
  });

  it('names browsers a public address only when one is configured', () => {
    expect(storages.s3.publicUrl('products/a.webp')).toBeUndefined();
    const withCdn = createS3FileStorage({ ...s3.setup, publicUrl: 'https://cdn.example.com/shop' });
    try {
      expect(withCdn.publicUrl('products/a.webp')).toBe('https://cdn.example.com/shop/products/a.webp');
      expect(() => withCdn.publicUrl('products/../a.webp')).toThrow(/not a storage key/);
    } finally {
      withCdn.close();
    }
  });

  it('fails its check for a bucket that does not exist, naming the bucket and never the secret', async () => {
    const secret = `secret-${randomBytes(12).toString('hex')}`;
    const warnings: string[] = [];
    const missing = createS3FileStorage(
      { ...s3.setup, bucket: 'no-such-bucket', secretAccessKey: secret },
      { log: { warn: (details) => warnings.push(JSON.stringify(details)) } },
    );
    try {
      const error = await missing.check().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(FileStorageError);
      expect((error as FileStorageError).statusCode).toBe(503);
      expect((error as Error).message).toContain('no-such-bucket');
      expect((error as Error).message).toContain('404');
      expect((error as Error).message).not.toContain(secret);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).not.toContain(secret);
    } finally {
      missing.close();
    }
  });

  it('abandons its check when the caller gives up (the readiness probe has its own timeout)', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(storages.s3.check(controller.signal)).rejects.toBeInstanceOf(FileStorageError);
    await expect(storages.s3.check(new AbortController().signal)).resolves.toBeUndefined();
  });

  it('turns an unreachable endpoint into a 503 storage error, for writes, reads and the check', async () => {
    const down = createS3FileStorage({ ...s3.setup, endpoint: `http://127.0.0.1:${await freePort()}` });
    try {
      for (const attempt of [
        () => down.put(uniqueKey(), Buffer.from('x'), 'image/webp'),
        () => down.read(uniqueKey()),
        () => down.check(),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(FileStorageError);
        expect((error as FileStorageError).statusCode).toBe(503);
      }
    } finally {
      down.close();
    }
  }, 60_000);
});
