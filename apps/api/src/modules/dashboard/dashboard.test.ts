import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_LOW_STOCK_MAX,
  DASHBOARD_SALES_DAYS,
  DASHBOARD_SALES_MONTHS,
  type AdminStats,
  type OrderResponse,
  kuwaitDateOf,
  type OrderStatus,
} from '@shop/shared';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import {
  createCategory,
  createCity,
  createCountry,
  createGovernorate,
  createOrder,
  createProduct,
  createUser,
} from '../../seed/factories.js';
import { addDays, addMonths, salesSeries, seriesStart } from './sales-calendar.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

async function stats(lang: TestLang = 'en', token = admin.token): Promise<AdminStats> {
  const reply = await call('GET', '/api/admin/stats', undefined, { token, lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { stats: AdminStats }).stats;
}

const kuwaitToday = () => kuwaitDateOf(new Date());

describe('sales calendar', () => {
  it('finds the Kuwait day of an instant: 21:00 UTC is already the next day', () => {
    expect(kuwaitDateOf(new Date('2026-03-14T20:59:59.999Z'))).toBe('2026-03-14');
    expect(kuwaitDateOf(new Date('2026-03-14T21:00:00.000Z'))).toBe('2026-03-15');
  });

  it('counts days and months across month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02');
    expect(addMonths('2026-01-15', -11)).toBe('2025-02');
    expect(seriesStart('2026-03-15', 30, 12)).toBe('2025-04-01');
    // Early in a short year the 30 days could reach further back than the months: never with 12.
    expect(seriesStart('2026-03-15', 400, 12)).toBe(addDays('2026-03-15', -399));
  });

  it('zero-fills every day and month, oldest first, and sums months in fils', () => {
    const series = salesSeries(
      [
        { day: '2026-02-28', revenue: 100, orders: 1 },
        { day: '2026-03-01', revenue: 200, orders: 1 },
        { day: '2026-03-15', revenue: 400, orders: 2 },
      ],
      '2026-03-15',
      30,
      12,
    );
    expect(series.daily).toHaveLength(30);
    expect(series.daily[0]).toEqual({ date: '2026-02-14', revenue: 0, orders: 0 });
    expect(series.daily.at(-1)).toEqual({ date: '2026-03-15', revenue: 0.4, orders: 2 });
    expect(series.daily.find((day) => day.date === '2026-02-28')).toEqual({
      date: '2026-02-28',
      revenue: 0.1,
      orders: 1,
    });
    expect(series.monthly.map((month) => month.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    // 0.2 + 0.4 as floats is 0.6000000000000001; summed in fils it is 0.6.
    expect(series.monthly.at(-1)).toEqual({ month: '2026-03', revenue: 0.6, orders: 3 });
    expect(series.monthly.at(-2)).toEqual({ month: '2026-02', revenue: 0.1, orders: 1 });
  });
});

describe('GET /api/admin/stats', () => {
  it('needs a session and the dashboard.view permission: moderators may, customers may not', async () => {
    const guest = await call('GET', '/api/admin/stats');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('UNAUTHENTICATED');
    const refused = await call('GET', '/api/admin/stats', undefined, {
      token: customer.token,
      lang: 'ar',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      message: 'ليس لديك صلاحية للقيام بهذا',
    });
    for (const who of [moderator, admin]) {
      const reply = await call('GET', '/api/admin/stats', undefined, { token: who.token });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().success).toBe(true);
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('accepts and ignores the cache-busting parameter; refuses a malformed one with 400', async () => {
    const busted = await call('GET', `/api/admin/stats?_=${Date.now()}`, undefined, {
      token: moderator.token,
    });
    expect(busted.statusCode).toBe(200);
    const malformed = await call('GET', `/api/admin/stats?_=${'x'.repeat(101)}`, undefined, {
      token: admin.token,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_ERROR');
  });

  it('shows a new shop as zeros with empty lists and zero-filled series; staff are not users', async () => {
    const figures = await stats();
    expect(figures).toMatchObject({
      totalProducts: 0,
      activeOrders: 0,
      totalOrders: 0,
      totalRevenue: 0,
      // The administrator and moderator of this file are staff; only the customer counts.
      totalUsers: 1,
      recentProducts: [],
      recentOrders: [],
      lowStock: [],
      lowStockCount: 0,
    });
    expect(figures.sales.daily).toHaveLength(DASHBOARD_SALES_DAYS);
    expect(figures.sales.monthly).toHaveLength(DASHBOARD_SALES_MONTHS);
    expect(figures.sales.daily.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
    expect(figures.sales.daily.at(-1)!.date).toBe(kuwaitToday());
    expect(figures.sales.monthly.at(-1)!.month).toBe(kuwaitToday().slice(0, 7));
    await createUser(ctx.database.db);
    expect((await stats()).totalUsers).toBe(2);
  });
});

describe('figures after orders in each status', () => {
  const placed = new Map<OrderStatus, number>();
  let tenth: number;
  let fifth: number;
  let category: number;

  beforeAll(async () => {
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
      shipping_fee: 0,
    });
    category = (await createCategory(db, { name: 'سبح', name_en: 'Rosaries' })).id;
    // 0.100 and 0.200 KD: amounts that drift when added as floating-point numbers.
    tenth = (
      await createProduct(
        db,
        { name: 'خرزة', name_en: 'Bead', price: 100, stock_quantity: 100, category_id: category },
        { images: ['bead.webp'] },
      )
    ).id;
    fifth = (await createProduct(db, { name: 'شرابة', price: 200, stock_quantity: 100 })).id;

    const plan: Array<[OrderStatus, number]> = [
      ['pending', tenth],
      ['processing', fifth],
      ['shipped', tenth],
      ['delivered', fifth],
      ['completed', tenth],
      ['cancelled', fifth],
      ['refunded', tenth],
    ];
    for (const [index, [status, product]] of plan.entries()) {
      const reply = await call('POST', '/api/orders', {
        name: 'Fatima Ali Al-Sabah',
        email: `dashboard.${index}@example.com`,
        phone: `+965 6000 ${String(index).padStart(4, '0')}`,
        shipping_address: 'Block 5, Street 10, House 3',
        country_id: country.id,
        governorate_id: governorate.id,
        city_id: city.id,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: product, quantity: 1 }],
      });
      expect(reply.statusCode, reply.body).toBe(201);
      const id = (reply.json() as OrderResponse).order.id;
      placed.set(status, id);
      // Through the orders service's status change, as the back office makes it.
      if (status !== 'pending') {
        await ctx.app.services.orders.changeOrderStatus(
          { id: admin.user.id, email: admin.user.email },
          id,
          status,
          null,
          'en',
        );
      }
    }
  });

  it('counts active orders (pending, processing, shipped), every order, and revenue in fils', async () => {
    const figures = await stats();
    expect(figures.totalOrders).toBe(7);
    expect(figures.activeOrders).toBe(3);
    // 0.1 + 0.2 + 0.1 + 0.2 + 0.1 is 0.7000000000000001 in floating point; cancelled and
    // refunded orders do not count.
    expect(figures.totalRevenue).toBe(0.7);
    expect(figures.totalProducts).toBe(2);
    const today = figures.sales.daily.at(-1)!;
    expect(today).toEqual({ date: kuwaitToday(), revenue: 0.7, orders: 5 });
    expect(figures.sales.monthly.at(-1)).toEqual({
      month: kuwaitToday().slice(0, 7),
      revenue: 0.7,
      orders: 5,
    });
  });

  it('lists the 5 newest orders with the customer name split and their badge colours', async () => {
    const figures = await stats();
    expect(figures.recentOrders.map((order) => order.id)).toEqual(
      ['refunded', 'cancelled', 'completed', 'delivered', 'shipped'].map((status) =>
        placed.get(status as OrderStatus),
      ),
    );
    expect(figures.recentOrders.map((order) => order.status_color)).toEqual([
      'gray',
      'red',
      'gray',
      'green',
      'purple',
    ]);
    expect(figures.recentOrders[0]).toMatchObject({
      first_name: 'Fatima',
      last_name: 'Ali Al-Sabah',
      total_amount: 0.1,
      status: 'refunded',
    });
    expect(figures.recentOrders[0]!.order_number).toMatch(/^SB-/);
    expect(Number.isNaN(Date.parse(figures.recentOrders[0]!.created_at))).toBe(false);
  });

  it("lists the newest products with names in the request's language", async () => {
    const english = await stats('en');
    expect(english.recentProducts).toEqual([
      {
        id: fifth,
        name: 'شرابة',
        category_name: null,
        price: 0.2,
        status: 'published',
        featured_image: null,
      },
      {
        id: tenth,
        name: 'Bead',
        category_name: 'Rosaries',
        price: 0.1,
        status: 'published',
        featured_image: '/uploads/products/bead.webp',
      },
    ]);
    const arabic = await stats('ar');
    expect(arabic.recentProducts[1]).toMatchObject({ name: 'خرزة', category_name: 'سبح' });
  });

  it('subtracts a partial refund from the revenue, as the sales report does', async () => {
    const delivered = placed.get('delivered')!;
    const refund = await call('POST', `/api/orders/${delivered}/refund`, { amount: 0.05 }, { token: admin.token });
    expect(refund.statusCode, refund.body).toBe(200);
    const figures = await stats();
    expect(figures.totalRevenue).toBe(0.65);
    expect(figures.sales.daily.at(-1)).toEqual({ date: kuwaitToday(), revenue: 0.65, orders: 5 });
    const today = kuwaitToday();
    const report = await call('GET', `/api/admin/reports/sales?from=${today}&to=${today}`, undefined, { token: admin.token });
    expect((report.json() as { report: { totals: { revenue: number } } }).report.totals.revenue).toBe(0.65);
  });
});

describe('low stock', () => {
  it('lists managed stock of 5 or less, lowest first, at most 10, with the count of all', async () => {
    const db = ctx.database.db;
    const low: number[] = [];
    for (const quantity of [5, 0, 3, 1, 2, 4, 5, 0, 3, 1, 2, 4]) {
      low.push(
        (
          await createProduct(db, {
            stock_quantity: quantity,
            status: quantity % 2 === 0 ? 'draft' : 'published',
          })
        ).id,
      );
    }
    await createProduct(db, { stock_quantity: 6 });
    await createProduct(db, { stock_quantity: 0, manage_stock: false });
    const figures = await stats();
    expect(figures.lowStockCount).toBe(12);
    expect(figures.lowStock).toHaveLength(DASHBOARD_LOW_STOCK_MAX);
    expect(figures.lowStock.map((product) => product.stock_quantity)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
    // Equal quantities: the older product first.
    expect(figures.lowStock[0]!.id).toBe(low[1]);
    expect(figures.lowStock[1]!.id).toBe(low[7]);
    expect(figures.lowStock.every((product) => product.stock_quantity <= 5)).toBe(true);
  });
});

describe('sales buckets at the Kuwait midnight', () => {
  it('puts an order in the day and month of Kuwait, skips cancelled and refunded, and stops at the window', async () => {
    const db = ctx.database.db;
    // Kuwait 15 March 2026, 15:00; the window starts on 1 April 2025 in Kuwait (31 March 21:00 UTC).
    const now = new Date('2026-03-15T12:00:00Z');
    const at = (iso: string, total: number, status: OrderStatus = 'delivered') =>
      createOrder(db, { created_at: new Date(iso), status }, [
        { product_id: null, product_name: 'سبحة', unit_price: total, quantity: 1 },
      ]);
    await at('2026-03-14T20:59:59Z', 100); // 14 March 23:59:59 in Kuwait
    await at('2026-03-14T21:00:00Z', 200); // 15 March 00:00 in Kuwait
    await at('2026-03-15T11:00:00Z', 300, 'pending');
    await at('2026-03-15T11:30:00Z', 5_000, 'cancelled');
    await at('2026-03-15T11:45:00Z', 7_000, 'refunded');
    await at('2026-03-15T21:00:00Z', 9_000); // 16 March in Kuwait: after the window
    await at('2026-02-28T20:59:00Z', 400); // 28 February in Kuwait
    await at('2026-02-28T21:00:00Z', 500); // 1 March in Kuwait
    await at('2025-03-31T20:59:59Z', 600); // 31 March 2025 in Kuwait: before the window
    await at('2025-03-31T21:00:00Z', 700); // 1 April 2025 in Kuwait: first day of the window

    const { sales } = await ctx.app.services.dashboard.stats('en', now);
    const day = (date: string) => sales.daily.find((entry) => entry.date === date);
    expect(sales.daily).toHaveLength(30);
    expect(sales.daily[0]!.date).toBe('2026-02-14');
    expect(sales.daily.at(-1)).toEqual({ date: '2026-03-15', revenue: 0.5, orders: 2 });
    expect(day('2026-03-14')).toEqual({ date: '2026-03-14', revenue: 0.1, orders: 1 });
    expect(day('2026-03-01')).toEqual({ date: '2026-03-01', revenue: 0.5, orders: 1 });
    expect(day('2026-02-28')).toEqual({ date: '2026-02-28', revenue: 0.4, orders: 1 });
    expect(day('2026-03-02')).toEqual({ date: '2026-03-02', revenue: 0, orders: 0 });

    expect(sales.monthly).toHaveLength(12);
    expect(sales.monthly[0]).toEqual({ month: '2025-04', revenue: 0.7, orders: 1 });
    expect(sales.monthly.at(-2)).toEqual({ month: '2026-02', revenue: 0.4, orders: 1 });
    expect(sales.monthly.at(-1)).toEqual({ month: '2026-03', revenue: 1.1, orders: 4 });
    expect(
      sales.monthly.slice(1, -2).every((month) => month.revenue === 0 && month.orders === 0),
    ).toBe(true);
  });
});
