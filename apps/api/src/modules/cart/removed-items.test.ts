import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CartResponse, OrderResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { cartItems, productAttributeVariations, products } from '../../db/schema/index.js';
import {
  createAttribute,
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  linkProductVariations,
} from '../../seed/factories.js';

/**
 * A cart line whose chosen value was deleted (or is no longer offered, or whose product was
 * withdrawn) leaves the cart on the next read, and that read names it in removed_items. Orders
 * already placed keep the attribute texts they were placed with.
 */

let ctx: TestContext;
let admin: string;
const call = apiCaller(() => ctx.app);

/** A guest with their own cart cookie. */
function guest(lang: TestLang = 'en') {
  let cookie: string | undefined;
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await call(method, url, payload, {
      lang,
      ...(cookie ? { cookies: { cart: cookie } } : {}),
    });
    const set = response.cookies.find((entry) => entry.name === 'cart');
    if (set) cookie = set.value;
    return response;
  };
}

const cartOf = (body: unknown) => body as CartResponse;

/** A product offering two sizes, with an English name. */
async function sizedProduct(name: string, nameEn: string | null) {
  const db = ctx.database.db;
  const size = await createAttribute(db, `الحجم ${name}`, [
    ['صغير', 0],
    ['كبير', 2_000],
  ]);
  const product = await createProduct(db, { name, name_en: nameEn, price: 10_000 });
  await linkProductVariations(db, product.id, size.variations);
  const [small, large] = size.variations;
  return { product, attributeId: size.attribute.id, small: small!.id, large: large!.id };
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, 'admin')).token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('cart lines whose choice went away', () => {
  it('drops a line whose value was deleted, names it once, and leaves the other lines alone', async () => {
    const rosary = await sizedProduct('سبحة كهرمان', 'Amber rosary');
    const plain = await createProduct(ctx.database.db, { name: 'سبحة يسر', price: 5_000 });
    const shopper = guest();
    await shopper('POST', '/api/cart/add', {
      product_id: rosary.product.id,
      quantity: 2,
      selected_attributes: { [rosary.attributeId]: { variation_id: rosary.large, title: 'كبير' } },
    });
    await shopper('POST', '/api/cart/add', { product_id: plain.id, quantity: 1 });

    const deleted = await call(
      'DELETE',
      `/api/simple-attributes/${rosary.attributeId}/variations/${rosary.large}`,
      undefined,
      { token: admin },
    );
    expect(deleted.statusCode).toBe(200);

    // The header's count leaves the line for the cart to report.
    const count = await shopper('GET', '/api/cart/count');
    expect(count.json()).toEqual({ success: true, item_count: 1 });

    const read = cartOf((await shopper('GET', '/api/cart')).json());
    expect(read.items.map((item) => item.product_id)).toEqual([plain.id]);
    expect(read.summary).toEqual({ total: 5, total_items: 1 });
    expect(read.removed_items).toEqual([
      { product_id: rosary.product.id, name: 'سبحة كهرمان', name_en: 'Amber rosary', reason: 'option_unavailable' },
    ]);
    const lines = await ctx.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.product_id, rosary.product.id));
    expect(lines).toEqual([]);

    const again = cartOf((await shopper('GET', '/api/cart')).json());
    expect(again.removed_items).toEqual([]);
    expect(again.items.map((item) => item.product_id)).toEqual([plain.id]);
  });

  it('reports lines of a deleted attribute, of a value the product stopped offering and of a withdrawn product, one entry per product', async () => {
    const db = ctx.database.db;
    const first = await sizedProduct('سبحة عقيق', null);
    const second = await sizedProduct('سبحة فيروز', 'Turquoise rosary');
    const third = await sizedProduct('سبحة يسر أسود', 'Black yusr');
    const shopper = guest('ar');
    for (const [entry, variations] of [
      [first, [first.small, first.large]],
      [second, [second.small]],
      [third, [third.small]],
    ] as const) {
      for (const variation of variations) {
        const added = await shopper('POST', '/api/cart/add', {
          product_id: entry.product.id,
          quantity: 1,
          selected_attributes: { [entry.attributeId]: variation },
        });
        expect(added.statusCode).toBe(200);
      }
    }

    const removedAttribute = await call('DELETE', `/api/simple-attributes/${first.attributeId}`, undefined, {
      token: admin,
    });
    expect(removedAttribute.statusCode).toBe(200);
    await db
      .delete(productAttributeVariations)
      .where(
        and(
          eq(productAttributeVariations.product_id, second.product.id),
          eq(productAttributeVariations.variation_id, second.small),
        ),
      );
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, third.product.id));

    const read = cartOf((await shopper('GET', '/api/cart')).json());
    expect(read.items).toEqual([]);
    expect(read.removed_items).toEqual([
      { product_id: first.product.id, name: 'سبحة عقيق', name_en: null, reason: 'option_unavailable' },
      { product_id: second.product.id, name: 'سبحة فيروز', name_en: 'Turquoise rosary', reason: 'option_unavailable' },
      { product_id: third.product.id, name: 'سبحة يسر أسود', name_en: 'Black yusr', reason: 'product_unavailable' },
    ]);
  });

  it('answers removed_items on the replies of cart changes too, and an empty list otherwise', async () => {
    const rosary = await sizedProduct('سبحة كوك', 'Coco rosary');
    const shopper = guest();
    const first = await shopper('POST', '/api/cart/add', {
      product_id: rosary.product.id,
      quantity: 1,
      selected_attributes: { [rosary.attributeId]: rosary.small },
    });
    expect(cartOf(first.json()).removed_items).toEqual([]);
    await call('DELETE', `/api/simple-attributes/variations/${rosary.small}`, undefined, { token: admin });
    const plain = await createProduct(ctx.database.db, { name: 'سبحة بسيطة' });
    const added = cartOf((await shopper('POST', '/api/cart/add', { product_id: plain.id, quantity: 1 })).json());
    expect(added.items.map((item) => item.product_id)).toEqual([plain.id]);
    expect(added.removed_items.map((item) => item.product_id)).toEqual([rosary.product.id]);
  });
});

describe('orders keep what was bought', () => {
  it('still reads the attribute and value texts after the value and its attribute are deleted', async () => {
    const db = ctx.database.db;
    const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
    const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'حولي', name_en: 'Hawalli' });
    const city = await createCity(db, {
      country_id: country.id,
      governorate_id: governorate.id,
      name_ar: 'السالمية',
      name_en: 'Salmiya',
      shipping_fee: 1_000,
    });
    const rosary = await sizedProduct('سبحة مرجان', 'Coral rosary');
    const placed = await call('POST', '/api/orders', {
      name: 'Fatima Ali',
      email: 'fatima@example.com',
      phone: '+965 5555 1234',
      shipping_address: 'Block 5, Street 10, House 3',
      country_id: country.id,
      governorate_id: governorate.id,
      city_id: city.id,
      payment_method: 'cash_on_delivery',
      items: [
        { product_id: rosary.product.id, quantity: 1, selected_attributes: { [rosary.attributeId]: rosary.large } },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as OrderResponse).order;
    const bought = {
      [rosary.attributeId]: {
        attribute_id: rosary.attributeId,
        attribute_name: 'الحجم سبحة مرجان',
        attribute_name_en: null,
        variation_id: rosary.large,
        title: 'كبير',
        title_en: null,
        additional_price: 2,
      },
    };
    expect(order.items[0]!.selected_attributes).toEqual(bought);

    for (const url of [
      `/api/simple-attributes/variations/${rosary.large}`,
      `/api/simple-attributes/${rosary.attributeId}`,
    ]) {
      expect((await call('DELETE', url, undefined, { token: admin })).statusCode).toBe(200);
    }

    const read = await call('GET', `/api/orders/number/${order.order_number}`);
    expect(read.statusCode).toBe(200);
    const item = (read.json() as OrderResponse).order.items[0]!;
    expect(item.selected_attributes).toEqual(bought);
    // Read in English, the line names the product as it was called in English (decision 047).
    expect(item).toMatchObject({ product_name: 'Coral rosary', price: 12, quantity: 1 });
  });
});
