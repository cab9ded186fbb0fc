import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImageFiles } from '../media/service.js';
import {
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  type AdminProduct,
  type Product,
} from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, cartItems, productImages, products } from '../../db/schema/index.js';
import {
  addCartItem,
  createAttribute,
  createCart,
  createCategory,
  createOrder,
  createProduct,
} from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);

let admin: { id: number; email: string; token: string };
let moderator: string;
let customer: string;

interface Fixture {
  beads: number;
  color: { attribute: number; black: number; red: number };
  length: { attribute: number; short: number };
  published: number;
  draft: number;
}
let fx: Fixture;

// ---------- helpers ----------

const picture = (format: 'png' | 'jpeg' | 'webp', background = '#c33') => {
  const image = sharp({ create: { width: 40, height: 30, channels: 3, background } });
  return (
    format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()
  ).toBuffer();
};

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

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: text fields, then `images` files. */
async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append('images', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  options: { token?: string; lang?: 'ar' | 'en' } = {},
) {
  const body = await multipart(fields, files);
  return call(method, url, body.payload, {
    token: options.token ?? admin.token,
    lang: options.lang ?? 'en',
    headers: body.headers,
  });
}

const productsDir = () => path.join(ctx.config.uploadsDir, 'products');

async function storedFiles(): Promise<string[]> {
  try {
    return (await fs.readdir(productsDir())).sort();
  } catch {
    return [];
  }
}

async function exists(filename: string): Promise<boolean> {
  return fs
    .access(path.join(productsDir(), filename))
    .then(() => true)
    .catch(() => false);
}

async function productCount(): Promise<number> {
  return (await ctx.database.db.select({ id: products.id }).from(products)).length;
}

/** The required fields of a valid form. */
const basics = () => ({
  name: 'سبحة جديدة',
  price: '12.5',
  stock_quantity: '4',
  category_id: String(fx.beads),
});

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const signedAdmin = await signedInAs(ctx, 'admin');
  admin = { id: signedAdmin.user.id, email: signedAdmin.user.email, token: signedAdmin.token };
  moderator = (await signedInAs(ctx, 'moderator')).token;
  customer = (await signedInAs(ctx, 'customer')).token;

  const beads = await createCategory(db, { name: 'سبح', slug: 'admin-beads' });
  const color = await createAttribute(db, 'اللون', [
    ['أسود', 0],
    ['أحمر', 500],
  ]);
  const length = await createAttribute(db, 'الطول', [['33 حبة', 0]]);
  const published = await createProduct(db, {
    name: 'سبحة منشورة',
    category_id: beads.id,
    created_at: new Date(Date.UTC(2024, 0, 2)),
  });
  const draft = await createProduct(db, {
    name: 'سبحة مسودة سرية',
    status: 'draft',
    category_id: beads.id,
    created_at: new Date(Date.UTC(2024, 0, 3)),
  });
  fx = {
    beads: beads.id,
    color: {
      attribute: color.attribute.id,
      black: color.variations[0]!.id,
      red: color.variations[1]!.id,
    },
    length: { attribute: length.attribute.id, short: length.variations[0]!.id },
    published: published.id,
    draft: draft.id,
  };
});

afterAll(async () => {
  await ctx.close();
});

// ---------- permissions ----------

describe('who may call the product routes', () => {
  it('asks for a token, refuses customers, lets moderators read only and admins write', async () => {
    const form = JSON.stringify(basics());
    const json = { 'content-type': 'application/json' };

    const guest = await call('POST', '/api/products', form, { headers: json });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('UNAUTHENTICATED');

    const asCustomer = await call('POST', '/api/products', form, {
      token: customer,
      headers: json,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().code).toBe('FORBIDDEN');

    const writes: Array<['POST' | 'PUT' | 'DELETE', string]> = [
      ['POST', '/api/products'],
      ['PUT', `/api/products/${fx.published}`],
      ['DELETE', `/api/products/${fx.published}`],
      ['DELETE', `/api/products/${fx.published}/images/1`],
      ['POST', `/api/products/${fx.published}/attributes`],
    ];
    for (const [method, url] of writes) {
      const reply = await call(method, url, method === 'DELETE' ? undefined : form, {
        token: moderator,
        ...(method === 'DELETE' ? {} : { headers: json }),
      });
      expect([method, url, reply.statusCode, reply.json().code]).toEqual([
        method,
        url,
        403,
        'FORBIDDEN',
      ]);
    }

    for (const url of [
      '/api/products?status=',
      `/api/products/${fx.draft}`,
      `/api/products/${fx.draft}/attributes`,
    ]) {
      expect([url, (await call('GET', url, undefined, { token: moderator })).statusCode]).toEqual([
        url,
        200,
      ]);
    }

    const created = await call('POST', '/api/products', form, {
      token: admin.token,
      headers: json,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().product).toMatchObject({
      name: 'سبحة جديدة',
      status: 'draft',
      price: 12.5,
    });
    // Still there for the other tests: nothing of it leaks to the public (it is a draft).
    await call('DELETE', `/api/products/${created.json().product.id}`, undefined, {
      token: admin.token,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes the product writes with their permission', async () => {
    const reply = await call('GET', '/api/docs/json');
    expect(reply.statusCode).toBe(200);
    const paths = reply.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const [route, method] of [
      ['/api/products', 'post'],
      ['/api/products/{id}', 'put'],
      ['/api/products/{id}', 'delete'],
      ['/api/products/{id}/images/{imageId}', 'delete'],
      ['/api/products/{id}/attributes', 'post'],
    ] as const) {
      expect([route, method, paths[route]?.[method]?.description]).toEqual([
        route,
        method,
        expect.stringContaining('`catalog.write`'),
      ]);
    }
  });
});

// ---------- staff reads ----------

describe('drafts in the product reads', () => {
  const ids = (reply: { json(): { products: Product[] } }) =>
    reply.json().products.map((product) => product.id);

  it('never shows a draft to the public, whatever status it sends', async () => {
    for (const query of ['', '?status=', '?status=draft', '?status=published']) {
      for (const token of [undefined, customer]) {
        const reply = await call('GET', `/api/products${query}`, undefined, token ? { token } : {});
        expect(reply.statusCode).toBe(200);
        expect(ids(reply)).toContain(fx.published);
        expect(ids(reply)).not.toContain(fx.draft);
        expect(reply.headers['cache-control']).toBe('public, max-age=60');
        expect(reply.headers.vary).toMatch(/authorization/i);
      }
    }
    expect((await call('GET', `/api/products/${fx.draft}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${fx.draft}/attributes`)).statusCode).toBe(404);
    const asCustomer = await call('GET', `/api/products/${fx.draft}`, undefined, {
      token: customer,
    });
    expect(asCustomer.statusCode).toBe(404);
    const search = await call('GET', `/api/products?status=&search=${encodeURIComponent('سرية')}`);
    expect(ids(search)).toEqual([]);
  });

  it('shows staff every status with status=, drafts with status=draft, never cached publicly', async () => {
    const every = await call('GET', '/api/products?status=&limit=100', undefined, {
      token: moderator,
    });
    expect(ids(every)).toEqual(expect.arrayContaining([fx.published, fx.draft]));
    expect(every.headers['cache-control']).toBe('private, no-store');
    expect(every.headers.etag).toBeUndefined();

    const drafts = await call('GET', '/api/products?status=draft&limit=100', undefined, {
      token: moderator,
    });
    expect(ids(drafts)).toContain(fx.draft);
    expect(drafts.json().products.every((product: Product) => product.status === 'draft')).toBe(
      true,
    );
    expect(drafts.json().pagination.total).toBe(drafts.json().products.length);

    const publishedOnly = await call('GET', '/api/products?status=published&limit=100', undefined, {
      token: admin.token,
    });
    expect(ids(publishedOnly)).toContain(fx.published);
    expect(ids(publishedOnly)).not.toContain(fx.draft);

    // Without status, staff get the storefront's list.
    const storefront = await call('GET', '/api/products?limit=100', undefined, {
      token: admin.token,
    });
    expect(ids(storefront)).not.toContain(fx.draft);
    expect(storefront.headers['cache-control']).toBe('private, no-store');

    const detail = await call('GET', `/api/products/${fx.draft}`, undefined, { token: moderator });
    expect(detail.json().product).toMatchObject({ id: fx.draft, status: 'draft' });
    expect(detail.headers['cache-control']).toBe('private, no-store');
    const attributes = await call('GET', `/api/products/${fx.draft}/attributes`, undefined, {
      token: moderator,
    });
    expect(attributes.json()).toEqual({ success: true, attributes: [] });
  });

  it('sorts by id both ways', async () => {
    const asc = ids(
      await call('GET', '/api/products?status=&sort=id&order=asc&limit=100', undefined, {
        token: admin.token,
      }),
    );
    const desc = ids(
      await call('GET', '/api/products?status=&sort=id&order=desc&limit=100', undefined, {
        token: admin.token,
      }),
    );
    expect(asc.length).toBeGreaterThanOrEqual(2);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
    // The public list sorts by id too (published only).
    const publicAsc = ids(await call('GET', '/api/products?sort=id&order=asc&limit=100'));
    expect(publicAsc).toEqual(asc.filter((id) => id !== fx.draft));
    expect((await call('GET', '/api/products?status=maybe')).statusCode).toBe(400);
  });

  it('lets staff search across every status', async () => {
    const search = encodeURIComponent('سرية');
    const found = await call('GET', `/api/products?status=&search=${search}`, undefined, {
      token: moderator,
    });
    expect(ids(found)).toEqual([fx.draft]);
    const draftsOnly = await call('GET', `/api/products?status=draft&search=${search}`, undefined, {
      token: moderator,
    });
    expect(ids(draftsOnly)).toEqual([fx.draft]);
  });

  it('finds a product by its English name and carries the English texts', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة كهرب',
      name_en: 'Baltic amber rosary',
      short_description_en: 'Warm honey colour',
      category_id: fx.beads,
    });
    const reply = await call('GET', `/api/products?search=${encodeURIComponent('baltic amber')}`);
    expect(ids(reply)).toEqual([product.id]);
    expect(reply.json().products[0]).toMatchObject({
      name_en: 'Baltic amber rosary',
      short_description_en: 'Warm honey colour',
      description_en: null,
    });
  });

  it('gives the cart line its English name', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة للسلة',
      name_en: 'Cart rosary',
      category_id: fx.beads,
    });
    const shopper = await signedInAs(ctx, 'customer');
    const added = await call(
      'POST',
      '/api/cart/add',
      { product_id: product.id, quantity: 1 },
      { token: shopper.token },
    );
    expect(added.statusCode).toBe(200);
    const cart = await call('GET', '/api/cart', undefined, { token: shopper.token });
    expect(cart.json().items[0]).toMatchObject({ name: 'سبحة للسلة', name_en: 'Cart rosary' });
  });
});

// ---------- refusals of uploads ----------

describe('uploads that are refused', () => {
  it('refuses a text file named .png on its field, storing nothing', async () => {
    const before = { files: await storedFiles(), products: await productCount() };
    const reply = await send('POST', '/api/products', basics(), [
      { name: 'good.png', type: 'image/png', data: await picture('png') },
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
    const small = { name: 'small.png', type: 'image/png', data: await picture('png') };
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
      { name: 'a.png', type: 'image/png', data: await picture('png') },
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
      { name: 'a.png', type: 'image/png', data: await picture('png') },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([
      { field: 'category_id', message: 'The chosen category does not exist' },
    ]);
    expect(await productCount()).toBe(before.products);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('refuses more than 10 images on a product', async () => {
    const png = await picture('png');
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

// ---------- update ----------

describe('saving a product', () => {
  it('changes the price, keeps one image, drops the other, adds and reorders', async () => {
    const created = await send(
      'POST',
      '/api/products',
      { ...basics(), sku: 'EDIT-1', name_en: 'Editable' },
      [
        { name: 'first.png', type: 'image/png', data: await picture('png', '#111') },
        { name: 'second.jpg', type: 'image/jpeg', data: await picture('jpeg', '#222') },
      ],
    );
    expect(created.statusCode).toBe(201);
    const product = created.json().product as AdminProduct;
    const [first, second] = product.images;
    expect(product.featured_image).toBe(first!.url);
    for (const name of storedImageFiles(first!.filename)) expect(await exists(name)).toBe(true);

    const saved = await send(
      'PUT',
      `/api/products/${product.id}`,
      {
        ...basics(),
        price: '15.75',
        existingImages: JSON.stringify([second!.id]),
        image_order: JSON.stringify(['n:0', `e:${second!.id}`]),
      },
      [{ name: 'third.webp', type: 'image/webp', data: await picture('webp', '#333') }],
    );
    expect(saved.statusCode).toBe(200);
    const after = saved.json().product as AdminProduct;
    expect(after.price).toBe(15.75);
    // Left out of the form: kept as they were.
    expect(after).toMatchObject({ sku: 'EDIT-1', name_en: 'Editable', status: 'draft' });
    expect(after.images.map((image) => image.filename)).toEqual([
      expect.not.stringMatching(new RegExp(`${first!.filename}|${second!.filename}`)),
      second!.filename,
    ]);
    expect(after.images[0]!.is_featured).toBe(true);
    expect(after.featured_image).toBe(after.images[0]!.url);
    for (const name of storedImageFiles(first!.filename)) expect(await exists(name)).toBe(false);
    expect(await exists(second!.filename)).toBe(true);
    expect(await exists(after.images[0]!.filename)).toBe(true);

    // The new order is what the database reads back.
    const staffView = await call('GET', `/api/products/${product.id}`, undefined, {
      token: admin.token,
    });
    expect(staffView.json().product.gallery).toEqual(after.gallery);
  });

  it('refuses a SKU another product has, in any letter case', async () => {
    await createProduct(ctx.database.db, { name: 'صاحب الرمز', sku: 'TAKEN-9' });
    const other = await createProduct(ctx.database.db, { name: 'منتج آخر', category_id: fx.beads });
    const created = await send('POST', '/api/products', { ...basics(), sku: 'taken-9' });
    expect(created.statusCode).toBe(400);
    expect(created.json().details[0].field).toBe('sku');
    const saved = await send('PUT', `/api/products/${other.id}`, { ...basics(), sku: 'Taken-9' });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details).toEqual([
      { field: 'sku', message: 'This SKU is already used by another product' },
    ]);
    const inArabic = await send(
      'PUT',
      `/api/products/${other.id}`,
      { ...basics(), sku: 'TAKEN-9' },
      [],
      { lang: 'ar' },
    );
    expect(inArabic.json().details).toEqual([
      { field: 'sku', message: 'رمز المنتج (SKU) مستخدم لمنتج آخر' },
    ]);
    // Its own SKU is no conflict.
    const own = await send('PUT', `/api/products/${other.id}`, { ...basics(), sku: 'OWN-1' });
    expect(own.statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/products/${other.id}`, { ...basics(), sku: 'own-1' })).statusCode,
    ).toBe(200);
  });

  it('gives one SKU to one of two products saved at the same time', async () => {
    const replies = await Promise.all([
      send('POST', '/api/products', { ...basics(), sku: 'RACE-1' }),
      send('POST', '/api/products', { ...basics(), sku: 'race-1' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
  });

  it('says what is wrong with each field, in Arabic', async () => {
    const ar = { lang: 'ar' as const };
    const missing = await send('PUT', `/api/products/${fx.published}`, {}, [], ar);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('بعض البيانات المدخلة غير صحيحة');
    expect(missing.json().details).toEqual([
      { field: 'name', message: 'اسم المنتج مطلوب' },
      { field: 'price', message: 'السعر مطلوب' },
      { field: 'stock_quantity', message: 'الكمية في المخزون مطلوبة' },
      { field: 'category_id', message: 'الفئة مطلوبة' },
    ]);

    const invalid = await send(
      'PUT',
      `/api/products/${fx.published}`,
      {
        name: 'x',
        price: '1.2345',
        sale_price: '-1',
        stock_quantity: '2.5',
        category_id: 'abc',
        status: 'gone',
        attribute_variations: '[{"attribute_id": 1}]',
      },
      [],
      ar,
    );
    expect(invalid.json().details).toEqual([
      {
        field: 'price',
        message: 'السعر يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
      },
      {
        field: 'sale_price',
        message: 'سعر التخفيض يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
      },
      { field: 'stock_quantity', message: 'الكمية في المخزون يجب أن تكون رقماً صحيحاً من 0 فأكثر' },
      { field: 'category_id', message: 'الفئة غير صحيحة' },
      { field: 'status', message: 'حالة المنتج يجب أن تكون منشور أو مسودة' },
      { field: 'attribute_variations.0.variation_id', message: 'قيمة الخاصية غير صحيحة' },
      {
        field: 'attribute_variations.0.price',
        message: 'سعر الخيار يجب أن يكون رقماً من 0 فأكثر وبثلاث خانات عشرية على الأكثر',
      },
    ]);

    const above = await send(
      'PUT',
      `/api/products/${fx.published}`,
      { ...basics(), price: '10', sale_price: '11' },
      [],
      ar,
    );
    expect(above.json().details).toEqual([
      { field: 'sale_price', message: 'سعر التخفيض يجب ألا يزيد عن السعر' },
    ]);

    const references = await send(
      'PUT',
      `/api/products/${fx.published}`,
      {
        ...basics(),
        category_id: '999999',
        attribute_variations: JSON.stringify([
          { attribute_id: fx.length.attribute, variation_id: fx.color.red, price: '1' },
        ]),
      },
      [],
      ar,
    );
    expect(references.json().details).toEqual([
      { field: 'category_id', message: 'الفئة المختارة غير موجودة' },
      {
        field: 'attribute_variations.0.variation_id',
        message: 'هذه القيمة لا تتبع الخاصية المختارة',
      },
    ]);

    const unknownImage = await send(
      'PUT',
      `/api/products/${fx.published}`,
      { ...basics(), existingImages: '[987654]' },
      [],
      ar,
    );
    expect(unknownImage.json().details).toEqual([
      { field: 'existingImages', message: 'إحدى الصور المطلوب الإبقاء عليها لا تخص هذا المنتج' },
    ]);

    const badOrder = await send(
      'PUT',
      `/api/products/${fx.published}`,
      { ...basics(), image_order: '["n:0"]' },
      [],
      ar,
    );
    expect(badOrder.json().details).toEqual([
      { field: 'image_order', message: 'ترتيب الصور غير صحيح: يجب أن يذكر كل صورة مرة واحدة' },
    ]);

    const png = await picture('png');
    const eleven = Array.from({ length: 11 }, (_, index) => ({
      name: `p${index}.png`,
      type: 'image/png',
      data: png,
    }));
    const tooMany = await send('POST', '/api/products', basics(), eleven, ar);
    expect(tooMany.json().message).toBe('عدد الملفات المرفوعة أكبر من المسموح (10)');

    const files = await storedFiles();
    const missingProduct = await send(
      'PUT',
      '/api/products/987654',
      { ...basics(), existingImages: '[1]' },
      [{ name: 'a.png', type: 'image/png', data: png }],
      ar,
    );
    expect(missingProduct.statusCode).toBe(404);
    expect(missingProduct.json().message).toBe('المنتج غير موجود');
    expect(await storedFiles()).toEqual(files);

    // Nothing of it was saved.
    const unchanged = await call('GET', `/api/products/${fx.published}`);
    expect(unchanged.json().product).toMatchObject({ name: 'سبحة منشورة', price: 10 });
  });
});

// ---------- variations ----------

describe("a product's variations", () => {
  it('replaces the links through POST /products/:id/attributes', async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'بخيارات',
      category_id: fx.beads,
    });
    const reply = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: fx.color.red, price: 2.5, is_required: false, sort_order: 0 },
          { attribute_variation_id: fx.length.short, price: 0, is_required: false, sort_order: 1 },
        ],
      },
      { token: admin.token },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().attributes).toEqual([
      {
        id: fx.color.attribute,
        name: 'اللون',
        name_en: null,
        variations: [{ id: fx.color.red, title: 'أحمر', title_en: null, additional_price: 2.5 }],
      },
      {
        id: fx.length.attribute,
        name: 'الطول',
        name_en: null,
        variations: [{ id: fx.length.short, title: '33 حبة', title_en: null, additional_price: 0 }],
      },
    ]);

    const replaced = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      { attributes: [{ attribute_variation_id: fx.color.black, price: '0.75' }] },
      { token: admin.token },
    );
    expect(replaced.json().attributes).toEqual([
      {
        id: fx.color.attribute,
        name: 'اللون',
        name_en: null,
        variations: [{ id: fx.color.black, title: 'أسود', title_en: null, additional_price: 0.75 }],
      },
    ]);
    const publicView = await call('GET', `/api/products/${product.id}/attributes`);
    expect(publicView.json().attributes).toEqual(replaced.json().attributes);

    const unknown = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: 987654, price: 1 },
          { attribute_variation_id: fx.color.black, price: -1 },
        ],
      },
      { token: admin.token },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      {
        field: 'attributes.1.price',
        message: 'The option price must be a number of 0 or more with at most 3 decimals',
      },
    ]);
    const notFound = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: 987654, price: 1 },
          { attribute_variation_id: 987654, price: 1 },
        ],
      },
      { token: admin.token },
    );
    expect(notFound.json().details).toEqual([
      {
        field: 'attributes.0.attribute_variation_id',
        message: 'This attribute value does not exist',
      },
      {
        field: 'attributes.1.attribute_variation_id',
        message: 'This attribute value does not exist',
      },
    ]);
    const twice = await call(
      'POST',
      `/api/products/${product.id}/attributes`,
      {
        attributes: [
          { attribute_variation_id: fx.color.red, price: 1 },
          { attribute_variation_id: fx.color.red, price: 2 },
        ],
      },
      { token: admin.token },
    );
    expect(twice.json().details).toEqual([
      {
        field: 'attributes.1.attribute_variation_id',
        message: 'This value is listed more than once',
      },
    ]);
    // The refused calls changed nothing.
    expect((await call('GET', `/api/products/${product.id}/attributes`)).json().attributes).toEqual(
      replaced.json().attributes,
    );
    const missing = await call(
      'POST',
      '/api/products/987654/attributes',
      { attributes: [] },
      { token: admin.token },
    );
    expect(missing.statusCode).toBe(404);
  });
});

// ---------- delete ----------

describe('deleting', () => {
  it('deletes a product, its files and cart lines; its orders keep their snapshot', async () => {
    const created = await send(
      'POST',
      '/api/products',
      { ...basics(), name: 'سبحة للحذف', status: 'published' },
      [{ name: 'a.png', type: 'image/png', data: await picture('png') }],
    );
    const product = created.json().product as AdminProduct;
    const filename = product.images[0]!.filename;
    const db = ctx.database.db;
    const cart = await createCart(db);
    await addCartItem(db, { cart_id: cart.id, product_id: product.id, quantity: 2 });
    const { order } = await createOrder(db, {}, [
      {
        product_id: product.id,
        product_name: 'سبحة للحذف',
        sku: 'DEL-1',
        unit_price: 12_500,
        quantity: 1,
      },
    ]);

    const reply = await call('DELETE', `/api/products/${product.id}`, undefined, {
      token: admin.token,
      lang: 'ar',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'تم حذف المنتج بنجاح' });

    expect(
      (await call('GET', `/api/products/${product.id}`, undefined, { token: admin.token }))
        .statusCode,
    ).toBe(404);
    for (const name of storedImageFiles(filename)) expect(await exists(name)).toBe(false);
    expect(await db.select().from(cartItems).where(eq(cartItems.cart_id, cart.id))).toEqual([]);
    expect(
      await db.select().from(productImages).where(eq(productImages.product_id, product.id)),
    ).toEqual([]);

    const orderReply = await call('GET', `/api/orders/${order.id}`, undefined, {
      token: admin.token,
    });
    expect(orderReply.statusCode).toBe(200);
    expect(orderReply.json().order.items).toEqual([
      expect.objectContaining({
        product_id: null,
        product_name: 'سبحة للحذف',
        sku: 'DEL-1',
        quantity: 1,
        price: 12.5,
      }),
    ]);

    const again = await call('DELETE', `/api/products/${product.id}`, undefined, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('removes one image and its files, only from its own product', async () => {
    const created = await send('POST', '/api/products', basics(), [
      { name: 'a.png', type: 'image/png', data: await picture('png', '#0a0') },
      { name: 'b.png', type: 'image/png', data: await picture('png', '#00a') },
    ]);
    const product = created.json().product as AdminProduct;
    const [first, second] = product.images;

    const elsewhere = await call(
      'DELETE',
      `/api/products/${fx.published}/images/${first!.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Image not found');
    expect(await exists(first!.filename)).toBe(true);

    const reply = await call(
      'DELETE',
      `/api/products/${product.id}/images/${first!.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().product.images.map((image: { id: number }) => image.id)).toEqual([
      second!.id,
    ]);
    expect(reply.json().product.featured_image).toBe(second!.url);
    for (const name of storedImageFiles(first!.filename)) expect(await exists(name)).toBe(false);
    expect(await exists(second!.filename)).toBe(true);
  });
});

// ---------- audit ----------

describe('the audit trail', () => {
  it('records who created, changed and deleted a product, and what changed', async () => {
    const created = await send('POST', '/api/products', {
      ...basics(),
      name: 'سبحة مراقبة',
      sku: 'AUD-1',
    });
    const id = (created.json().product as AdminProduct).id;
    await send('PUT', `/api/products/${id}`, {
      ...basics(),
      name: 'سبحة مراقبة',
      price: '20',
      status: 'published',
    });
    await call('DELETE', `/api/products/${id}`, undefined, { token: admin.token });

    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'products'), eq(auditLog.entity_id, id)))
      .orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.actor_id, row.actor_email])).toEqual([
      ['create', admin.id, admin.email],
      ['update', admin.id, admin.email],
      ['delete', admin.id, admin.email],
    ]);
    expect(rows[0]!.changes).toMatchObject({
      name: { from: null, to: 'سبحة مراقبة' },
      price: { from: null, to: 12.5 },
      sku: { from: null, to: 'AUD-1' },
      status: { from: null, to: 'draft' },
    });
    expect(rows[1]!.changes).toEqual({
      price: { from: 12.5, to: 20 },
      status: { from: 'draft', to: 'published' },
    });
    expect(rows[2]!.changes).toMatchObject({ name: { from: 'سبحة مراقبة', to: null } });
  });
});

// ---------- the storefront sees a published product at once (listing cache on) ----------

describe('a product created in the back office, on the storefront', () => {
  let cached: TestContext;
  const callCached = apiCaller(() => cached.app);

  beforeAll(async () => {
    cached = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  });
  afterAll(async () => {
    await cached.close();
  });

  it('shows its images in order and its surcharges, and the cached list shows it at once', async () => {
    const db = cached.database.db;
    const { token } = await signedInAs(cached, 'admin');
    const category = await createCategory(db, { name: 'كهرمان', slug: 'amber' });
    const { attribute, variations } = await createAttribute(db, 'اللون', [['أحمر', 0]]);
    const red = variations[0]!;
    await createProduct(db, { name: 'سبحة سابقة', category_id: category.id });

    const before = await callCached('GET', '/api/products');
    expect(before.json().products.map((product: Product) => product.name)).toEqual(['سبحة سابقة']);

    const form = {
      name: 'سبحة كهرمان',
      name_en: 'Amber rosary',
      price: '25',
      sale_price: '20.5',
      stock_quantity: '3',
      category_id: String(category.id),
      sku: 'AMB-NEW',
      featured: '1',
      attribute_variations: JSON.stringify([
        { attribute_id: attribute.id, variation_id: red.id, price: '1.25' },
      ]),
    };
    const multipartBody = await multipart(form, [
      { name: 'front.png', type: 'image/png', data: await picture('png', '#a00') },
      { name: 'side.jpg', type: 'image/jpeg', data: await picture('jpeg', '#0a0') },
    ]);
    const created = await callCached('POST', '/api/products', multipartBody.payload, {
      token,
      headers: multipartBody.headers,
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json().product as AdminProduct;
    expect(draft).toMatchObject({
      name: 'سبحة كهرمان',
      name_en: 'Amber rosary',
      price: 25,
      sale_price: 20.5,
      current_price: 20.5,
      stock_quantity: 3,
      sku: 'AMB-NEW',
      featured: 1,
      status: 'draft',
      category_id: category.id,
      attribute_variations: [
        {
          attribute_id: attribute.id,
          attribute_name: 'اللون',
          variation_id: red.id,
          variation_title: 'أحمر',
          price: 1.25,
          is_required: false,
          sort_order: 0,
        },
      ],
    });
    expect(draft.images).toHaveLength(2);
    expect((await callCached('GET', `/api/products/${draft.id}`)).statusCode).toBe(404);

    // Publishing it adds a third image (WebP) in front of the others.
    const publishBody = await multipart(
      {
        ...form,
        status: 'published',
        existingImages: JSON.stringify(draft.images.map((image) => image.id)),
        image_order: JSON.stringify(['n:0', ...draft.images.map((image) => `e:${image.id}`)]),
      },
      [{ name: 'top.webp', type: 'image/webp', data: await picture('webp', '#00a') }],
    );
    const published = await callCached('PUT', `/api/products/${draft.id}`, publishBody.payload, {
      token,
      headers: publishBody.headers,
    });
    expect(published.statusCode).toBe(200);
    const saved = published.json().product as AdminProduct;
    expect(saved.images.slice(1).map((image) => image.id)).toEqual(
      draft.images.map((image) => image.id),
    );

    const page = await callCached('GET', `/api/products/${draft.id}`);
    expect(page.statusCode).toBe(200);
    const product = page.json().product as Product;
    expect(product.status).toBe('published');
    expect(product.gallery).toEqual(
      saved.images.map((image) => `/uploads/products/${image.filename}`),
    );
    expect(product.featured_image).toBe(product.gallery[0]);
    for (const url of product.gallery) {
      const file = await callCached('GET', url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }

    const offered = await callCached('GET', `/api/products/${draft.id}/attributes`);
    expect(offered.json().attributes).toEqual([
      {
        id: attribute.id,
        name: 'اللون',
        name_en: null,
        variations: [{ id: red.id, title: 'أحمر', title_en: null, additional_price: 1.25 }],
      },
    ]);

    const after = await callCached('GET', '/api/products');
    expect(after.json().products.map((item: Product) => item.name)).toEqual([
      'سبحة كهرمان',
      'سبحة سابقة',
    ]);
    const featured = await callCached('GET', '/api/products/featured/list');
    expect(featured.json().products.map((item: Product) => item.id)).toEqual([draft.id]);
  });
});
