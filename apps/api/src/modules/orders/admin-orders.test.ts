import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SEARCH_COUNT_CAP, type AdminOrder, type AdminOrderListResponse, type Order } from '@shop/shared';
import { createSalmiya } from '../../../test-support/places.js';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, cities, orders, orderStatusHistory, products } from '../../db/schema/index.js';
import { createCity, createOrder, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

interface Place {
  countryId: number;
  governorateId: number;
  cityId: number;
}
let place: Place;
let contactCount = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  const db = ctx.database.db;
  const salmiya = await createSalmiya(db, 1_000);
  place = { countryId: salmiya.country, governorateId: salmiya.governorate, cityId: salmiya.city };
});
afterAll(() => ctx.close());

/** Places an order through the real checkout (stock taken, history started). */
async function placeOrder(
  items: Array<{ product_id: number; quantity: number }>,
  options: { token?: string; lang?: 'ar' | 'en'; name?: string } = {},
): Promise<Order> {
  contactCount += 1;
  const reply = await call(
    'POST',
    '/api/orders',
    {
      name: options.name ?? `Shopper ${contactCount}`,
      email: `shopper${contactCount}@example.com`,
      phone: `+9656000${String(contactCount).padStart(4, '0')}`,
      shipping_address: 'Block 1',
      country_id: place.countryId,
      governorate_id: place.governorateId,
      city_id: place.cityId,
      payment_method: 'cash_on_delivery',
      items,
    },
    { ...(options.token === undefined ? {} : { token: options.token }), lang: options.lang ?? 'en' },
  );
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().order as Order;
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

const setStatus = (id: number, status: string, options: { token?: string; lang?: 'ar' | 'en'; notes?: string } = {}) =>
  call(
    'PUT',
    `/api/orders/${id}/status`,
    { status, notes: options.notes ?? '' },
    { token: options.token ?? admin.token, lang: options.lang ?? 'en' },
  );

async function historyOf(orderId: number) {
  return ctx.database.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.order_id, orderId))
    .orderBy(orderStatusHistory.id);
}

describe('GET /api/orders (the back-office list)', () => {
  const made: Array<{ id: number; order_number: string }> = [];
  let otherCityId: number;

  beforeAll(async () => {
    const db = ctx.database.db;
    const other = await createCity(db, {
      country_id: place.countryId,
      governorate_id: place.governorateId,
      name_ar: 'الجابرية',
      name_en: 'Jabriya',
    });
    otherCityId = other.id;
    const gone = await createCity(db, { country_id: place.countryId, name_ar: 'مدينة قديمة', name_en: 'Old Town' });
    const base = Date.UTC(2026, 0, 1);
    const specs = [
      { name: 'أحمد الكويتي', email: 'ahmad@example.com', status: 'pending', city: place.cityId, names: ['السالمية', 'Salmiya'] },
      { name: 'Fatima Ali', email: 'Fatima.Ali@Example.com', status: 'shipped', city: place.cityId, names: ['السالمية', 'Salmiya'] },
      { name: 'سارة', email: 'sara@example.com', status: 'cancelled', city: otherCityId, names: ['الجابرية', 'Jabriya'] },
      { name: 'Omar', email: 'omar@example.com', status: 'pending', city: gone.id, names: ['مدينة قديمة', 'Old Town'] },
    ] as const;
    for (const [index, spec] of specs.entries()) {
      const { order } = await createOrder(
        db,
        {
          customer_name: spec.name,
          customer_email: spec.email,
          status: spec.status,
          city_id: spec.city,
          city_name_ar: spec.names[0],
          city_name_en: spec.names[1],
          shipping_amount: 1_500,
          created_at: new Date(base + index * 60_000),
        },
        [
          { product_id: null, product_name: 'سبحة', unit_price: 10_000, quantity: 2 },
          { product_id: null, product_name: 'سبحة أخرى', unit_price: 5_250, quantity: 1 },
        ],
      );
      made.push(order);
    }
    // The fourth order's city is deleted since: the order keeps its snapshot name.
    await db.delete(cities).where(eq(cities.id, gone.id));
  });

  const list = (query: string, token = admin.token, lang: 'ar' | 'en' = 'en') =>
    call('GET', `/api/orders${query}`, undefined, { token, lang });

  it('lists orders newest first with their summaries, totals and cities', async () => {
    const reply = await list('');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const body = reply.json<AdminOrderListResponse>();
    expect(body.orders.map((order) => order.id)).toEqual([...made].reverse().map((order) => order.id));
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 4, pages: 1 });
    const fatima = body.orders.find((order) => order.customer_name === 'Fatima Ali')!;
    expect(fatima).toMatchObject({
      order_number: made[1]!.order_number,
      status: 'shipped',
      status_display: 'Shipped',
      status_color: 'purple',
      customer_type: 'guest',
      user_id: null,
      city_id: place.cityId,
      city_name: 'Salmiya',
      item_count: 3,
      payment_method: 'cash_on_delivery',
      payment_method_name: 'Cash on delivery',
      shipping_amount: 1.5,
      total_amount: 26.75,
    });
    expect(body.cities).toEqual([
      { id: otherCityId, name: 'Jabriya' },
      { id: null, name: 'Old Town' },
      { id: place.cityId, name: 'Salmiya' },
    ]);
    const arabic = (await list('', admin.token, 'ar')).json<AdminOrderListResponse>();
    expect(arabic.orders[0]!.status_display).toBe('قيد الانتظار');
    expect(arabic.orders[0]!.city_name).toBe('مدينة قديمة');
    expect(arabic.cities.map((city) => city.name)).toContain('الجابرية');
  });

  it('searches order numbers, names and e-mails ignoring case and Arabic letter forms', async () => {
    const ids = async (query: string) =>
      (await list(query)).json<AdminOrderListResponse>().orders.map((order) => order.id);
    const number = made[2]!.order_number;
    expect(await ids(`?search=${encodeURIComponent(number.slice(3, 9).toLowerCase())}`)).toEqual([made[2]!.id]);
    expect(await ids(`?search=${encodeURIComponent(`  ${number} `)}`)).toEqual([made[2]!.id]);
    expect(await ids(`?search=${encodeURIComponent('احمد')}`)).toEqual([made[0]!.id]);
    expect(await ids(`?search=${encodeURIComponent('FATIMA.ALI@')}`)).toEqual([made[1]!.id]);
    expect(await ids(`?search=${encodeURIComponent('fatima ali')}`)).toEqual([made[1]!.id]);
    expect(await ids('?search=example.com')).toHaveLength(4);
    expect(await ids('?search=100%25')).toEqual([]);
    expect(await ids('?search=nobody')).toEqual([]);
  });

  it('filters by status and city, and counts what matches', async () => {
    const pending = (await list('?status=pending')).json<AdminOrderListResponse>();
    expect(pending.orders.map((order) => order.id)).toEqual([made[3]!.id, made[0]!.id]);
    expect(pending.pagination.total).toBe(2);
    const all = (await list('?status=&city_id=')).json<AdminOrderListResponse>();
    expect(all.pagination.total).toBe(4);
    const inCity = (await list(`?city_id=${otherCityId}`)).json<AdminOrderListResponse>();
    expect(inCity.orders.map((order) => order.id)).toEqual([made[2]!.id]);
    const both = (await list(`?status=pending&city_id=${place.cityId}&search=example`)).json<AdminOrderListResponse>();
    expect(both.orders.map((order) => order.id)).toEqual([made[0]!.id]);
    expect(both.pagination.total).toBe(1);
    // The city list does not shrink with the filters.
    expect(both.cities).toHaveLength(3);
  });

  it('pages through the orders', async () => {
    const first = (await list('?limit=3')).json<AdminOrderListResponse>();
    expect(first.orders).toHaveLength(3);
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 4, pages: 2 });
    const second = (await list('?limit=3&page=2')).json<AdminOrderListResponse>();
    expect(second.orders.map((order) => order.id)).toEqual([made[0]!.id]);
    expect(second.orders[0]!.item_count).toBe(3);
    const beyond = (await list('?limit=3&page=9')).json<AdminOrderListResponse>();
    expect(beyond.orders).toEqual([]);
    expect(beyond.pagination.total).toBe(4);
  });

  it('refuses bad filters with a 400 on the field', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?city_id=abc', 'city_id'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      [`?search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const reply = await list(query);
      expect(reply.statusCode, query).toBe(400);
      expect(Object.keys(fieldMessages(reply)), query).toContain(field);
    }
    const arabic = await list('?status=lost', admin.token, 'ar');
    expect(fieldMessages(arabic).status).toBe('حالة الطلب غير صحيحة');
  });

  it('is for staff who manage orders only', async () => {
    expect((await call('GET', '/api/orders')).statusCode).toBe(401);
    expect((await list('', customer.token)).statusCode).toBe(403);
    expect((await list('', moderator.token)).statusCode).toBe(200);
  });
});

describe('GET /api/orders/:id', () => {
  it('gives the owner the shopper reply and staff the staff order with its history', async () => {
    const product = await createProduct(ctx.database.db, { name: 'سبحة يسر', name_en: 'Yusr beads', stock_quantity: 5 });
    const placed = await placeOrder([{ product_id: product.id, quantity: 1 }], { token: customer.token });

    const own = await call('GET', `/api/orders/${placed.id}`, undefined, { token: customer.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const shopper = own.json().order as Record<string, unknown>;
    expect(Object.keys(shopper).sort()).toEqual(Object.keys(placed).sort());
    expect(shopper).not.toHaveProperty('history');

    for (const staff of [moderator, admin]) {
      const reply = await call('GET', `/api/orders/${placed.id}`, undefined, { token: staff.token, lang: 'ar' });
      expect(reply.statusCode).toBe(200);
      const order = reply.json().order as AdminOrder;
      expect(order).toMatchObject({
        id: placed.id,
        status_display: 'قيد الانتظار',
        status_color: 'yellow',
        user_id: customer.user.id,
        payment_method_name: 'الدفع عند الاستلام',
      });
      expect(order.history).toEqual([
        expect.objectContaining({ from_status: null, to_status: 'pending', actor_name: null, actor_email: null, notes: null }),
      ]);
    }

    const stranger = await call('GET', `/api/orders/${placed.id}`, undefined, { token: (await signedInStaff(ctx)).customer.token });
    expect(stranger.statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${placed.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/99999999', undefined, { token: admin.token })).statusCode).toBe(404);
  });

  it('stores the language the order was placed in', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 5 });
    const english = await placeOrder([{ product_id: product.id, quantity: 1 }], { lang: 'en' });
    const arabic = await placeOrder([{ product_id: product.id, quantity: 1 }], { lang: 'ar' });
    const languages = await ctx.database.db
      .select({ id: orders.id, language: orders.language })
      .from(orders)
      .where(eq(orders.id, english.id));
    expect(languages[0]!.language).toBe('en');
    const [row] = await ctx.database.db.select({ language: orders.language }).from(orders).where(eq(orders.id, arabic.id));
    expect(row!.language).toBe('ar');
  });
});

describe('PUT /api/orders/:id/status', () => {
  it('returns stock on cancel, keeps it across refund, takes it again on reopen, with history and audit', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 10 });
    const untracked = await createProduct(ctx.database.db, { stock_quantity: 0, manage_stock: false });
    const order = await placeOrder([
      { product_id: product.id, quantity: 3 },
      { product_id: untracked.id, quantity: 2 },
    ]);
    expect(await stockOf(product.id)).toBe(7);

    const processing = await setStatus(order.id, 'processing', { token: moderator.token, notes: 'Packed' });
    expect(processing.statusCode, processing.body).toBe(200);
    expect(processing.json().order).toMatchObject({ status: 'processing', status_display: 'Processing' });
    expect(await stockOf(product.id)).toBe(7);

    const cancelled = await setStatus(order.id, 'cancelled');
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
    expect(await stockOf(untracked.id)).toBe(0);

    expect((await setStatus(order.id, 'refunded')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);

    const reopened = await setStatus(order.id, 'pending');
    expect(reopened.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(7);

    const history = (reopened.json().order as AdminOrder).history;
    expect(history.map((entry) => [entry.from_status, entry.to_status])).toEqual([
      [null, 'pending'],
      ['pending', 'processing'],
      ['processing', 'cancelled'],
      ['cancelled', 'refunded'],
      ['refunded', 'pending'],
    ]);
    expect(history[1]).toMatchObject({ notes: 'Packed', actor_email: moderator.user.email, actor_name: moderator.user.name });
    expect(history[2]).toMatchObject({ notes: null, actor_email: admin.user.email });

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, order.id)))
      .orderBy(auditLog.id);
    expect(audits.map((entry) => entry.action)).toEqual(Array(4).fill('status_change'));
    expect(audits[0]).toMatchObject({
      actor_id: moderator.user.id,
      changes: { status: { from: 'pending', to: 'processing' }, notes: { from: null, to: 'Packed' } },
    });
  });

  it('tells every process that the catalogue changed when stock moved, and only then', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 5 });
    const order = await placeOrder([{ product_id: product.id, quantity: 1 }]);
    let published = 0;
    const unsubscribe = ctx.app.services.changes.subscribe('catalog', () => {
      published += 1;
    });
    try {
      await setStatus(order.id, 'processing');
      expect(published).toBe(0);
      await setStatus(order.id, 'cancelled');
      expect(published).toBe(1);
      await setStatus(order.id, 'refunded');
      expect(published).toBe(1);
      await setStatus(order.id, 'shipped');
      expect(published).toBe(2);
      await call('DELETE', `/api/orders/${order.id}`, undefined, { token: admin.token });
      expect(published).toBe(3);
    } finally {
      unsubscribe();
    }
  });

  it('treats the same status again as a no-op: 200, no history row, no audit entry', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 4 });
    const order = await placeOrder([{ product_id: product.id, quantity: 1 }]);
    const reply = await setStatus(order.id, 'pending');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().order.status).toBe('pending');
    expect(await historyOf(order.id)).toHaveLength(1);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity_id, order.id));
    expect(audits.filter((entry) => entry.entity === 'orders')).toEqual([]);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('refuses to reopen an order whose units are gone, naming the product, and changes nothing', async () => {
    const product = await createProduct(ctx.database.db, { name: 'سبحة نادرة', name_en: 'Rare beads', stock_quantity: 2 });
    const order = await placeOrder([{ product_id: product.id, quantity: 2 }]);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(2);
    await placeOrder([{ product_id: product.id, quantity: 1 }]);
    expect(await stockOf(product.id)).toBe(1);

    const refused = await setStatus(order.id, 'processing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK' });
    expect(refused.json().message).toContain('Rare beads');
    const arabic = await setStatus(order.id, 'processing', { lang: 'ar' });
    expect(arabic.json().message).toContain('سبحة نادرة');

    const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(1);
    expect(await historyOf(order.id)).toHaveLength(2);
  });

  it('skips products deleted since when stock moves', async () => {
    const kept = await createProduct(ctx.database.db, { stock_quantity: 3 });
    const doomed = await createProduct(ctx.database.db, { stock_quantity: 3 });
    const order = await placeOrder([
      { product_id: kept.id, quantity: 1 },
      { product_id: doomed.id, quantity: 1 },
    ]);
    await ctx.database.db.delete(products).where(eq(products.id, doomed.id));
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(kept.id)).toBe(3);
    expect((await setStatus(order.id, 'pending')).statusCode).toBe(200);
    expect(await stockOf(kept.id)).toBe(2);
  });

  it('refuses bad input, unknown orders and callers without the permission', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 3 });
    const order = await placeOrder([{ product_id: product.id, quantity: 1 }]);
    const bad = await call('PUT', `/api/orders/${order.id}/status`, { status: 'lost' }, { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad).status).toBe('The order status is invalid');
    const long = await call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped', notes: 'x'.repeat(1001) }, { token: admin.token });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(long))).toEqual(['notes']);
    expect((await setStatus(99999999, 'shipped')).statusCode).toBe(404);
    expect((await call('PUT', '/api/orders/abc/status', { status: 'shipped' }, { token: admin.token })).statusCode).toBe(400);
    expect((await call('PUT', `/api/orders/${order.id}/status`, { status: 'shipped' })).statusCode).toBe(401);
    expect((await setStatus(order.id, 'shipped', { token: customer.token })).statusCode).toBe(403);
    // Notes may be absent.
    const bare = await call('PUT', `/api/orders/${order.id}/status`, { status: 'processing' }, { token: admin.token });
    expect(bare.statusCode).toBe(200);
  });
});

describe('DELETE /api/orders/:id', () => {
  it('returns the units of a pending order, not of a cancelled one, and records what was deleted', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 10 });
    const pending = await placeOrder([{ product_id: product.id, quantity: 2 }]);
    const cancelled = await placeOrder([{ product_id: product.id, quantity: 3 }]);
    expect((await setStatus(cancelled.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(8);

    expect((await call('DELETE', `/api/orders/${pending.id}`, undefined, { token: moderator.token })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/orders/${pending.id}`)).statusCode).toBe(401);

    const deleted = await call('DELETE', `/api/orders/${pending.id}`, undefined, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: `Order ${pending.order_number} was deleted` });
    expect(await stockOf(product.id)).toBe(10);

    expect((await call('DELETE', `/api/orders/${cancelled.id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(10);

    expect(await ctx.database.db.select().from(orders).where(eq(orders.id, pending.id))).toEqual([]);
    expect(await historyOf(cancelled.id)).toEqual([]);
    expect((await call('DELETE', `/api/orders/${pending.id}`, undefined, { token: admin.token })).statusCode).toBe(404);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, pending.id), eq(auditLog.action, 'delete')));
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      changes: {
        order_number: { from: pending.order_number, to: null },
        customer_name: { from: pending.name, to: null },
        customer_email: { from: pending.email, to: null },
        total_amount: { from: 10_000 * 2 + 1_000, to: null },
        status: { from: 'pending', to: null },
      },
    });
  });
});

describe('GET /api/orders counting a common search word', () => {
  const list = (query: string) => call('GET', `/api/orders${query}`, undefined, { token: admin.token, lang: 'en' });

  it('stops counting past ORDER_SEARCH_COUNT_CAP matches and says so; other filters count exactly', async () => {
    const many = ORDER_SEARCH_COUNT_CAP + 5;
    await ctx.database.db.execute(sql`
      insert into orders (order_number, customer_name, customer_email, customer_phone, contact_email,
        contact_phone, shipping_address, country_name_ar, country_name_en, city_name_ar, city_name_en,
        payment_method, status, subtotal, total_amount)
      select 'SB-CAP' || lpad(n::text, 7, '0'), 'Capped Kandari ' || n, 'cap' || n || '@example.com',
        '+96570000000', 'cap' || n || '@example.com', '+96570000000', 'Block 1', 'الكويت', 'Kuwait',
        'السالمية', 'Salmiya', 'cash_on_delivery', 'processing', 10000, 10000
      from generate_series(1, ${many}) as n`);
    try {
      const searched = (await list('?search=kandari&limit=20')).json<AdminOrderListResponse>();
      expect(searched.total_capped).toBe(true);
      expect(searched.pagination).toEqual({ page: 1, limit: 20, total: ORDER_SEARCH_COUNT_CAP, pages: ORDER_SEARCH_COUNT_CAP / 20 });
      expect(searched.orders).toHaveLength(20);

      const narrower = (await list('?search=kandari 1000')).json<AdminOrderListResponse>();
      expect(narrower.total_capped).toBe(false);
      expect(narrower.orders.map((order) => order.customer_name)).toEqual(['Capped Kandari 1000']);
      expect(narrower.pagination.total).toBe(1);

      const byStatus = (await list('?status=processing')).json<AdminOrderListResponse>();
      expect(byStatus.total_capped).toBe(false);
      expect(byStatus.pagination.total).toBeGreaterThanOrEqual(many);
    } finally {
      await ctx.database.db.delete(orders).where(sql`${orders.order_number} like 'SB-CAP%'`);
    }
  });
});

describe('GET /api/orders keeping its counts between requests', () => {
  const totalOf = async (query: string) => {
    const reply = await call('GET', `/api/orders${query}`, undefined, { token: admin.token, lang: 'en' });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<AdminOrderListResponse>().pagination.total;
  };
  const quiet = async (cityId: number) => {
    // Written without a word to the shop (as only a test or a database hand does): no event, no notification.
    await createOrder(ctx.database.db, { status: 'pending', city_id: cityId, city_name_ar: 'س', city_name_en: 'S' }, [
      { product_id: null, product_name: 'سبحة', unit_price: 1_000, quantity: 1 },
    ]);
  };

  it('keeps a filter’s count until an order is placed, changes status or is deleted, in this process or another', async () => {
    const city = await createCity(ctx.database.db, { country_id: place.countryId, name_ar: 'الفنطاس', name_en: 'Fintas' });
    const byCity = `?city_id=${city.id}`;
    expect(await totalOf(byCity)).toBe(0);

    // The count was kept: a row written behind the shop's back is not counted yet…
    await quiet(city.id);
    expect(await totalOf(byCity)).toBe(0);
    // …until another process says orders changed (its notification runs this process's subscribers).
    ctx.app.services.changes.receive('orders');
    expect(await totalOf(byCity)).toBe(1);

    // An order placed through the shop counts at once, with the one written quietly meanwhile.
    const pendingBefore = await totalOf('?status=pending');
    await quiet(city.id);
    const product = await createProduct(ctx.database.db, { stock_quantity: 5 });
    const placed = await placeOrder([{ product_id: product.id, quantity: 1 }]);
    expect(await totalOf('?status=pending')).toBe(pendingBefore + 2);
    expect(await totalOf(byCity)).toBe(2);

    // A status change moves it between the filters' counts.
    const shippedBefore = await totalOf('?status=shipped');
    expect((await setStatus(placed.id, 'shipped')).statusCode).toBe(200);
    expect(await totalOf('?status=shipped')).toBe(shippedBefore + 1);
    expect(await totalOf('?status=pending')).toBe(pendingBefore + 1);

    // A deleted order leaves the count.
    expect((await call('DELETE', `/api/orders/${placed.id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    expect(await totalOf('?status=shipped')).toBe(shippedBefore);

    // A deleted city detaches its orders (city_id set null): its filter finds none, and the list
    // names it by its snapshot only.
    const deleted = await call('DELETE', `/api/locations/cities/${city.id}`, undefined, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await totalOf(byCity)).toBe(0);
    const listed = (await call('GET', '/api/orders', undefined, { token: admin.token, lang: 'en' })).json<AdminOrderListResponse>();
    expect(listed.cities.some((listedCity) => listedCity.id === city.id)).toBe(false);
  });
});
