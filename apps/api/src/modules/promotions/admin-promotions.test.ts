import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kuwaitDateOf, type AdminPromoCode, type OrderResponse } from '@shop/shared';
import { createSalmiya } from '../../../test-support/places.js';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller, type TestHttpMethod, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, orders, promoCodes } from '../../db/schema/index.js';
import {
  createProduct,
  createPromoCode,
} from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

/** A full form, valid unless `overrides` break it. */
let codeCount = 0;
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  codeCount += 1;
  return {
    code: `TEST${codeCount}`,
    description: 'خصم تجريبي',
    discount_type: 'percentage',
    discount_value: 10,
    min_order_amount: null,
    max_uses: null,
    valid_from: null,
    valid_until: null,
    is_active: true,
    once_per_customer: false,
    ...overrides,
  };
}

const asAdmin = (method: TestHttpMethod, url: string, payload?: Record<string, unknown>, lang: TestLang = 'en') =>
  call(method, url, payload, { token: admin.token, lang });

async function createViaApi(overrides: Record<string, unknown> = {}): Promise<AdminPromoCode> {
  const reply = await asAdmin('POST', '/api/promo-codes', form(overrides));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().promo_code as AdminPromoCode;
}

async function stored(id: number) {
  const [row] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

async function auditRows(id: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'promo_codes'), eq(auditLog.entity_id, id)))
    .orderBy(desc(auditLog.id));
}

describe('permissions', () => {
  it('refuses every promo code route without a session, to customers and to moderators', async () => {
    const target = await createPromoCode(ctx.database.db, { code: 'GUARDED1', description: 'محمي' });
    const routes: Array<[TestHttpMethod, string]> = [
      ['GET', '/api/promo-codes'],
      ['GET', `/api/promo-codes/${target.id}`],
      ['POST', '/api/promo-codes'],
      ['PUT', `/api/promo-codes/${target.id}`],
      ['DELETE', `/api/promo-codes/${target.id}`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? form() : undefined;
      const guest = await call(method, url, payload);
      expect(guest.statusCode, `${method} ${url} guest`).toBe(401);
      for (const who of [customer, moderator]) {
        for (const lang of ['en', 'ar'] as const) {
          const reply = await call(method, url, payload, { token: who.token, lang });
          expect(reply.statusCode, `${method} ${url}`).toBe(403);
          expect(reply.json()).toMatchObject({
            success: false,
            code: 'FORBIDDEN',
            message: lang === 'en' ? 'You do not have permission to do this' : 'ليس لديك صلاحية للقيام بهذا',
          });
        }
      }
    }
    expect(await stored(target.id)).toMatchObject({ code: 'GUARDED1', description: 'محمي' });
    expect(await auditRows(target.id)).toEqual([]);
  });
});

describe('POST /api/promo-codes', () => {
  it('creates a code: trimmed and upper-cased, with the defaults, its dates as Kuwait days, and an audit entry', async () => {
    const reply = await asAdmin('POST', '/api/promo-codes', {
      code: '  eid2026 ',
      description: '  خصم العيد ',
      discount_value: '15',
      valid_from: '2026-03-20',
      valid_until: '2026-03-22',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const created = reply.json().promo_code as AdminPromoCode;
    expect(created).toMatchObject({
      code: 'EID2026',
      description: 'خصم العيد',
      discount_type: 'percentage',
      discount_value: 15,
      min_order_amount: null,
      max_uses: null,
      used_count: 0,
      is_active: true,
      once_per_customer: false,
      valid_from: '2026-03-20',
      valid_until: '2026-03-22',
    });
    const row = await stored(created.id);
    // From 20 March 00:00 in Kuwait to the end of 22 March in Kuwait.
    expect(row!.valid_from!.toISOString()).toBe('2026-03-19T21:00:00.000Z');
    expect(row!.valid_until!.toISOString()).toBe('2026-03-22T21:00:00.000Z');
    expect(row!.discount_value).toBe(15);

    const [entry] = await auditRows(created.id);
    expect(entry).toMatchObject({ action: 'create', actor_id: admin.user.id, actor_email: admin.user.email });
    expect(entry!.changes).toMatchObject({ code: { from: null, to: 'EID2026' }, discount_value: { from: null, to: 15 } });
  });

  it('stores a fixed discount and a minimum order in fils and gives them back in decimals', async () => {
    const created = await createViaApi({
      discount_type: 'fixed',
      discount_value: 1.5,
      min_order_amount: '10.250',
      max_uses: '50',
      once_per_customer: true,
      is_active: false,
    });
    expect(created).toMatchObject({
      discount_type: 'fixed',
      discount_value: 1.5,
      min_order_amount: 10.25,
      max_uses: 50,
      once_per_customer: true,
      is_active: false,
      state: 'inactive',
    });
    expect(await stored(created.id)).toMatchObject({ discount_value: 1_500, min_order_amount: 10_250 });
  });

  it('allows a one-day code (the same first and last day)', async () => {
    const created = await createViaApi({ valid_from: '2026-05-20', valid_until: '2026-05-20' });
    expect(created).toMatchObject({ valid_from: '2026-05-20', valid_until: '2026-05-20' });
  });

  it('refuses each broken field on its field, in both languages, writing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ code: '' }, 'code', 'The promo code is required', 'كود الخصم مطلوب'],
      [{ code: 'ab' }, 'code', 'The promo code must be at least 3 characters', 'كود الخصم يجب أن يكون 3 أحرف على الأقل'],
      [{ code: 'A'.repeat(31) }, 'code', 'The promo code must be at most 30 characters', 'كود الخصم يجب ألا يزيد على 30 حرفاً'],
      [
        { code: 'EID-10' },
        'code',
        'The promo code may only contain capital letters A-Z and digits 0-9',
        'كود الخصم يجب أن يتكون من أحرف إنجليزية كبيرة (A-Z) وأرقام (0-9) فقط',
      ],
      [{ description: '   ' }, 'description', 'The description is required', 'وصف الكوبون مطلوب'],
      [
        { description: 'x'.repeat(501) },
        'description',
        'The description must be at most 500 characters',
        'وصف الكوبون يجب ألا يزيد على 500 حرف',
      ],
      [
        { discount_type: 'free' },
        'discount_type',
        'The discount type must be percentage or fixed',
        'نوع الخصم يجب أن يكون نسبة مئوية أو مبلغاً ثابتاً',
      ],
      [
        { discount_value: 0 },
        'discount_value',
        'The discount value must be a number above 0 with at most 3 decimals',
        'قيمة الخصم يجب أن تكون رقماً أكبر من صفر بثلاث خانات عشرية على الأكثر',
      ],
      [
        { discount_value: -5 },
        'discount_value',
        'The discount value must be a number above 0 with at most 3 decimals',
        'قيمة الخصم يجب أن تكون رقماً أكبر من صفر بثلاث خانات عشرية على الأكثر',
      ],
      [
        { discount_value: 'ten' },
        'discount_value',
        'The discount value must be a number above 0 with at most 3 decimals',
        'قيمة الخصم يجب أن تكون رقماً أكبر من صفر بثلاث خانات عشرية على الأكثر',
      ],
      [
        { discount_value: 12.5 },
        'discount_value',
        'The percentage must be a whole number from 1 to 100',
        'النسبة المئوية يجب أن تكون رقماً صحيحاً من 1 إلى 100',
      ],
      [{ discount_value: 101 }, 'discount_value', 'The percentage must be at most 100', 'النسبة المئوية يجب ألا تزيد على 100'],
      [
        { discount_type: 'fixed', discount_value: 1.2345 },
        'discount_value',
        'The discount value must be a number above 0 with at most 3 decimals',
        'قيمة الخصم يجب أن تكون رقماً أكبر من صفر بثلاث خانات عشرية على الأكثر',
      ],
      [
        { discount_type: 'fixed', discount_value: 1_000_001 },
        'discount_value',
        'The discount amount must be at most 1000000',
        'مبلغ الخصم يجب ألا يزيد على 1000000',
      ],
      [
        { min_order_amount: -1 },
        'min_order_amount',
        'The minimum order must be an amount of 0 or more with at most 3 decimals',
        'الحد الأدنى للطلب يجب أن يكون مبلغاً من 0 فأكثر بثلاث خانات عشرية على الأكثر',
      ],
      [
        { max_uses: 0 },
        'max_uses',
        'The maximum uses must be a whole number from 1 to 1000000',
        'الحد الأقصى للاستخدام يجب أن يكون رقماً صحيحاً من 1 إلى 1000000',
      ],
      [
        { max_uses: 2.5 },
        'max_uses',
        'The maximum uses must be a whole number from 1 to 1000000',
        'الحد الأقصى للاستخدام يجب أن يكون رقماً صحيحاً من 1 إلى 1000000',
      ],
      [
        { valid_from: '2026-02-30' },
        'valid_from',
        'The date must be a real date written YYYY-MM-DD',
        'التاريخ يجب أن يكون تاريخاً صحيحاً بالشكل YYYY-MM-DD',
      ],
      [
        { valid_until: '31/12/2026' },
        'valid_until',
        'The date must be a real date written YYYY-MM-DD',
        'التاريخ يجب أن يكون تاريخاً صحيحاً بالشكل YYYY-MM-DD',
      ],
      [
        { valid_from: '2026-02-01', valid_until: '2026-01-31' },
        'valid_until',
        'The end date must be on or after the start date',
        'تاريخ الانتهاء يجب أن يكون بعد تاريخ البدء أو في اليوم نفسه',
      ],
      [{ is_active: 'maybe' }, 'is_active', 'Enter yes or no', ''],
    ];
    const before = (await ctx.database.db.select({ id: promoCodes.id }).from(promoCodes)).length;
    for (const [overrides, field, english, arabic] of cases) {
      const body = form(overrides);
      const en = await asAdmin('POST', '/api/promo-codes', body, 'en');
      expect(en.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(en.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      if (field === 'is_active') {
        // The shared flag's own message; only its field matters here.
        expect(Object.keys(fieldMessages(en))).toEqual(['is_active']);
        continue;
      }
      expect(fieldMessages(en), JSON.stringify(overrides)).toEqual({ [field]: english });
      const ar = await asAdmin('POST', '/api/promo-codes', body, 'ar');
      expect(fieldMessages(ar), JSON.stringify(overrides)).toEqual({ [field]: arabic });
    }
    expect((await ctx.database.db.select({ id: promoCodes.id }).from(promoCodes)).length).toBe(before);
  });

  it('refuses a code that already exists (any case) with a 409 on the code field', async () => {
    await createViaApi({ code: 'RAMADAN26' });
    for (const [lang, message] of [
      ['en', 'Promo code already exists'],
      ['ar', 'كود الخصم موجود مسبقاً'],
    ] as const) {
      const reply = await asAdmin('POST', '/api/promo-codes', form({ code: ' ramadan26' }), lang);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({
        success: false,
        code: 'CONFLICT',
        message,
        details: [{ field: 'code', message }],
      });
    }
    const rows = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RAMADAN26'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a body that is not JSON', async () => {
    const reply = await call('POST', '/api/promo-codes', '<code>ABC</code>', {
      token: admin.token,
      headers: { 'content-type': 'application/xml' },
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('GET /api/promo-codes', () => {
  it('lists every code newest first with its state now', async () => {
    const now = Date.now();
    const today = kuwaitDateOf(new Date(now));
    const tomorrow = kuwaitDateOf(new Date(now + DAY_MS));
    const yesterday = kuwaitDateOf(new Date(now - DAY_MS));
    const active = await createViaApi({ code: 'STATEACTIVE', valid_until: today });
    const scheduled = await createViaApi({ code: 'STATESOON', valid_from: tomorrow });
    const expired = await createViaApi({ code: 'STATEOVER', valid_until: yesterday });
    const paused = await createViaApi({ code: 'STATEPAUSED', is_active: false });
    const usedUp = await createPromoCode(ctx.database.db, { code: 'STATEGONE', description: 'x', max_uses: 2, used_count: 2 });

    const reply = await asAdmin('GET', '/api/promo-codes');
    expect(reply.statusCode).toBe(200);
    const list = reply.json().promo_codes as AdminPromoCode[];
    const ids = list.map((promo) => promo.id);
    expect(ids.slice(0, 5)).toEqual([usedUp.id, paused.id, expired.id, scheduled.id, active.id]);
    const stateOf = (id: number) => list.find((promo) => promo.id === id)?.state;
    expect(stateOf(active.id)).toBe('active');
    expect(stateOf(scheduled.id)).toBe('scheduled');
    expect(stateOf(expired.id)).toBe('expired');
    expect(stateOf(paused.id)).toBe('inactive');
    expect(stateOf(usedUp.id)).toBe('used_up');
    expect(reply.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/promo-codes/:id', () => {
  it('gives one code, a 404 in both languages for an unknown one and a 400 for a bad id', async () => {
    const created = await createViaApi({ code: 'README1', valid_from: '2026-01-01', valid_until: '2026-12-31' });
    const reply = await asAdmin('GET', `/api/promo-codes/${created.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().promo_code).toEqual(created);

    for (const [lang, message] of [
      ['en', 'Promo code not found'],
      ['ar', 'كوبون الخصم غير موجود'],
    ] as const) {
      const missing = await asAdmin('GET', '/api/promo-codes/987654', undefined, lang);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, code: 'NOT_FOUND', message });
    }
    for (const bad of ['0', 'abc', '1.5', '0x10', '99999999999']) {
      expect((await asAdmin('GET', `/api/promo-codes/${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('PUT /api/promo-codes/:id', () => {
  it('replaces the fields, keeps the uses and records what changed', async () => {
    const created = await createViaApi({ code: 'CHANGEME', max_uses: 10 });
    await ctx.database.db.update(promoCodes).set({ used_count: 3 }).where(eq(promoCodes.id, created.id));
    const reply = await asAdmin(
      'PUT',
      `/api/promo-codes/${created.id}`,
      form({
        code: 'changed1',
        description: 'وصف جديد',
        discount_type: 'fixed',
        discount_value: '2.750',
        max_uses: 3,
        valid_until: '2026-12-31',
      }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().promo_code).toMatchObject({
      id: created.id,
      code: 'CHANGED1',
      description: 'وصف جديد',
      discount_type: 'fixed',
      discount_value: 2.75,
      max_uses: 3,
      used_count: 3,
      valid_until: '2026-12-31',
    });
    const [entry] = await auditRows(created.id);
    expect(entry).toMatchObject({ action: 'update', actor_id: admin.user.id });
    expect(entry!.changes).toMatchObject({
      code: { from: 'CHANGEME', to: 'CHANGED1' },
      discount_type: { from: 'percentage', to: 'fixed' },
      discount_value: { from: 10, to: 2_750 },
      max_uses: { from: 10, to: 3 },
      valid_until: { from: null, to: '2026-12-31T21:00:00.000Z' },
    });
    expect(entry!.changes).not.toHaveProperty('used_count');
  });

  it('keeps its own code, and refuses another code\'s with a 409', async () => {
    const first = await createViaApi({ code: 'MINE1' });
    await createViaApi({ code: 'THEIRS1' });
    expect((await asAdmin('PUT', `/api/promo-codes/${first.id}`, form({ code: 'mine1', description: 'تعديل' }))).statusCode).toBe(200);
    const taken = await asAdmin('PUT', `/api/promo-codes/${first.id}`, form({ code: 'THEIRS1' }), 'ar');
    expect(taken.statusCode).toBe(409);
    expect(fieldMessages(taken)).toEqual({ code: 'كود الخصم موجود مسبقاً' });
    expect((await stored(first.id))?.code).toBe('MINE1');
  });

  it('refuses a maximum below the uses already made, in both languages', async () => {
    const created = await createViaApi({ code: 'POPULAR1' });
    await ctx.database.db.update(promoCodes).set({ used_count: 4 }).where(eq(promoCodes.id, created.id));
    const en = await asAdmin('PUT', `/api/promo-codes/${created.id}`, form({ code: 'POPULAR1', max_uses: 3 }), 'en');
    expect(en.statusCode).toBe(400);
    expect(fieldMessages(en)).toEqual({ max_uses: 'The maximum uses cannot be below the number of times it was used (4)' });
    const ar = await asAdmin('PUT', `/api/promo-codes/${created.id}`, form({ code: 'POPULAR1', max_uses: 3 }), 'ar');
    expect(fieldMessages(ar)).toEqual({ max_uses: 'الحد الأقصى للاستخدام لا يمكن أن يكون أقل من عدد مرات الاستخدام (4)' });
    expect((await stored(created.id))?.max_uses).toBeNull();
    expect((await asAdmin('PUT', `/api/promo-codes/${created.id}`, form({ code: 'POPULAR1', max_uses: 4 }))).statusCode).toBe(200);
  });

  it('refuses a broken form and an unknown id', async () => {
    const created = await createViaApi({ code: 'STAYS1' });
    const broken = await asAdmin('PUT', `/api/promo-codes/${created.id}`, form({ code: 'STAYS1', discount_value: 0 }));
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(broken))).toEqual(['discount_value']);
    const missing = await asAdmin('PUT', '/api/promo-codes/987654', form(), 'ar');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('كوبون الخصم غير موجود');
    expect(await auditRows(created.id)).toHaveLength(1);
  });
});

describe('DELETE /api/promo-codes/:id', () => {
  it('deletes a code with an audit entry; a second delete is a 404', async () => {
    const created = await createViaApi({ code: 'BYEBYE' });
    const reply = await asAdmin('DELETE', `/api/promo-codes/${created.id}`, undefined, 'ar');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, id: created.id, message: 'تم حذف كوبون الخصم بنجاح' });
    expect(await stored(created.id)).toBeUndefined();
    const [entry] = await auditRows(created.id);
    expect(entry).toMatchObject({ action: 'delete', actor_id: admin.user.id });
    expect(entry!.changes).toMatchObject({ code: { from: 'BYEBYE', to: null } });
    const again = await asAdmin('DELETE', `/api/promo-codes/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Promo code not found');
  });
});

describe('validity days in Kuwait time, as the storefront applies them', () => {
  it('lets a code valid until 31 December work until midnight in Kuwait and not after', async () => {
    const { promotions } = ctx.app.services;
    await createViaApi({ code: 'NEWYEAR', valid_from: '2026-12-01', valid_until: '2026-12-31' });
    const at = (iso: string) => new Date(iso);

    const lastMoment = await promotions.validatePromoCode('newyear', 10_000, at('2026-12-31T23:59:59.999+03:00'));
    expect(lastMoment.discount).toBe(1_000);
    await expect(promotions.validatePromoCode('NEWYEAR', 10_000, at('2027-01-01T00:00:00.000+03:00'))).rejects.toMatchObject({
      messageKey: 'promo.expired',
    });
    await expect(promotions.validatePromoCode('NEWYEAR', 10_000, at('2026-11-30T23:59:59.999+03:00'))).rejects.toMatchObject({
      messageKey: 'promo.not_started',
    });
    expect((await promotions.validatePromoCode('NEWYEAR', 10_000, at('2026-12-01T00:00:00.000+03:00'))).discount).toBe(1_000);

    // An order's discount, read in its transaction, draws the same line.
    const db = ctx.database.db;
    const redeemed = await db.transaction((tx) => promotions.promoDiscount(tx, 'NEWYEAR', 20_000, at('2026-12-31T23:59:59+03:00')));
    expect(redeemed.discount).toBe(2_000);
    await expect(
      db.transaction((tx) => promotions.promoDiscount(tx, 'NEWYEAR', 20_000, at('2027-01-01T00:00:00+03:00'))),
    ).rejects.toMatchObject({ messageKey: 'promo.expired' });
  });

  it('answers POST /api/promo-codes/validate by the Kuwait day: a code ending today works, one that ended yesterday does not', async () => {
    const now = Date.now();
    await createViaApi({ code: 'ENDSTODAY', valid_until: kuwaitDateOf(new Date(now)) });
    await createViaApi({ code: 'ENDEDYESTERDAY', valid_until: kuwaitDateOf(new Date(now - DAY_MS)) });
    await createViaApi({ code: 'STARTSTODAY', valid_from: kuwaitDateOf(new Date(now)) });
    await createViaApi({ code: 'STARTSTOMORROW', valid_from: kuwaitDateOf(new Date(now + DAY_MS)) });
    const validate = (code: string) => call('POST', '/api/promo-codes/validate', { code, total: 20 });
    expect((await validate('endstoday')).statusCode).toBe(200);
    expect((await validate('startstoday')).statusCode).toBe(200);
    const ended = await validate('ENDEDYESTERDAY');
    expect(ended.statusCode).toBe(400);
    expect(ended.json().message).toBe('This promo code has expired');
    const soon = await validate('STARTSTOMORROW');
    expect(soon.json().message).toBe('This promo code is not valid yet');
  });
});

describe('a code made in the back office, used by a shopper', () => {
  it('validates and discounts an order; deleting it later keeps the order\'s code', async () => {
    const db = ctx.database.db;
    const salmiya = await createSalmiya(db);
    const product = await createProduct(db, { price: 20_000, stock_quantity: 5 });
    const promo = await createViaApi({ code: 'shopper5', discount_type: 'fixed', discount_value: 5, min_order_amount: 15 });

    const validated = await call('POST', '/api/promo-codes/validate', { code: 'Shopper5', total: 20 }, { lang: 'ar' });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({ code: 'SHOPPER5', discount: 5, discount_type: 'fixed', discount_value: 5 });

    const placed = await call('POST', '/api/orders', {
      user_id: null,
      name: 'Fatima Ali',
      email: 'fatima.promo@example.com',
      phone: '+965 6000 7777',
      shipping_address: 'Block 5, Street 10, House 3',
      country_id: salmiya.country,
      governorate_id: salmiya.governorate,
      city_id: salmiya.city,
      city: 'Salmiya',
      payment_method: 'cash_on_delivery',
      items: [{ product_id: product.id, quantity: 1 }],
      promo_code: 'shopper5',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as OrderResponse).order;
    expect(order).toMatchObject({ promo_code: 'SHOPPER5', subtotal: 20, discount_amount: 5, total_amount: 16.5 });
    expect((await asAdmin('GET', `/api/promo-codes/${promo.id}`)).json().promo_code.used_count).toBe(1);

    const deleted = await asAdmin('DELETE', `/api/promo-codes/${promo.id}`);
    expect(deleted.statusCode).toBe(200);
    const [kept] = await db
      .select({ promo_code: orders.promo_code, promo_code_id: orders.promo_code_id, discount: orders.discount_amount })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(kept).toEqual({ promo_code: 'SHOPPER5', promo_code_id: null, discount: 5_000 });
  });
});
