import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport } from '@shop/shared';
import { categories, orders, products } from '../../db/schema/index.js';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createCategory, createOrder, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;
const orderIds: number[] = [];
const productIds: number[] = [];
let categoryId: number;

/** Kuwait is UTC+3 all year: a Kuwait wall-clock time as an instant. */
const kuwait = (local: string) => new Date(`${local}+03:00`);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  const db = ctx.database.db;
  const category = await createCategory(db, { name: 'سبح كهرمان', name_en: 'Amber beads' });
  categoryId = category.id;
  const amber = await createProduct(db, { name: 'سبحة كهرمان', name_en: 'Amber rosary', category_id: category.id });
  const plain = await createProduct(db, { name: 'سبحة بسيطة', name_en: null, category_id: null });
  productIds.push(amber.id, plain.id);
  const line = (product: typeof amber, unit_price: number, quantity: number) => ({
    product_id: product.id,
    product_name: product.name,
    product_name_en: product.name_en,
    unit_price,
    quantity,
  });
  // 23:30 on the 10th in Kuwait (20:30 UTC): the 10th. Discount 1.000, shipping 2.000: 11.000.
  const late = await createOrder(
    db,
    { status: 'delivered', discount_amount: 1_000, shipping_amount: 2_000, created_at: kuwait('2024-03-10T23:30:00') },
    [line(amber, 5_000, 2)],
  );
  // 00:30 on the 11th in Kuwait (21:30 UTC on the 10th): the 11th. 5.500, 1.000 refunded later.
  const early = await createOrder(
    db,
    { status: 'delivered', shipping_amount: 1_500, created_at: kuwait('2024-03-11T00:30:00') },
    [line(plain, 4_000, 1)],
  );
  // Refunded in full later: left out.
  const refunded = await createOrder(db, { status: 'delivered', created_at: kuwait('2024-03-11T10:00:00') }, [
    line(amber, 5_000, 1),
  ]);
  // Cancelled: left out.
  const cancelled = await createOrder(db, { status: 'cancelled', created_at: kuwait('2024-03-12T12:00:00') }, [
    line(amber, 5_000, 1),
  ]);
  // Pending cash on delivery counts (as on the dashboard): 9.000 over two products.
  const pending = await createOrder(db, { status: 'pending', created_at: kuwait('2024-03-12T12:00:00') }, [
    line(amber, 5_000, 1),
    line(plain, 4_000, 1),
  ]);
  orderIds.push(late.order.id, early.order.id, refunded.order.id, cancelled.order.id, pending.order.id);

  const partial = await call('POST', `/api/orders/${early.order.id}/refund`, { amount: 1 }, { token: admin.token });
  expect(partial.statusCode, partial.body).toBe(200);
  const full = await call('POST', `/api/orders/${refunded.order.id}/refund`, {}, { token: admin.token });
  expect(full.statusCode, full.body).toBe(200);
});

afterAll(async () => {
  const db = ctx.database.db;
  await db.delete(orders).where(inArray(orders.id, orderIds));
  await db.delete(products).where(inArray(products.id, productIds));
  await db.delete(categories).where(inArray(categories.id, [categoryId]));
  await ctx.close();
});

async function report(query: string, lang: TestLang = 'en', token = admin.token): Promise<SalesReport> {
  const reply = await call('GET', `/api/admin/reports/sales?${query}`, undefined, { token, lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { report: SalesReport }).report;
}

const TOTALS = { orders: 3, units: 5, revenue: 24.5, shipping: 3.5, discounts: 1, refunds: 1 };

describe('GET /api/admin/reports/sales', () => {
  it('per Kuwait day: every day of the range, the late and early orders on their days, totals = the orders', async () => {
    const sales = await report('from=2024-03-09&to=2024-03-13&group=day');
    expect(sales.totals).toEqual(TOTALS);
    const zero = { orders: 0, units: 0, revenue: 0, shipping: 0, discounts: 0, refunds: 0 };
    expect(sales.rows).toEqual([
      { key: '2024-03-09', label: '2024-03-09', ...zero },
      { key: '2024-03-10', label: '2024-03-10', orders: 1, units: 2, revenue: 11, shipping: 2, discounts: 1, refunds: 0 },
      { key: '2024-03-11', label: '2024-03-11', orders: 1, units: 1, revenue: 4.5, shipping: 1.5, discounts: 0, refunds: 1 },
      { key: '2024-03-12', label: '2024-03-12', orders: 1, units: 2, revenue: 9, shipping: 0, discounts: 0, refunds: 0 },
      { key: '2024-03-13', label: '2024-03-13', ...zero },
    ]);
    // The totals are the counted orders' total − refunded, read straight from their rows.
    const rows = await ctx.database.db.select().from(orders).where(inArray(orders.id, orderIds));
    const counted = rows.filter((row) => row.status !== 'cancelled' && row.status !== 'refunded');
    expect(counted.reduce((sum, row) => sum + row.total_amount - row.refunded_amount, 0)).toBe(24_500);
    // One day alone: the 23:30 order only.
    expect((await report('from=2024-03-10&to=2024-03-10')).totals).toMatchObject({ orders: 1, revenue: 11 });
  });

  it('per product: each line its share of its order net of discount and refunds, shipping left out; top products', async () => {
    const sales = await report('from=2024-03-09&to=2024-03-13&group=product');
    expect(sales.totals).toEqual(TOTALS);
    expect(sales.rows.map(({ label, orders: count, units, revenue }) => ({ label, count, units, revenue }))).toEqual([
      { label: 'Amber rosary', count: 2, units: 3, revenue: 14 },
      // No English name: the Arabic one.
      { label: 'سبحة بسيطة', count: 2, units: 2, revenue: 7 },
    ]);
    expect(sales.rows[0]!.key).toBe(String(productIds[0]));
    expect(sales.top_products.map((row) => row.label)).toEqual(['Amber rosary', 'سبحة بسيطة']);
    const arabic = await report('from=2024-03-09&to=2024-03-13&group=product', 'ar');
    expect(arabic.rows[0]!.label).toBe('سبحة كهرمان');
  });

  it('per category, products without one together', async () => {
    const sales = await report('from=2024-03-09&to=2024-03-13&group=category');
    expect(sales.rows.map(({ key, label, orders: count, revenue }) => ({ key, label, count, revenue }))).toEqual([
      { key: String(categoryId), label: 'Amber beads', count: 2, revenue: 14 },
      { key: null, label: 'No category', count: 2, revenue: 7 },
    ]);
    const arabic = await report('from=2024-03-09&to=2024-03-13&group=category', 'ar');
    expect(arabic.rows.map((row) => row.label)).toEqual(['سبح كهرمان', 'بدون تصنيف']);
  });

  it('per category, an order of two products of one category counts once', async () => {
    const db = ctx.database.db;
    const second = await createProduct(db, { name: 'سبحة كهرمان ثانية', name_en: 'Second amber', category_id: categoryId });
    productIds.push(second.id);
    const [first] = await db.select().from(products).where(inArray(products.id, [productIds[0]!]));
    const both = await createOrder(db, { status: 'delivered', created_at: kuwait('2025-04-02T12:00:00') }, [
      { product_id: first!.id, product_name: first!.name, product_name_en: first!.name_en, unit_price: 5_000, quantity: 1 },
      { product_id: second.id, product_name: second.name, product_name_en: second.name_en, unit_price: 3_000, quantity: 2 },
    ]);
    orderIds.push(both.order.id);
    const sales = await report('from=2025-04-02&to=2025-04-02&group=category');
    expect(sales.rows).toEqual([
      { key: String(categoryId), label: 'Amber beads', orders: 1, units: 3, revenue: 11, shipping: 0, discounts: 0, refunds: 0 },
    ]);
    expect((await report('from=2025-04-02&to=2025-04-02&group=product')).rows.map((row) => row.orders)).toEqual([1, 1]);
  });

  it('counts gift wrapping in the day\'s revenue and leaves it out of the product rows, like shipping', async () => {
    const db = ctx.database.db;
    const [first] = await db.select().from(products).where(inArray(products.id, [productIds[0]!]));
    // 5.000 of goods + 1.000 shipping + 0.750 wrapping.
    const gift = await createOrder(
      db,
      { status: 'delivered', shipping_amount: 1_000, gift_wrap_fee: 750, created_at: kuwait('2025-06-01T12:00:00') },
      [{ product_id: first!.id, product_name: first!.name, product_name_en: first!.name_en, unit_price: 5_000, quantity: 1 }],
    );
    orderIds.push(gift.order.id);
    expect((await report('from=2025-06-01&to=2025-06-01')).totals).toMatchObject({ orders: 1, revenue: 6.75, shipping: 1 });
    expect((await report('from=2025-06-01&to=2025-06-01&group=product')).rows.map((row) => row.revenue)).toEqual([5]);
  });

  it('as CSV: byte order mark, headers in the language, 3 decimals, a totals row, the file named', async () => {
    const reply = await call('GET', '/api/admin/reports/sales?from=2024-03-10&to=2024-03-12&group=day&format=csv', undefined, {
      token: admin.token,
      lang: 'en',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="sales-day-2024-03-10-2024-03-12.csv"');
    expect(reply.body.startsWith('\uFEFF')).toBe(true);
    expect(reply.body.slice(1).split('\r\n')).toEqual([
      'Day (Kuwait time),Orders,Units,Revenue (KWD),Shipping (KWD),Discounts (KWD),Refunds (KWD)',
      '2024-03-10,1,2,11.000,2.000,1.000,0.000',
      '2024-03-11,1,1,4.500,1.500,0.000,1.000',
      '2024-03-12,1,2,9.000,0.000,0.000,0.000',
      'Total,3,5,24.500,3.500,1.000,1.000',
      '',
    ]);
    const products = await call('GET', '/api/admin/reports/sales?from=2024-03-10&to=2024-03-12&group=product&format=csv', undefined, {
      token: admin.token,
      lang: 'ar',
    });
    expect(products.headers['content-disposition']).toBe('attachment; filename="sales-product-2024-03-10-2024-03-12.csv"');
    expect(products.body.slice(1).split('\r\n')).toEqual([
      'المنتج,الطلبات,القطع,الإيرادات (د.ك)',
      'سبحة كهرمان,2,3,14.000',
      'سبحة بسيطة,2,2,7.000',
      'المجموع,3,5,21.000',
      '',
    ]);
  });

  it.each([
    ['to=2024-03-10', 'from', 'Choose a start date and an end date', 'اختر تاريخ البداية وتاريخ النهاية'],
    ['from=2024-02-30&to=2024-03-10', 'from', 'Write the date as YYYY-MM-DD, e.g. 2026-12-01', 'اكتب التاريخ بالصيغة YYYY-MM-DD، مثل 2026-12-01'],
    ['from=2024-03-10&to=2024-03-09', 'to', 'The end date must not be before the start date', 'تاريخ النهاية يجب ألا يسبق تاريخ البداية'],
    ['from=2024-01-01&to=2025-01-01', 'to', 'A report covers 366 days at most. Choose a shorter range', 'يغطي التقرير 366 يوماً على الأكثر. اختر فترة أقصر'],
    ['from=2024-01-01&to=2024-01-02&group=week', 'group', 'Group by day, product or category', 'اختر التجميع حسب اليوم أو المنتج أو التصنيف'],
  ])('refuses %s with 400 in both languages', async (query, field, en, ar) => {
    for (const [lang, message] of [['en', en], ['ar', ar]] as const) {
      const reply = await call('GET', `/api/admin/reports/sales?${query}`, undefined, { token: admin.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.body).toContain(message);
      expect(reply.body).toContain(`"${field}"`);
    }
  });

  it('takes 366 days (2024 is a leap year)', async () => {
    const sales = await report('from=2024-01-01&to=2024-12-31');
    expect(sales.rows).toHaveLength(366);
    expect(sales.totals.revenue).toBe(24.5);
  });

  it('lets moderators read it, refuses customers and strangers', async () => {
    expect((await report('from=2024-03-10&to=2024-03-12', 'en', moderator.token)).totals).toEqual(TOTALS);
    const refused = await call('GET', '/api/admin/reports/sales?from=2024-03-10&to=2024-03-12', undefined, {
      token: customer.token,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await call('GET', '/api/admin/reports/sales?from=2024-03-10&to=2024-03-12');
    expect(anonymous.statusCode).toBe(401);
  });
});
