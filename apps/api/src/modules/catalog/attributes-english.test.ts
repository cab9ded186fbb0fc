import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  AdminAttribute,
  AdminVariationWithAttribute,
  ErrorResponse,
  OrderResponse,
  ProductAttributesResponse,
} from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { attributeVariations, attributes, auditLog, orderItems } from '../../db/schema/index.js';
import {
  createAttribute,
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  linkProductVariations,
} from '../../seed/factories.js';

/**
 * English names of attributes and their values: written in the back office,
 * carried by the public product reply and the cart, and kept in an order's snapshot beside the
 * Arabic ones.
 */

let ctx: TestContext;
let admin: string;

const call = apiCaller(() => ctx.app);

function asAdmin(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  lang: TestLang = 'en',
) {
  return call(method, url, payload, { token: admin, lang });
}

const errorOf = (body: unknown) => body as ErrorResponse;

async function auditChanges(entity: string, entityId: number) {
  const rows = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, entityId)))
    .orderBy(auditLog.id);
  return rows.map((row) => ({ action: row.action, changes: row.changes }));
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, 'admin')).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('attributes in English: the back office', () => {
  it('creates an attribute and values with trimmed English names, and audits them', async () => {
    const created = await asAdmin('POST', '/api/simple-attributes', { name: 'اللون', name_en: '  Colour ' });
    expect(created.statusCode, created.body).toBe(201);
    const attribute = created.json().attribute as AdminAttribute;
    expect(attribute).toMatchObject({ name: 'اللون', name_en: 'Colour' });

    const value = await asAdmin('POST', `/api/simple-attributes/${attribute.id}/variations`, {
      title: 'أحمر',
      title_en: ' Red ',
      additional_price: '0.5',
    });
    expect(value.statusCode, value.body).toBe(201);
    expect(value.json().variation as AdminVariationWithAttribute).toMatchObject({
      title: 'أحمر',
      title_en: 'Red',
      attribute_name: 'اللون',
      attribute_name_en: 'Colour',
    });
    // Without an English title the value has none (the storefront shows the Arabic).
    const plain = await asAdmin('POST', `/api/simple-attributes/${attribute.id}/variations`, { title: 'أسود' });
    expect((plain.json().variation as AdminVariationWithAttribute).title_en).toBeNull();

    const list = await asAdmin('GET', `/api/simple-attributes/${attribute.id}`);
    expect((list.json().attribute as AdminAttribute).variations.map((item) => [item.title, item.title_en])).toEqual([
      ['أحمر', 'Red'],
      ['أسود', null],
    ]);

    expect(await auditChanges('attributes', attribute.id)).toMatchObject([
      { action: 'create', changes: { name: { from: null, to: 'اللون' }, name_en: { from: null, to: 'Colour' } } },
    ]);
    const variationId = (value.json().variation as AdminVariationWithAttribute).id;
    expect(await auditChanges('attribute_variations', variationId)).toMatchObject([
      { action: 'create', changes: { title_en: { from: null, to: 'Red' } } },
    ]);
  });

  it('keeps the English name when it is left out, changes it alone, and clears it when blank', async () => {
    const { attribute, variations } = await createAttribute(ctx.database.db, 'المقاس', [['كبير', 0]], {
      name: 'Size',
      titles: { كبير: 'Large' },
    });
    const url = `/api/simple-attributes/${attribute.id}`;

    const renamed = await asAdmin('PUT', url, { name: 'الحجم' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().attribute).toMatchObject({ name: 'الحجم', name_en: 'Size' });

    const englishOnly = await asAdmin('PUT', url, { name: 'الحجم', name_en: 'Bead size' });
    expect(englishOnly.json().attribute).toMatchObject({ name: 'الحجم', name_en: 'Bead size' });

    const cleared = await asAdmin('PUT', url, { name: 'الحجم', name_en: '   ' });
    expect(cleared.json().attribute.name_en).toBeNull();
    const [stored] = await ctx.database.db.select().from(attributes).where(eq(attributes.id, attribute.id));
    expect(stored!.name_en).toBeNull();

    expect((await auditChanges('attributes', attribute.id)).map((entry) => entry.changes)).toEqual([
      { name: { from: 'المقاس', to: 'الحجم' } },
      { name_en: { from: 'Size', to: 'Bead size' } },
      { name_en: { from: 'Bead size', to: null } },
    ]);

    // A value: the English title alone is a change; null clears it; left out it stays.
    const valueUrl = `${url}/variations/${variations[0]!.id}`;
    const retitled = await asAdmin('PUT', valueUrl, { title_en: 'Big' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().variation).toMatchObject({ title: 'كبير', title_en: 'Big' });
    const priced = await asAdmin('PUT', valueUrl, { additional_price: 1 });
    expect(priced.json().variation).toMatchObject({ title_en: 'Big', additional_price: 1 });
    const noEnglish = await asAdmin('PUT', valueUrl, { title_en: null });
    expect(noEnglish.json().variation.title_en).toBeNull();
    const [value] = await ctx.database.db
      .select()
      .from(attributeVariations)
      .where(eq(attributeVariations.id, variations[0]!.id));
    expect(value!.title_en).toBeNull();
  });

  it('refuses too long and control-character English names with a 400 in the language asked, changing nothing', async () => {
    const { attribute, variations } = await createAttribute(ctx.database.db, 'الشرابة', [['ذهبي', 0]], {
      name: 'Tassel',
    });
    const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
      ['POST', { name: 'خاصية جديدة', name_en: 'a'.repeat(101) }, 'name', 'Attribute name must be at most 100 characters', 'اسم الخاصية يجب ألا يزيد على 100 حرف'],
      ['POST', { name: 'خاصية جديدة', name_en: 'Two\nlines' }, 'name', 'Attribute name contains characters that are not allowed', 'اسم الخاصية يحتوي على رموز غير مسموحة'],
      ['POST', { name: 'خاصية جديدة', name_en: 42 }, 'name', 'Attribute name contains characters that are not allowed', 'اسم الخاصية يحتوي على رموز غير مسموحة'],
      ['PUT', { name: 'الشرابة', name_en: 'b'.repeat(101) }, 'name', 'Attribute name must be at most 100 characters', 'اسم الخاصية يجب ألا يزيد على 100 حرف'],
      ['VALUE', { title: 'فضي', title_en: 'c'.repeat(101) }, 'title', '', ''],
      ['VALUE', { title_en: 'Bell\u0007' }, 'title', '', ''],
    ];
    for (const [kind, body, field, english, arabic] of cases) {
      const url =
        kind === 'POST'
          ? '/api/simple-attributes'
          : kind === 'PUT'
            ? `/api/simple-attributes/${attribute.id}`
            : `/api/simple-attributes/${attribute.id}/variations/${variations[0]!.id}`;
      const method = kind === 'POST' ? 'POST' : 'PUT';
      const en = await asAdmin(method, url, body, 'en');
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      const details = errorOf(en.json()).details ?? [];
      expect(details.map((detail) => detail.field), JSON.stringify(body)).toContain(field === 'name' ? 'name_en' : 'title_en');
      if (english) expect(details[0]!.message).toBe(english);
      const ar = await asAdmin(method, url, body, 'ar');
      expect(ar.statusCode).toBe(400);
      if (arabic) expect(errorOf(ar.json()).details![0]!.message).toBe(arabic);
    }
    const [stored] = await ctx.database.db.select().from(attributes).where(eq(attributes.id, attribute.id));
    expect(stored!.name_en).toBe('Tassel');
    const named = await ctx.database.db.select().from(attributes).where(eq(attributes.name, 'خاصية جديدة'));
    expect(named).toEqual([]);
  });
});

describe('attributes in English: the storefront and orders', () => {
  it('carries both names in the public product reply, the cart and the placed order', async () => {
    const db = ctx.database.db;
    const { attribute, variations } = await createAttribute(db, 'لون الحبات', [['عسلي', 0], ['أسود', 500]], {
      name: 'Bead colour',
      titles: { عسلي: 'Honey' },
    });
    const product = await createProduct(db, { name: 'سبحة كهرمان', price: 10_000, stock_quantity: 10 });
    await linkProductVariations(db, product.id, variations);

    const reply = await call('GET', `/api/products/${product.id}/attributes`);
    expect(reply.statusCode).toBe(200);
    expect((reply.json() as ProductAttributesResponse).attributes).toEqual([
      {
        id: attribute.id,
        name: 'لون الحبات',
        name_en: 'Bead colour',
        variations: [
          { id: variations[0]!.id, title: 'عسلي', title_en: 'Honey', additional_price: 0 },
          { id: variations[1]!.id, title: 'أسود', title_en: null, additional_price: 0.5 },
        ],
      },
    ]);

    const added = await call('POST', '/api/cart/add', {
      product_id: product.id,
      quantity: 1,
      selected_attributes: { [attribute.id]: { variation_id: variations[0]!.id } },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const cartText = added.body;
    expect(cartText).toContain('"attribute_name_en":"Bead colour"');
    expect(cartText).toContain('"title_en":"Honey"');

    const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
    const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'حولي', name_en: 'Hawalli' });
    const city = await createCity(db, {
      country_id: country.id,
      governorate_id: governorate.id,
      name_ar: 'السالمية',
      name_en: 'Salmiya',
      shipping_fee: 1_000,
    });
    const placed = await call('POST', '/api/orders', {
      user_id: null,
      name: 'Fatima Ali',
      email: 'fatima.attributes@example.com',
      phone: '+965 6000 1234',
      shipping_address: 'Block 5, Street 10, House 3',
      country_id: country.id,
      governorate_id: governorate.id,
      city_id: city.id,
      city: 'Salmiya',
      payment_method: 'cash_on_delivery',
      items: [
        { product_id: product.id, quantity: 1, selected_attributes: { [attribute.id]: variations[1]!.id } },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as OrderResponse).order;
    expect(order.items[0]!.selected_attributes[String(attribute.id)]).toEqual({
      attribute_id: attribute.id,
      attribute_name: 'لون الحبات',
      attribute_name_en: 'Bead colour',
      variation_id: variations[1]!.id,
      title: 'أسود',
      title_en: null,
      additional_price: 0.5,
    });
    const [stored] = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    expect(stored!.selected_attributes[String(attribute.id)]).toMatchObject({
      attribute_name: 'لون الحبات',
      attribute_name_en: 'Bead colour',
      title: 'أسود',
    });

    // Renaming the attribute later leaves the order's snapshot as it was.
    await asAdmin('PUT', `/api/simple-attributes/${attribute.id}`, { name: 'لون الحبات', name_en: 'Colour' });
    const [after] = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    expect(after!.selected_attributes[String(attribute.id)]!.attribute_name_en).toBe('Bead colour');
  });

  it('shows an order placed before attributes had English names with nulls, not missing fields', async () => {
    const db = ctx.database.db;
    const { attribute, variations } = await createAttribute(db, 'النقش', [['محفور', 0]]);
    const product = await createProduct(db, { name: 'سبحة يسر', price: 5_000, stock_quantity: 5 });
    await linkProductVariations(db, product.id, variations);
    const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KX' });
    const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'العاصمة', name_en: 'Capital' });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id, name_ar: 'الشرق', name_en: 'Sharq' });
    const placed = await call('POST', '/api/orders', {
      user_id: null,
      name: 'Ali Hasan',
      email: 'ali.attributes@example.com',
      phone: '+965 6000 5678',
      shipping_address: 'Block 1, Street 2, House 3',
      country_id: country.id,
      governorate_id: governorate.id,
      city_id: city.id,
      city: 'Sharq',
      payment_method: 'cash_on_delivery',
      items: [{ product_id: product.id, quantity: 1, selected_attributes: { [attribute.id]: variations[0]!.id } }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as OrderResponse).order;
    // As an order stored before this change: the snapshot without the English keys.
    await db
      .update(orderItems)
      .set({
        selected_attributes: {
          [String(attribute.id)]: {
            attribute_id: attribute.id,
            attribute_name: 'النقش',
            variation_id: variations[0]!.id,
            title: 'محفور',
            additional_price: 0,
          },
        },
      })
      .where(eq(orderItems.order_id, order.id));
    const tracked = await call('GET', `/api/orders/number/${order.order_number}`, undefined, {
      cookies: placed.cookies.length ? Object.fromEntries(placed.cookies.map((c) => [c.name, c.value])) : undefined,
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect((tracked.json() as OrderResponse).order.items[0]!.selected_attributes[String(attribute.id)]).toMatchObject({
      attribute_name: 'النقش',
      attribute_name_en: null,
      title: 'محفور',
      title_en: null,
    });
  });
});
