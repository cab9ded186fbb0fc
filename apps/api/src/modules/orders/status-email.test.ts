import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared';
import { signedInAs } from '../../../test-support/staff.js';
import { apiCaller } from '../../../test-support/http.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { users } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct } from '../../seed/factories.js';

/** The shipping-update e-mails of a status change, through a real SMTP server. */
describe('order status e-mails over SMTP', () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let adminToken: string;
  let checkout: (email: string) => Record<string, unknown>;
  let shoppers = 0;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Prayer Beads <orders@shop.example.com>',
      PUBLIC_URL: 'https://beads.example.kw',
    });
    adminToken = (await signedInAs(ctx, 'admin')).token;
    const db = ctx.database.db;
    const country = await createCountry(db, { code: 'KW' });
    const governorate = await createGovernorate(db, { country_id: country.id });
    const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id });
    const product = await createProduct(db, { stock_quantity: 100 });
    checkout = (email) => {
      shoppers += 1;
      return {
        name: 'Visit http://evil.example <b>now</b>',
        email,
        phone: `+9655100${String(shoppers).padStart(4, '0')}`,
        shipping_address: 'Call +1 555 0100 for a prize',
        country_id: country.id,
        governorate_id: governorate.id,
        city_id: city.id,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: product.id, quantity: 1 }],
      };
    };
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  async function place(email: string, lang: 'ar' | 'en', token?: string): Promise<Order> {
    const reply = await call('POST', '/api/orders', checkout(email), { lang, ...(token === undefined ? {} : { token }) });
    expect(reply.statusCode, reply.body).toBe(201);
    await ctx.app.services.background.drain();
    return reply.json().order as Order;
  }

  /** Changes the status as the administrator (whose own language is `adminLang`), then waits for the e-mails. */
  async function moveTo(order: Order, status: string, adminLang: 'ar' | 'en' = 'en') {
    const reply = await call('PUT', `/api/orders/${order.id}/status`, { status, notes: '' }, { token: adminToken, lang: adminLang });
    expect(reply.statusCode, reply.body).toBe(200);
    await ctx.app.services.background.drain();
  }

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  it("mails a guest when the order ships and is delivered, in the order's language, repeating nothing typed", async () => {
    const order = await place('guest-en@example.com', 'en');
    expect(mailsTo('guest-en@example.com')).toHaveLength(1); // the confirmation
    await moveTo(order, 'processing');
    expect(mailsTo('guest-en@example.com')).toHaveLength(1);

    await moveTo(order, 'shipped', 'ar');
    const shipped = mailsTo('guest-en@example.com')[1]!;
    expect(shipped.subject.startsWith(`Your order ${order.order_number} has shipped - `)).toBe(true);
    expect(shipped.html).toContain('dir="ltr"');
    expect(shipped.html).toContain(order.order_number);
    expect(shipped.text).toContain('Order status: Shipped');
    // The link opens the English tracking page (decision 046).
    expect(shipped.html).toContain(`href="https://beads.example.kw/en/order-status/${order.order_number}"`);
    expect(shipped.text).toContain(`https://beads.example.kw/en/order-status/${order.order_number}`);
    for (const part of [shipped.html, shipped.text]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('555 0100');
    }

    await moveTo(order, 'delivered');
    const delivered = mailsTo('guest-en@example.com')[2]!;
    expect(delivered.subject).toContain('was delivered');
    expect(delivered.text).toContain('Order status: Delivered');
    // The same status again sends nothing more.
    await moveTo(order, 'delivered');
    expect(mailsTo('guest-en@example.com')).toHaveLength(3);
  });

  it('writes in Arabic for an order placed in Arabic', async () => {
    const order = await place('guest-ar@example.com', 'ar');
    await moveTo(order, 'shipped', 'en');
    const [, shipped] = mailsTo('guest-ar@example.com');
    expect(shipped!.subject).toContain(`تم شحن طلبك ${order.order_number}`);
    expect(shipped!.html).toContain('dir="rtl"');
    expect(shipped!.text).toContain('حالة الطلب: تم الشحن');
  });

  it("honours the account's shipping-updates preference", async () => {
    const wants = await signedInAs(ctx, 'customer');
    const declines = await signedInAs(ctx, 'customer');
    await ctx.database.db.update(users).set({ notify_shipping_updates: false }).where(eq(users.id, declines.user.id));

    const wanted = await place('wants@example.com', 'en', wants.token);
    const declined = await place('declines@example.com', 'en', declines.token);
    await moveTo(wanted, 'shipped');
    await moveTo(declined, 'shipped');
    await moveTo(declined, 'delivered');
    expect(mailsTo('wants@example.com').map((mail) => mail.subject)).toEqual([
      expect.stringContaining('is confirmed'),
      expect.stringContaining('has shipped'),
    ]);
    expect(mailsTo('declines@example.com').map((mail) => mail.subject)).toEqual([expect.stringContaining('is confirmed')]);
  });

  it('keeps the status change when the mail server is down, and logs the failure', async () => {
    const order = await place('down@example.com', 'en');
    await smtp.close();
    const warn = vi.spyOn(ctx.app.log, 'warn');
    await moveTo(order, 'shipped');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orderNumber: order.order_number, status: 'shipped' }),
      'Order status e-mail could not be sent',
    );
    warn.mockRestore();
    const reply = await call('GET', `/api/orders/${order.id}`, undefined, { token: adminToken });
    expect(reply.json().order.status).toBe('shipped');
  });
});
