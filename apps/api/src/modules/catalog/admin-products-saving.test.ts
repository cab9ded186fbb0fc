import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/shared';
import {
  admin,
  basics,
  call,
  ctx,
  exists,
  fx,
  send,
  storedFiles,
  useAdminProductsShop,
} from '../../../test-support/admin-products.js';
import { testPicture } from '../../../test-support/multipart.js';
import { auditLog } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';
import { storedImageFiles } from '../media/index.js';

useAdminProductsShop();

// ---------- update ----------

describe('saving a product', () => {
  it('changes the price, keeps one image, drops the other, adds and reorders', async () => {
    const created = await send(
      'POST',
      '/api/products',
      { ...basics(), sku: 'EDIT-1', name_en: 'Editable' },
      [
        { name: 'first.png', type: 'image/png', data: await testPicture('png', '#111') },
        { name: 'second.jpg', type: 'image/jpeg', data: await testPicture('jpeg', '#222') },
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
      [{ name: 'third.webp', type: 'image/webp', data: await testPicture('webp', '#333') }],
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

  it('keeps the images a client sends back as it read them: records, file names or ids, in its order', async () => {
    const created = await send('POST', '/api/products', { ...basics(), sku: 'ROUND-TRIP' }, [
      { name: 'a.png', type: 'image/png', data: await testPicture('png', '#411') },
      { name: 'b.png', type: 'image/png', data: await testPicture('png', '#422') },
      { name: 'c.png', type: 'image/png', data: await testPicture('png', '#433') },
    ]);
    expect(created.statusCode).toBe(201);
    const url = `/api/products/${created.json().product.id}`;
    const read = await call('GET', url, undefined, { token: admin.token });
    const [first, second, third] = read.json().product.images as AdminProduct['images'];

    // As JSON, the records exactly as GET answered them.
    const asRead = await call('PUT', url, { ...basics(), existingImages: [third, first] }, { token: admin.token });
    expect(asRead.statusCode).toBe(200);
    expect(asRead.json().product.images.map((image: { id: number }) => image.id)).toEqual([third!.id, first!.id]);

    // As a multipart form field: a file name and an id as text.
    const mixed = await send('PUT', url, {
      ...basics(),
      existingImages: JSON.stringify([first!.filename, String(third!.id)]),
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().product.images.map((image: { id: number }) => image.id)).toEqual([first!.id, third!.id]);
    expect(second).toBeDefined();

    const refusals = [
      // Not this product's: an unknown id, a removed image's record, an id and file name of two images.
      [{ id: 987654, filename: 'x.webp' }],
      [second],
      [{ id: first!.id, filename: third!.filename }],
      ['nobody.webp'],
    ];
    for (const existingImages of refusals) {
      const refused = await call('PUT', url, { ...basics(), existingImages }, { token: admin.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        { field: 'existingImages', message: 'An image to keep does not belong to this product' },
      ]);
    }
    for (const existingImages of [[{}], [true], [{ sort_order: 0 }], [''], [[first!.id]]]) {
      const refused = await call('PUT', url, { ...basics(), existingImages }, { token: admin.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        { field: 'existingImages.0', message: 'The list of images to keep is invalid' },
      ]);
    }
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

    const png = await testPicture('png');
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
    // Money in thousandths like the rest of the trail, marked so (older product entries kept dinars).
    expect(rows[0]!.changes).toMatchObject({
      name: { from: null, to: 'سبحة مراقبة' },
      price: { from: null, to: 12_500 },
      sku: { from: null, to: 'AUD-1' },
      status: { from: null, to: 'draft' },
    });
    expect(rows[1]!.changes).toEqual({
      price: { from: 12_500, to: 20_000 },
      status: { from: 'draft', to: 'published' },
      $money: { from: null, to: 'thousandths' },
    });
    expect(rows[2]!.changes).toMatchObject({ name: { from: 'سبحة مراقبة', to: null } });
  });
});
