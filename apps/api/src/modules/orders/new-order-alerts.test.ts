import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrderAlertsResponse, OrderResponse, PreferencesResponse } from '@shop/shared';
import { buildApp, type App } from '../../app.js';
import { outboxMessages, users } from '../../db/schema/index.js';
import { createAttribute, createProduct, linkProductVariations, saveStoreSettings } from '../../seed/factories.js';
import { apiCaller } from '../../../test-support/http.js';
import { onlineCheckout, paymentHelpers, startPaymentsShop, type PaymentsTestShop } from '../../../test-support/payments.js';
import { signedInAs } from '../../../test-support/staff.js';

/**
 * New-order alerts (issue 30): the e-mail to the store's address and the staff who want it, in
 * each one's language, once per order; the staff's own switch; the back office's long poll, heard
 * across app instances on one database.
 */
let shop: PaymentsTestShop;
const h = paymentHelpers(() => shop);
const { call } = h;
const db = () => shop.ctx.database.db;
const drain = () => shop.ctx.app.services.background.drain();
const STORE_EMAIL = 'orders@beads.example.kw';

let productId: number;
/** Without options: an online order's cart holds it. */
let plainProductId: number;
let sizeAttribute: number;
let largeVariation: number;
const staff: Record<'admin' | 'adminEn' | 'adminOff' | 'moderator' | 'moderatorOn', { id: number; email: string; token: string }> =
  {} as never;
let customerToken: string;
let customerId: number;
let shoppers = 0;

beforeAll(async () => {
  shop = await startPaymentsShop();
  await saveStoreSettings(db(), { email: STORE_EMAIL });
  const size = await createAttribute(
    db(),
    'الحجم',
    [
      ['صغير', 0],
      ['كبير', 1_250],
    ],
    { name: 'Size', titles: { صغير: 'Small', كبير: 'Large' } },
  );
  sizeAttribute = size.attribute.id;
  largeVariation = size.variations[1]!.id;
  const product = await createProduct(db(), { name: 'سبحة كهرمان', name_en: 'Amber rosary', price: 12_500, stock_quantity: 500 });
  await linkProductVariations(db(), product.id, size.variations);
  productId = product.id;
  plainProductId = (await createProduct(db(), { name: 'سبحة يسر', price: 20_000, stock_quantity: 500 })).id;
  const make = async (role: 'admin' | 'moderator', values: Partial<typeof users.$inferInsert>) => {
    const { user, token } = await signedInAs(shop.ctx, role);
    if (Object.keys(values).length > 0) await db().update(users).set(values).where(eq(users.id, user.id));
    return { id: user.id, email: user.email, token };
  };
  staff.admin = await make('admin', {});
  staff.adminEn = await make('admin', { language: 'en' });
  staff.adminOff = await make('admin', { new_order_alerts: false });
  staff.moderator = await make('moderator', {});
  staff.moderatorOn = await make('moderator', { new_order_alerts: true, language: 'en' });
  const customer = await signedInAs(shop.ctx, 'customer');
  customerToken = customer.token;
  customerId = customer.user.id;
});

afterAll(async () => {
  await shop?.close();
});

function cashCheckout(extra: Record<string, unknown> = {}) {
  shoppers += 1;
  return {
    name: 'Fatima <b>Ali</b>',
    email: `cod.${shoppers}.${Date.now()}@example.com`,
    phone: `+965 6${String(shoppers).padStart(3, '0')} ${String(2000 + shoppers)}`,
    shipping_address: 'Block 5, Street 10',
    country_id: shop.city.country,
    governorate_id: shop.city.governorate,
    city_id: shop.city.city,
    payment_method: 'cash_on_delivery',
    items: [{ product_id: productId, quantity: 2, selected_attributes: { [sizeAttribute]: largeVariation } }],
    ...extra,
  };
}

async function placeCash(app: App = shop.ctx.app, lang: 'ar' | 'en' = 'ar') {
  const response = await apiCaller(() => app)('POST', '/api/orders', cashCheckout(), { lang });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderResponse>().order;
}

async function alertMails(orderNumber: string) {
  const rows = await db().select().from(outboxMessages);
  return rows.filter((row) => /^(طلب جديد|New order) /.test(row.subject) && row.subject.includes(orderNumber));
}

describe('the new-order e-mail', () => {
  it('mails a cash order to the store address, the admins who did not turn it off and the moderators who turned it on, each in their language', async () => {
    const order = await placeCash();
    await drain();
    const mails = await alertMails(order.order_number);
    const to = mails.map((mail) => mail.to).sort();
    expect(to).toEqual(
      [STORE_EMAIL, staff.admin.email, staff.adminEn.email, staff.moderatorOn.email].sort(),
    );
    const byAddress = new Map(mails.map((mail) => [mail.to, mail]));
    const arabic = byAddress.get(staff.admin.email)!;
    expect(arabic.subject).toContain('طلب جديد');
    expect(arabic.html).toContain('lang="ar"');
    expect(arabic.text).toContain('سبحة كهرمان');
    expect(arabic.text).toContain('الحجم: كبير');
    expect(arabic.text).toContain('× 2');
    expect(arabic.text).toContain('الدفع عند الاستلام');
    expect(arabic.text).toContain('السالمية');
    expect(arabic.text).toContain(`${shop.publicUrl}/admin/orders/${order.id}`);
    // 2 × (12.500 + 1.250) + 1.500 shipping
    expect(arabic.text).toContain('29.000');
    expect(byAddress.get(STORE_EMAIL)!.subject).toContain('طلب جديد');

    const english = byAddress.get(staff.adminEn.email)!;
    expect(english.subject).toBe(`New order ${order.order_number} — 29.000 KD`);
    expect(english.text).toContain('Cash on delivery');
    expect(english.text).toContain('Salmiya');
    expect(english.text).toContain('Size: Large');
    expect(english.text).toContain('Customer: Fatima <b>Ali</b>');
    expect(english.html).toContain('Fatima &lt;b&gt;Ali&lt;/b&gt;');
    expect(english.html).toContain(`href="${shop.publicUrl}/admin/orders/${order.id}"`);
    expect(english.text).toMatch(/Date and time: \d{1,2} \w{3} 2\d{3}, \d{2}:\d{2}/);
  });

  it('mails an address shared by the store settings and an admin once', async () => {
    await saveStoreSettings(db(), { email: staff.adminEn.email.toUpperCase() });
    try {
      const order = await placeCash();
      await drain();
      const mails = await alertMails(order.order_number);
      expect(mails.filter((mail) => mail.to.toLowerCase() === staff.adminEn.email)).toHaveLength(1);
      expect(mails.find((mail) => mail.to === staff.adminEn.email)!.subject).toContain('New order');
      expect(mails).toHaveLength(3);
    } finally {
      await saveStoreSettings(db(), { email: STORE_EMAIL });
    }
  });

  it('mails an online order only once it is paid, once whatever tells of the payment', async () => {
    const cookie = await h.guestCart(plainProductId, 1);
    const placed = await call('POST', '/api/orders', onlineCheckout(shop, undefined), { cookies: { cart: cookie } });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json<OrderResponse>();
    await drain();
    expect(await alertMails(body.order.order_number)).toHaveLength(0);

    await shop.fake.pay(h.sessionOf(body.payment_url!), 'paid', { notify: true });
    const verify = await call('POST', '/api/payments/upayments/verify', { order_number: body.order.order_number });
    expect(verify.statusCode, verify.body).toBe(200);
    await call('POST', '/api/payments/upayments/verify', { order_number: body.order.order_number });
    await drain();
    const mails = await alertMails(body.order.order_number);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [STORE_EMAIL, staff.admin.email, staff.adminEn.email, staff.moderatorOn.email].sort(),
    );
    expect(mails.find((mail) => mail.to === staff.adminEn.email)!.text).toContain('Online payment (paid)');
  });
});

describe('the staff member\'s switch', () => {
  const save = (token: string, body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
    call('PUT', '/api/auth/preferences', { order_confirmations: true, shipping_updates: true, promotional: false, ...body }, { token, lang });

  it('shows each staff member their effective choice and nothing to customers', async () => {
    const profile = async (token: string) =>
      (await call('GET', '/api/auth/profile', undefined, { token })).json().user.notification_preferences;
    expect((await profile(staff.admin.token)).new_order_alerts).toBe(true);
    expect((await profile(staff.adminOff.token)).new_order_alerts).toBe(false);
    expect((await profile(staff.moderator.token)).new_order_alerts).toBe(false);
    expect(await profile(customerToken)).not.toHaveProperty('new_order_alerts');
  });

  it('shows administrators each staff member\'s choice on their user screen, read only', async () => {
    const detail = async (id: number) =>
      (await call('GET', `/api/admin/users/${id}`, undefined, { token: staff.admin.token })).json().user;
    expect((await detail(staff.adminEn.id)).new_order_alerts).toBe(true);
    expect((await detail(staff.adminOff.id)).new_order_alerts).toBe(false);
    expect((await detail(staff.moderator.id)).new_order_alerts).toBe(false);
    expect((await detail(staff.moderatorOn.id)).new_order_alerts).toBe(true);
    expect(await detail(customerId)).not.toHaveProperty('new_order_alerts');
  });

  it('lets a moderator turn alerts on, recording the language they saved in', async () => {
    const { token, user } = await signedInAs(shop.ctx, 'moderator');
    const reply = await save(token, { new_order_alerts: true }, 'ar');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<PreferencesResponse>().notification_preferences.new_order_alerts).toBe(true);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ new_order_alerts: true, language: 'ar' });
    expect(await shop.ctx.app.services.newOrderAlerts.recipients()).toContainEqual({ to: user.email, lang: 'ar' });

    // Saving without the field keeps the choice.
    expect((await save(token, {}, 'en')).json<PreferencesResponse>().notification_preferences.new_order_alerts).toBe(true);
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ new_order_alerts: true, language: 'en' });
    await db().delete(users).where(inArray(users.id, [user.id]));
  });

  it('refuses the choice from a customer with a 400 on the field, in their language', async () => {
    const reply = await save(customerToken, { new_order_alerts: true }, 'ar');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([
      expect.objectContaining({ field: 'new_order_alerts', message: 'تنبيهات الطلبات الجديدة متاحة لفريق المتجر فقط' }),
    ]);
  });

  it('records a staff member\'s language when they sign in', async () => {
    const { user } = await signedInAs(shop.ctx, 'moderator');
    const password = 'alerts-password-1';
    const { hash } = await import('@node-rs/argon2');
    await db().update(users).set({ password_hash: await hash(password) }).where(eq(users.id, user.id));
    const login = await call('POST', '/api/auth/login', { email: user.email, password }, { lang: 'en' });
    expect(login.statusCode, login.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe('en');
    await db().delete(users).where(eq(users.id, user.id));
  });
});

describe('the back office\'s long poll of new orders', () => {
  const poll = (app: App, token: string, query: string) =>
    apiCaller(() => app)('GET', `/api/admin/orders/new${query}`, undefined, { token });

  it('refuses guests and customers', async () => {
    expect((await call('GET', '/api/admin/orders/new')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/orders/new', undefined, { token: customerToken })).statusCode).toBe(403);
  });

  it('refuses a malformed cursor or wait with a 400', async () => {
    const bad = await call('GET', '/api/admin/orders/new?cursor=yesterday&wait=99', undefined, { token: staff.moderator.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((detail: { field: string }) => detail.field).sort()).toEqual(['cursor', 'wait']);
  });

  it('lists an order once along a chain of cursors, an online one only when paid', async () => {
    const start = (await poll(shop.ctx.app, staff.moderator.token, '')).json<NewOrderAlertsResponse>();
    expect(start.orders).toEqual([]);
    const order = await placeCash();
    const cookie = await h.guestCart(plainProductId, 1);
    const online = await call('POST', '/api/orders', onlineCheckout(shop, undefined), { cookies: { cart: cookie } });
    expect(online.statusCode).toBe(201);

    const first = (await poll(shop.ctx.app, staff.moderator.token, `?cursor=${encodeURIComponent(start.cursor)}`)).json<NewOrderAlertsResponse>();
    expect(first.orders).toEqual([
      expect.objectContaining({ id: order.id, order_number: order.order_number, total_amount: 29, items_count: 2, payment_method: 'cash_on_delivery', city_name: 'Salmiya' }),
    ]);
    const second = (await poll(shop.ctx.app, staff.moderator.token, `?cursor=${encodeURIComponent(first.cursor)}`)).json<NewOrderAlertsResponse>();
    expect(second.orders).toEqual([]);

    const onlineOrder = online.json<OrderResponse>();
    await shop.fake.pay(h.sessionOf(onlineOrder.payment_url!), 'paid', { notify: false });
    await call('POST', '/api/payments/upayments/verify', { order_number: onlineOrder.order.order_number });
    const third = (await poll(shop.ctx.app, staff.moderator.token, `?cursor=${encodeURIComponent(second.cursor)}`)).json<NewOrderAlertsResponse>();
    expect(third.orders.map((row) => row.order_number)).toEqual([onlineOrder.order.order_number]);
    await drain();
  });

  it('answers a waiting poll on another app instance of the same database within 2 seconds of the order', async () => {
    const other = await buildApp({ config: shop.ctx.config, database: shop.ctx.database, logger: false });
    await other.ready();
    try {
      const start = (await poll(other, staff.admin.token, '')).json<NewOrderAlertsResponse>();
      const waiting = poll(other, staff.admin.token, `?cursor=${encodeURIComponent(start.cursor)}&wait=20`);
      // The poll is waiting before the order is placed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const placedAt = Date.now();
      const order = await placeCash(shop.ctx.app);
      const reply = await waiting;
      const took = Date.now() - placedAt;
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<NewOrderAlertsResponse>().orders.map((row) => row.id)).toEqual([order.id]);
      expect(took).toBeLessThan(2000);
      await drain();
    } finally {
      await other.close();
    }
  });

  it('answers a waiting poll with nothing when its time is up, and caps the waiting polls per person', async () => {
    const start = (await poll(shop.ctx.app, staff.adminOff.token, '')).json<NewOrderAlertsResponse>();
    const query = `?cursor=${encodeURIComponent(start.cursor)}&wait=1`;
    const began = Date.now();
    const replies = await Promise.all(Array.from({ length: 6 }, () => poll(shop.ctx.app, staff.adminOff.token, query)));
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
    for (const reply of replies.filter((entry) => entry.statusCode === 200)) {
      expect(reply.json<NewOrderAlertsResponse>().orders).toEqual([]);
    }
  });
});
