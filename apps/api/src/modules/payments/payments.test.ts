import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AdminOrderResponse, OrderResponse, PaymentFailedResponse, PaymentVerifyResponse } from '@shop/shared';
import { eventually } from '../../../test-support/eventually.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import {
  onlineCheckout,
  paymentHelpers,
  startPaymentsShop,
  type PaymentsTestShop,
} from '../../../test-support/payments.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp } from '../../../test-support/test-app.js';
import { carts, orders, paymentAttempts } from '../../db/schema/index.js';
import { createCity, createProduct, createPromoCode } from '../../seed/factories.js';

let shop: PaymentsTestShop;
let smtp: FakeSmtpServer;
const h = paymentHelpers(() => shop);
const { call } = h;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  shop = await startPaymentsShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' });
});

afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const db = () => shop.ctx.database.db;
const drain = () => shop.ctx.app.services.background.drain();

async function rosary(stock = 10) {
  return createProduct(db(), { name: 'سبحة كهرمان', name_en: 'Amber rosary', price: 12_750, stock_quantity: stock });
}

function place(payload: Record<string, unknown>, options: { cookie?: string; key?: string; lang?: 'ar' | 'en' } = {}) {
  return call('POST', '/api/orders', payload, {
    lang: options.lang,
    headers: options.key === undefined ? {} : { 'idempotency-key': options.key },
    cookies: options.cookie ? { cart: options.cookie } : undefined,
  });
}

const verify = (body: Record<string, unknown>) => call('POST', '/api/payments/upayments/verify', body);

/** An online order placed from a guest cart of `quantity` rosaries; the order, its page and cart. */
async function placedFromCart(quantity = 2, extra: Record<string, unknown> = {}, stock = 10, lang: 'ar' | 'en' = 'en') {
  const product = await rosary(stock);
  const cookie = await h.guestCart(product.id, quantity);
  const response = await place(onlineCheckout(shop, undefined, extra), { cookie, lang });
  expect(response.statusCode).toBe(201);
  const body = response.json<OrderResponse>();
  const row = await h.orderRow(body.order.order_number);
  const attempt = await h.attemptOf(row.id);
  return { product, cookie, body, row, attempt, session: h.sessionOf(body.payment_url!) };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

describe('online payment: configured', () => {
  it('charges UPayments the gift wrapping with the order (its own fee, the server\'s)', async () => {
    const admin = await signedInAs(shop.ctx, 'admin');
    const saved = await call('POST', '/api/settings', { gift_wrap_fee: '1.5' }, { token: admin.token });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { body, row, attempt } = await placedFromCart(2, { gift_wrap: true, gift_message: 'Eid Mubarak', total_amount: 1 });
      // 2 × 12.750 + 1.500 delivery + 1.500 wrapping.
      expect(body.order).toMatchObject({ gift_wrap: true, gift_wrap_fee: 1.5, total_amount: 28.5 });
      expect(row.total_amount).toBe(28_500);
      const charge = shop.fake.charges.at(-1)!.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the double records the raw JSON the client sent
      expect(charge.order).toMatchObject({ id: attempt.requested_order_id, currency: 'KWD', amount: 28.5 });
    } finally {
      await call('POST', '/api/settings', { gift_wrap_fee: '' }, { token: admin.token });
    }
  });

  it('offers the card in the public settings', async () => {
    const response = await call('GET', '/api/settings');
    expect(response.json().settings.payment_methods).toEqual(['cash_on_delivery', 'upayments']);
  });

  it('places the order awaiting payment, holds stock, keeps the cart and charges UPayments with query-free addresses', async () => {
    const { product, body, row, attempt } = await placedFromCart(2);
    expect(body.order).toMatchObject({ status: 'pending', payment_status: 'awaiting_payment', paid_at: null });
    expect(body.payment_url).toBeDefined();
    expect(body.order.payment_url).toBe(body.payment_url);
    expect(await h.stockOf(product.id)).toBe(8);
    const cartId = (await db().select({ id: carts.id }).from(carts)).map((cart) => cart.id);
    expect(attempt.cart_id).not.toBeNull();
    expect(cartId).toContain(attempt.cart_id);
    expect(await h.cartLines(attempt.cart_id!)).toBe(1);

    const charge = shop.fake.charges.at(-1)!.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the double records the raw JSON the client sent
    expect(charge.order).toMatchObject({ id: attempt.requested_order_id, currency: 'KWD', amount: 27 });
    expect(attempt.requested_order_id.length).toBeLessThanOrEqual(40);
    // An English checkout comes back to the English result page (decision 046).
    expect(charge.returnUrl).toBe(`${shop.publicUrl}/en/payment/success`);
    expect(charge.cancelUrl).toBe(`${shop.publicUrl}/en/payment/cancel`);
    expect(charge.notificationUrl).toBe(`${shop.publicUrl}/api/payments/upayments/notify`);
    expect(charge.language).toBe('en');
    // The charge's lines name the products in the order's language (decision 047).
    expect(charge.products).toEqual([expect.objectContaining({ name: 'Amber rosary', price: 12.75, quantity: 2 })]);
    expect(row.total_amount).toBe(27_000);
    // No confirmation e-mail before the payment is confirmed.
    await drain();
    expect(mailsTo(row.customer_email)).toHaveLength(0);
  });

  it('sends an Arabic shopper back to the Arabic result page', async () => {
    await placedFromCart(1, {}, 10, 'ar');
    const charge = shop.fake.charges.at(-1)!.body as { returnUrl: string; cancelUrl: string; language: string };
    expect(charge).toMatchObject({
      returnUrl: `${shop.publicUrl}/payment/success`,
      cancelUrl: `${shop.publicUrl}/payment/cancel`,
      language: 'ar',
    });
  });

  it('marks the order paid from the return page once UPayments confirms it, empties the cart and mails once', async () => {
    const { row, attempt, session, product } = await placedFromCart(1);
    const settlement = shop.fake.pay(session, 'paid', { notify: false });
    const query = h.returnQuery(settlement.redirectUrl);
    const response = await verify({ order_number: row.order_number, ...query });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentVerifyResponse>()).toMatchObject({ payment_status: 'paid', status: 'pending' });
    const paid = await h.orderRow(row.order_number);
    expect(paid.payment_status).toBe('paid');
    expect(paid.paid_at).not.toBeNull();
    const stored = await h.attemptOf(row.id);
    expect(stored).toMatchObject({ result: 'CAPTURED', track_id: query.track_id, payment_id: query.payment_id });
    expect(stored.refund_order_id).not.toBeNull();
    expect(await h.cartLines(attempt.cart_id!)).toBe(0);
    expect(await h.stockOf(product.id)).toBe(9);
    await eventually(() => expect(mailsTo(row.customer_email)).toHaveLength(1), 5000);

    // Asked again: answered from the database, UPayments is not asked.
    const calls = shop.fake.statusCalls.length;
    const again = await verify({ order_number: row.order_number, ...query });
    expect(again.json<PaymentVerifyResponse>().payment_status).toBe('paid');
    expect(shop.fake.statusCalls.length).toBe(calls);
  });

  it('marks the order paid from the notification, once, whatever arrives twice or races', async () => {
    const { row, session } = await placedFromCart(1);
    const settlement = shop.fake.pay(session, 'paid', { notify: true });
    const delivery = await settlement.delivered!;
    expect(delivery.status).toBe(200);
    const query = h.returnQuery(settlement.redirectUrl);
    // The browser's verify, duplicate notifications and another verify, all at once.
    await Promise.all([
      verify({ order_number: row.order_number, ...query }),
      shop.fake.notify(session, { times: 3 }),
      verify({ requested_order_id: query.requested_order_id, track_id: query.track_id }),
    ]);
    await drain();
    await eventually(async () => expect((await h.orderRow(row.order_number)).payment_status).toBe('paid'), 5000);
    await drain();
    expect(await h.historyNotes(row.id, 'Payment confirmed')).toBe(1);
    await eventually(() => expect(mailsTo(row.customer_email)).toHaveLength(1), 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(row.customer_email)).toHaveLength(1);
    // A late failure never un-pays.
    shop.fake.setStatusMode('ok');
    const late = await call('POST', '/api/payments/upayments/notify', 'result=NOT+CAPTURED&requested_order_id=' + query.requested_order_id, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(late.statusCode).toBe(200);
    await drain();
    expect((await h.orderRow(row.order_number)).payment_status).toBe('paid');
  });

  it('answers 200 to notifications it cannot use', async () => {
    const form = await call('POST', '/api/payments/upayments/notify', 'requested_order_id=nobody&result=CAPTURED', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ success: true });
    const odd = await call('POST', '/api/payments/upayments/notify', { requested_order_id: 42, track_id: { x: 1 } });
    expect(odd.statusCode).toBe(200);
    const json = await call('POST', '/api/payments/upayments/notify', [1, 2, 3]);
    expect(json.statusCode).toBe(400);
    const empty = await call('POST', '/api/payments/upayments/notify', {});
    expect(empty.statusCode).toBe(200);
  });

  it.each(['failed', 'cancelled'] as const)(
    'cancels a %s payment: stock and promo use released, the cart kept, no e-mail',
    async (outcome) => {
      const promo = await createPromoCode(db(), { code: `PAY${outcome.toUpperCase()}`, discount_value: 10 });
      const { row, session, product, attempt } = await placedFromCart(2, { promo_code: promo.code });
      expect(await h.usesOf(promo.id)).toBe(1);
      expect(await h.stockOf(product.id)).toBe(8);
      const settlement = shop.fake.pay(session, outcome, { notify: false });
      const response = await verify({ order_number: row.order_number, ...h.returnQuery(settlement.redirectUrl) });
      expect(response.json<PaymentVerifyResponse>()).toMatchObject({ payment_status: 'failed', status: 'cancelled' });
      expect(await h.stockOf(product.id)).toBe(10);
      expect(await h.usesOf(promo.id)).toBe(0);
      expect(await h.cartLines(attempt.cart_id!)).toBe(1);
      // Twice: released once.
      await verify({ order_number: row.order_number });
      await shop.fake.notify(session, { times: 2 });
      await drain();
      expect(await h.stockOf(product.id)).toBe(10);
      expect(await h.usesOf(promo.id)).toBe(0);
      expect(mailsTo(row.customer_email)).toHaveLength(0);
    },
  );

  it('never marks paid from a forged CAPTURED redirect', async () => {
    const { row, session, product } = await placedFromCart(1);
    const forged = h.returnQuery(shop.fake.forgedRedirect(session));
    expect(forged.result).toBe('CAPTURED');
    const response = await verify({ order_number: row.order_number, ...forged });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentVerifyResponse>().payment_status).not.toBe('paid');
    const after = await h.orderRow(row.order_number);
    expect(after.payment_status).toBe('awaiting_payment');
    expect(after.paid_at).toBeNull();
    expect(await h.stockOf(product.id)).toBe(9);
  });

  it('refuses verification of an unknown order and of mismatched references', async () => {
    expect((await verify({ order_number: 'SB-0000000000' })).statusCode).toBe(404);
    expect((await verify({})).statusCode).toBe(400);
    const a = await placedFromCart(1);
    const b = await placedFromCart(1);
    const mixed = await verify({ order_number: a.row.order_number, requested_order_id: b.attempt.requested_order_id });
    expect(mixed.statusCode).toBe(404);
  });

  it.each([
    ['timeout', 'timeout'],
    ['a 5xx', 'error500'],
    ['a non-JSON answer', 'non_json'],
  ] as const)('releases everything after %s from the charge and answers redirect_to_checkout', async (_label, mode) => {
    const promo = await createPromoCode(db(), { code: `CHARGE${mode.toUpperCase().replace(/[^A-Z0-9]/g, '')}`, discount_value: 5 });
    const product = await rosary(10);
    const cookie = await h.guestCart(product.id, 3);
    shop.fake.setChargeMode(mode, 1);
    const payload = onlineCheckout(shop, undefined, { promo_code: promo.code });
    const response = await place(payload, { cookie, lang: 'ar' });
    expect(response.statusCode).toBe(502);
    const body = response.json<PaymentFailedResponse>();
    expect(body).toMatchObject({
      success: false,
      code: 'PAYMENT_UNAVAILABLE',
      action: 'redirect_to_checkout',
      cart_preserved: true,
    });
    expect(body.message).toMatch(/فشل الدفع/);
    expect(await h.stockOf(product.id)).toBe(10);
    expect(await h.usesOf(promo.id)).toBe(0);
    const cart = await call('GET', '/api/cart', undefined, { cookies: { cart: cookie } });
    expect(cart.json().items).toHaveLength(1);
    // The order was written, then cancelled with its payment failed and a history row.
    const [attempt] = await db().select().from(paymentAttempts).orderBy(desc(paymentAttempts.id)).limit(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, attempt!.order_id));
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'failed', customer_email: payload.email });
  });

  it('gives a double click the same order and payment page, with one charge', async () => {
    const product = await rosary(10);
    const payload = onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }]);
    const before = shop.fake.charges.length;
    // One browser: a guest's key belongs to their cart cookie (decision 039).
    const cookie = await h.guestCart(product.id, 1);
    const [first, second] = await Promise.all([
      place(payload, { key: 'double-click-1', cookie }),
      place(payload, { key: 'double-click-1', cookie }),
    ]);
    const bodies = [first.json<OrderResponse>(), second.json<OrderResponse>()];
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(bodies[0]!.order.order_number).toBe(bodies[1]!.order.order_number);
    expect(bodies[0]!.payment_url).toBeDefined();
    expect(bodies[0]!.payment_url).toBe(bodies[1]!.payment_url);
    expect(shop.fake.charges.length).toBe(before + 1);
    expect(await h.stockOf(product.id)).toBe(9);
  });

  it('cancels an abandoned payment after the timeout, and marks paid one paid but never reported', async () => {
    const abandoned = await placedFromCart(2);
    const paidSilently = await placedFromCart(1);
    shop.fake.pay(paidSilently.session, 'paid', { notify: false });
    const service = shop.ctx.app.services.payments;
    // Not yet: within the timeout nothing is touched.
    await service.sweepOnce(new Date());
    expect((await h.orderRow(abandoned.row.order_number)).payment_status).toBe('awaiting_payment');
    await service.sweepOnce(new Date(Date.now() + 31 * 60_000));
    const cancelled = await h.orderRow(abandoned.row.order_number);
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await h.stockOf(abandoned.product.id)).toBe(10);
    expect(await h.historyNotes(abandoned.row.id, 'Payment was not completed in time')).toBe(1);
    const paid = await h.orderRow(paidSilently.row.order_number);
    expect(paid.payment_status).toBe('paid');
    expect(await h.stockOf(paidSilently.product.id)).toBe(9);
    // A second sweep releases nothing twice.
    await service.sweepOnce(new Date(Date.now() + 62 * 60_000));
    expect(await h.stockOf(abandoned.product.id)).toBe(10);
  });

  it('releases an overdue order whose charge was never stored without asking UPayments', async () => {
    const orphan = await placedFromCart(2);
    await db().delete(paymentAttempts).where(eq(paymentAttempts.order_id, orphan.row.id));
    const statusCalls = shop.fake.statusCalls.length;
    await shop.ctx.app.services.payments.sweepOnce(new Date(Date.now() + 31 * 60_000));
    expect(await h.orderRow(orphan.row.order_number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await h.stockOf(orphan.product.id)).toBe(10);
    expect(await h.historyNotes(orphan.row.id, 'Payment was not completed in time')).toBe(1);
    expect(shop.fake.statusCalls.length).toBe(statusCalls);
  });

  it('shows staff the payment references and lets an administrator refund a paid order in full', async () => {
    const { row, session, product } = await placedFromCart(2);
    const settlement = shop.fake.pay(session, 'paid', { notify: false });
    await verify({ order_number: row.order_number, ...h.returnQuery(settlement.redirectUrl) });
    const admin = await signedInAs(shop.ctx, 'admin');
    const detail = await call('GET', `/api/orders/${row.id}`, undefined, { token: admin.token });
    const staffOrder = detail.json<AdminOrderResponse>().order;
    expect(staffOrder).toMatchObject({ payment_status: 'paid' });
    expect(staffOrder.payment).toMatchObject({ provider: 'upayments', result: 'CAPTURED' });
    expect(staffOrder.payment!.track_id).not.toBeNull();

    const moderator = await signedInAs(shop.ctx, 'moderator');
    const refused = await call('POST', `/api/orders/${row.id}/refund`, undefined, { token: moderator.token });
    expect(refused.statusCode).toBe(403);

    // A double click (or two administrators at once): the money goes back once.
    const refundsBefore = shop.fake.refunds.length;
    const [first, second] = await Promise.all([
      call('POST', `/api/orders/${row.id}/refund`, undefined, { token: admin.token }),
      call('POST', `/api/orders/${row.id}/refund`, undefined, { token: admin.token }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(shop.fake.refunds.length - refundsBefore).toBe(1);
    const refund = first.statusCode === 200 ? first : second;
    expect(refund.json<AdminOrderResponse>().order).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    expect(shop.fake.refunds.at(-1)!.status).toBeLessThan(300);
    expect(await h.stockOf(product.id)).toBe(10);
    const again = await call('POST', `/api/orders/${row.id}/refund`, undefined, { token: admin.token });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to charge an order that costs nothing, before anything is written', async () => {
    const product = await rosary(5);
    const free = await createPromoCode(db(), { code: 'ALLFREE', discount_value: 100 });
    const freeCity = await createCity(db(), {
      country_id: shop.city.country,
      governorate_id: shop.city.governorate,
      name_ar: 'مدينة',
      name_en: 'Free delivery town',
      shipping_fee: 0,
    });
    const count = (await db().select({ id: orders.id }).from(orders)).length;
    const charges = shop.fake.charges.length;
    const payload = onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }], {
      promo_code: free.code,
      city_id: freeCity.id,
    });
    const response = await place(payload, { lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'payment_method', message: expect.any(String) }]);
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(count);
    expect(await h.stockOf(product.id)).toBe(5);
    expect(await h.usesOf(free.id)).toBe(0);
    expect(shop.fake.charges.length).toBe(charges);
  });

  it('refuses to refund a cash-on-delivery order', async () => {
    const product = await rosary(5);
    const cod = await place({ ...onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }]), payment_method: 'cash_on_delivery' });
    expect(cod.statusCode).toBe(201);
    expect(cod.json<OrderResponse>().order).toMatchObject({ payment_status: 'not_required', paid_at: null });
    expect(cod.json<OrderResponse>().payment_url).toBeUndefined();
    const admin = await signedInAs(shop.ctx, 'admin');
    const refund = await call('POST', `/api/orders/${cod.json<OrderResponse>().order.id}/refund`, undefined, { token: admin.token });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('CONFLICT');
  });
});

describe('online payment: not configured', () => {
  it('offers cash only and refuses a card order with the unavailable error', async () => {
    const ctx = await createTestApp();
    try {
      const local = paymentHelpers(() => ({ ...shop, ctx }));
      const settings = await local.call('GET', '/api/settings');
      expect(settings.json().settings.payment_methods).toEqual(['cash_on_delivery']);
      const response = await local.call('POST', '/api/orders', onlineCheckout(shop, [{ product_id: 1, quantity: 1 }]));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'PAYMENT_UNAVAILABLE' });
      expect(await ctx.database.db.select({ id: orders.id }).from(orders)).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});
