import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  checkout,
  createRosary,
  ctx,
  errorOf,
  fx,
  orderCount,
  orderOf,
  postOrder,
  stockOf,
  useOrdersShop,
  usesOf,
} from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { orders } from '../../db/schema/index.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

useOrdersShop();

/** The guest cart cookie a reply gave: a guest's Idempotency-Key belongs to it (decision 039). */
const cartCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((entry) => entry.name === 'cart')!.value;

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
