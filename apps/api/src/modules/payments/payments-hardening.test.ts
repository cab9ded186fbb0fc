import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OrderResponse } from '@shop/shared';
import { eventually } from '../../../test-support/eventually.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { onlineCheckout, paymentHelpers, startPaymentsShop, type PaymentsTestShop } from '../../../test-support/payments.js';
import { signedInAs } from '../../../test-support/staff.js';
import { auditLog, products, users } from '../../db/schema/index.js';
import { createProduct, createPromoCode } from '../../seed/factories.js';
import { notificationReference } from './service.js';

/**
 * Late payments (docs/decisions/038): a payment UPayments captures after the shop cancelled its
 * order (not paid in time) is never silent: the order is taken back when its pieces are still
 * there, else the money goes back, and the staff are told either way.
 */
let shop: PaymentsTestShop;
let smtp: FakeSmtpServer;
let adminEmail: string;
const h = paymentHelpers(() => shop);
const { call } = h;
const db = () => shop.ctx.database.db;
const drain = () => shop.ctx.app.services.background.drain();
const payments = () => shop.ctx.app.services.payments;
/** Past PAYMENT_TIMEOUT_MINUTES (30): the sweep cancels what is still unpaid. */
const afterTimeout = () => new Date(Date.now() + 31 * 60_000);

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  // A status answer is held back in the race below: UPayments' calls may take a few seconds here.
  shop = await startPaymentsShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>', UPAYMENTS_TIMEOUT_SECONDS: '10' });
  const admin = (await signedInAs(shop.ctx, 'admin')).user;
  adminEmail = admin.email;
  // The late-payment alert is written in each administrator's language (decision 047).
  await shop.ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, admin.id));
});

afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

/** An online order of `quantity` pieces of a new product with `stock`, its row and payment session. */
async function onlineOrder(quantity: number, stock: number, extra: Record<string, unknown> = {}) {
  const product = await createProduct(db(), { name: 'سبحة يسر', name_en: 'Yusr rosary', price: 20_000, stock_quantity: stock });
  const cookie = await h.guestCart(product.id, quantity);
  const response = await call('POST', '/api/orders', onlineCheckout(shop, undefined, extra), { cookies: { cart: cookie } });
  expect(response.statusCode).toBe(201);
  const body = response.json<OrderResponse>();
  const row = await h.orderRow(body.order.order_number);
  const attempt = await h.attemptOf(row.id);
  return { product, row, attempt, session: h.sessionOf(body.payment_url!) };
}

/** The order cancelled by the sweep for want of a payment. */
async function abandon(order: { row: { order_number: string } }) {
  await payments().sweepOnce(afterTimeout());
  expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
}

const alertsFor = (orderNumber: string) =>
  smtp.received.filter((mail) => mail.to.includes(adminEmail) && mail.subject.includes(orderNumber));

async function lateEntries(orderId: number) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, orderId), eq(auditLog.action, 'late_payment')));
}

describe('a payment captured after its order was cancelled', () => {
  it('takes the order back from the notification when its pieces are still there, and tells staff and customer', async () => {
    const code = await createPromoCode(db(), { code: `LATE${Date.now()}`, discount_type: 'percentage', discount_value: 10 });
    const order = await onlineOrder(2, 5, { promo_code: code.code });
    expect(await h.usesOf(code.id)).toBe(1);
    await abandon(order);
    expect(await h.stockOf(order.product.id)).toBe(5);
    expect(await h.usesOf(code.id)).toBe(0);

    shop.fake.pay(order.session, 'paid', { notify: true });
    await eventually(async () => {
      expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'pending', payment_status: 'paid' });
    }, 5000);
    await drain();
    const row = await h.orderRow(order.row.order_number);
    expect(row.paid_at).not.toBeNull();
    expect(await h.stockOf(order.product.id)).toBe(3);
    expect(await h.usesOf(code.id)).toBe(1);
    expect(await h.cartLines(order.attempt.cart_id!)).toBe(0);
    expect(await h.attemptOf(row.id)).toMatchObject({ result: 'CAPTURED' });
    expect(await h.historyNotes(row.id, 'Payment arrived after the order was cancelled: the order was reopened and its pieces taken again')).toBe(1);
    const [entry] = await lateEntries(row.id);
    expect(entry).toMatchObject({ actor_id: null, actor_email: null });
    expect(entry!.changes).toMatchObject({ status: { from: 'cancelled', to: 'pending' }, payment_status: { from: 'failed', to: 'paid' } });
    await eventually(() => expect(alertsFor(row.order_number)).toHaveLength(1), 5000);
    expect(alertsFor(row.order_number)[0]!.text).toContain('reopened as paid');
    // The customer gets the confirmation of a paid order, as with an ordinary payment.
    await eventually(() => expect(smtp.received.filter((mail) => mail.to.includes(row.customer_email))).toHaveLength(1), 5000);

    // Told again (a duplicate notification, the return page): nothing moves twice.
    await shop.fake.notify(order.session);
    await call('POST', '/api/payments/upayments/verify', { order_number: row.order_number });
    await drain();
    expect(await h.stockOf(order.product.id)).toBe(3);
    expect(await lateEntries(row.id)).toHaveLength(1);
  });

  it('refunds through UPayments from the return page when the pieces were sold meanwhile', async () => {
    const order = await onlineOrder(2, 2);
    await abandon(order);
    // Someone else buys the pieces the cancellation put back.
    await db().update(products).set({ stock_quantity: 1 }).where(eq(products.id, order.product.id));
    const refunds = shop.fake.refunds.length;

    const settlement = shop.fake.pay(order.session, 'paid', { notify: false });
    const reply = await call('POST', '/api/payments/upayments/verify', {
      order_number: order.row.order_number,
      ...h.returnQuery(settlement.redirectUrl),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    expect(shop.fake.refunds.slice(refunds)).toEqual([expect.objectContaining({ status: 201 })]);
    expect(shop.fake.session(order.session)!.refundedFils).toBe(order.row.total_amount);
    expect(await h.stockOf(order.product.id)).toBe(1);
    const attempt = await h.attemptOf(order.row.id);
    expect(attempt.refunded_at).not.toBeNull();
    expect(await h.historyNotes(order.row.id, 'Payment arrived after the order was cancelled and its pieces were gone: refunded through UPayments')).toBe(1);
    expect(await lateEntries(order.row.id)).toHaveLength(1);
    await drain();
    await eventually(() => expect(alertsFor(order.row.order_number)).toHaveLength(1), 5000);
    expect(alertsFor(order.row.order_number)[0]!.text).toContain('refunded to the customer');
  });

  it('leaves the order paid for staff to refund when UPayments refuses the refund, and says so', async () => {
    const order = await onlineOrder(1, 1);
    await abandon(order);
    await db().update(products).set({ stock_quantity: 0 }).where(eq(products.id, order.product.id));
    shop.fake.setRefundMode('refused', 1);
    shop.fake.pay(order.session, 'paid', { notify: true });
    await eventually(async () => {
      expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    }, 5000);
    expect(await h.historyNotes(order.row.id, 'Payment arrived after the order was cancelled and its pieces were gone; the automatic refund failed: refund it by hand')).toBe(1);
    await drain();
    await eventually(() => expect(alertsFor(order.row.order_number)).toHaveLength(1), 5000);
    expect(alertsFor(order.row.order_number)[0]!.text).toContain('The money is still captured');

    // The back office's refund then returns the money, and status and payment agree.
    const admin = await signedInAs(shop.ctx, 'admin');
    const refunded = await call('POST', `/api/orders/${order.row.id}/refund`, undefined, { token: admin.token });
    expect(refunded.statusCode).toBe(200);
    expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
  });

  it('finds a capture nobody reported at the sweep\'s second look', async () => {
    const order = await onlineOrder(1, 3);
    await abandon(order);
    shop.fake.pay(order.session, 'paid', { notify: false });
    // Too soon for a second look: the order is left as it is.
    await payments().sweepOnce(afterTimeout());
    expect((await h.orderRow(order.row.order_number)).payment_status).toBe('failed');
    await payments().sweepOnce(new Date(Date.now() + 62 * 60_000));
    expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'pending', payment_status: 'paid' });
    await drain();
    await eventually(() => expect(alertsFor(order.row.order_number)).toHaveLength(1), 5000);
    expect(await h.stockOf(order.product.id)).toBe(2);
    // Looked at once: a later sweep asks UPayments nothing more about it.
    const calls = shop.fake.statusCalls.length;
    await payments().sweepOnce(new Date(Date.now() + 124 * 60_000));
    expect(shop.fake.statusCalls.length).toBe(calls);
  });

  it('never asks UPayments again about an order whose payment it refused', async () => {
    const order = await onlineOrder(1, 3);
    const settlement = shop.fake.pay(order.session, 'failed', { notify: false });
    await call('POST', '/api/payments/upayments/verify', { order_number: order.row.order_number, ...h.returnQuery(settlement.redirectUrl) });
    expect((await h.orderRow(order.row.order_number)).payment_status).toBe('failed');
    const calls = shop.fake.statusCalls.length;
    await call('POST', '/api/payments/upayments/verify', { order_number: order.row.order_number });
    await payments().sweepOnce(new Date(Date.now() + 62 * 60_000));
    expect(shop.fake.statusCalls.length).toBe(calls);
  });

  // Two transactions at once: the embedded database serves one connection, so PostgreSQL only (CI).
  it.skipIf(!process.env.DATABASE_URL)('handles a capture that arrives while the sweep is cancelling the order', async () => {
    const order = await onlineOrder(2, 4);
    // The sweep asks UPayments (nothing paid yet) and holds the order while the answer travels.
    const release = shop.fake.holdNextStatusAnswer();
    const calls = shop.fake.statusCalls.length;
    const sweeping = payments().sweepOnce(afterTimeout());
    await eventually(() => expect(shop.fake.statusCalls.length).toBe(calls + 1), 5000);
    // Meanwhile the shopper pays and UPayments notifies: the shop learns CAPTURED and waits for the order.
    shop.fake.pay(order.session, 'paid', { notify: true });
    await eventually(() => expect(shop.fake.statusCalls.length).toBe(calls + 2), 5000);
    release();
    await sweeping;
    await eventually(async () => {
      expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'pending', payment_status: 'paid' });
    }, 5000);
    expect(await h.stockOf(order.product.id)).toBe(2);
    expect(await h.historyNotes(order.row.id, 'Payment was not completed in time')).toBe(1);
    expect(await lateEntries(order.row.id)).toHaveLength(1);
    await drain();
    await eventually(() => expect(alertsFor(order.row.order_number)).toHaveLength(1), 5000);
  });

  it('takes back an order staff cancelled while its payment was open, once UPayments confirms it', async () => {
    const order = await onlineOrder(1, 2);
    const admin = await signedInAs(shop.ctx, 'admin');
    const cancelled = await call('PUT', `/api/orders/${order.row.id}/status`, { status: 'cancelled' }, { token: admin.token });
    expect(cancelled.statusCode).toBe(200);
    expect(await h.stockOf(order.product.id)).toBe(2);
    const settlement = shop.fake.pay(order.session, 'paid', { notify: false });
    await call('POST', '/api/payments/upayments/verify', { order_number: order.row.order_number, ...h.returnQuery(settlement.redirectUrl) });
    expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'pending', payment_status: 'paid' });
    expect(await h.stockOf(order.product.id)).toBe(1);
    expect(await lateEntries(order.row.id)).toHaveLength(1);
  });
});

describe('status and money agree', () => {
  async function paidOrder() {
    const order = await onlineOrder(1, 5);
    const settlement = shop.fake.pay(order.session, 'paid', { notify: false });
    await call('POST', '/api/payments/upayments/verify', { order_number: order.row.order_number, ...h.returnQuery(settlement.redirectUrl) });
    expect((await h.orderRow(order.row.order_number)).payment_status).toBe('paid');
    return order;
  }

  it('refuses to mark a paid online order refunded by its status, for administrators and moderators, in their language', async () => {
    const order = await paidOrder();
    const refunds = shop.fake.refunds.length;
    for (const [role, lang] of [['admin', 'en'], ['moderator', 'ar']] as const) {
      const staff = await signedInAs(shop.ctx, role);
      const reply = await call('PUT', `/api/orders/${order.row.id}/status`, { status: 'refunded' }, { token: staff.token, lang });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({
        code: 'CONFLICT',
        details: [{ field: 'status', message: lang === 'en' ? expect.stringContaining('Refund') : expect.stringContaining('استرداد') }],
      });
    }
    expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'pending', payment_status: 'paid' });
    expect(await h.stockOf(order.product.id)).toBe(4);
    expect(shop.fake.refunds.length).toBe(refunds);

    // Other statuses still go; the refund action returns the money and sets the status with it.
    const admin = await signedInAs(shop.ctx, 'admin');
    const shipped = await call('PUT', `/api/orders/${order.row.id}/status`, { status: 'shipped' }, { token: admin.token });
    expect(shipped.statusCode).toBe(200);
    const moderator = await signedInAs(shop.ctx, 'moderator');
    expect((await call('POST', `/api/orders/${order.row.id}/refund`, undefined, { token: moderator.token })).statusCode).toBe(403);
    expect((await call('POST', `/api/orders/${order.row.id}/refund`, undefined, { token: admin.token })).statusCode).toBe(200);
    expect(await h.orderRow(order.row.order_number)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    expect(await h.stockOf(order.product.id)).toBe(5);

    // Its money went back: it cannot be reopened (nor take the stock again).
    const reopened = await call('PUT', `/api/orders/${order.row.id}/status`, { status: 'processing' }, { token: admin.token });
    expect(reopened.statusCode).toBe(409);
    expect(await h.stockOf(order.product.id)).toBe(5);
  });

  it('still lets staff mark a cash-on-delivery order refunded by its status', async () => {
    const product = await createProduct(db(), { price: 5_000, stock_quantity: 3 });
    const placed = await call('POST', '/api/orders', {
      ...onlineCheckout(shop, [{ product_id: product.id, quantity: 1 }]),
      payment_method: 'cash_on_delivery',
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json<OrderResponse>().order.id;
    const admin = await signedInAs(shop.ctx, 'admin');
    const reply = await call('PUT', `/api/orders/${id}/status`, { status: 'refunded' }, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    expect(await h.stockOf(product.id)).toBe(3);
  });
});

describe('control characters in the notification', () => {
  it('reads no reference with a control character', () => {
    expect(notificationReference('abc123')).toBe('abc123');
    expect(notificationReference(' 42 ')).toBe('42');
    for (const bad of ['\u0000abc', 'ab\u0001c', 'abc\u007f', 'a\nb', 'x'.repeat(101), '', {}]) {
      expect(notificationReference(bad)).toBeUndefined();
    }
  });

  it('answers a notification with NUL bytes and never sends them to the database', async () => {
    const warn = vi.spyOn(shop.ctx.app.log, 'warn');
    try {
      const reply = await call('POST', '/api/payments/upayments/notify', 'requested_order_id=%00abc&track_id=12%00&result=CAPTURED', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reply.statusCode).toBe(200);
      const json = await call('POST', '/api/payments/upayments/notify', { requested_order_id: 'a\u0000b', track_id: '\u0000' });
      expect(json.statusCode).toBe(200);
      await drain();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
