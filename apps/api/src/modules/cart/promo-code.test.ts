import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PROMO_RATE_LIMIT_PER_MINUTE,
  type AuthResponse,
  type CartResponse,
  type ErrorResponse,
  type OrderResponse,
} from '@shop/shared';
import { apiCaller, nextTestIp, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { promoCodes } from '../../db/schema/index.js';
import {
  createCity,
  createCountry,
  createGovernorate,
  createProduct,
  createPromoCode,
} from '../../seed/factories.js';

/**
 * The promo code kept with the cart: applied once in the cart, it follows the
 * shopper to checkout and into the order, checked again against the subtotal on every read.
 */

let ctx: TestContext;
const call = apiCaller(() => ctx.app);

interface Fixture {
  /** 12.500 each, plenty in stock. */
  rosary: number;
  country: number;
  governorate: number;
  city: number;
}
let fx: Fixture;

/** A shopper with their own cart cookie (and, once signed in, their token). */
function shopper(lang: TestLang = 'en') {
  let cookie: string | undefined;
  let token: string | undefined;
  const ip = nextTestIp();
  return {
    get cookie() {
      return cookie;
    },
    signIn(value: string) {
      token = value;
    },
    async call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: Record<string, unknown>,
    ) {
      const response = await call(method, url, payload, {
        lang,
        ip,
        token,
        cookies: cookie ? { cart: cookie } : undefined,
      });
      const set = response.cookies.find((entry) => entry.name === 'cart');
      if (set?.value) cookie = set.value;
      return response;
    },
  };
}
type Shopper = ReturnType<typeof shopper>;

const cartOf = (response: { json(): unknown }) => response.json() as CartResponse;
const errorOf = (response: { json(): unknown }) => response.json() as ErrorResponse;

let contactCount = 0;
function checkoutBody(extra: Record<string, unknown> = {}) {
  contactCount += 1;
  return {
    name: 'Fatima Ali',
    email: `promo.${contactCount}@example.com`,
    phone: `+965 5${String(contactCount).padStart(3, '0')} 4321`,
    shipping_address: 'Block 5, Street 10, House 3',
    country_id: fx.country,
    governorate_id: fx.governorate,
    city_id: fx.city,
    payment_method: 'cash_on_delivery',
    ...extra,
  };
}

async function addRosaries(who: Shopper, quantity: number) {
  const response = await who.call('POST', '/api/cart/add', {
    product_id: fx.rosary,
    quantity,
    selected_attributes: {},
  });
  expect(response.statusCode).toBe(200);
  return cartOf(response);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const rosary = await createProduct(db, {
    name: 'سبحة كهرمان',
    price: 12_500,
    stock_quantity: 500,
  });
  // 10% off from 20.000; 5.000 off without a minimum; a paused code.
  await createPromoCode(db, { code: 'RAMADAN10', discount_value: 10, min_order_amount: 20_000 });
  await createPromoCode(db, { code: 'FIVEOFF', discount_type: 'fixed', discount_value: 5_000 });
  await createPromoCode(db, { code: 'PAUSED', is_active: false });
  const country = await createCountry(db, { name_en: 'Kuwait' });
  const governorate = await createGovernorate(db, { country_id: country.id });
  const city = await createCity(db, {
    country_id: country.id,
    governorate_id: governorate.id,
    shipping_fee: 2_000,
  });
  fx = { rosary: rosary.id, country: country.id, governorate: governorate.id, city: city.id };
});

afterAll(async () => {
  await ctx?.close();
});

describe('PUT /api/cart/promo-code', () => {
  it('keeps the code with the cart: every later read shows it with its discount', async () => {
    const guest = shopper();
    await addRosaries(guest, 2);
    const applied = await guest.call('PUT', '/api/cart/promo-code', { code: ' ramadan10 ' });
    expect(applied.statusCode).toBe(200);
    expect(cartOf(applied).promo).toEqual({
      code: 'RAMADAN10',
      discount: 2.5,
      discount_type: 'percentage',
      discount_value: 10,
      once_per_customer: false,
    });
    const later = cartOf(await guest.call('GET', '/api/cart'));
    expect(later.summary.total).toBe(25);
    expect(later.promo).toMatchObject({ code: 'RAMADAN10', discount: 2.5 });
    expect(later.promo_notice).toBeNull();
  });

  it("refuses a code that does not apply with the reason on `code`, in the shopper's language", async () => {
    const guest = shopper('ar');
    await addRosaries(guest, 1);
    const unknown = await guest.call('PUT', '/api/cart/promo-code', { code: 'NOPE123' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'كود الخصم غير صحيح',
      details: [{ field: 'code', message: 'كود الخصم غير صحيح' }],
    });
    const paused = await guest.call('PUT', '/api/cart/promo-code', { code: 'PAUSED' });
    expect(paused.statusCode).toBe(400);
    expect(errorOf(paused).message).toBe('كود الخصم غير مفعّل');
    // 12.500 is below the 20.000 minimum: the amount and the store's symbol are named.
    const below = await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).details?.[0]).toMatchObject({ field: 'code' });
    expect(errorOf(below).message).toBe('الحد الأدنى للطلب لاستخدام هذا الكود 20.000 د.ك');
    expect(cartOf(await guest.call('GET', '/api/cart')).promo).toBeNull();
  });

  it('refuses an empty code, and a code for an empty cart, without a 500', async () => {
    const guest = shopper();
    const noCart = await guest.call('PUT', '/api/cart/promo-code', { code: 'FIVEOFF' });
    expect(noCart.statusCode).toBe(400);
    expect(errorOf(noCart).details?.[0]).toEqual({
      field: 'code',
      message: 'Your cart is empty. Please add items to your cart before checkout.',
    });
    await addRosaries(guest, 1);
    const blank = await guest.call('PUT', '/api/cart/promo-code', { code: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).details?.[0]).toEqual({
      field: 'code',
      message: 'Please enter a promo code',
    });
  });

  it('is rate limited per address like the validate route', async () => {
    const ip = '203.0.113.61';
    for (let attempt = 0; attempt < PROMO_RATE_LIMIT_PER_MINUTE; attempt += 1) {
      const response = await call(
        'PUT',
        '/api/cart/promo-code',
        { code: `GUESS${attempt}` },
        { ip },
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await call('PUT', '/api/cart/promo-code', { code: 'GUESS99' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
  });
});

describe('the cart checks its code again on every read', () => {
  it('drops a code whose minimum is no longer met after removing items, and says why once', async () => {
    const guest = shopper();
    const cart = await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const lowered = await guest.call('PUT', `/api/cart/update/${cart.items[0]!.id}`, {
      quantity: 1,
    });
    expect(lowered.statusCode).toBe(200);
    const body = cartOf(lowered);
    expect(body.promo).toBeNull();
    expect(body.promo_notice).toEqual({
      code: 'RAMADAN10',
      message: 'The minimum order for this promo code is 20.000 KD',
    });
    // Told once: the code is gone from the cart, and coming back over the minimum does not revive it.
    await guest.call('PUT', `/api/cart/update/${cart.items[0]!.id}`, { quantity: 2 });
    const again = cartOf(await guest.call('GET', '/api/cart'));
    expect(again.promo).toBeNull();
    expect(again.promo_notice).toBeNull();
  });

  it('names the minimum with the Arabic symbol in an Arabic notice, as the refusal does', async () => {
    const guest = shopper('ar');
    const cart = await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const lowered = cartOf(
      await guest.call('PUT', `/api/cart/update/${cart.items[0]!.id}`, { quantity: 1 }),
    );
    expect(lowered.promo_notice).toEqual({
      code: 'RAMADAN10',
      message: 'الحد الأدنى للطلب لاستخدام هذا الكود 20.000 د.ك',
    });
  });

  it('drops a code switched off in the back office since it was applied', async () => {
    const code = await createPromoCode(ctx.database.db, { code: 'SHORTLIVED' });
    const guest = shopper('ar');
    await addRosaries(guest, 1);
    expect(
      (await guest.call('PUT', '/api/cart/promo-code', { code: 'SHORTLIVED' })).statusCode,
    ).toBe(200);
    await ctx.database.db
      .update(promoCodes)
      .set({ is_active: false })
      .where(eq(promoCodes.id, code.id));
    const body = cartOf(await guest.call('GET', '/api/cart'));
    expect(body.promo).toBeNull();
    expect(body.promo_notice).toEqual({ code: 'SHORTLIVED', message: 'كود الخصم غير مفعّل' });
  });

  it('follows a percentage discount as the subtotal grows', async () => {
    const guest = shopper();
    await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const grown = await addRosaries(guest, 2);
    expect(grown.promo).toMatchObject({ code: 'RAMADAN10', discount: 5 });
  });
});

describe('DELETE /api/cart/promo-code', () => {
  it('takes the code out of the cart', async () => {
    const guest = shopper();
    await addRosaries(guest, 1);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'FIVEOFF' });
    const removed = await guest.call('DELETE', '/api/cart/promo-code');
    expect(removed.statusCode).toBe(200);
    expect(cartOf(removed)).toMatchObject({ promo: null, promo_notice: null });
    expect(cartOf(removed).items).toHaveLength(1);
    expect(cartOf(await guest.call('GET', '/api/cart')).promo).toBeNull();
  });

  it('answers an empty cart to a shopper without one', async () => {
    const response = await shopper().call('DELETE', '/api/cart/promo-code');
    expect(response.statusCode).toBe(200);
    expect(cartOf(response)).toMatchObject({ items: [], promo: null });
  });

  it('is forgotten when the cart is cleared', async () => {
    const guest = shopper();
    await addRosaries(guest, 1);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'FIVEOFF' });
    await guest.call('DELETE', '/api/cart/clear');
    const refilled = await addRosaries(guest, 1);
    expect(refilled.promo).toBeNull();
  });
});

describe('the promo code carried into the order', () => {
  it("gives the cart's code to an order of the cart that names no code, and forgets it afterwards", async () => {
    const guest = shopper();
    await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const placed = await guest.call('POST', '/api/orders', checkoutBody());
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json() as OrderResponse;
    expect(order.promo_code).toBe('RAMADAN10');
    expect(order.discount_amount).toBe(2.5);
    expect(order.total_amount).toBe(24.5);
    // The cart is empty and its code forgotten.
    const refilled = await addRosaries(guest, 2);
    expect(refilled.promo).toBeNull();
  });

  it('uses the code the checkout sends, as it is shown', async () => {
    const guest = shopper();
    await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const placed = await guest.call(
      'POST',
      '/api/orders',
      checkoutBody({ promo_code: 'RAMADAN10' }),
    );
    expect(placed.statusCode).toBe(201);
    expect((placed.json() as OrderResponse).order).toMatchObject({
      discount_amount: 2.5,
      total_amount: 24.5,
    });
  });

  it('places no discount once the shopper removed the code', async () => {
    const guest = shopper();
    await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    await guest.call('DELETE', '/api/cart/promo-code');
    const placed = await guest.call('POST', '/api/orders', checkoutBody({ promo_code: null }));
    expect(placed.statusCode).toBe(201);
    expect((placed.json() as OrderResponse).order).toMatchObject({
      promo_code: null,
      discount_amount: 0,
      total_amount: 27,
    });
  });

  it("refuses the order on promo_code when the cart's code stopped applying, then the cart is without it", async () => {
    const code = await createPromoCode(ctx.database.db, { code: 'LASTCALL' });
    const guest = shopper();
    await addRosaries(guest, 1);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'LASTCALL' });
    await ctx.database.db
      .update(promoCodes)
      .set({ is_active: false })
      .where(eq(promoCodes.id, code.id));
    const refused = await guest.call('POST', '/api/orders', checkoutBody());
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details?.[0]).toMatchObject({ field: 'promo_code' });
    expect(cartOf(await guest.call('GET', '/api/cart')).promo).toBeNull();
  });
});

describe('guest cart merged at login', () => {
  async function registered() {
    contactCount += 1;
    const email = `merge.${contactCount}@example.com`;
    const response = await call('POST', '/api/auth/register', {
      name: 'Merge Test',
      email,
      password: 'secret123',
    });
    expect(response.statusCode).toBe(201);
    return { email, token: response.json<AuthResponse>().token };
  }

  async function logIn(email: string, guest: Shopper) {
    const login = await call(
      'POST',
      '/api/auth/login',
      { email, password: 'secret123' },
      { cookies: { cart: guest.cookie! } },
    );
    expect(login.statusCode).toBe(200);
    return login.json<AuthResponse>().token;
  }

  it("keeps the guest's code when the user's cart has none", async () => {
    const { email } = await registered();
    const guest = shopper();
    await addRosaries(guest, 2);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const token = await logIn(email, guest);
    const cart = cartOf(await call('GET', '/api/cart', undefined, { token }));
    expect(cart.items[0]!.quantity).toBe(2);
    expect(cart.promo).toMatchObject({ code: 'RAMADAN10', discount: 2.5 });
  });

  it("keeps the user's own code over the guest's", async () => {
    const { email, token: first } = await registered();
    const user = shopper();
    user.signIn(first);
    await addRosaries(user, 1);
    await user.call('PUT', '/api/cart/promo-code', { code: 'FIVEOFF' });
    const guest = shopper();
    await addRosaries(guest, 1);
    await guest.call('PUT', '/api/cart/promo-code', { code: 'RAMADAN10' });
    const token = await logIn(email, guest);
    const cart = cartOf(await call('GET', '/api/cart', undefined, { token }));
    expect(cart.items[0]!.quantity).toBe(2);
    expect(cart.promo).toMatchObject({ code: 'FIVEOFF', discount: 5 });
  });
});

describe('delivery fees in the cart reply', () => {
  it('names the lowest and highest fee of the active cities, never a fee of an inactive one', async () => {
    const db = ctx.database.db;
    await createCity(db, { country_id: fx.country, governorate_id: fx.governorate, shipping_fee: 3_000 });
    await createCity(db, {
      country_id: fx.country,
      governorate_id: fx.governorate,
      shipping_fee: 500,
      is_active: false,
    });
    const cart = cartOf(await shopper().call('GET', '/api/cart'));
    expect(cart.shipping_fees).toEqual({ lowest: 2, highest: 3 });
  });
});
