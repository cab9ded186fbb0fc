import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test-support/http.js';
import { startFakeSmtpServer, waitForMail, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products, stockAlerts } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

/** Back-in-stock wishes (issue 33, item 4): registered once, mailed once, unsubscribed, rate limited. */
let smtp: FakeSmtpServer;
let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: string;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@beads.example.kw>', PUBLIC_URL: 'https://beads.example.kw' });
  admin = (await signedInAs(ctx, 'admin')).token;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const soldOut = (values: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(ctx.database.db, { stock_quantity: 0, manage_stock: true, name: 'سبحة كهرمان', name_en: 'Amber beads', ...values });

const ask = (productId: number, body: Record<string, unknown>, options: Parameters<typeof call>[3] = {}) =>
  call('POST', `/api/products/${productId}/stock-alerts`, body, options);

const wishesOf = (productId: number) => ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.product_id, productId));

/** Sets a product's stock through the back office's bulk edit (a StockChanged like staff's). */
async function setStock(productId: number, stock: number) {
  const reply = await call('POST', '/api/admin/products/bulk-edit', { selection: { ids: [productId] }, changes: { stock_quantity: stock } }, { token: admin });
  expect(reply.statusCode, reply.body).toBe(200);
  await ctx.app.services.background.drain();
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('POST /api/products/{id}/stock-alerts', () => {
  it('registers one wish per address, with the same answer the second time (nothing to enumerate)', async () => {
    const product = await soldOut();
    const first = await ask(product.id, { email: ' Guest.One@Example.com ' }, { lang: 'ar' });
    const second = await ask(product.id, { email: 'guest.one@example.com' }, { lang: 'ar' });
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.body).toBe(first.body);
    expect(first.json().message).toBe('سنرسل لك رسالة عندما يتوفر هذا المنتج من جديد');
    const wishes = await wishesOf(product.id);
    expect(wishes).toHaveLength(1);
    expect(wishes[0]).toMatchObject({ email: 'guest.one@example.com', language: 'ar', user_id: null, sent_at: null });
  });

  it("takes a signed-in customer's own address when none is sent", async () => {
    const product = await soldOut();
    const { user, token } = await signedInAs(ctx, 'customer');
    const reply = await ask(product.id, {}, { token, lang: 'en' });
    expect(reply.statusCode, reply.body).toBe(202);
    expect(await wishesOf(product.id)).toMatchObject([{ email: user.email.toLowerCase(), user_id: user.id, language: 'en' }]);
  });

  it('refuses a product in stock, one not sold, an unknown one and a guest without an address, changing nothing', async () => {
    const inStock = await createProduct(ctx.database.db, { stock_quantity: 4 });
    const untracked = await createProduct(ctx.database.db, { stock_quantity: 0, manage_stock: false });
    const draft = await soldOut({ status: 'draft' });
    const open = await soldOut();

    const stocked = await ask(inStock.id, { email: 'a@example.com' });
    expect(stocked.statusCode).toBe(409);
    expect(stocked.json()).toMatchObject({ success: false, code: 'CONFLICT', message: 'This product is in stock now; you can add it to your cart' });
    expect((await ask(untracked.id, { email: 'a@example.com' })).statusCode).toBe(409);
    const hidden = await ask(draft.id, { email: 'a@example.com' }, { lang: 'ar' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('المنتج غير موجود');
    expect((await ask(999_999, { email: 'a@example.com' })).statusCode).toBe(404);
    const nobody = await ask(open.id, {});
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details).toEqual([{ field: 'email', message: 'Please enter your email address' }]);
    const bad = await ask(open.id, { email: 'not an address' }, { lang: 'ar' });
    expect(bad.statusCode).toBe(400);
    for (const id of [inStock.id, untracked.id, draft.id, open.id]) expect(await wishesOf(id)).toEqual([]);
  });

  it('is rate limited per client address', async () => {
    const product = await soldOut();
    const ip = '203.0.113.61';
    const codes: number[] = [];
    for (let n = 0; n < 11; n += 1) codes.push((await ask(product.id, { email: `limit-${n}@example.com` }, { ip })).statusCode);
    expect(codes.slice(0, 10).every((code) => code === 202)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('the back-in-stock e-mail', () => {
  it('goes once per wish in its language when the stock rises, however often it rises', async () => {
    const product = await soldOut();
    const arabic = 'arabic-shopper@example.com';
    const english = 'english-shopper@example.com';
    await ask(product.id, { email: arabic }, { lang: 'ar' });
    await ask(product.id, { email: arabic }, { lang: 'ar' });
    await ask(product.id, { email: english }, { lang: 'en' });
    const counts = await call('GET', `/api/admin/stock-alerts/waiting?product_ids=${product.id},999999`, undefined, { token: admin });
    expect(counts.json()).toEqual({ success: true, waiting: { [product.id]: 2 } });

    await setStock(product.id, 3);
    const ar = await waitForMail(smtp, arabic, /يتوفر/);
    const en = await waitForMail(smtp, english, /back/);
    expect(ar.subject).toContain('سبحة كهرمان');
    expect(ar.text).toContain(`https://beads.example.kw/products/${product.id}`);
    expect(ar.text).toMatch(/https:\/\/beads\.example\.kw\/unsubscribe\?token=s\d+\.[\w-]{22}/);
    expect(en.subject).toBe('Amber beads is back in stock - متجر السبح');
    expect(en.text).toContain(`https://beads.example.kw/en/products/${product.id}`);
    expect(en.text).toMatch(/https:\/\/beads\.example\.kw\/en\/unsubscribe\?token=s\d+\./);
    // RFC 2369 and RFC 8058: the mail client's own unsubscribe button posts to the API.
    const headers = en.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(/List-Unsubscribe: <https:\/\/beads\.example\.kw\/api\/unsubscribe\?token=s\d+\.[\w-]{22}>/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Raised again, sold out and restocked: nobody is told twice.
    await setStock(product.id, 8);
    await setStock(product.id, 0);
    await setStock(product.id, 2);
    expect(mailsTo(arabic)).toHaveLength(1);
    expect(mailsTo(english)).toHaveLength(1);
    expect((await wishesOf(product.id)).every((wish) => wish.sent_at !== null)).toBe(true);
    const after = await call('GET', `/api/admin/stock-alerts/waiting?product_ids=${product.id}`, undefined, { token: admin });
    expect(after.json().waiting).toEqual({});
  });

  it('is claimed by one sender when two hear the same restock', async () => {
    const product = await soldOut();
    await ask(product.id, { email: 'raced@example.com' });
    await ctx.database.db.update(products).set({ stock_quantity: 5 }).where(eq(products.id, product.id));
    const sent = await Promise.all([1, 2, 3].map(() => ctx.app.services.shopperEmails.stockAlerts.sendForProducts([product.id])));
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    await waitForMail(smtp, 'raced@example.com');
    expect(mailsTo('raced@example.com')).toHaveLength(1);
  });

  it('goes when a product is published again with stock, not while it stays a draft', async () => {
    const product = await soldOut();
    await ask(product.id, { email: 'draft-wait@example.com' });
    await ctx.database.db.update(products).set({ status: 'draft', stock_quantity: 6 }).where(eq(products.id, product.id));
    expect(await ctx.app.services.shopperEmails.stockAlerts.sendForProducts([product.id])).toBe(0);
    const reply = await call('POST', '/api/admin/products/bulk-edit', { selection: { ids: [product.id] }, changes: { status: 'published' } }, { token: admin });
    expect(reply.statusCode, reply.body).toBe(200);
    await ctx.app.services.background.drain();
    await waitForMail(smtp, 'draft-wait@example.com');
  });
});

describe('POST /api/unsubscribe', () => {
  async function tokenOf(address: string): Promise<string> {
    const mail = await waitForMail(smtp, address);
    return /unsubscribe\?token=([\w.-]+)/.exec(mail.text)![1]!;
  }

  it("removes the wish of a back-in-stock e-mail's link (the page's call and a one-click post), then answers the same", async () => {
    const product = await soldOut();
    await ask(product.id, { email: 'leaving@example.com' });
    await ask(product.id, { email: 'staying@example.com' });
    await setStock(product.id, 1);
    const token = await tokenOf('leaving@example.com');
    await setStock(product.id, 0);
    // Both ask again after the sell-out; the one who leaves uses the earlier e-mail's link.
    await ask(product.id, { email: 'leaving@example.com' });
    await ask(product.id, { email: 'staying@example.com' });

    const oneClick = await call('POST', `/api/unsubscribe?token=${token}`, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ success: true, kind: 'stock_alert', message: 'You will not be e-mailed when this product is back' });
    expect(oneClick.headers['cache-control']).toBe('private, no-store');
    const again = await call('POST', `/api/unsubscribe?token=${token}`, undefined, { lang: 'ar' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('لن نرسل لك رسالة عن توفر هذا المنتج');
    expect((await wishesOf(product.id)).map((wish) => wish.email)).toEqual(['staying@example.com']);
  });

  it('refuses a token the shop did not sign, changing nothing', async () => {
    const product = await soldOut();
    await ask(product.id, { email: 'kept@example.com' });
    const [wish] = await wishesOf(product.id);
    for (const token of [`s${wish!.id}.AAAAAAAAAAAAAAAAAAAAAA`, 'nonsense']) {
      const reply = await call('POST', `/api/unsubscribe?token=${token}`, undefined, { lang: 'ar' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toEqual([{ field: 'token', message: 'رابط إلغاء الاشتراك غير صالح' }]);
    }
    expect(await wishesOf(product.id)).toHaveLength(1);
  });
});
