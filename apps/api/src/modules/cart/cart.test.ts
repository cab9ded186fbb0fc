import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartResponse } from '@shop/shared';
import { nextTestIp } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { cartItems, carts, products } from '../../db/schema/index.js';
import {
  createAttribute,
  createProduct,
  linkProductVariations,
} from '../../seed/factories.js';

let ctx: TestContext;

interface Fixture {
  /** Price 25, sale 20; offers size (S +0, L +2 on this product) and colour (black +1.5). */
  rosary: number;
  sizeId: number;
  small: number;
  large: number;
  colourId: number;
  black: number;
  /** A variation of the colour attribute offered only by another product. */
  red: number;
  plain: number;
  limited: number;
  soldOut: number;
  unmanaged: number;
  draft: number;
}
let fx: Fixture;

/** A shopper with their own cookie jar, calling from their own address unless told. */
function shopper(lang: 'ar' | 'en' = 'en', ip: string = nextTestIp()) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { 'accept-language': lang },
        remoteAddress: ip,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(cookie ? { cookies: { [CART_COOKIE]: cookie } } : {}),
      });
      const set = response.cookies.find((entry) => entry.name === CART_COOKIE);
      if (set) cookie = set.value;
      return response;
    },
  };
}

const cartOf = (body: unknown) => body as CartResponse;
/** The shop runs on https here (see beforeAll), so the cookie carries the __Host- prefix. */
const CART_COOKIE = '__Host-cart';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  const db = ctx.database.db;
  const size = await createAttribute(db, 'الحجم', [
    ['صغير', 0],
    ['كبير', 1_000],
  ]);
  const colour = await createAttribute(db, 'اللون', [
    ['أسود', 1_500],
    ['أحمر', 500],
  ]);
  const rosary = await createProduct(
    db,
    { name: 'سبحة كهرمان', short_description: 'كهرمان', price: 25_000, sale_price: 20_000, stock_quantity: 10 },
    { images: ['rosary-1.webp', 'rosary-2.webp'] },
  );
  const [small, large] = size.variations;
  const [black, red] = colour.variations;
  await linkProductVariations(db, rosary.id, [
    { id: small!.id, additional_price: 0 },
    { id: large!.id, additional_price: 1_000, price: 2_000 },
    { id: black!.id, additional_price: 1_500 },
  ]);
  const other = await createProduct(db, { name: 'سبحة أخرى' });
  await linkProductVariations(db, other.id, [{ id: red!.id, additional_price: 500 }]);
  const plain = await createProduct(db, { name: 'سبحة يسر', price: 12_500, stock_quantity: 100 });
  const limited = await createProduct(db, { name: 'سبحة محدودة', price: 5_000, stock_quantity: 3 });
  const soldOut = await createProduct(db, { name: 'سبحة نفدت', stock_quantity: 0 });
  const unmanaged = await createProduct(db, {
    name: 'سبحة بلا مخزون',
    stock_quantity: 0,
    manage_stock: false,
  });
  const draft = await createProduct(db, { name: 'مسودة', status: 'draft' });
  fx = {
    rosary: rosary.id,
    sizeId: size.attribute.id,
    small: small!.id,
    large: large!.id,
    colourId: colour.attribute.id,
    black: black!.id,
    red: red!.id,
    plain: plain.id,
    limited: limited.id,
    soldOut: soldOut.id,
    unmanaged: unmanaged.id,
    draft: draft.id,
  };
});

afterAll(async () => {
  await ctx?.close();
});

describe('guest cart', () => {
  it('answers an empty cart without creating a cart or a cookie', async () => {
    const guest = shopper();
    const response = await guest.call('GET', '/api/cart');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, items: [], summary: { total: 0, total_items: 0 }, removed_items: [], promo: null, promo_notice: null, shipping_fees: null });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-store');
    const count = await guest.call('GET', '/api/cart/count');
    expect(count.json()).toEqual({ success: true, item_count: 0 });
    expect(await ctx.database.db.select().from(carts)).toHaveLength(0);
  });

  it('adds, reads, updates, removes, clears and counts through the signed cookie', async () => {
    const guest = shopper();
    const added = await guest.call('POST', '/api/cart/add', { product_id: fx.plain, quantity: 2 });
    expect(added.statusCode).toBe(200);
    const cookie = added.cookies.find((entry) => entry.name === CART_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
    // Signed: the token, a dot, the signature; the database keeps only a hash of the token.
    const token = cookie.value.split('.')[0]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db.select().from(carts);
    expect(row!.token_hash).not.toContain(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(cartOf(added.json()).items).toEqual([
      expect.objectContaining({
        product_id: fx.plain,
        name: 'سبحة يسر',
        display_price: 12.5,
        quantity: 2,
        line_total: 25,
        stock_quantity: 100,
        in_stock: true,
        selected_attributes: {},
      }),
    ]);

    await guest.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 1 });
    const read = cartOf((await guest.call('GET', '/api/cart')).json());
    expect(read.items.map((item) => item.product_id)).toEqual([fx.plain, fx.limited]);
    expect(read.summary).toEqual({ total: 30, total_items: 3 });

    const plainLine = read.items[0]!.id;
    const updated = await guest.call('PUT', `/api/cart/update/${plainLine}`, { quantity: 4 });
    expect(updated.statusCode).toBe(200);
    expect(cartOf(updated.json()).summary).toEqual({ total: 55, total_items: 5 });
    expect((await guest.call('GET', '/api/cart/count')).json()).toEqual({ success: true, item_count: 5 });

    const removed = await guest.call('DELETE', `/api/cart/remove/${plainLine}`);
    expect(removed.statusCode).toBe(200);
    expect(cartOf(removed.json()).items.map((item) => item.product_id)).toEqual([fx.limited]);

    const cleared = await guest.call('DELETE', '/api/cart/clear');
    expect(cleared.json()).toEqual({ success: true, items: [], summary: { total: 0, total_items: 0 }, removed_items: [], promo: null, promo_notice: null, shipping_fees: null });
    expect((await guest.call('GET', '/api/cart/count')).json()).toEqual({ success: true, item_count: 0 });
  });

  it('merges the same product with the same choices and keeps different choices apart', async () => {
    const guest = shopper();
    const choice = (size: number) => ({
      [fx.sizeId]: size,
      // The { variation_id, title } shape, with an informational title.
      [fx.colourId]: { variation_id: fx.black, title: 'anything' },
    });
    await guest.call('POST', '/api/cart/add', { product_id: fx.rosary, quantity: 1, selected_attributes: choice(fx.small) });
    await guest.call('POST', '/api/cart/add', { product_id: fx.rosary, quantity: 2, selected_attributes: choice(fx.small) });
    const both = await guest.call('POST', '/api/cart/add', {
      product_id: fx.rosary,
      quantity: 1,
      selected_attributes: choice(fx.large),
    });
    const items = cartOf(both.json()).items;
    expect(items.map((item) => item.quantity)).toEqual([3, 1]);
    // Sale price 20 + black 1.5 (+ small 0 / large 2 on this product, not its default 1).
    expect(items.map((item) => item.display_price)).toEqual([21.5, 23.5]);
    expect(items[1]!.line_total).toBe(23.5);
    expect(cartOf(both.json()).summary).toEqual({ total: 88, total_items: 4 });
    expect(items[1]!.featured_image).toBe('/uploads/products/rosary-1.webp');
    expect(items[1]!.selected_attributes).toEqual({
      [fx.sizeId]: { attribute_id: fx.sizeId, attribute_name: 'الحجم', attribute_name_en: null, variation_id: fx.large, title: 'كبير', title_en: null, additional_price: 2 },
      [fx.colourId]: { attribute_id: fx.colourId, attribute_name: 'اللون', attribute_name_en: null, variation_id: fx.black, title: 'أسود', title_en: null, additional_price: 1.5 },
    });
  });

  it('re-prices every read and drops lines whose product was unpublished', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'سبحة متغيرة', price: 8_000 });
    const gone = await createProduct(db, { name: 'سبحة ستختفي', price: 3_000 });
    const guest = shopper();
    await guest.call('POST', '/api/cart/add', { product_id: product.id, quantity: 2 });
    await guest.call('POST', '/api/cart/add', { product_id: gone.id, quantity: 1 });

    await db.update(products).set({ price: 9_000, sale_price: 7_250 }).where(eq(products.id, product.id));
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, gone.id));

    const cart = cartOf((await guest.call('GET', '/api/cart')).json());
    expect(cart.items.map((item) => [item.product_id, item.display_price])).toEqual([[product.id, 7.25]]);
    expect(cart.summary).toEqual({ total: 14.5, total_items: 2 });
    const left = await db.select().from(cartItems).where(eq(cartItems.product_id, gone.id));
    expect(left).toHaveLength(0);
  });

  it('ignores a tampered or foreign cookie and starts a new cart on the next add', async () => {
    const owner = shopper();
    await owner.call('POST', '/api/cart/add', { product_id: fx.plain, quantity: 1 });
    const [token, signature] = owner.cookie!.split('.');
    const forged = shopper();
    for (const value of [`${token}.${signature!.slice(0, -2)}xx`, token!, 'garbage']) {
      forged.cookie = value;
      const read = await forged.call('GET', '/api/cart');
      expect(read.statusCode).toBe(200);
      expect(cartOf(read.json()).items).toEqual([]);
    }
    const added = await forged.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 1 });
    expect(cartOf(added.json()).items.map((item) => item.product_id)).toEqual([fx.limited]);
    expect(forged.cookie!.split('.')[0]).not.toBe(token);
    expect(cartOf((await owner.call('GET', '/api/cart')).json()).items.map((item) => item.product_id)).toEqual([
      fx.plain,
    ]);
  });

  it("answers 404 for a line of another shopper's cart and leaves it alone", async () => {
    const owner = shopper();
    const line = cartOf((await owner.call('POST', '/api/cart/add', { product_id: fx.plain, quantity: 1 })).json())
      .items[0]!.id;
    const stranger = shopper();
    for (const response of [
      await stranger.call('PUT', `/api/cart/update/${line}`, { quantity: 2 }),
      await stranger.call('DELETE', `/api/cart/remove/${line}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'This item is not in your cart' });
    }
    await stranger.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 1 });
    expect((await stranger.call('DELETE', `/api/cart/remove/${line}`)).statusCode).toBe(404);
    expect((await stranger.call('DELETE', '/api/cart/remove/999999')).statusCode).toBe(404);
    expect(cartOf((await owner.call('GET', '/api/cart')).json()).items[0]!.quantity).toBe(1);
  });
});

describe('stock', () => {
  it('refuses adding beyond stock, counting what the cart already holds, in both languages', async () => {
    const guest = shopper('ar');
    expect((await guest.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 2 })).statusCode).toBe(200);
    const refused = await guest.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: 'لا يمكن إضافة المزيد، الكمية المتوفرة في المخزون غير كافية',
    });
    const english = shopper('en');
    english.cookie = guest.cookie;
    const refusedEn = await english.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 2 });
    expect(refusedEn.json().message).toBe('Cannot add more as the available stock is not enough');
    expect((await guest.call('POST', '/api/cart/add', { product_id: fx.limited, quantity: 1 })).statusCode).toBe(200);
    expect(cartOf((await guest.call('GET', '/api/cart')).json()).items[0]!.quantity).toBe(3);
  });

  it('counts every line of a product against its stock', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { stock_quantity: 3 });
    const size = await createAttribute(db, 'مقاس', [
      ['أ', 0],
      ['ب', 0],
    ]);
    await linkProductVariations(db, product.id, size.variations);
    const guest = shopper();
    const pick = (index: number) => ({ [size.attribute.id]: size.variations[index]!.id });
    await guest.call('POST', '/api/cart/add', { product_id: product.id, quantity: 2, selected_attributes: pick(0) });
    const refused = await guest.call('POST', '/api/cart/add', {
      product_id: product.id,
      quantity: 2,
      selected_attributes: pick(1),
    });
    expect(refused.statusCode).toBe(409);
  });

  it('refuses an out-of-stock product and allows any quantity when stock is not managed', async () => {
    const guest = shopper('ar');
    const refused = await guest.call('POST', '/api/cart/add', { product_id: fx.soldOut, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'هذا المنتج غير متوفر في المخزون' });
    const english = shopper('en');
    const refusedEn = await english.call('POST', '/api/cart/add', { product_id: fx.soldOut, quantity: 1 });
    expect(refusedEn.json().message).toBe('This product is not available in stock');
    // The refused first add created neither a cart nor a cookie.
    expect(guest.cookie).toBeUndefined();

    const unmanaged = await guest.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 50 });
    expect(unmanaged.statusCode).toBe(200);
    expect(cartOf(unmanaged.json()).items[0]).toMatchObject({ quantity: 50, in_stock: true });
  });

  it('refuses an update beyond stock but always allows lowering a quantity', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { stock_quantity: 5 });
    const guest = shopper();
    const line = cartOf((await guest.call('POST', '/api/cart/add', { product_id: product.id, quantity: 4 })).json())
      .items[0]!.id;
    const refused = await guest.call('PUT', `/api/cart/update/${line}`, { quantity: 6 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Cannot add more as the available stock is not enough' });
    expect((await guest.call('PUT', `/api/cart/update/${line}`, { quantity: 5 })).statusCode).toBe(200);

    await db.update(products).set({ stock_quantity: 2 }).where(eq(products.id, product.id));
    const lowered = await guest.call('PUT', `/api/cart/update/${line}`, { quantity: 3 });
    expect(lowered.statusCode).toBe(200);
    expect(cartOf(lowered.json()).items[0]).toMatchObject({ quantity: 3, stock_quantity: 2 });
  });

  it('keeps concurrent adds within stock', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 5 });
    const guest = shopper();
    await guest.call('POST', '/api/cart/add', { product_id: product.id, quantity: 1 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        guest.call('POST', '/api/cart/add', { product_id: product.id, quantity: 1 }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(4);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(4);
    expect(cartOf((await guest.call('GET', '/api/cart')).json()).items[0]!.quantity).toBe(5);
  });
});

describe('abuse', () => {
  it('limits adds per client address: the 61st in a minute is 429, another address still adds', async () => {
    const guest = shopper('en', '192.0.2.61');
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await guest.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 1 })).statusCode).toBe(200);
    }
    const limited = await guest.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Reading the cart is not limited, and another address still adds.
    expect((await guest.call('GET', '/api/cart')).statusCode).toBe(200);
    const other = shopper('en', '192.0.2.62');
    expect((await other.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 1 })).statusCode).toBe(200);
  });
});

describe('choices and products', () => {
  it('refuses a variation of another product or of another attribute', async () => {
    const guest = shopper();
    for (const selected_attributes of [
      { [fx.sizeId]: fx.small, [fx.colourId]: fx.red },
      { [fx.sizeId]: fx.black, [fx.colourId]: fx.black },
      { [fx.sizeId]: fx.small, [fx.colourId]: fx.black, 999999: fx.small },
    ]) {
      const response = await guest.call('POST', '/api/cart/add', { product_id: fx.rosary, quantity: 1, selected_attributes });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'selected_attributes', message: 'This option is not offered for this product' }],
      });
    }
  });

  it('requires a choice for every attribute the product offers, naming it', async () => {
    const guest = shopper('ar');
    const response = await guest.call('POST', '/api/cart/add', {
      product_id: fx.rosary,
      quantity: 1,
      selected_attributes: { [fx.sizeId]: fx.small },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'يرجى اختيار جميع الخيارات المطلوبة',
      details: [{ field: 'selected_attributes', message: 'يرجى اختيار اللون' }],
    });
    const english = await shopper('en').call('POST', '/api/cart/add', { product_id: fx.rosary, quantity: 1 });
    expect(english.json()).toMatchObject({
      message: 'Please choose all required attributes',
      details: [
        { field: 'selected_attributes', message: 'Please choose الحجم' },
        { field: 'selected_attributes', message: 'Please choose اللون' },
      ],
    });
  });

  it('answers 404 for an unknown or draft product', async () => {
    const guest = shopper();
    for (const product_id of [fx.draft, 999999]) {
      const response = await guest.call('POST', '/api/cart/add', { product_id, quantity: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found' });
    }
    expect(guest.cookie).toBeUndefined();
  });
});

describe('bad input', () => {
  it.each([0, -1, 1.5, 'abc', 1_000_000, null])('refuses quantity %s on add and update', async (quantity) => {
    const guest = shopper();
    const add = await guest.call('POST', '/api/cart/add', { product_id: fx.plain, quantity });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'quantity', message: 'The quantity must be a whole number from 1 to 999' }],
    });
    const line = cartOf((await guest.call('POST', '/api/cart/add', { product_id: fx.plain, quantity: 1 })).json())
      .items[0]!.id;
    const update = await guest.call('PUT', `/api/cart/update/${line}`, { quantity });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'quantity' }] });
  });

  it('refuses a line that would grow past the per-line limit', async () => {
    const guest = shopper();
    await guest.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 999 });
    const response = await guest.call('POST', '/api/cart/add', { product_id: fx.unmanaged, quantity: 1 });
    expect(response.statusCode).toBe(400);
    expect(cartOf((await guest.call('GET', '/api/cart')).json()).items[0]!.quantity).toBe(999);
  });

  it('answers bad ids, bad choices and invalid JSON with the error envelope', async () => {
    const guest = shopper();
    const cases = [
      await guest.call('POST', '/api/cart/add', { product_id: 'x', quantity: 1 }),
      await guest.call('POST', '/api/cart/add', { quantity: 1 }),
      await guest.call('POST', '/api/cart/add', { product_id: fx.plain, selected_attributes: { abc: 1 } }),
      await guest.call('POST', '/api/cart/add', { product_id: fx.plain, selected_attributes: { 1: 'x' } }),
      await guest.call('POST', '/api/cart/add', { product_id: fx.plain, selected_attributes: [1] }),
      await guest.call('PUT', '/api/cart/update/abc', { quantity: 1 }),
      await guest.call('DELETE', '/api/cart/remove/0'),
      await guest.call('PUT', '/api/cart/update/1', {}),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"product_id": 1,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The request body is not valid JSON',
    });
  });
});
