import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type OrderResponse } from '@shop/shared';
import { createSalmiya } from '../../../test-support/places.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { signedInAs } from '../../../test-support/staff.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { eq } from 'drizzle-orm';
import { outboxMessages, users } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(data: string): string {
  const soft = data.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface ParsedMail {
  subject: string;
  parts: Record<string, string>;
}

/** The subject and the decoded text/plain and text/html parts of a raw message from nodemailer. */
function parseMail(raw: string): ParsedMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const parts: Record<string, string> = {};
  const partPattern =
    /Content-Type: (text\/(?:plain|html))[^\r\n]*\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/gi;
  for (const [, type, encoding, body] of raw.matchAll(partPattern)) {
    const kind = (encoding ?? '').toLowerCase();
    parts[type!.toLowerCase()] =
      kind === 'base64'
        ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
        : kind === 'quoted-printable'
          ? decodeQuotedPrintable(body!)
          : body!;
  }
  return { subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')), parts };
}

async function seedCheckout(ctx: TestContext) {
  const db = ctx.database.db;
  const salmiya = await createSalmiya(db);
  const product = await createProduct(db, { name: 'سبحة كهرمان', price: 12_500, stock_quantity: 10 });
  return (name: string, email: string) => ({
    name,
    email,
    phone: '+965 5555 1234',
    shipping_address: 'قطعة 5، شارع 10، منزل 3',
    country_id: salmiya.country,
    governorate_id: salmiya.governorate,
    city_id: salmiya.city,
    payment_method: 'cash_on_delivery',
    items: [{ product_id: product.id, quantity: 2 }],
  });
}

function placeOrder(ctx: TestContext, payload: Record<string, unknown>, lang: 'ar' | 'en') {
  return ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { 'accept-language': lang }, payload });
}

describe('order confirmation over SMTP', () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  let checkout: Awaited<ReturnType<typeof seedCheckout>>;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Prayer Beads <orders@shop.example.com>',
      PUBLIC_URL: 'https://beads.example.kw',
    });
    checkout = await seedCheckout(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('mails the customer an Arabic confirmation with the order number and tracking link', async () => {
    const response = await placeOrder(ctx, checkout('فاطمة <b>علي</b>', 'Fatima@Example.com'), 'ar');
    expect(response.statusCode).toBe(201);
    const { order } = response.json<OrderResponse>();
    await ctx.app.services.background.drain();

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(['fatima@example.com']);
    expect(message!.from).toBe('orders@shop.example.com');
    const mail = parseMail(message!.raw);
    expect(mail.subject).toContain(order.order_number);
    expect(mail.subject).toContain('تأكيد طلبك');
    const html = mail.parts['text/html'] ?? '';
    const text = mail.parts['text/plain'] ?? '';
    expect(html).toContain('dir="rtl"');
    // A guest's e-mail address is unproven: the message repeats nothing the guest typed.
    expect(html).toContain('مرحباً،');
    expect(html).not.toContain('فاطمة');
    expect(html).not.toContain('قطعة 5');
    expect(html).toContain(`href="https://beads.example.kw/order-status/${order.order_number}"`);
    expect(text).toContain('الإجمالي: 26.500 د.ك');
    expect(text).toContain(`https://beads.example.kw/order-status/${order.order_number}`);
  });

  it('keeps the order when the mail server is down, and sends nothing for an idempotent retry', async () => {
    const payload = checkout('Fatima', 'fatima@example.com');
    const key = 'retry-key-1';
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'accept-language': 'en', 'idempotency-key': key },
      payload,
    });
    expect(first.statusCode).toBe(201);
    await ctx.app.services.background.drain();
    const before = smtp.received.length;
    expect(before).toBe(2);
    // The browser's retry carries the cart cookie the first reply gave it (decision 039; on
    // https its name is __Host-cart).
    const cart = first.cookies.find((cookie) => cookie.name.endsWith('cart'))!;
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'accept-language': 'en', 'idempotency-key': key },
      cookies: { [cart.name]: cart.value },
      payload,
    });
    expect(retry.statusCode).toBe(200);
    await ctx.app.services.background.drain();
    expect(smtp.received).toHaveLength(before);

    await smtp.close();
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const response = await placeOrder(ctx, payload, 'en');
    expect(response.statusCode).toBe(201);
    const { order } = response.json<OrderResponse>();
    await ctx.app.services.background.drain();
    expect(smtp.received).toHaveLength(before);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orderNumber: order.order_number }),
      'Order confirmation e-mail could not be sent',
    );
    warn.mockRestore();
    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/orders/number/${order.order_number}` });
    expect(lookup.statusCode).toBe(200);
  });
});

describe('order confirmation without SMTP', () => {
  let ctx: TestContext;
  let checkout: Awaited<ReturnType<typeof seedCheckout>>;

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://beads.example.kw' });
    checkout = await seedCheckout(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the English confirmation in the development outbox', async () => {
    const response = await placeOrder(ctx, checkout('Fatima Ali', 'fatima@example.com'), 'en');
    expect(response.statusCode).toBe(201);
    const { order } = response.json<OrderResponse>();
    await ctx.app.services.background.drain();
    const rows = await ctx.database.db.select().from(outboxMessages);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.to).toBe('fatima@example.com');
    expect(row!.subject).toContain(order.order_number);
    expect(row!.html).toContain('dir="ltr"');
    expect(row!.html).toContain('Hello,');
    expect(row!.html).not.toContain('Fatima Ali');
    expect(row!.text).toContain('Total: 26.500 KD');
    expect(row!.text).toContain(`https://beads.example.kw/en/order-status/${order.order_number}`);
  });

  it("never carries a guest's typed text to the address the guest gave", async () => {
    const payload = {
      ...checkout('Visit http://phish.example to claim your prize', 'target@example.com'),
      shipping_address: 'http://phish.example/login — your account is locked',
      notes: 'Visit http://phish.example',
    };
    const response = await placeOrder(ctx, payload, 'en');
    expect(response.statusCode).toBe(201);
    const { order } = response.json<OrderResponse>();
    await ctx.app.services.background.drain();
    const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'target@example.com'));
    expect(row).toBeDefined();
    for (const part of [row!.subject, row!.html, row!.text]) expect(part).not.toContain('phish');
    expect(row!.text).toContain(order.order_number);
    expect(row!.text).toContain('Total: 26.500 KD');
  });

  it('greets a signed-in customer by name only at their verified address', async () => {
    const verified = await signedInAs(ctx, 'customer');
    await ctx.database.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, verified.user.id));
    const unverified = await signedInAs(ctx, 'customer');
    const cases = [
      { account: verified, email: verified.user.email, greeted: true },
      { account: verified, email: 'someone-else@example.com', greeted: false },
      { account: unverified, email: unverified.user.email, greeted: false },
    ];
    for (const { account, email, greeted } of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'accept-language': 'en', authorization: `Bearer ${account.token}` },
        payload: checkout('Maryam Signed', email),
      });
      expect(response.statusCode).toBe(201);
      await ctx.app.services.background.drain();
      const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
      expect(row!.html.includes('Hello Maryam Signed,')).toBe(greeted);
      expect(row!.text.includes('قطعة 5')).toBe(greeted);
    }
  });
});
