import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartReminderDue } from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { startFakeSmtpServer, waitForMail, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { carts, users } from '../../db/schema/index.js';
import { createProduct, createUser } from '../../seed/factories.js';

/** The cart reminder (issue 33, item 8), its clock set by the test: once, never to a guest or to someone who opted out. */
let smtp: FakeSmtpServer;
let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const HOUR = 3_600_000;
let amber: { id: number };
let rosary: { id: number };
let shoppers = 0;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  ctx = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Shop <shop@beads.example.kw>',
    PUBLIC_URL: 'https://beads.example.kw',
    ABANDONED_CART_HOURS: '24',
  });
  amber = await createProduct(ctx.database.db, { name: 'سبحة كهرمان', name_en: 'Amber beads', price: 12_500, stock_quantity: 20 });
  rosary = await createProduct(ctx.database.db, { name: 'مسبحة يسر', name_en: 'Yusr rosary', price: 7_250, stock_quantity: 20 });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const reminders = () => ctx.app.services.shopperEmails.cartReminders;
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** A customer with a live session; promotional e-mails and a verified address unless told. */
async function customer(values: { promotional?: boolean; verified?: boolean; language?: 'ar' | 'en' } = {}) {
  shoppers += 1;
  const user = await createUser(ctx.database.db, {
    email: `reminded-${shoppers}-${Date.now()}@example.com`,
    name: 'Mariam Alsabah',
    notify_promotional: values.promotional ?? true,
    email_verified_at: values.verified === false ? null : new Date(),
    language: values.language ?? null,
  });
  const token = await ctx.app.services.accounts.createSession(user.id);
  return { user, token };
}

async function addToCart(productId: number, quantity: number, options: Parameters<typeof call>[3]) {
  const reply = await call('POST', '/api/cart/add', { product_id: productId, quantity }, options);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

/**
 * `hours` pass, then the leader's job runs: every cart's times move back by that much (the
 * database's clock stamps the shoppers' changes, so the carts age instead of the clock jumping).
 */
async function runAfter(hours: number): Promise<number> {
  await ctx.database.db.update(carts).set({
    updated_at: sql`${carts.updated_at} - make_interval(secs => ${hours * 3600})`,
    reminded_at: sql`${carts.reminded_at} - make_interval(secs => ${hours * 3600})`,
  });
  return reminders().runOnce(new Date());
}

describe('the cart reminder', () => {
  it('is sent once, in the account language, with the lines at today prices and the cart link', async () => {
    const { user, token } = await customer({ language: 'en' });
    await addToCart(amber.id, 2, { token });
    await addToCart(rosary.id, 1, { token });

    expect(await runAfter(23)).toBe(0);
    expect(await runAfter(1)).toBeGreaterThanOrEqual(1);
    const mail = await waitForMail(smtp, user.email);
    expect(mail.subject).toBe('Your cart is still waiting - متجر السبح');
    expect(mail.text).toContain('Hello Mariam');
    expect(mail.text).toContain('Amber beads × 2: 25.000 KD');
    expect(mail.text).toContain('Yusr rosary × 1: 7.250 KD');
    expect(mail.text).toContain('Total: 32.250 KD');
    expect(mail.text).toContain('https://beads.example.kw/en/cart');
    expect(mail.text).toMatch(/https:\/\/beads\.example\.kw\/en\/unsubscribe\?token=p\d+\.[\w-]{22}/);
    const headers = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The job runs again and again: the same cart is never reminded twice.
    await runAfter(1);
    await runAfter(100);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('comes again only for a cart that changed and sat untouched again', async () => {
    const { user, token } = await customer();
    await addToCart(amber.id, 1, { token });
    await runAfter(25);
    await waitForMail(smtp, user.email);
    await addToCart(rosary.id, 1, { token });
    await runAfter(10);
    expect(mailsTo(user.email)).toHaveLength(1);
    await runAfter(15);
    expect(mailsTo(user.email)).toHaveLength(2);
    // Arabic when the account never chose a language.
    expect(mailsTo(user.email)[1]!.subject).toBe('ما زالت سلتك بانتظارك - متجر السبح');
  });

  it("never goes to a guest's cart, an account that did not tick promotional e-mails, an unverified address or an empty cart", async () => {
    const guest = await addToCart(amber.id, 1, {});
    expect(guest.headers['set-cookie']).toBeDefined();
    const optedOut = await customer({ promotional: false });
    await addToCart(amber.id, 1, { token: optedOut.token });
    const unverified = await customer({ verified: false });
    await addToCart(amber.id, 1, { token: unverified.token });
    const emptied = await customer();
    const line = (await addToCart(amber.id, 1, { token: emptied.token })).json().items[0].id as number;
    expect((await call('DELETE', `/api/cart/remove/${line}`, undefined, { token: emptied.token })).statusCode).toBe(200);

    await runAfter(25);
    for (const account of [optedOut, unverified, emptied]) expect(mailsTo(account.user.email)).toEqual([]);
    // Guests have no account: their carts are not even claimed.
    const guestCarts = await ctx.database.db.select().from(carts).where(isNull(carts.user_id));
    expect(guestCarts.length).toBeGreaterThan(0);
    expect(guestCarts.every((cart) => cart.reminded_at === null)).toBe(true);
  });

  it("turns the account's promotional e-mails off through its unsubscribe link", async () => {
    const { user, token } = await customer({ language: 'ar' });
    await addToCart(rosary.id, 1, { token });
    await runAfter(25);
    const mail = await waitForMail(smtp, user.email);
    expect(mail.text).toContain('https://beads.example.kw/cart');
    const link = /unsubscribe\?token=([\w.-]+)/.exec(mail.text)![1]!;
    const reply = await call('POST', `/api/unsubscribe?token=${link}`, undefined, { lang: 'ar' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ kind: 'promotional', message: 'أوقفنا الرسائل الترويجية إلى بريدك' });
    const [row] = await ctx.database.db.select({ promotional: users.notify_promotional }).from(users).where(eq(users.id, user.id));
    expect(row!.promotional).toBe(false);
    // The profile says so too.
    const profile = await call('GET', '/api/auth/profile', undefined, { token });
    expect(profile.json().user.notification_preferences.promotional).toBe(false);
  });
});

describe('cartReminderDue', () => {
  const now = new Date('2026-12-03T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);
  it('needs lines, the idle time, and no reminder since the last change', () => {
    expect(cartReminderDue({ items: 1, updatedAt: hoursAgo(24), remindedAt: null }, now, 24 * HOUR)).toBe(true);
    expect(cartReminderDue({ items: 1, updatedAt: hoursAgo(23.9), remindedAt: null }, now, 24 * HOUR)).toBe(false);
    expect(cartReminderDue({ items: 0, updatedAt: hoursAgo(48), remindedAt: null }, now, 24 * HOUR)).toBe(false);
    expect(cartReminderDue({ items: 2, updatedAt: hoursAgo(48), remindedAt: hoursAgo(20) }, now, 24 * HOUR)).toBe(false);
    expect(cartReminderDue({ items: 2, updatedAt: hoursAgo(30), remindedAt: hoursAgo(40) }, now, 24 * HOUR)).toBe(true);
  });
});
