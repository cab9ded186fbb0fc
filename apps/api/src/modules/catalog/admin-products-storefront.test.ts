import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, Product } from '@shop/shared';
import { multipart } from '../../../test-support/admin-products.js';
import { apiCaller } from '../../../test-support/http.js';
import { testPicture } from '../../../test-support/multipart.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createAttribute, createCategory, createProduct } from '../../seed/factories.js';

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
      { name: 'front.png', type: 'image/png', data: await testPicture('png', '#a00') },
      { name: 'side.jpg', type: 'image/jpeg', data: await testPicture('jpeg', '#0a0') },
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
      [{ name: 'top.webp', type: 'image/webp', data: await testPicture('webp', '#00a') }],
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
