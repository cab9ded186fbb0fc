import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  type AdminProduct,
} from '@shop/shared';
import {
  admin,
  basics,
  call,
  ctx,
  fx,
  multipart,
  send,
  storedFiles,
  useAdminProductsShop,
} from '../../../test-support/admin-products.js';
import { testPicture } from '../../../test-support/multipart.js';
import { products } from '../../db/schema/index.js';

useAdminProductsShop();

/** A solid-colour picture of any size (cheap to make and to decode, whatever its dimensions). */
const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a4b2a' } }).jpeg().toBuffer();

/**
 * A PNG whose header says `width` × `height` and whose pixel data is a few bytes: its dimensions
 * can be read, but decoding it fails. A server that decodes before checking refuses it as not a
 * picture; one that checks the header first refuses it for its size.
 */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(10))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function productCount(): Promise<number> {
  return (await ctx.database.db.select({ id: products.id }).from(products)).length;
}

// ---------- refusals of uploads ----------

describe('uploads that are refused', () => {
  it('refuses a text file named .png on its field, storing nothing', async () => {
    const before = { files: await storedFiles(), products: await productCount() };
    const reply = await send('POST', '/api/products', basics(), [
      { name: 'good.png', type: 'image/png', data: await testPicture('png') },
      { name: 'notes.png', type: 'image/png', data: Buffer.from('just some text, not a picture') },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('VALIDATION_ERROR');
    expect(reply.json().details).toEqual([
      {
        field: 'images',
        message: 'The file is not an image in a supported format (JPEG, PNG, WebP, GIF or AVIF)',
      },
    ]);
    expect(await productCount()).toBe(before.products);
    // The good picture stored before the bad one was found is gone again.
    expect(await storedFiles()).toEqual(before.files);
  });

  it('refuses a file over MAX_IMAGE_BYTES with a clear message', async () => {
    const before = { files: await storedFiles(), products: await productCount() };
    const reply = await send('POST', '/api/products', basics(), [
      { name: 'huge.png', type: 'image/png', data: Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES + 1, 1) },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([
      { field: 'images', message: 'The image is larger than allowed (15 MB)' },
    ]);
    expect(await productCount()).toBe(before.products);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('refuses images that add up to more than MAX_UPLOAD_PIXELS, from their headers, storing nothing', async () => {
    expect(MAX_UPLOAD_PIXELS).toBe(250_000_000);
    const before = { files: await storedFiles(), products: await productCount() };
    const side = MAX_IMAGE_DIMENSION;
    const tooMuch = 'The pictures sent together may hold at most 250 megapixels in all (width × height of each, added up): send fewer or smaller pictures';
    // Header-only pictures: refused for their size, so no decoding was tried (it would fail).
    const claims = Array.from({ length: 10 }, (_, index) => ({ name: `c${index}.png`, type: 'image/png', data: pngClaiming(side, side) }));
    const claimed = await send('POST', '/api/products', basics(), claims);
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: tooMuch,
      details: [{ field: 'images', message: tooMuch }],
    });
    const inArabic = await send('POST', '/api/products', basics(), claims.slice(0, 4), { lang: 'ar' });
    expect(inArabic.json().details).toEqual([
      {
        field: 'images',
        message: 'مجموع أبعاد الصور المرسلة معاً يجب ألا يزيد على 250 ميغابكسل (العرض × الارتفاع لكل صورة)، يرجى إرسال صور أقل أو أصغر',
      },
    ]);
    // Real pictures: three of 8000 × 8000 (192 MP) and one more crosses the budget; a small
    // picture first does not change that, and neither does an edit.
    const big = { name: 'big.jpg', type: 'image/jpeg', data: await solidJpeg(side, side) };
    const small = { name: 'small.png', type: 'image/png', data: await testPicture('png') };
    const created = await send('POST', '/api/products', basics(), [small, big, big, big, big]);
    expect(created.statusCode).toBe(400);
    expect(created.json().details).toEqual([{ field: 'images', message: tooMuch }]);
    const edited = await send('PUT', `/api/products/${fx.published}`, basics(), [big, big, big, big]);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().details).toEqual([{ field: 'images', message: tooMuch }]);
    expect(await productCount()).toBe(before.products);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('takes ten phone photos of 12 MP in one form', async () => {
    const photo = await solidJpeg(4000, 3000);
    const ten = Array.from({ length: 10 }, (_, index) => ({ name: `photo${index}.jpg`, type: 'image/jpeg', data: photo }));
    const created = await send('POST', '/api/products', basics(), ten);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().product as AdminProduct;
    expect(product.images).toHaveLength(10);
    const removed = await call('DELETE', `/api/products/${product.id}`, undefined, { token: admin.token });
    expect(removed.statusCode).toBe(200);
  });

  it('refuses a multipart body cut short with 400', async () => {
    const before = { files: await storedFiles(), products: await productCount() };
    const body = await multipart(basics(), [
      { name: 'a.png', type: 'image/png', data: await testPicture('png') },
    ]);
    const reply = await call(
      'POST',
      '/api/products',
      body.payload.subarray(0, body.payload.length - 60),
      {
        token: admin.token,
        headers: body.headers,
      },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('The form did not arrive complete, please try again');
    expect(await productCount()).toBe(before.products);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('removes the stored images again when the database refuses the form', async () => {
    const before = { files: await storedFiles(), products: await productCount() };
    const reply = await send('POST', '/api/products', { ...basics(), category_id: '999999' }, [
      { name: 'a.png', type: 'image/png', data: await testPicture('png') },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([
      { field: 'category_id', message: 'The chosen category does not exist' },
    ]);
    expect(await productCount()).toBe(before.products);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('refuses more than 10 images on a product', async () => {
    const png = await testPicture('png');
    const ten = Array.from({ length: 10 }, (_, index) => ({
      name: `p${index}.png`,
      type: 'image/png',
      data: png,
    }));
    const created = await send('POST', '/api/products', basics(), ten);
    expect(created.statusCode).toBe(201);
    const product = created.json().product as AdminProduct;
    expect(product.images).toHaveLength(10);
    const files = await storedFiles();

    const eleventh = await send('PUT', `/api/products/${product.id}`, basics(), [ten[0]!]);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().details).toEqual([
      { field: 'images', message: 'A product can have at most 10 images' },
    ]);
    const inArabic = await send('PUT', `/api/products/${product.id}`, basics(), [ten[0]!], {
      lang: 'ar',
    });
    expect(inArabic.json().details).toEqual([
      { field: 'images', message: 'لا يمكن أن يكون للمنتج أكثر من 10 صور' },
    ]);
    expect(await storedFiles()).toEqual(files);

    const removed = await call('DELETE', `/api/products/${product.id}`, undefined, {
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
  });
});
