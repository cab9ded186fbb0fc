import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, ErrorResponse, Order, OrderResponse, OrderTrackingResponse } from '@shop/shared';
import { createSalmiya, type ShippingPlace } from '../../../test-support/places.js';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../test-support/fake-smtp-server.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import {
  createAttribute,
  createOrder,
  createProduct,
  linkProductVariations,
  saveStoreSettings,
} from '../../seed/factories.js';
import { PLACED_ORDERS_COOKIE } from './placed-orders-cookie.js';

const ARABIC_LETTERS = /[\u0600-\u06FF]/;

/**
 * The Arabic letters of a text outside what the shopper typed (name, address): none is expected in
 * what the shop itself writes to an English reader.
 */
function arabicOutside(text: string, typed: readonly string[]): string[] {
  let rest = text;
  for (const value of typed) rest = rest.split(value).join(' ');
  return rest.match(new RegExp(`.{0,20}${ARABIC_LETTERS.source}+.{0,20}`, 'g')) ?? [];
}

/**
 * The order without its options' snapshots: each chosen option carries its Arabic and English
 * names (the web shows its page's, selectionText), checked on their own.
 */
function withoutOptions<T extends { items: Array<{ selected_attributes: object }> }>(order: T): T {
  return { ...order, items: order.items.map((item) => ({ ...item, selected_attributes: {} })) };
}

const NAME = 'فاطمة';
const ADDRESS = 'قطعة 4، شارع 12، منزل 7';
const TYPED = [NAME, ADDRESS];

/** The order after checkout, everywhere the shopper and the staff read it, in the order's language. */
describe("an order in the reader's language", () => {
  let smtp: FakeSmtpServer;
  let ctx: TestContext;
  const call = apiCaller(() => ctx.app);
  let place: ShippingPlace;
  let beads: number;
  let withCount: number;
  let counts: { id: number; additional_price: number }[];
  let adminToken: string;
  let phones = 0;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    ctx = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Misbaha <orders@shop.example.com>',
      PUBLIC_URL: 'https://beads.example.kw',
    });
    const db = ctx.database.db;
    await saveStoreSettings(db, { store_name: 'مسبحة الكويت', store_name_en: 'Misbaha Kuwait' });
    await ctx.app.services.changes.publish('settings');
    place = await createSalmiya(db);
    beads = (await createProduct(db, { name: 'سبحة كهرمان', name_en: 'Amber prayer beads', stock_quantity: 50 })).id;
    withCount = (await createProduct(db, { name: 'سبحة يسر', name_en: 'Yusr prayer beads', stock_quantity: 50 })).id;
    const count = await createAttribute(db, 'عدد الحبات', [['ثلاث وثلاثون', 500], ['تسع وتسعون', 1_000]], {
      name: 'Number of beads',
      titles: { 'ثلاث وثلاثون': 'Thirty-three', 'تسع وتسعون': 'Ninety-nine' },
    });
    counts = count.variations;
    await linkProductVariations(db, withCount, counts);
    adminToken = (await signedInAs(ctx, 'admin')).token;
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  function checkout(email: string, extra: Record<string, unknown> = {}) {
    phones += 1;
    return {
      name: NAME,
      email,
      phone: `+965 6${String(phones).padStart(3, '0')} 1234`,
      shipping_address: ADDRESS,
      country_id: place.country,
      governorate_id: place.governorate,
      city_id: place.city,
      payment_method: 'cash_on_delivery',
      items: [
        { product_id: beads, quantity: 1 },
        { product_id: withCount, quantity: 2, selected_attributes: { [String(counts[0]!.id)]: counts[0]!.id } },
      ],
      ...extra,
    };
  }

  /** Places an order as a guest in `lang`; the order and the cookie that lets the browser see it whole. */
  async function order(lang: TestLang, email: string): Promise<{ order: Order; cookie: Record<string, string> }> {
    const reply = await call('POST', '/api/orders', checkout(email), { lang });
    expect(reply.statusCode, reply.body).toBe(201);
    await ctx.app.services.background.drain();
    // Under an https PUBLIC_URL the cookie's name carries the __Host- prefix.
    const cookie = reply.cookies.find((item) => item.name.endsWith(PLACED_ORDERS_COOKIE))!;
    return { order: (reply.json() as OrderResponse).order, cookie: { [cookie.name]: cookie.value } };
  }

  async function tracked(number: string, lang: TestLang, cookies: Record<string, string>) {
    const reply = await call('GET', `/api/orders/number/${number}`, undefined, { lang, cookies });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as OrderTrackingResponse).order;
  }

  async function staffOrder(id: number, lang: TestLang): Promise<AdminOrder> {
    const reply = await call('GET', `/api/orders/${id}`, undefined, { lang, token: adminToken });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().order as AdminOrder;
  }

  async function ship(id: number) {
    const body = { status: 'shipped', notes: '', carrier: 'DHL', tracking_number: '1234567890' };
    const reply = await call('PUT', `/api/orders/${id}/status`, body, { lang: 'ar', token: adminToken });
    expect(reply.statusCode, reply.body).toBe(200);
    await ctx.app.services.background.drain();
  }

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  it('shows an English order in English: tracking reply, invoice, confirmation and shipped e-mails', async () => {
    const { order: placed, cookie } = await order('en', 'english@example.com');
    expect(placed.items.map((item) => item.product_name)).toEqual(['Amber prayer beads', 'Yusr prayer beads']);

    const trackedOrder = await tracked(placed.order_number, 'en', cookie);
    expect(trackedOrder.name).toBe(NAME);
    expect(trackedOrder.city_name).toBe('Salmiya');
    expect(arabicOutside(JSON.stringify(withoutOptions(trackedOrder)), TYPED)).toEqual([]);
    expect(Object.values(trackedOrder.items[1]!.selected_attributes)).toEqual([
      expect.objectContaining({ attribute_name_en: 'Number of beads', title_en: 'Thirty-three' }),
    ]);

    // The invoice and the packing slip are drawn from the staff's reply, in the staff's language.
    const invoice = await staffOrder(placed.id, 'en');
    expect(invoice.items[1]!.product_name).toBe('Yusr prayer beads');
    expect(arabicOutside(JSON.stringify(withoutOptions(invoice)), TYPED)).toEqual([]);

    const [confirmation] = mailsTo('english@example.com');
    expect(confirmation!.subject).toBe(`Your order ${placed.order_number} is confirmed - Misbaha Kuwait`);
    expect(confirmation!.text).toContain('Amber prayer beads');
    expect(confirmation!.text).toContain('Number of beads: Thirty-three');
    for (const part of [confirmation!.subject, confirmation!.html, confirmation!.text]) {
      expect(arabicOutside(part, TYPED)).toEqual([]);
    }

    await ship(placed.id);
    const shipped = mailsTo('english@example.com')[1]!;
    expect(shipped.subject).toBe(`Your order ${placed.order_number} has shipped - Misbaha Kuwait`);
    expect(shipped.text).toContain(`Hello ${NAME},`);
    for (const part of [shipped.subject, shipped.html, shipped.text]) {
      expect(arabicOutside(part, TYPED)).toEqual([]);
    }
  });

  it('shows an Arabic order in Arabic, and the same order in English to an English reader', async () => {
    const { order: placed, cookie } = await order('ar', 'arabic@example.com');
    expect(placed.items.map((item) => item.product_name)).toEqual(['سبحة كهرمان', 'سبحة يسر']);
    const [confirmation] = mailsTo('arabic@example.com');
    expect(confirmation!.subject).toBe(`تأكيد طلبك ${placed.order_number} - مسبحة الكويت`);
    expect(confirmation!.text).toContain('عدد الحبات: ثلاث وثلاثون');
    expect(confirmation!.text).not.toContain('Misbaha');
    expect(confirmation!.text).not.toContain('Amber');

    // The reader's language decides, not the order's: an English staff member, an English tracking page.
    expect((await staffOrder(placed.id, 'en')).items[0]!.product_name).toBe('Amber prayer beads');
    expect((await tracked(placed.order_number, 'en', cookie)).items[0]!.product_name).toBe('Amber prayer beads');

    await ship(placed.id);
    const shipped = mailsTo('arabic@example.com')[1]!;
    expect(shipped.subject).toBe(`تم شحن طلبك ${placed.order_number} - مسبحة الكويت`);
    expect(shipped.text).toContain(`مرحباً ${NAME}،`);
  });

  it('falls back to the Arabic name for a line ordered before lines kept the English one', async () => {
    const { order: old } = await createOrder(ctx.database.db, { language: 'en' }, [
      { product_id: null, product_name: 'سبحة قديمة', unit_price: 5_000, quantity: 1 },
    ]);
    const reply = await call('GET', `/api/orders/${old.id}`, undefined, { lang: 'en', token: adminToken });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json().order as AdminOrder).items[0]!.product_name).toBe('سبحة قديمة');
  });

  it('names a missing choice and a product out of stock in the language of the refusal', async () => {
    const missing = { items: [{ product_id: withCount, quantity: 1 }] };
    const english = await call('POST', '/api/orders', checkout('refused@example.com', missing), { lang: 'en' });
    expect(english.statusCode).toBe(400);
    const englishText = JSON.stringify((english.json() as ErrorResponse).details);
    expect(englishText).toContain('Number of beads');
    expect(englishText).not.toMatch(ARABIC_LETTERS);
    const arabic = await call('POST', '/api/orders', checkout('refused@example.com', missing), { lang: 'ar' });
    expect(JSON.stringify((arabic.json() as ErrorResponse).details)).toContain('عدد الحبات');

    const db = ctx.database.db;
    const scarce = (await createProduct(db, { name: 'سبحة نادرة', name_en: 'Rare prayer beads', stock_quantity: 1 })).id;
    const outOfStock = await call(
      'POST',
      '/api/orders',
      checkout('scarce@example.com', { items: [{ product_id: scarce, quantity: 2 }] }),
      { lang: 'en' },
    );
    expect(outOfStock.statusCode).toBe(409);
    const refusal = outOfStock.json() as ErrorResponse;
    expect(refusal.message + JSON.stringify(refusal.details)).toContain('Rare prayer beads');
    expect(refusal.message + JSON.stringify(refusal.details)).not.toMatch(ARABIC_LETTERS);
  });
});
