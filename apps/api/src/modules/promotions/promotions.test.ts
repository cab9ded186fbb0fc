import { eq } from 'drizzle-orm';
import { PROMO_RATE_LIMIT_PER_MINUTE } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { promoCodes } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { createPromoCode, saveStoreSettings } from '../../seed/factories.js';

let ctx: TestContext;

const HOUR_MS = 60 * 60 * 1000;

/** Every call comes from its own address, so only the rate-limit test meets the limit. */
const call = apiCaller(() => ctx.app);
const post = (url: string, payload: Record<string, unknown>, lang: TestLang = 'en', ip?: string) =>
  call('POST', url, payload, { lang, ip });

const validate = (code: unknown, total: unknown, lang: TestLang = 'en') =>
  post('/api/promo-codes/validate', { code, total }, lang);

async function usedCount(code: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used_count: promoCodes.used_count })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return row!.used_count;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const now = Date.now();
  await createPromoCode(db, { code: 'RAMADAN10', discount_value: 10, min_order_amount: 10_000 });
  await createPromoCode(db, {
    code: 'WELCOME5',
    discount_type: 'fixed',
    discount_value: 5_000,
    min_order_amount: 2_000,
  });
  await createPromoCode(db, { code: 'FREE100', discount_value: 100 });
  await createPromoCode(db, { code: 'PAUSED', is_active: false });
  await createPromoCode(db, { code: 'SOON', valid_from: new Date(now + 24 * HOUR_MS) });
  await createPromoCode(db, {
    code: 'EID2025',
    valid_from: new Date(now - 48 * HOUR_MS),
    valid_until: new Date(now - 24 * HOUR_MS),
  });
  await createPromoCode(db, { code: 'GONE', max_uses: 3, used_count: 3 });
  await createPromoCode(db, { code: 'LIMITED', max_uses: 2 });
  await createPromoCode(db, { code: 'RACE5', max_uses: 5 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/promo-codes/validate', () => {
  it('gives a percentage discount in decimals, rounded down to the fils', async () => {
    const response = await validate('RAMADAN10', 12.345);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      code: 'RAMADAN10',
      discount: 1.234,
      discount_type: 'percentage',
      discount_value: 10,
      once_per_customer: false,
      message: 'Promo code applied',
    });
    expect((await validate('RAMADAN10', 25, 'ar')).json()).toMatchObject({
      discount: 2.5,
      message: 'تم تطبيق كود الخصم',
    });
  });

  it('matches codes whatever their case and surrounding spaces', async () => {
    const response = await validate('  ramadan10 ', 30);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'RAMADAN10', discount: 3 });
  });

  it('gives a fixed amount, capped at the subtotal, with its value in decimals', async () => {
    expect((await validate('welcome5', 20)).json()).toMatchObject({
      discount: 5,
      discount_type: 'fixed',
      discount_value: 5,
    });
    expect((await validate('WELCOME5', 3.75)).json()).toMatchObject({ discount: 3.75 });
    expect((await validate('FREE100', 17.5)).json()).toMatchObject({ discount: 17.5 });
  });

  it('accepts a subtotal exactly at the minimum order', async () => {
    expect((await validate('RAMADAN10', 10)).json()).toMatchObject({ success: true, discount: 1 });
  });

  it('does not use the code up', async () => {
    await validate('LIMITED', 10);
    await validate('LIMITED', 10);
    await validate('LIMITED', 10);
    expect(await usedCount('LIMITED')).toBe(0);
    expect((await validate('LIMITED', 10)).statusCode).toBe(200);
  });

  const refusals: Array<[string, number, string, string]> = [
    ['NOSUCHCODE', 50, 'This promo code does not exist', 'كود الخصم غير صحيح'],
    ['PAUSED', 50, 'This promo code is not active', 'كود الخصم غير مفعّل'],
    ['SOON', 50, 'This promo code is not valid yet', 'كود الخصم لم يبدأ بعد'],
    ['eid2025', 50, 'This promo code has expired', 'انتهت صلاحية كود الخصم'],
    [
      'GONE',
      50,
      'This promo code has reached its maximum number of uses',
      'تم استخدام كود الخصم الحد الأقصى من المرات',
    ],
    [
      'RAMADAN10',
      9.999,
      'The minimum order for this promo code is 10.000 KD',
      // Arabic replies write the default symbol in Arabic (decision 017).
      'الحد الأدنى للطلب لاستخدام هذا الكود 10.000 د.ك',
    ],
  ];

  it.each(refusals)('refuses %s with its reason in both languages', async (code, total, en, ar) => {
    const english = await validate(code, total, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: en,
      details: [{ field: 'code', message: en }],
    });
    const arabic = await validate(code, total, 'ar');
    expect(arabic.json()).toMatchObject({ message: ar, details: [{ field: 'code', message: ar }] });
  });

  it('names the store currency in the minimum-order message', async () => {
    await saveStoreSettings(ctx.database.db, { currency_symbol: 'د.ك' });
    try {
      const response = await validate('WELCOME5', 1.5);
      expect(response.json().message).toBe('The minimum order for this promo code is 2.000 د.ك');
    } finally {
      await saveStoreSettings(ctx.database.db, { currency_symbol: null });
    }
  });

  it('refuses an empty code and a missing or negative total', async () => {
    const empty = await validate('   ', 10);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'code', message: 'Please enter a promo code' }]);
    expect((await validate('', 10, 'ar')).json().details[0].message).toBe('يرجى إدخال كود الخصم');
    const missing = await post('/api/promo-codes/validate', { code: 'RAMADAN10' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('total');
    const negative = await validate('RAMADAN10', -1);
    expect(negative.json().details).toEqual([
      { field: 'total', message: 'The amount must be a number of 0 or more' },
    ]);
    expect((await validate('RAMADAN10', '25')).statusCode).toBe(400);
  });
});

describe('POST /api/promo-codes/apply', () => {
  it('answers like validate, from orderAmount', async () => {
    const response = await post('/api/promo-codes/apply', { code: 'ramadan10', orderAmount: 40.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      code: 'RAMADAN10',
      discount: 4.05,
      discount_type: 'percentage',
      discount_value: 10,
      once_per_customer: false,
      message: 'Promo code applied',
    });
    const refused = await post('/api/promo-codes/apply', { code: 'EID2025', orderAmount: 40 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'code', message: 'This promo code has expired' },
    ]);
    const missing = await post('/api/promo-codes/apply', { code: 'RAMADAN10', total: 40 });
    expect(missing.json().details[0].field).toBe('orderAmount');
  });
});

describe('rate limit', () => {
  it(`answers 429 RATE_LIMITED after ${PROMO_RATE_LIMIT_PER_MINUTE} guesses a minute from one address`, async () => {
    const address = '192.0.2.77';
    for (let attempt = 0; attempt < PROMO_RATE_LIMIT_PER_MINUTE; attempt += 1) {
      const response = await post(
        '/api/promo-codes/validate',
        { code: `GUESS${attempt}`, total: 10 },
        'en',
        address,
      );
      expect(response.statusCode).toBe(400);
    }
    const limited = await post(
      '/api/promo-codes/validate',
      { code: 'RAMADAN10', total: 50 },
      'en',
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again shortly',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Other shoppers are not affected.
    expect((await validate('RAMADAN10', 50)).statusCode).toBe(200);
  });
});

describe('promoDiscount and countPromoUse (a checkout\'s use of a code)', () => {
  /** The discount, then the use counted, in the caller's transaction, as a checkout does. */
  const redeem = async (tx: Executor, code: string, subtotal: number, now?: Date) => {
    const { promotions } = ctx.app.services;
    const discount = await promotions.promoDiscount(tx, code, subtotal, now);
    await promotions.countPromoUse(tx, discount);
    return discount;
  };

  it('uses a code once inside the transaction and returns the discount in thousandths', async () => {
    const result = await ctx.database.db.transaction((tx) =>
      redeem(tx, ' limited ', 20_000),
    );
    expect(result).toMatchObject({
      code: 'LIMITED',
      discount: 2_000,
      discount_type: 'percentage',
      discount_value: 10,
    });
    expect(await usedCount('LIMITED')).toBe(1);
    await ctx.database.db.transaction((tx) => redeem(tx, 'LIMITED', 5_000));
    expect(await usedCount('LIMITED')).toBe(2);
    await expect(
      ctx.database.db.transaction((tx) => redeem(tx, 'LIMITED', 5_000)),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', messageKey: 'promo.used_up' });
    expect(await usedCount('LIMITED')).toBe(2);
  });

  it('throws the same refusals as validation and counts nothing', async () => {
    const now = new Date();
    const cases: Array<[string, number, string]> = [
      ['NOPE', 10_000, 'promo.not_found'],
      ['PAUSED', 10_000, 'promo.inactive'],
      ['SOON', 10_000, 'promo.not_started'],
      ['EID2025', 10_000, 'promo.expired'],
      ['GONE', 10_000, 'promo.used_up'],
      ['RAMADAN10', 9_999, 'promo.below_minimum'],
    ];
    for (const [code, subtotal, messageKey] of cases) {
      await expect(
        ctx.database.db.transaction((tx) => redeem(tx, code, subtotal, now)),
        code,
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', messageKey });
    }
    expect(await usedCount('RAMADAN10')).toBe(0);
  });

  it('is undone with the caller’s transaction', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await redeem(tx, 'RAMADAN10', 50_000);
        throw new Error('order failed');
      }),
    ).rejects.toThrow('order failed');
    expect(await usedCount('RAMADAN10')).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'never lets concurrent orders use a code more than its maximum',
    async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          ctx.database.db.transaction((tx) => redeem(tx, 'RACE5', 10_000)),
        ),
      );
      const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
      const refused = attempts.filter((attempt) => attempt.status === 'rejected');
      expect(succeeded).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const attempt of refused) {
        expect((attempt as PromiseRejectedResult).reason).toMatchObject({
          messageKey: 'promo.used_up',
        });
      }
      expect(await usedCount('RACE5')).toBe(5);
    },
  );
});

describe('database constraints', () => {
  it('keeps codes upper-case and values sane', async () => {
    const db = ctx.database.db;
    await expect(createPromoCode(db, { code: 'lower1' })).rejects.toThrow();
    await expect(createPromoCode(db, { discount_value: 101 })).rejects.toThrow();
    await expect(createPromoCode(db, { discount_value: 0 })).rejects.toThrow();
    await expect(createPromoCode(db, { max_uses: 2, used_count: 3 })).rejects.toThrow();
    await expect(
      createPromoCode(db, {
        valid_from: new Date('2026-02-01T00:00:00Z'),
        valid_until: new Date('2026-01-01T00:00:00Z'),
      }),
    ).rejects.toThrow();
    await expect(createPromoCode(db, { code: 'RAMADAN10' })).rejects.toThrow();
    const large = await createPromoCode(db, { discount_type: 'fixed', discount_value: 250_000 });
    expect(large.discount_value).toBe(250_000);
  });
});
