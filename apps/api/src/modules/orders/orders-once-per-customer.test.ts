import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  call,
  checkout,
  ctx,
  errorOf,
  orderCount,
  postOrder,
  useOrdersShop,
  usesOf,
} from '../../../test-support/orders.js';
import { signedInAs } from '../../../test-support/staff.js';
import { orders } from '../../db/schema/index.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';

useOrdersShop();

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
