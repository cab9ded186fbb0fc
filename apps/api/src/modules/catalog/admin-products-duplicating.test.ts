import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/shared';
import {
  admin,
  basics,
  call,
  ctx,
  customer,
  exists,
  fx,
  moderator,
  send,
  useAdminProductsShop,
} from '../../../test-support/admin-products.js';
import { testPicture } from '../../../test-support/multipart.js';
import { auditLog } from '../../db/schema/index.js';
import { storedImageFiles } from '../media/index.js';

useAdminProductsShop();

async function createSource(): Promise<AdminProduct> {
  const created = await send(
    'POST',
    '/api/products',
    {
      ...basics(),
      name: 'سبحة كهرمان',
      name_en: 'Amber beads',
      description: 'وصف طويل',
      description_en: 'A long description',
      short_description: 'وصف قصير',
      short_description_en: 'Short text',
      price: '30',
      sale_price: '25.5',
      stock_quantity: '7',
      sku: 'DUP-SRC-1',
      featured: '1',
      status: 'published',
      seo_title_ar: 'عنوان البحث',
      seo_title_en: 'Search title',
      seo_description_ar: 'وصف البحث',
      seo_description_en: 'Search description',
      attribute_variations: JSON.stringify([
        { attribute_id: fx.color.attribute, variation_id: fx.color.red, price: '2.5' },
        { attribute_id: fx.length.attribute, variation_id: fx.length.short, price: '0.75' },
      ]),
    },
    [
      { name: 'a.png', type: 'image/png', data: await testPicture('png', '#a50') },
      { name: 'b.png', type: 'image/png', data: await testPicture('png', '#05a') },
    ],
  );
  expect(created.statusCode).toBe(201);
  return created.json().product as AdminProduct;
}

describe('duplicating a product', () => {
  it('makes a draft copy: texts, prices, SEO, variations and separate image files; stock 0, no SKU', async () => {
    const source = await createSource();
    const reply = await call('POST', `/api/products/${source.id}/duplicate`, undefined, {
      token: admin.token,
    });
    expect(reply.statusCode).toBe(201);
    const copy = reply.json().product as AdminProduct;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'سبحة كهرمان (نسخة)',
      name_en: 'Amber beads (copy)',
      description: 'وصف طويل',
      description_en: 'A long description',
      short_description: 'وصف قصير',
      short_description_en: 'Short text',
      price: 30,
      sale_price: 25.5,
      stock_quantity: 0,
      in_stock: false,
      sku: null,
      featured: 0,
      status: 'draft',
      category_id: fx.beads,
      seo_title_ar: 'عنوان البحث',
      seo_title_en: 'Search title',
      seo_description_ar: 'وصف البحث',
      seo_description_en: 'Search description',
    });
    expect(
      copy.attribute_variations.map((link) => [link.variation_id, link.price, link.sort_order]),
    ).toEqual(
      source.attribute_variations.map((link) => [link.variation_id, link.price, link.sort_order]),
    );
    expect(copy.attribute_variations.map((link) => link.price)).toEqual([2.5, 0.75]);

    // The same pictures in the same order, stored under names of their own.
    expect(copy.images).toHaveLength(2);
    const sourceNames = source.images.map((image) => image.filename);
    for (const image of copy.images) expect(sourceNames).not.toContain(image.filename);
    for (const [index, image] of copy.images.entries()) {
      const original = await call('GET', source.images[index]!.url);
      const copied = await call('GET', image.url);
      expect(copied.statusCode).toBe(200);
      expect(copied.rawPayload.equals(original.rawPayload)).toBe(true);
    }

    // The draft is the back office's: the storefront does not show it.
    expect((await call('GET', `/api/products/${copy.id}`)).statusCode).toBe(404);

    // Deleting the original leaves the copy's pictures in place and served.
    const deleted = await call('DELETE', `/api/products/${source.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    for (const filename of sourceNames) {
      for (const name of storedImageFiles(filename)) expect(await exists(name)).toBe(false);
    }
    for (const image of copy.images) {
      for (const name of storedImageFiles(image.filename)) expect(await exists(name)).toBe(true);
      expect((await call('GET', image.url)).statusCode).toBe(200);
    }
    const reread = await call('GET', `/api/products/${copy.id}`, undefined, { token: admin.token });
    expect(reread.json().product.images).toEqual(copy.images);

    // The trail names the original; the copy goes with its own files.
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'products'), eq(auditLog.entity_id, copy.id)));
    expect(entry).toMatchObject({ action: 'create', actor_id: admin.id });
    expect(entry!.changes).toMatchObject({
      duplicated_from: { from: null, to: source.id },
      name: { from: null, to: 'سبحة كهرمان (نسخة)' },
      stock_quantity: { from: null, to: 0 },
      status: { from: null, to: 'draft' },
    });

    await call('DELETE', `/api/products/${copy.id}`, undefined, { token: admin.token });
    for (const image of copy.images) expect(await exists(image.filename)).toBe(false);
  });

  it('copies a product without English name or pictures, and a copy may be copied again', async () => {
    const created = await send('POST', '/api/products', { ...basics(), name: 'سبحة بسيطة' });
    const source = created.json().product as AdminProduct;
    const first = await call('POST', `/api/products/${source.id}/duplicate`, undefined, {
      token: admin.token,
    });
    const copy = first.json().product as AdminProduct;
    expect(copy).toMatchObject({ name: 'سبحة بسيطة (نسخة)', name_en: null, images: [] });
    const second = await call('POST', `/api/products/${copy.id}/duplicate`, undefined, {
      token: admin.token,
    });
    expect(second.statusCode).toBe(201);
    const again = second.json().product as AdminProduct;
    expect(again.name).toBe('سبحة بسيطة (نسخة) (نسخة)');
    for (const id of [source.id, copy.id, again.id]) {
      await call('DELETE', `/api/products/${id}`, undefined, { token: admin.token });
    }
  });

  it('refuses guests, customers and moderators, an unknown product and a malformed id', async () => {
    const url = `/api/products/${fx.published}/duplicate`;
    expect((await call('POST', url)).statusCode).toBe(401);
    for (const token of [customer, moderator]) {
      const refused = await call('POST', url, undefined, { token });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    }

    const unknown = await call('POST', '/api/products/999999/duplicate', undefined, {
      token: admin.token,
      lang: 'en',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found');
    const unknownAr = await call('POST', '/api/products/999999/duplicate', undefined, {
      token: admin.token,
      lang: 'ar',
    });
    expect(unknownAr.statusCode).toBe(404);
    expect(unknownAr.json().message).not.toBe('Product not found');

    const malformed = await call('POST', '/api/products/abc/duplicate', undefined, {
      token: admin.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });
});
