import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderLookupResponse, OrderTrackingResponse } from '@shop/shared';
import { fieldMessages } from '../../../test-support/admin-forms.js';
import { apiCaller, type CallOptions } from '../../../test-support/http.js';
import { KUWAITI_NUMBER, KUWAITI_NUMBER_SPELLINGS } from '../../../test-support/phone-spellings.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createOrder } from '../../seed/factories.js';
import { PLACED_ORDERS_COOKIE } from './placed-orders-cookie.js';
import { ORDER_CONTACT_LOOKUP_RATE_LIMIT } from './routes.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let orderNumber: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const placed = await createOrder(ctx.database.db, {
    customer_email: 'mariam.ali+beads@gmail.com',
    customer_phone: KUWAITI_NUMBER,
  });
  orderNumber = placed.order.order_number;
});
afterAll(() => ctx.close());

const lookup = (body: unknown, options: CallOptions = {}) => call('POST', '/api/orders/lookup', body as object, options);

async function customerView(cookie: string | undefined) {
  const reply = await call('GET', `/api/orders/number/${orderNumber}`, undefined, {
    ...(cookie === undefined ? {} : { cookies: { [PLACED_ORDERS_COOKIE]: cookie } }),
  });
  return (reply.json() as OrderTrackingResponse).order.customer_view;
}

describe('POST /api/orders/lookup', () => {
  it('finds the order by its phone in any spelling and makes this browser see it in full', async () => {
    expect(await customerView(undefined)).toBe('masked');
    for (const spelling of ['+965 5111 2222', '٥١١١٢٢٢٢', '(00965) 5111-2222']) {
      expect(KUWAITI_NUMBER_SPELLINGS).toContain(spelling);
      const reply = await lookup({ order_number: orderNumber.toLowerCase(), contact: spelling });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json() as OrderLookupResponse).toEqual({ success: true, order_number: orderNumber });
      const cookie = reply.cookies.find((item) => item.name === PLACED_ORDERS_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(await customerView(cookie!.value)).toBe('full');
    }
  });

  it('finds it by the e-mail in upper case, with or without its +tag and Gmail dots', async () => {
    for (const email of ['MARIAM.ALI+BEADS@GMAIL.COM', ' MariamAli@googlemail.com ']) {
      const reply = await lookup({ order_number: ` ${orderNumber} `, contact: email });
      expect(reply.statusCode, reply.body).toBe(200);
    }
  });

  it('answers a wrong contact exactly as an unknown number, and sets no cookie', async () => {
    const wrongPhone = await lookup({ order_number: orderNumber, contact: '+965 9999 0000' }, { lang: 'ar' });
    const wrongEmail = await lookup({ order_number: orderNumber, contact: 'someone@example.com' }, { lang: 'ar' });
    const unknown = await lookup({ order_number: 'SB-0000000000', contact: '+965 5111 2222' }, { lang: 'ar' });
    for (const reply of [wrongPhone, wrongEmail, unknown]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.cookies.find((item) => item.name === PLACED_ORDERS_COOKIE)).toBeUndefined();
    }
    expect(wrongPhone.body).toBe(unknown.body);
    expect(wrongEmail.body).toBe(unknown.body);
    expect(unknown.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'لم نجد طلباً بهذا الرقم وبيانات التواصل هذه. تأكد منهما وحاول مرة أخرى',
    });
  });

  it('refuses malformed input with 400 and field errors, never a 500', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['contact', 'order_number']],
      [{ order_number: 'ABC', contact: '51112222' }, ['order_number']],
      [{ order_number: orderNumber, contact: '' }, ['contact']],
      [{ order_number: orderNumber, contact: 'not a phone' }, ['contact']],
      [{ order_number: orderNumber, contact: 'x'.repeat(300) + '@example.com' }, ['contact']],
      [{ order_number: orderNumber, contact: 51112222 }, ['contact']],
      [{ order_number: 42, contact: '51112222' }, ['order_number']],
      [{ order_number: orderNumber, contact: 'a\u0000b@example.com' }, ['contact']],
    ];
    for (const [body, fields] of cases) {
      const reply = await lookup(body, { lang: 'ar' });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldMessages(reply)).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const notJson = await call('POST', '/api/orders/lookup', '{"order_number":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses an address after 10 look-ups in 10 minutes, in the shopper\'s language', async () => {
    expect(ORDER_CONTACT_LOOKUP_RATE_LIMIT).toMatchObject({ max: 10, timeWindow: 600_000 });
    const ip = '203.0.113.77';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const reply = await lookup({ order_number: 'SB-0000000000', contact: '51112222' }, { ip });
      expect(reply.statusCode).toBe(404);
    }
    const refused = await lookup({ order_number: orderNumber, contact: '51112222' }, { ip, lang: 'ar' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'محاولات كثيرة للبحث عن طلب. انتظر بضع دقائق ثم حاول مرة أخرى',
    });
    // Another address is not held back.
    expect((await lookup({ order_number: orderNumber, contact: '51112222' })).statusCode).toBe(200);
  });
});
