import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderResponse, OrderResponse } from '@shop/shared';
import { fieldMessages } from '../../../test-support/admin-forms.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { onlineCheckout, paymentHelpers, startPaymentsShop, type PaymentsTestShop } from '../../../test-support/payments.js';
import { signedInAs } from '../../../test-support/staff.js';
import { auditLog, orderRefunds } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** Partial refunds (issue 30, item 6; docs/decisions/043): online through the UPayments double, and in cash. */
let shop: PaymentsTestShop;
let smtp: FakeSmtpServer;
const h = paymentHelpers(() => shop);
const { call } = h;
let admin: { token: string };
let moderator: { token: string };

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  shop = await startPaymentsShop({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' });
  admin = await signedInAs(shop.ctx, 'admin');
  moderator = await signedInAs(shop.ctx, 'moderator');
});

afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const db = () => shop.ctx.database.db;
const drain = () => shop.ctx.app.services.background.drain();
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

const refund = (id: number, body?: Record<string, unknown>, lang: 'ar' | 'en' = 'en', token = admin.token) =>
  call('POST', `/api/orders/${id}/refund`, body, { token, lang });

const staffOrder = async (id: number): Promise<AdminOrder> =>
  (await call('GET', `/api/orders/${id}`, undefined, { token: admin.token })).json<AdminOrderResponse>().order;

const sentAmounts = (from: number) =>
  shop.fake.refunds.slice(from).map((entry) => (entry.body as { totalPrice?: unknown }).totalPrice);

/** A paid online order of two rosaries at 12.750 (27.000 with delivery), in the customer's language. */
async function paidOrder(lang: 'ar' | 'en' = 'en') {
  const product = await createProduct(db(), { name: 'سبحة كهرمان', name_en: 'Amber rosary', price: 12_750, stock_quantity: 10 });
  const reply = await call('POST', '/api/orders', onlineCheckout(shop, [{ product_id: product.id, quantity: 2 }]), { lang });
  expect(reply.statusCode, reply.body).toBe(201);
  const body = reply.json<OrderResponse>();
  const session = h.sessionOf(body.payment_url!);
  const settlement = shop.fake.pay(session, 'paid', { notify: false });
  await call('POST', '/api/payments/upayments/verify', { order_number: body.order.order_number, ...h.returnQuery(settlement.redirectUrl) });
  const row = await h.orderRow(body.order.order_number);
  expect(row).toMatchObject({ payment_status: 'paid', total_amount: 27_000 });
  await drain();
  return { product, row, session, itemId: body.order.items[0]!.id };
}

/** A cash-on-delivery order of `quantity` pieces at 5.000 (plus 1.500 delivery). */
async function cashOrder(quantity = 2) {
  const product = await createProduct(db(), { name: 'سبحة', name_en: 'Cash rosary', price: 5_000, stock_quantity: 10 });
  const reply = await call('POST', '/api/orders', {
    ...onlineCheckout(shop, [{ product_id: product.id, quantity }]),
    payment_method: 'cash_on_delivery',
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const order = reply.json<OrderResponse>().order;
  await drain();
  return { product, order, itemId: order.items[0]!.id };
}

const setStatus = (id: number, status: string) =>
  call('PUT', `/api/orders/${id}/status`, { status }, { token: admin.token });

describe('partial refunds through UPayments', () => {
  it('refunds an amount, then lines with restocking, then the rest; the order is refunded once nothing is left', async () => {
    const { product, row, session, itemId } = await paidOrder('ar');
    const sent = shop.fake.refunds.length;
    expect(await h.stockOf(product.id)).toBe(8);

    const first = await refund(row.id, { amount: '3.5', notes: 'Scratched box' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminOrderResponse>().order).toMatchObject({
      status: 'pending',
      payment_status: 'paid',
      refunded_amount: 3.5,
      refundable_amount: 23.5,
      refunds: [{ amount: 3.5, method: 'online', lines: [], notes: 'Scratched box', actor_name: expect.any(String) }],
    });
    expect(sentAmounts(sent)).toEqual([3.5]);
    expect(await h.historyNotes(row.id, 'Refunded 3.500 KD: Scratched box')).toBe(1);

    const second = await refund(row.id, { lines: [{ order_item_id: itemId, quantity: 1, restock: true }] });
    expect(second.statusCode, second.body).toBe(200);
    const afterLines = second.json<AdminOrderResponse>().order;
    expect(afterLines).toMatchObject({ status: 'pending', payment_status: 'paid', refunded_amount: 16.25, refundable_amount: 10.75 });
    expect(afterLines.items[0]).toMatchObject({ refunded_quantity: 1, restocked_quantity: 1 });
    expect(sentAmounts(sent)).toEqual([3.5, 12.75]);
    expect(await h.stockOf(product.id)).toBe(9);

    // No body: everything left, and the order with it (its one remaining piece back, not two).
    const rest = await refund(row.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<AdminOrderResponse>().order).toMatchObject({
      status: 'refunded',
      payment_status: 'refunded',
      refunded_amount: 27,
      refundable_amount: 0,
    });
    expect(sentAmounts(sent)).toEqual([3.5, 12.75, 10.75]);
    expect(shop.fake.session(session)!.refundedFils).toBe(27_000);
    expect(await h.stockOf(product.id)).toBe(10);
    expect((await h.attemptOf(row.id)).refunded_at).not.toBeNull();
    const rows = await db().select().from(orderRefunds).where(eq(orderRefunds.order_id, row.id));
    expect(rows.map((entry) => entry.amount)).toEqual([3_500, 12_750, 10_750]);
    expect(rows.every((entry) => entry.provider_reference !== null)).toBe(true);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, row.id), eq(auditLog.action, 'refund')));
    expect(audits).toHaveLength(3);

    // Nothing left: refused, UPayments not asked.
    const again = await refund(row.id, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(sentAmounts(sent)).toHaveLength(3);

    // The customer heard of each refund, in the language of the order.
    await drain();
    const notices = mailsTo(row.customer_email).filter((mail) => mail.subject.includes('استرداد'));
    expect(notices).toHaveLength(3);
    expect(notices[0]!.text).toContain('3.500 د.ك');
    expect(notices[1]!.text).toContain('سبحة كهرمان × 1');
    expect(notices[2]!.text).toContain('استُرد كامل مبلغ الطلب');
  });

  it('refuses more than is left, lines that are not the order\'s or over their units, and moderators, in the request language', async () => {
    const { row, itemId } = await paidOrder();
    const sent = shop.fake.refunds.length;
    const over = await refund(row.id, { amount: 27.001 });
    expect(over.statusCode).toBe(400);
    expect(fieldMessages(over)).toEqual({ amount: 'The amount is more than what is left to refund (27.000 KD)' });
    const overAr = await refund(row.id, { amount: '30' }, 'ar');
    expect(fieldMessages(overAr).amount).toBe('المبلغ أكبر من المتبقي للاسترداد (27.000 د.ك)');
    for (const [body, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: '1.2345' }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ lines: [{ order_item_id: itemId, quantity: 3, restock: false }] }, 'lines.0.quantity'],
      [{ lines: [{ order_item_id: 987654, quantity: 1, restock: false }] }, 'lines.0.order_item_id'],
      [{ lines: [{ order_item_id: itemId, quantity: 1 }] }, 'lines.0.restock'],
      [{ lines: [] }, 'lines'],
      [{ notes: 'x'.repeat(501) }, 'notes'],
    ] as const) {
      const reply = await refund(row.id, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldMessages(reply)), JSON.stringify(body)).toContain(field);
    }
    // The line's product named in English, as it was ordered.
    expect(fieldMessages(await refund(row.id, { lines: [{ order_item_id: itemId, quantity: 3, restock: false }] }))['lines.0.quantity']).toBe(
      'Only 2 pieces of "Amber rosary" can be refunded',
    );
    expect((await refund(row.id, { amount: 1 }, 'en', moderator.token)).statusCode).toBe(403);
    expect(sentAmounts(sent)).toEqual([]);
    expect((await staffOrder(row.id)).refunded_amount).toBe(0);
  });

  it('never gives back more than the total when two refunds race', async () => {
    const { row, session } = await paidOrder();
    const sent = shop.fake.refunds.length;
    const replies = await Promise.all([refund(row.id, { amount: 20 }), refund(row.id, { amount: 20 })]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 400]);
    expect(sentAmounts(sent)).toEqual([20]);
    expect(shop.fake.session(session)!.refundedFils).toBe(20_000);
    expect((await h.orderRow(row.order_number)).refunded_amount).toBe(20_000);
  });

  it('changes nothing when UPayments refuses the refund', async () => {
    const { row } = await paidOrder();
    shop.fake.setRefundMode('refused', 1);
    const reply = await refund(row.id, { amount: 5 });
    expect(reply.statusCode).toBe(502);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.order_id, row.id))).toEqual([]);
    expect(await h.orderRow(row.order_number)).toMatchObject({ refunded_amount: 0, payment_status: 'paid' });
  });
});

describe('cash refunds', () => {
  it('refunds cash only once delivered, restocks once only, and refunds the order once nothing is left', async () => {
    const { product, order, itemId } = await cashOrder(2);
    expect(await h.stockOf(product.id)).toBe(8);
    const early = await refund(order.id, { amount: 1 }, 'ar');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('بعد توصيله');

    await setStatus(order.id, 'delivered');
    const first = await refund(order.id, { lines: [{ order_item_id: itemId, quantity: 1, restock: true }], notes: 'Returned' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminOrderResponse>().order).toMatchObject({
      status: 'delivered',
      payment_status: 'not_required',
      refunded_amount: 5,
      refundable_amount: 6.5,
      refunds: [{ method: 'cash', amount: 5, lines: [{ order_item_id: itemId, quantity: 1, restocked: true }] }],
    });
    expect(await h.stockOf(product.id)).toBe(9);
    expect(await h.historyNotes(order.id, 'Refunded 5.000 KD in cash: Returned')).toBe(1);

    const rest = await refund(order.id, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<AdminOrderResponse>().order).toMatchObject({ status: 'refunded', payment_status: 'not_required', refunded_amount: 11.5 });
    // The piece restocked by the first refund is not returned a second time.
    expect(await h.stockOf(product.id)).toBe(10);
    await drain();
    expect(mailsTo(order.email).filter((mail) => mail.subject.startsWith('A refund on your order'))).toHaveLength(2);
  });

  it('cancelling or reopening after a restocking refund moves only the pieces the order still holds', async () => {
    const { product, order, itemId } = await cashOrder(3);
    await setStatus(order.id, 'delivered');
    expect((await refund(order.id, { lines: [{ order_item_id: itemId, quantity: 1, restock: true }] })).statusCode).toBe(200);
    expect(await h.stockOf(product.id)).toBe(8);
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    expect(await h.stockOf(product.id)).toBe(10);
    // A cancelled order's pieces are back already: a refund cannot restock them again.
    const twice = await refund(order.id, { lines: [{ order_item_id: itemId, quantity: 1, restock: true }] });
    expect(twice.statusCode).toBe(409); // cash is not in hand for a cancelled order
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);
    expect(await h.stockOf(product.id)).toBe(8);
  });
});
