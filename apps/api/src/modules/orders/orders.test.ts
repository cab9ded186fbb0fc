import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN, type ErrorResponse, type OrderResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { orderItems, orders, products, promoCodes } from '../../db/schema/index.js';
import {
  createAttribute,
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  createPromoCode,
  linkProductVariations,
} from '../../seed/factories.js';

let ctx: TestContext;

interface Fixture {
  country: number;
  governorate: number;
  city: number;
  otherCountry: number;
  otherGovernorate: number;
  otherCity: number;
  sizeId: number;
  small: number;
  large: number;
  /** A variation of the size attribute not offered on the rosary. */
  medium: number;
}
let fx: Fixture;

const call = apiCaller(() => ctx.app);

interface PostOptions {
  lang?: TestLang;
  cookie?: string;
  key?: string;
  token?: string;
  ip?: string;
}

function postOrder(payload: Record<string, unknown>, options: PostOptions = {}) {
  return call('POST', '/api/orders', payload, {
    lang: options.lang,
    token: options.token,
    ip: options.ip,
    headers: options.key === undefined ? {} : { 'idempotency-key': options.key },
    cookies: options.cookie ? { cart: options.cookie } : undefined,
  });
}

/** Each checkout has its own e-mail and phone, so the per-contact order limit stays out of the way. */
let contactCount = 0;

const get = (url: string, lang: TestLang = 'en', ip?: string) =>
  call('GET', url, undefined, { lang, ip });

/** A valid checkout payload for the fixture's city; pass the lines to order. */
function checkout(items: unknown[] | undefined, extra: Record<string, unknown> = {}) {
  contactCount += 1;
  return {
    user_id: null,
    name: '  Fatima Ali ',
    email: ` Fatima.${contactCount}@Example.com `,
    phone: `+965 6${String(contactCount).padStart(3, '0')} 1234`,
    shipping_address: 'Block 5, Street 10, House 3',
    country_id: fx.country,
    governorate_id: fx.governorate,
    city_id: fx.city,
    city: 'Salmiya',
    payment_method: 'cash_on_delivery',
    ...(items === undefined ? {} : { items }),
    ...extra,
  };
}

const orderOf = (body: unknown) => (body as OrderResponse).order;
/** The guest cart cookie a reply gave: a guest's Idempotency-Key belongs to it (decision 039). */
const cartCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((entry) => entry.name === 'cart')!.value;
const errorOf = (body: unknown) => body as ErrorResponse;

async function stockOf(id: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

async function orderCount(): Promise<number> {
  return (await ctx.database.db.select({ id: orders.id }).from(orders)).length;
}

async function usesOf(promoId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used: promoCodes.used_count })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoId));
  return row!.used;
}

/** A rosary of 12.750 offering size small (+0) or large (+1.250), which must be chosen. */
let rosaryCount = 0;
async function createRosary(stock = 20) {
  rosaryCount += 1;
  const rosary = await createProduct(
    ctx.database.db,
    { name: 'سبحة كهرمان', price: 15_000, sale_price: 12_750, stock_quantity: stock, sku: `AMB-${rosaryCount}` },
    { images: ['amber.webp'] },
  );
  await linkProductVariations(ctx.database.db, rosary.id, [
    { id: fx.small, additional_price: 0 },
    { id: fx.large, additional_price: 1_250 },
  ]);
  return rosary;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
  const governorate = await createGovernorate(db, {
    country_id: country.id,
    name_ar: 'حولي',
    name_en: 'Hawalli',
  });
  const city = await createCity(db, {
    country_id: country.id,
    governorate_id: governorate.id,
    name_ar: 'السالمية',
    name_en: 'Salmiya',
    shipping_fee: 1_500,
  });
  const otherCountry = await createCountry(db, { name_ar: 'السعودية', name_en: 'Saudi Arabia', code: 'SA' });
  const otherGovernorate = await createGovernorate(db, { country_id: country.id, name_ar: 'الجهراء', name_en: 'Jahra' });
  const otherCity = await createCity(db, { country_id: otherCountry.id, name_ar: 'الرياض', name_en: 'Riyadh' });
  const size = await createAttribute(db, 'الحجم', [
    ['صغير', 0],
    ['كبير', 1_250],
    ['وسط', 500],
  ]);
  const [small, large, medium] = size.variations;
  fx = {
    country: country.id,
    governorate: governorate.id,
    city: city.id,
    otherCountry: otherCountry.id,
    otherGovernorate: otherGovernorate.id,
    otherCity: otherCity.id,
    sizeId: size.attribute.id,
    small: small!.id,
    large: large!.id,
    medium: medium!.id,
  };
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/orders: totals', () => {
  it('prices every line from the database and adds the city fee, in decimals', async () => {
    const rosary = await createRosary();
    const plain = await createProduct(ctx.database.db, { name: 'سبحة يسر', price: 7_500 });
    const response = await postOrder(
      checkout([
        { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.large } },
        { product_id: plain.id, quantity: 1 },
      ], { email: ' Fatima@Example.com ', phone: '+965 5555 1234' }),
    );
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(order).toMatchObject({
      status: 'pending',
      payment_method: 'cash_on_delivery',
      customer_type: 'guest',
      name: 'Fatima Ali',
      email: 'fatima@example.com',
      // Stored and shown in its international form (decision 039).
      phone: '+96555551234',
      shipping_address: 'Block 5, Street 10, House 3',
      country_name: 'Kuwait',
      governorate_name: 'Hawalli',
      city_name: 'Salmiya',
      promo_code: null,
      notes: null,
      // (12.750 + 1.250) × 2 + 7.500
      subtotal: 35.5,
      discount_amount: 0,
      shipping_amount: 1.5,
      tax_amount: 0,
      total_amount: 37,
    });
    expect(order.items).toMatchObject([
      {
        id: expect.any(Number),
        product_id: rosary.id,
        product_name: 'سبحة كهرمان',
        sku: rosary.sku,
        featured_image: '/uploads/products/amber.webp',
        quantity: 2,
        price: 14,
        total: 28,
        selected_attributes: {
          [fx.sizeId]: {
            attribute_id: fx.sizeId,
            attribute_name: 'الحجم',
            attribute_name_en: null,
            variation_id: fx.large,
            title: 'كبير',
            title_en: null,
            additional_price: 1.25,
          },
        },
      },
      {
        id: expect.any(Number),
        product_id: plain.id,
        product_name: 'سبحة يسر',
        sku: null,
        quantity: 1,
        price: 7.5,
        total: 7.5,
        selected_attributes: {},
      },
    ]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotal: 35_500, shipping_amount: 1_500, total_amount: 37_000, user_id: null });
  });

  it('writes place names in the request language', async () => {
    const plain = await createProduct(ctx.database.db, { price: 1_000 });
    const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { lang: 'ar' });
    expect(orderOf(response.json())).toMatchObject({
      country_name: 'الكويت',
      governorate_name: 'حولي',
      city_name: 'السالمية',
    });
  });

  it('ignores a tampered client total and client prices', async () => {
    const rosary = await createRosary();
    const response = await postOrder(
      checkout(
        [
          {
            product_id: rosary.id,
            quantity: 1,
            selected_attributes: { [fx.sizeId]: { variation_id: fx.small, title: 'x' } },
            price: 0.001,
            display_price: 0.001,
          },
        ],
        { total_amount: 0.001, shipping_amount: 0, user_id: 42 },
      ),
    );
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order).toMatchObject({ subtotal: 12.75, shipping_amount: 1.5, total_amount: 14.25, customer_type: 'guest' });
    expect(order.items[0]!.price).toBe(12.75);
  });

  it('takes a percentage code off the subtotal and counts its use', async () => {
    const rosary = await createRosary();
    const plain = await createProduct(ctx.database.db, { price: 7_500 });
    const promo = await createPromoCode(ctx.database.db, { code: 'EID10', discount_value: 10 });
    const response = await postOrder(
      checkout(
        [
          { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.large } },
          { product_id: plain.id, quantity: 1 },
        ],
        { promo_code: ' eid10 ' },
      ),
    );
    expect(response.statusCode).toBe(201);
    // 35.500 - 3.550 + 1.500
    expect(orderOf(response.json())).toMatchObject({
      promo_code: 'EID10',
      subtotal: 35.5,
      discount_amount: 3.55,
      shipping_amount: 1.5,
      total_amount: 33.45,
    });
    expect(await usesOf(promo.id)).toBe(1);
  });

  it('takes a fixed code off the subtotal', async () => {
    const plain = await createProduct(ctx.database.db, { price: 12_750 });
    await createPromoCode(ctx.database.db, { code: 'FIXED5', discount_type: 'fixed', discount_value: 5_250 });
    const response = await postOrder(
      checkout([{ product_id: plain.id, quantity: 2 }], { promo_code: 'FIXED5' }),
    );
    // 25.500 - 5.250 + 1.500
    expect(orderOf(response.json())).toMatchObject({
      subtotal: 25.5,
      discount_amount: 5.25,
      total_amount: 21.75,
    });
  });

  it('refuses a code that does not apply on the promo_code field, writing nothing', async () => {
    const plain = await createProduct(ctx.database.db, { price: 5_000 });
    await createPromoCode(ctx.database.db, { code: 'BIG50', min_order_amount: 50_000 });
    // Its last use is counted at the end of the order's transaction (docs/decisions/035).
    const usedUp = await createPromoCode(ctx.database.db, { code: 'GONE1', max_uses: 1, used_count: 1 });
    const before = await orderCount();
    for (const code of ['NOPE99', 'BIG50', 'GONE1']) {
      const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }], { promo_code: code }));
      expect(response.statusCode).toBe(400);
      const body = errorOf(response.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.[0]?.field).toBe('promo_code');
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(plain.id)).toBe(10);
    expect(await usesOf(usedUp.id)).toBe(1);
  });
});

describe('POST /api/orders: validation', () => {
  const required = {
    en: {
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      shipping_address: 'Shipping address is required',
      country_id: 'Country is required',
      governorate_id: 'Governorate is required',
      city_id: 'City is required',
    },
    ar: {
      name: 'الاسم مطلوب',
      email: 'البريد الإلكتروني مطلوب',
      phone: 'رقم الهاتف مطلوب',
      shipping_address: 'عنوان الشحن مطلوب',
      country_id: 'الدولة مطلوبة',
      governorate_id: 'المحافظة مطلوبة',
      city_id: 'المدينة مطلوبة',
    },
  } as const;

  for (const lang of ['en', 'ar'] as const) {
    it(`names every missing required field (${lang})`, async () => {
      const missing = await postOrder({ items: [] }, { lang });
      const blank = await postOrder(
        {
          name: ' ',
          email: '',
          phone: '',
          shipping_address: '  ',
          country_id: '',
          governorate_id: null,
          city_id: '',
        },
        { lang },
      );
      for (const response of [missing, blank]) {
        expect(response.statusCode).toBe(400);
        const body = errorOf(response.json());
        expect(body.code).toBe('VALIDATION_ERROR');
        for (const [field, message] of Object.entries(required[lang])) {
          expect(body.details).toContainEqual({ field, message });
        }
      }
    });
  }

  it('refuses an invalid email, phone, payment method and over-long text', async () => {
    const response = await postOrder(
      checkout([], {
        email: 'not-an-email',
        phone: 'abc',
        payment_method: 'bitcoin',
        name: 'x'.repeat(201),
      }),
    );
    expect(response.statusCode).toBe(400);
    const details = errorOf(response.json()).details;
    expect(details).toContainEqual({ field: 'email', message: 'Please enter a valid email address' });
    expect(details).toContainEqual({ field: 'phone', message: 'Please enter a valid phone number' });
    expect(details).toContainEqual({ field: 'payment_method', message: 'The payment method is invalid' });
    expect(details).toContainEqual({ field: 'name', message: 'The text is too long' });
  });

  it('answers an empty cart with the checkout message on items', async () => {
    for (const payload of [checkout(undefined), checkout([])]) {
      const response = await postOrder(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Your cart is empty. Please add items to your cart before checkout.',
        details: [
          { field: 'items', message: 'Your cart is empty. Please add items to your cart before checkout.' },
        ],
      });
    }
  });

  it('refuses a country or governorate that does not match the city, and an unknown city', async () => {
    const plain = await createProduct(ctx.database.db);
    const items = [{ product_id: plain.id, quantity: 1 }];
    const cases = [
      [{ country_id: fx.otherCountry }, 'country_id', 'The chosen country does not match the city'],
      [{ governorate_id: fx.otherGovernorate }, 'governorate_id', 'The chosen governorate does not match the city'],
      [{ city_id: fx.otherCity }, 'country_id', 'The chosen country does not match the city'],
      [{ city_id: 999_999 }, 'city_id', 'The chosen city is not available for delivery'],
    ] as const;
    for (const [override, field, message] of cases) {
      const response = await postOrder(checkout(items, override));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json()).details).toEqual([{ field, message }]);
    }
    expect(await stockOf(plain.id)).toBe(10);
  });

  it('refuses unknown and draft products and invalid attribute choices', async () => {
    const rosary = await createRosary();
    const draft = await createProduct(ctx.database.db, { status: 'draft' });
    for (const productId of [999_999, draft.id]) {
      const response = await postOrder(checkout([{ product_id: productId, quantity: 1 }]));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response.json())).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    }
    const missingChoice = await postOrder(checkout([{ product_id: rosary.id, quantity: 1 }]));
    expect(missingChoice.statusCode).toBe(400);
    expect(errorOf(missingChoice.json()).details).toEqual([
      { field: 'selected_attributes', message: 'Please choose الحجم' },
    ]);
    const notOffered = await postOrder(
      checkout([{ product_id: rosary.id, quantity: 1, selected_attributes: { [fx.sizeId]: fx.medium } }]),
    );
    expect(notOffered.statusCode).toBe(400);
    expect(errorOf(notOffered.json()).details?.[0]?.field).toBe('selected_attributes');
    expect(await stockOf(rosary.id)).toBe(20);
  });
});

describe('POST /api/orders: stock', () => {
  it('takes the ordered quantities from managed stock only', async () => {
    const rosary = await createRosary(5);
    const unmanaged = await createProduct(ctx.database.db, { stock_quantity: 0, manage_stock: false });
    const response = await postOrder(
      checkout([
        { product_id: rosary.id, quantity: 2, selected_attributes: { [fx.sizeId]: fx.small } },
        { product_id: rosary.id, quantity: 1, selected_attributes: { [fx.sizeId]: fx.large } },
        { product_id: unmanaged.id, quantity: 4 },
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(await stockOf(rosary.id)).toBe(2);
    expect(await stockOf(unmanaged.id)).toBe(0);
  });

  it('refuses more than the stock with 409 naming the product, and rolls everything back', async () => {
    const plenty = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const scarce = await createProduct(ctx.database.db, { name: 'سبحة نادرة', stock_quantity: 2 });
    const promo = await createPromoCode(ctx.database.db, { code: 'ROLLBACK1' });
    const before = await orderCount();
    const response = await postOrder(
      checkout(
        [
          { product_id: plenty.id, quantity: 3 },
          { product_id: scarce.id, quantity: 3 },
        ],
        { promo_code: 'ROLLBACK1' },
      ),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: 'The requested quantity of سبحة نادرة is not available in stock',
      details: [{ field: 'items', message: 'The requested quantity of سبحة نادرة is not available in stock' }],
    });
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await usesOf(promo.id)).toBe(0);
    expect(await orderCount()).toBe(before);
  });
});

describe('POST /api/orders: cart', () => {
  async function cartWith(productId: number, quantity: number): Promise<string> {
    const added = await call('POST', '/api/cart/add', { product_id: productId, quantity });
    expect(added.statusCode).toBe(200);
    return added.cookies.find((entry) => entry.name === 'cart')!.value;
  }

  const cartCount = async (cookie: string) =>
    (await call('GET', '/api/cart/count', undefined, { cookies: { cart: cookie } })).json<{
      item_count: number;
    }>().item_count;

  it('orders the shopper\'s cart when no items are sent, then empties it', async () => {
    const plain = await createProduct(ctx.database.db, { price: 4_250 });
    const cookie = await cartWith(plain.id, 3);
    const response = await postOrder(checkout(undefined), { cookie });
    expect(response.statusCode).toBe(201);
    const order = orderOf(response.json());
    expect(order.items).toHaveLength(1);
    expect(order).toMatchObject({ subtotal: 12.75, total_amount: 14.25 });
    expect(await cartCount(cookie)).toBe(0);
    expect(await stockOf(plain.id)).toBe(7);
  });

  it('empties the cart of a shopper who sends the items with the cookie', async () => {
    const plain = await createProduct(ctx.database.db);
    const cookie = await cartWith(plain.id, 1);
    const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { cookie });
    expect(response.statusCode).toBe(201);
    expect(await cartCount(cookie)).toBe(0);
  });
});

describe('POST /api/orders: idempotency and payment', () => {
  it('answers a retried key with the same order, made once', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 10 });
    const payload = checkout([{ product_id: plain.id, quantity: 2 }]);
    const first = await postOrder(payload, { key: 'retry-key_1' });
    // The browser's retry carries the cart cookie the first reply gave it.
    const second = await postOrder(payload, { key: 'retry-key_1', cookie: cartCookieOf(first) });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(orderOf(second.json())).toEqual(orderOf(first.json()));
    expect(await stockOf(plain.id)).toBe(8);
  });

  it('makes one order from five simultaneous requests with the same key', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 10 });
    const promo = await createPromoCode(ctx.database.db, { code: 'ONCEONLY' });
    const payload = checkout([{ product_id: plain.id, quantity: 1 }], { promo_code: 'ONCEONLY' });
    // One browser, which has its cart cookie from an earlier visit.
    const cookie = cartCookieOf(await call('POST', '/api/cart/add', { product_id: plain.id, quantity: 1 }));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postOrder(payload, { key: 'double-click-5', cookie })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const numbers = new Set(responses.map((response) => orderOf(response.json()).order_number));
    expect(numbers.size).toBe(1);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.idempotency_key, 'double-click-5'));
    expect(rows).toHaveLength(1);
    expect(await stockOf(plain.id)).toBe(9);
    expect(await usesOf(promo.id)).toBe(1);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const plain = await createProduct(ctx.database.db);
    const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { key: 'bad key!' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).details?.[0]?.field).toBe('Idempotency-Key');
  });

  it('refuses online payment, not configured yet, before writing anything', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 10 });
    const promo = await createPromoCode(ctx.database.db, { code: 'ONLINE1' });
    const before = await orderCount();
    for (const lang of ['en', 'ar'] as const) {
      const response = await postOrder(
        checkout([{ product_id: plain.id, quantity: 1 }], { payment_method: 'upayments', promo_code: 'ONLINE1' }),
        { lang },
      );
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        code: 'PAYMENT_UNAVAILABLE',
        message: lang === 'en' ? 'the chosen payment method is currently unavailable' : 'طريقة الدفع المختارة غير متاحة حالياً',
      });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(plain.id)).toBe(10);
    expect(await usesOf(promo.id)).toBe(0);
  });
});

describe('order reads', () => {
  it('finds an order by its number, whatever its case', async () => {
    const plain = await createProduct(ctx.database.db);
    const reply = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]));
    const placed = orderOf(reply.json());
    // The placing browser's cookie: the order in full (tracking-privacy.test.ts covers the rest).
    const placedHere = reply.cookies.find((cookie) => cookie.name === 'placed_orders')!.value;
    const response = await call('GET', `/api/orders/number/${placed.order_number.toLowerCase()}`, undefined, {
      cookies: { placed_orders: placedHere },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(orderOf(response.json())).toEqual({ ...placed, customer_view: 'full' });
    const arabic = orderOf((await get(`/api/orders/number/${placed.order_number}`, 'ar')).json());
    expect(arabic.city_name).toBe('السالمية');
    expect(await ctx.database.db.select().from(orderItems).where(eq(orderItems.order_id, placed.id))).toHaveLength(1);
  });

  it('answers an unknown number 404 and a malformed one 400', async () => {
    const unknown = await get('/api/orders/number/SB-0000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'order not found' });
    expect((await get('/api/orders/number/SB-0000000000', 'ar')).json()).toMatchObject({
      message: 'طلب غير موجود',
    });
    for (const malformed of ['123', 'SB-ILOU000000', 'SB-00000000000']) {
      const response = await get(`/api/orders/number/${malformed}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json()).details).toEqual([
        { field: 'orderNumber', message: 'The order number is invalid' },
      ]);
    }
  });

  it('limits order number lookups per address', async () => {
    const address = '203.0.113.9';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await get('/api/orders/number/SB-0000000001', 'en', address)).statusCode).toBe(404);
    }
    const limited = await get('/api/orders/number/SB-0000000001', 'en', address);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json()).code).toBe('RATE_LIMITED');
  });

  it('lists the statuses with labels in the request language', async () => {
    const en = await get('/api/orders/statuses');
    expect(en.json()).toEqual({
      success: true,
      statuses: [
        { value: 'pending', label: 'Pending' },
        { value: 'processing', label: 'Processing' },
        { value: 'shipped', label: 'Shipped' },
        { value: 'delivered', label: 'Delivered' },
        { value: 'cancelled', label: 'Cancelled' },
        { value: 'refunded', label: 'Refunded' },
        { value: 'completed', label: 'Completed' },
      ],
    });
    const ar = await get('/api/orders/statuses', 'ar');
    expect(ar.json<{ statuses: Array<{ label: string }> }>().statuses.map((status) => status.label)).toEqual([
      'قيد الانتظار',
      'قيد المعالجة',
      'تم الشحن',
      'تم التوصيل',
      'ملغي',
      'مسترد',
      'مكتمل',
    ]);
  });

  it('asks for sign-in for my-orders and orders by id', async () => {
    for (const url of ['/api/orders/my-orders', '/api/orders/1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please log in' });
    }
    expect((await get('/api/orders/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/orders: abuse', () => {
  it("never hands one requester's order to another sending the same key", async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const alice = await signedInAs(ctx, 'customer');
    const alicePayload = checkout([{ product_id: plain.id, quantity: 1 }], { name: 'Alice Private', shipping_address: 'Alice street 1' });
    const first = await postOrder(alicePayload, { key: 'shared-key-1', token: alice.token });
    expect(first.statusCode).toBe(201);
    const alicesOrder = orderOf(first.json());

    // Another customer, and a guest, replaying Alice's key (even with her very body) get their own order.
    const bob = await signedInAs(ctx, 'customer');
    const guestPayload = checkout([{ product_id: plain.id, quantity: 1 }], { name: 'Mallory' });
    for (const options of [{ token: bob.token }, {}]) {
      const replayed = await postOrder(guestPayload, { key: 'shared-key-1', ...options });
      expect(replayed.statusCode).toBe(201);
      const order = orderOf(replayed.json());
      expect(order.order_number).not.toBe(alicesOrder.order_number);
      expect(order.name).toBe('Mallory');
      expect(JSON.stringify(replayed.json())).not.toContain('Alice');
    }
    // Alice's own retry still finds her order.
    const retry = await postOrder(alicePayload, { key: 'shared-key-1', token: alice.token });
    expect(retry.statusCode).toBe(200);
    expect(orderOf(retry.json()).order_number).toBe(alicesOrder.order_number);
  });

  it('refuses a key sent again with another body with 422, in both languages', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const payload = checkout([{ product_id: plain.id, quantity: 1 }]);
    const first = await postOrder(payload, { key: 'body-key-1' });
    expect(first.statusCode).toBe(201);
    const cookie = cartCookieOf(first);
    const before = await orderCount();
    for (const lang of ['en', 'ar'] as const) {
      const changed = await postOrder({ ...payload, items: [{ product_id: plain.id, quantity: 3 }] }, { key: 'body-key-1', lang, cookie });
      expect(changed.statusCode).toBe(422);
      const error = errorOf(changed.json());
      expect(error.code).toBe('UNPROCESSABLE');
      expect(error.message).toBe(
        lang === 'en'
          ? 'This Idempotency-Key was used for a different order; use a new key for a new order'
          : 'مفتاح Idempotency-Key هذا استُخدم لطلب مختلف؛ استخدم مفتاحاً جديداً لطلب جديد',
      );
      expect(error.details?.[0]?.field).toBe('Idempotency-Key');
    }
    expect(await orderCount()).toBe(before);
    // Key order inside the body does not matter: the same request is still a retry.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    expect((await postOrder(reordered, { key: 'body-key-1', cookie })).statusCode).toBe(200);
  });

  it('limits orders per client address: the 21st in ten minutes is 429, another address still orders', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 100 });
    const address = '192.0.2.77';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { ip: address });
      expect(response.statusCode).toBe(201);
    }
    const limited = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { ip: address });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json()).code).toBe('RATE_LIMITED');
    const other = await postOrder(checkout([{ product_id: plain.id, quantity: 1 }]), { ip: '192.0.2.78' });
    expect(other.statusCode).toBe(201);
  });

  it('limits orders per e-mail address and per phone number, whatever the client address', async () => {
    const plain = await createProduct(ctx.database.db, { stock_quantity: 100 });
    const line = [{ product_id: plain.id, quantity: 1 }];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postOrder(checkout(line, { email: 'victim@example.com' }))).statusCode).toBe(201);
    }
    const byEmail = await postOrder(checkout(line, { email: ' Victim@Example.com ' }));
    expect(byEmail.statusCode).toBe(429);
    expect(errorOf(byEmail.json())).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many orders with this email or phone number, please try again later',
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postOrder(checkout(line, { phone: '+965 7777 0001' }))).statusCode).toBe(201);
    }
    // The same number written differently is the same phone.
    const byPhone = await postOrder(checkout(line, { phone: '965-7777-0001' }), { lang: 'ar' });
    expect(byPhone.statusCode).toBe(429);
    expect(errorOf(byPhone.json()).message).toBe('طلبات كثيرة جداً بهذا البريد الإلكتروني أو رقم الهاتف، يرجى المحاولة لاحقاً');
    expect((await postOrder(checkout(line))).statusCode).toBe(201);
  });

  it('refuses more than MAX_UNITS_PER_PRODUCT pieces of one product on the line that goes over', async () => {
    const plain = await createProduct(ctx.database.db, { name: 'سبحة يسر', stock_quantity: 100 });
    const rosary = await createRosary(100);
    const before = await orderCount();
    const tooMany = await postOrder(checkout([{ product_id: plain.id, quantity: 11 }]));
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany.json()).details).toEqual([
      { field: 'items.0.quantity', message: 'At most 10 pieces of "سبحة يسر" can be ordered at once' },
    ]);
    // The options of a product add up.
    const split = await postOrder(
      checkout([
        { product_id: plain.id, quantity: 1 },
        { product_id: rosary.id, quantity: 6, selected_attributes: { [fx.sizeId]: fx.small } },
        { product_id: rosary.id, quantity: 5, selected_attributes: { [fx.sizeId]: fx.large } },
      ]),
      { lang: 'ar' },
    );
    expect(split.statusCode).toBe(400);
    expect(errorOf(split.json()).details).toEqual([
      { field: 'items.2.quantity', message: 'لا يمكن طلب أكثر من 10 قطع من "سبحة كهرمان" في الطلب الواحد' },
    ]);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(plain.id)).toBe(100);
    const exactly = await postOrder(checkout([{ product_id: plain.id, quantity: 10 }]));
    expect(exactly.statusCode).toBe(201);
  });
});

describe('POST /api/orders: once-per-customer promo codes', () => {
  const ONCE_EN = 'This code can be used once per customer and has already been used';
  const ONCE_AR = 'هذا الكود يُستخدم مرة واحدة لكل عميل وقد سبق استخدامه';
  let onceCount = 0;

  /** A new once-per-customer code and a product to order with it. */
  async function welcomeCode() {
    onceCount += 1;
    const code = `WELCOMEONCE${onceCount}`;
    const promo = await createPromoCode(ctx.database.db, { code, once_per_customer: true });
    const plain = await createProduct(ctx.database.db, { price: 10_000, stock_quantity: 50 });
    const items = [{ product_id: plain.id, quantity: 1 }];
    return { code, promo, items };
  }

  function expectOnceRefusal(response: { statusCode: number; json(): unknown }, message = ONCE_EN) {
    expect(response.statusCode).toBe(400);
    const body = errorOf(response.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([{ field: 'promo_code', message }]);
  }

  it('refuses a second order of the same account, whatever its e-mail and phone', async () => {
    const { code, promo, items } = await welcomeCode();
    const alice = await signedInAs(ctx, 'customer');
    const first = await postOrder(checkout(items, { promo_code: code }), { token: alice.token });
    expect(first.statusCode).toBe(201);
    const before = await orderCount();
    expectOnceRefusal(await postOrder(checkout(items, { promo_code: code }), { token: alice.token }));
    expectOnceRefusal(
      await postOrder(checkout(items, { promo_code: code.toLowerCase() }), { token: alice.token, lang: 'ar' }),
      ONCE_AR,
    );
    expect(await orderCount()).toBe(before);
    expect(await usesOf(promo.id)).toBe(1);
  });

  it('refuses a guest whose e-mail (in another case) or phone (in another format) used the code', async () => {
    const { code, items } = await welcomeCode();
    const first = checkout(items, { promo_code: code, email: 'Noor.Once@Example.com', phone: '+965 5555-1234' });
    expect((await postOrder(first)).statusCode).toBe(201);
    expectOnceRefusal(await postOrder(checkout(items, { promo_code: code, email: ' noor.once@EXAMPLE.com ' })));
    expectOnceRefusal(await postOrder(checkout(items, { promo_code: code, phone: '(965) 55551234' })));
    // A signed-in customer typing that e-mail is the same customer too.
    const noor = await signedInAs(ctx, 'customer');
    expectOnceRefusal(
      await postOrder(checkout(items, { promo_code: code, email: 'NOOR.ONCE@example.com' }), { token: noor.token }),
    );
  });

  it('lets another customer use the code, and a customer whose order with it was cancelled or refunded', async () => {
    const { code, promo, items } = await welcomeCode();
    expect((await postOrder(checkout(items, { promo_code: code }))).statusCode).toBe(201);
    expect((await postOrder(checkout(items, { promo_code: code }))).statusCode).toBe(201);

    const payload = checkout(items, { promo_code: code });
    const first = await postOrder(payload);
    expect(first.statusCode).toBe(201);
    expectOnceRefusal(await postOrder(payload));
    for (const status of ['cancelled', 'refunded'] as const) {
      await ctx.database.db
        .update(orders)
        .set({ status })
        .where(eq(orders.promo_code_id, promo.id));
      const again = await postOrder(payload);
      expect(again.statusCode).toBe(201);
    }
    expectOnceRefusal(await postOrder(payload));
    // A code without the rule stays usable by one customer again and again.
    await createPromoCode(ctx.database.db, { code: 'MANYTIMES' });
    for (let i = 0; i < 2; i += 1) {
      expect((await postOrder({ ...payload, promo_code: 'MANYTIMES' })).statusCode).toBe(201);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'lets exactly one of simultaneous orders of one customer use the code (PostgreSQL)',
    async () => {
      const { code, promo, items } = await welcomeCode();
      const alice = await signedInAs(ctx, 'customer');
      // Each with its own e-mail and phone: only the account ties them together.
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => postOrder(checkout(items, { promo_code: code }), { token: alice.token })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400]);
      for (const response of responses.filter((r) => r.statusCode === 400)) expectOnceRefusal(response);
      expect(await usesOf(promo.id)).toBe(1);

      // And one guest e-mail on several requests at once.
      const guest = await welcomeCode();
      const sameEmail = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          postOrder(
            checkout(guest.items, { promo_code: guest.code, email: index % 2 ? 'twice@once.test' : 'TWICE@Once.test' }),
          ),
        ),
      );
      expect(sameEmail.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      expect(await usesOf(guest.promo.id)).toBe(1);
    },
  );

  it('tells the cart when the shopper already used the code, without using it up', async () => {
    const { code, items } = await welcomeCode();
    const sara = await signedInAs(ctx, 'customer');
    const validate = (body: Record<string, unknown>, token?: string) =>
      call('POST', '/api/promo-codes/validate', { code, total: 10, ...body }, { lang: 'en', token });
    const fresh = await validate({}, sara.token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ code, once_per_customer: true });

    const payload = checkout(items, { promo_code: code });
    expect((await postOrder(payload, { token: sara.token })).statusCode).toBe(201);
    const refused = (response: { statusCode: number; json(): unknown }) => {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.json()).details).toEqual([{ field: 'code', message: ONCE_EN }]);
    };
    refused(await validate({}, sara.token));
    refused(await validate({ email: String(payload.email).toUpperCase() }));
    refused(await validate({ phone: String(payload.phone).replace(/\s/g, '-') }));
    refused(
      await call('POST', '/api/promo-codes/apply', { code, orderAmount: 10, phone: String(payload.phone) }, { lang: 'en' }),
    );
    // Nothing known about the shopper, or another shopper: the code applies.
    expect((await validate({})).statusCode).toBe(200);
    expect((await validate({ email: 'someone.else@once.test', phone: '+965 9999 0000' })).statusCode).toBe(200);
  });
});
