import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { AdminProduct, StoreSettings } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../test-support/admin-forms.js';
import { apiCaller } from '../../test-support/http.js';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { products } from '../db/schema/index.js';
import { IMMUTABLE_CACHE_CONTROL } from '../lib/file-storage/index.js';
import { storedImageFiles } from '../modules/media/index.js';
import { createCategory } from '../seed/factories.js';
import { contentSecurityPolicy } from './web.js';
import { freePort } from '../../test-support/ports.js';
import { REFUSED_UPLOAD_PATHS } from '../../test-support/upload-paths.js';

/**
 * The shop with S3_* pointed at an S3-compatible server on loopback (s3rver): uploads go to the
 * bucket, /uploads/ streams them back, deletes remove the objects, and the pictures drawn from
 * the logo (app icons, e-mail PNG) are made from the bucket's copy.
 */

let s3: TestS3Server;
let ctx: TestContext;
let bucket: S3Client;
let admin: SignedIn;
let category: number;
const call = apiCaller(() => ctx.app);
const sendForm = multipartSender(call, () => admin.token);

beforeAll(async () => {
  s3 = await startTestS3Server();
  ctx = await createTestApp(s3.env);
  ({ admin } = await signedInStaff(ctx));
  category = (await createCategory(ctx.database.db, { name: 'سبح', slug: 's3-beads' })).id;
  bucket = new S3Client({
    endpoint: s3.setup.endpoint,
    region: s3.setup.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.setup.accessKeyId, secretAccessKey: s3.setup.secretAccessKey },
  });
});
afterAll(async () => {
  bucket?.destroy();
  await ctx?.close();
  await s3?.close();
});

async function objectKeys(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.setup.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: s3.setup.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function createProductWithImages(count: number): Promise<AdminProduct> {
  const files = await Promise.all(
    Array.from({ length: count }, (_, index) => pictureFile('images', `photo-${index}`, 'png', `#${index}a${index}`)),
  );
  const reply = await sendForm(
    'POST',
    '/api/products',
    { name: 'سبحة في السحابة', price: '12.5', stock_quantity: '4', category_id: String(category) },
    files,
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().product as AdminProduct;
}

describe('product images in object storage', () => {
  it('stores an uploaded image in the bucket and serves it at /uploads with its type and validators', async () => {
    const product = await createProductWithImages(1);
    const image = product.images[0]!;
    expect(image.url).toBe(`/uploads/products/${image.filename}`);

    // Every width is an object of the bucket; nothing is written to the local disk.
    expect(await objectKeys(`products/${image.filename.replace(/\.webp$/, '')}`)).toEqual(
      storedImageFiles(image.filename).map((name) => `products/${name}`).sort(),
    );
    expect(fs.existsSync(path.join(ctx.config.uploadsDir, 'products'))).toBe(false);

    const reply = await call('GET', image.url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/webp');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.rawPayload.equals(await objectBytes(`products/${image.filename}`))).toBe(true);
    expect((await sharp(reply.rawPayload).metadata()).format).toBe('webp');
    const etag = String(reply.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(Number(reply.headers['content-length'])).toBe(reply.rawPayload.length);
    expect(new Date(String(reply.headers['last-modified'])).getTime()).not.toBeNaN();

    // A browser that has it asks again with its validators and gets a 304 without the bytes.
    const revalidated = await call('GET', image.url, undefined, { headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    const since = await call('GET', image.url, undefined, {
      headers: { 'if-modified-since': String(reply.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
    const stale = await call('GET', image.url, undefined, { headers: { 'if-none-match': '"0000"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(reply.rawPayload)).toBe(true);

    const head = await ctx.app.inject({ method: 'HEAD', url: image.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload).toHaveLength(0);

    // The smaller widths of the srcset are there too.
    const small = storedImageFiles(image.filename)[0]!;
    const variant = await call('GET', `/uploads/products/${small}`);
    expect(variant.statusCode).toBe(200);
    expect(variant.rawPayload.equals(await objectBytes(`products/${small}`))).toBe(true);
  });

  it('deletes the objects with the image, and /uploads then answers 404', async () => {
    const product = await createProductWithImages(2);
    const [first, second] = product.images;

    const removed = await call('DELETE', `/api/products/${product.id}/images/${first!.id}`, undefined, {
      token: admin.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await objectKeys(`products/${first!.filename.replace(/\.webp$/, '')}`)).toEqual([]);
    const gone = await call('GET', first!.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await call('GET', second!.url)).statusCode).toBe(200);

    const deleted = await call('DELETE', `/api/products/${product.id}`, undefined, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await objectKeys(`products/${second!.filename.replace(/\.webp$/, '')}`)).toEqual([]);
    expect((await call('GET', second!.url)).statusCode).toBe(404);
  });

  it.each(REFUSED_UPLOAD_PATHS)('answers %s with a 4xx in the envelope, logged below error level', async (url) => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    try {
      const response = await call('GET', url);
      // A URL the router cannot decode is its 400; every other refused path is a 404.
      expect(response.statusCode).toBe(url.includes('%E0%A4%A') ? 400 : 404);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('reports the bucket ready', async () => {
    expect(ctx.app.services.files.kind).toBe('s3');
    await expect(ctx.app.services.files.check()).resolves.toBeUndefined();
  });
});

describe('pictures drawn from the logo in object storage', () => {
  it('makes the app icons and the e-mail PNG from the stored logo', async () => {
    const defaultIcon = await call('GET', '/app-icons/icon-192.png');
    expect(defaultIcon.statusCode).toBe(200);

    const saved = await sendForm('POST', '/api/settings', {}, [await pictureFile('logo', 'logo', 'png', '#000000')]);
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = (saved.json().settings as StoreSettings).logo!;
    expect(await objectKeys(logo.replace('/uploads/', ''))).toEqual([logo.replace('/uploads/', '')]);

    const icon = await call('GET', '/app-icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    // A black logo in the middle, where the default mark is the shop's green.
    const { data, info } = await sharp(icon.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const centre = (96 * info.width + 96) * info.channels;
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([0, 0, 0]);
    expect(icon.rawPayload.equals(defaultIcon.rawPayload)).toBe(false);

    const mailLogo = await call('GET', '/email-assets/logo.png');
    expect(mailLogo.statusCode).toBe(200);
    expect((await sharp(mailLogo.rawPayload).metadata()).format).toBe('png');
  });
});


describe('when the bucket does not answer', () => {
  let down: TestContext;
  beforeAll(async () => {
    down = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers /uploads and uploads with 503 in the envelope, and stores no product', async () => {
    const warnings = vi.spyOn(down.app.log, 'warn');
    const image = await down.app.inject({ url: '/uploads/products/0123456789abcdef0123456789abcdef.webp', headers: { 'accept-language': 'en' } });
    expect(image.statusCode).toBe(503);
    expect(image.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // Logged once as what it is: the storage, not the database.
    const messages = warnings.mock.calls.map((call) => call[1]);
    warnings.mockRestore();
    expect(messages).toEqual(['object storage unavailable']);

    const staff = await signedInStaff(down);
    const send = multipartSender(apiCaller(() => down.app), () => staff.admin.token);
    const beads = await createCategory(down.database.db, { name: 'سبح', slug: 'down-beads' });
    const reply = await send(
      'POST',
      '/api/products',
      { name: 'سبحة', price: '1', stock_quantity: '1', category_id: String(beads.id) },
      [await pictureFile('images', 'photo')],
    );
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(await down.database.db.select().from(products)).toEqual([]);

    await expect(down.app.services.files.check()).rejects.toThrow(/object storage check of bucket/);
  }, 60_000);
});

describe('with S3_PUBLIC_URL', () => {
  let cdn: TestContext;
  beforeAll(async () => {
    cdn = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/shop-images/' });
  });
  afterAll(async () => {
    await cdn?.close();
  });

  it('redirects /uploads to the public address, for a day, and still refuses bad paths', async () => {
    const reply = await cdn.app.inject('/uploads/products/0123456789abcdef0123456789abcdef-320.webp');
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('https://cdn.example.com/shop-images/products/0123456789abcdef0123456789abcdef-320.webp');
    expect(reply.headers['cache-control']).toBe('public, max-age=86400');
    expect((await cdn.app.inject('/uploads/products/..%2fsecret.txt')).statusCode).toBe(404);
  });

  it('lets pages load pictures from the public address, and only from there', () => {
    expect(contentSecurityPolicy('n0nce', ['https://cdn.example.com'])).toContain(
      "img-src 'self' data: blob: https://cdn.example.com;",
    );
    expect(contentSecurityPolicy('n0nce')).toContain("img-src 'self' data: blob:;");
  });
});
