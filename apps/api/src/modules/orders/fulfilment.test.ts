import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderBulkStatusResponse, AdminOrderResponse, Order, OrderTrackingResponse } from '@shop/shared';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { apiCaller } from '../../../test-support/http.js';
import { createSalmiya } from '../../../test-support/places.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, orderStatusHistory, products } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** Issue 30, item 6: an order's carrier and tracking number, and status changes of several orders at once. */
let smtp: FakeSmtpServer;
let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;
let place: { country: number; governorate: number; city: number };
let contacts = 0;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Prayer Beads <orders@shop.example.com>',
    PUBLIC_URL: 'https://beads.example.kw',
  });
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  place = await createSalmiya(ctx.database.db, 1_000);
});

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const drain = () => ctx.app.services.background.drain();
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

async function placeOrder(productId: number, options: { lang?: 'ar' | 'en'; quantity?: number } = {}): Promise<Order> {
  contacts += 1;
  const reply = await call(
    'POST',
    '/api/orders',
    {
      name: `Shopper ${contacts}`,
      email: `fulfil${contacts}@example.com`,
      phone: `+9656100${String(contacts).padStart(4, '0')}`,
      shipping_address: 'Block 2',
      country_id: place.country,
      governorate_id: place.governorate,
      city_id: place.city,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: productId, quantity: options.quantity ?? 1 }],
    },
    { lang: options.lang ?? 'en' },
  );
  expect(reply.statusCode, reply.body).toBe(201);
  await drain();
  return reply.json().order as Order;
}

const setStatus = (id: number, body: Record<string, unknown>, lang: 'ar' | 'en' = 'en', token = admin.token) =>
  call('PUT', `/api/orders/${id}/status`, body, { token, lang });

const bulk = (body: Record<string, unknown>, lang: 'ar' | 'en' = 'en', token = admin.token) =>
  call('POST', '/api/orders/bulk-status', body, { token, lang });

async function stockOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db.select({ stock: products.stock_quantity }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

const historyOf = (orderId: number) =>
  ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.order_id, orderId)).orderBy(orderStatusHistory.id);

describe('carrier and tracking number', () => {
  it('refuses a carrier or tracking number with another status, and bad ones, on the field, in the request language', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const order = await placeOrder(product.id);

    const early = await setStatus(order.id, { status: 'processing', tracking_number: 'JD0146' }, 'ar');
    expect(early.statusCode).toBe(400);
    expect(fieldMessages(early)).toEqual({ tracking_number: 'شركة الشحن ورقم التتبع ورابطه تُضاف فقط مع الحالة «تم الشحن»' });
    const earlyEn = await setStatus(order.id, { status: 'delivered', carrier: 'DHL', tracking_url: 'https://dhl.com/x' });
    expect(Object.keys(fieldMessages(earlyEn)).sort()).toEqual(['carrier', 'tracking_url']);
    // Blank fields with another status are nothing given (a form sends them empty).
    expect((await setStatus(order.id, { status: 'processing', carrier: '', tracking_number: null })).statusCode).toBe(200);

    const bad = [
      [{ tracking_number: 'AB/12' }, 'tracking_number', 'The tracking number may hold only letters, digits, spaces and hyphens'],
      [{ tracking_number: '1'.repeat(61) }, 'tracking_number', 'The tracking number must be at most 60 characters'],
      [{ carrier: 'x'.repeat(61) }, 'carrier', 'The carrier name must be at most 60 characters'],
      [{ tracking_url: 'http://www.aramex.com/track' }, 'tracking_url', 'The tracking link must be a full address starting with https://'],
      [{ tracking_url: 'javascript:alert(1)' }, 'tracking_url', 'The tracking link must be a full address starting with https://'],
      [{ tracking_url: `https://a.example/${'x'.repeat(500)}` }, 'tracking_url', 'The tracking link must be at most 500 characters'],
    ] as const;
    for (const [fields, field, message] of bad) {
      const reply = await setStatus(order.id, { status: 'shipped', ...fields });
      expect(reply.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldMessages(reply)[field]).toBe(message);
    }
    // Nothing was changed by the refusals.
    const detail = await call('GET', `/api/orders/${order.id}`, undefined, { token: admin.token });
    expect(detail.json<AdminOrderResponse>().order).toMatchObject({ status: 'processing', shipment: null });
  });

  it("stores the shipment with shipped, builds a known carrier's link, shows it to staff and the owner, and only the carrier to strangers", async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const order = await placeOrder(product.id);
    const reply = await setStatus(order.id, { status: 'shipped', carrier: 'Aramex', tracking_number: ' 4417 2200 ' }, 'en', moderator.token);
    expect(reply.statusCode, reply.body).toBe(200);
    const shipment = {
      carrier: 'Aramex',
      tracking_number: '4417 2200',
      tracking_url: 'https://www.aramex.com/track/results?ShipmentNumber=4417%202200',
    };
    expect(reply.json<AdminOrderResponse>().order).toMatchObject({ status: 'shipped', shipment, language: 'en' });

    const staffView = await call('GET', `/api/orders/number/${order.order_number}`, undefined, { token: admin.token });
    expect(staffView.json<OrderTrackingResponse>().order).toMatchObject({ customer_view: 'full', can_reorder: false, shipment });
    const stranger = await call('GET', `/api/orders/number/${order.order_number}`);
    expect(stranger.json<OrderTrackingResponse>().order).toMatchObject({
      customer_view: 'masked',
      shipment: { carrier: 'Aramex', tracking_number: null, tracking_url: null },
    });
    const notes = (await historyOf(order.id)).map((row) => row.notes);
    expect(notes.at(-1)).toBe('Shipment: Aramex · 4417 2200');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, order.id)));
    expect(JSON.stringify(audit)).toContain('4417 2200');
  });

  it('mails the carrier, tracking number and link when shipped; shipped again with a new number updates it with a note, the same again changes nothing', async () => {
    const product = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const order = await placeOrder(product.id, { lang: 'ar' });
    const email = `fulfil${contacts}@example.com`;
    await setStatus(order.id, { status: 'shipped', carrier: 'DHL', tracking_number: 'JD0146-001' }, 'en');
    await drain();
    const shipped = mailsTo(email)[1]!;
    expect(shipped.subject).toContain(`تم شحن طلبك ${order.order_number}`);
    expect(shipped.text).toContain('شركة الشحن: DHL');
    expect(shipped.text).toContain('رقم التتبع: JD0146-001');
    expect(shipped.html).toContain('تتبّع شحنتك');
    expect(shipped.html).toContain('href="https://www.dhl.com/kw-en/home/tracking.html?tracking-id=JD0146-001"');
    expect(shipped.html).toContain(`href="https://beads.example.kw/order-status/${order.order_number}"`);

    const rows = (await historyOf(order.id)).length;
    // The same status with nothing new: no history row, no e-mail.
    expect((await setStatus(order.id, { status: 'shipped', carrier: 'DHL', tracking_number: 'JD0146-001' })).statusCode).toBe(200);
    expect((await setStatus(order.id, { status: 'shipped', notes: '' })).statusCode).toBe(200);
    await drain();
    expect(await historyOf(order.id)).toHaveLength(rows);
    expect(mailsTo(email)).toHaveLength(2);

    // A corrected number: stored, noted, and the customer told again.
    const corrected = await setStatus(order.id, { status: 'shipped', tracking_number: 'JD0146-002' }, 'ar');
    expect(corrected.json<AdminOrderResponse>().order.shipment).toEqual({
      carrier: 'DHL',
      tracking_number: 'JD0146-002',
      tracking_url: 'https://www.dhl.com/kw-en/home/tracking.html?tracking-id=JD0146-002',
    });
    await drain();
    const history = await historyOf(order.id);
    expect(history).toHaveLength(rows + 1);
    expect(history.at(-1)).toMatchObject({ from_status: 'shipped', to_status: 'shipped', notes: 'الشحنة: DHL · JD0146-002' });
    expect(mailsTo(email)).toHaveLength(3);
    expect(mailsTo(email)[2]!.text).toContain('JD0146-002');

    // A link staff typed themselves is kept when only the number changes; delivered keeps the shipment.
    await setStatus(order.id, { status: 'shipped', tracking_url: 'https://track.example.kw/p/1' });
    const kept = await setStatus(order.id, { status: 'shipped', tracking_number: 'JD0146-003' });
    expect(kept.json<AdminOrderResponse>().order.shipment!.tracking_url).toBe('https://track.example.kw/p/1');
    const delivered = await setStatus(order.id, { status: 'delivered' });
    expect(delivered.json<AdminOrderResponse>().order.shipment!.tracking_number).toBe('JD0146-003');
    await drain();
    const deliveredMail = mailsTo(email).find((mail) => mail.subject.includes('تم توصيل'));
    expect(deliveredMail!.text).not.toContain('JD0146-003');
  });
});

describe('bulk status change', () => {
  it('changes every order it can and reports the refused ones (out of stock, unknown) without stopping', async () => {
    const plenty = await createProduct(ctx.database.db, { stock_quantity: 50 });
    const scarce = await createProduct(ctx.database.db, { stock_quantity: 1 });
    const first = await placeOrder(plenty.id);
    const second = await placeOrder(plenty.id);
    const gone = await placeOrder(scarce.id);
    await setStatus(gone.id, { status: 'cancelled' });
    await placeOrder(scarce.id); // takes the last piece: the cancelled order cannot be reopened
    expect(await stockOf(scarce.id)).toBe(0);
    const plentyStock = await stockOf(plenty.id);

    const reply = await bulk({ ids: [first.id, gone.id, 987654, second.id], status: 'processing', notes: 'Packed' });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<AdminOrderBulkStatusResponse>();
    expect(body.results).toEqual([
      { id: first.id, order_number: first.order_number, ok: true, status: 'processing' },
      {
        id: gone.id,
        order_number: gone.order_number,
        ok: false,
        error: { code: 'OUT_OF_STOCK', message: expect.stringContaining('is not available in stock') },
      },
      { id: 987654, order_number: null, ok: false, error: { code: 'NOT_FOUND', message: 'order not found' } },
      { id: second.id, order_number: second.order_number, ok: true, status: 'processing' },
    ]);
    expect(body).toMatchObject({ succeeded: 2, failed: 2, message: '2 orders updated, 2 refused' });
    expect(await stockOf(plenty.id)).toBe(plentyStock);
    expect(await stockOf(scarce.id)).toBe(0);
    expect((await historyOf(first.id)).at(-1)).toMatchObject({ to_status: 'processing', notes: 'Packed' });
    expect((await historyOf(gone.id)).at(-1)!.to_status).toBe('cancelled');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.action, 'status_change'), eq(auditLog.entity_id, second.id)));
    expect(audits.length).toBeGreaterThan(0);

    // In Arabic, and the shipped e-mail for each order with the tracking given once for all.
    const arabic = await bulk({ ids: [first.id, second.id], status: 'shipped', carrier: 'Kuwait Post' }, 'ar');
    expect(arabic.json<AdminOrderBulkStatusResponse>()).toMatchObject({ succeeded: 2, failed: 0, message: 'تم تحديث طلبين' });
    await drain();
    for (const order of [first, second]) {
      const detail = await call('GET', `/api/orders/${order.id}`, undefined, { token: admin.token });
      expect(detail.json<AdminOrderResponse>().order.shipment).toEqual({ carrier: 'Kuwait Post', tracking_number: null, tracking_url: null });
    }
    const unknown = await bulk({ ids: [987655], status: 'processing' }, 'ar');
    expect(unknown.json<AdminOrderBulkStatusResponse>()).toMatchObject({
      succeeded: 0,
      failed: 1,
      message: 'لم يُحدَّث أي طلب، ورُفض طلب واحد',
    });
  });

  it('checks its body and its permission', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => index + 1);
    for (const [body, field] of [
      [{ ids: [], status: 'processing' }, 'ids'],
      [{ ids, status: 'processing' }, 'ids'],
      [{ ids: [1, 1], status: 'processing' }, 'ids'],
      [{ ids: [0], status: 'processing' }, 'ids.0'],
      [{ ids: [1], status: 'lost' }, 'status'],
      [{ ids: [1], status: 'processing', tracking_number: '12' }, 'tracking_number'],
    ] as const) {
      const reply = await bulk(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldMessages(reply))).toContain(field);
    }
    expect((await bulk({ ids: [1], status: 'processing' }, 'en', customer.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/orders/bulk-status', { ids: [1], status: 'processing' })).statusCode).toBe(401);
  });
});
