import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import { createSalmiya } from '../../../test-support/places.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createOrder } from '../../seed/factories.js';
import { formulaSafe } from '../../lib/csv-file.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;
let salmiya: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
  salmiya = (await createSalmiya(ctx.database.db)).city;
});
afterAll(() => ctx.close());

const BOM = '\uFEFF';
const item = (unit_price: number) => [{ product_id: null, product_name: 'سبحة', unit_price, quantity: 1 }];

/** The file's lines without the byte order mark and the last line's end. */
function lines(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  return body.slice(1).replace(/\r\n$/, '').split('\r\n');
}

function exportOf(query: string, options: { lang?: 'ar' | 'en'; token?: string } = {}) {
  return call('GET', `/api/admin/orders/export?${query}`, undefined, {
    token: options.token ?? admin.token,
    lang: options.lang ?? 'en',
  });
}

describe('the orders export', () => {
  it('answers a UTF-8 CSV file with a BOM, the columns in order and one row per order, oldest first', async () => {
    const db = ctx.database.db;
    const older = await createOrder(
      db,
      {
        customer_name: 'مريم العلي',
        customer_email: 'mariam@example.com',
        customer_phone: '+96551112222',
        city_id: salmiya,
        city_name_ar: 'السالمية',
        city_name_en: 'Salmiya',
        status: 'delivered',
        discount_amount: 1_000,
        shipping_amount: 1_500,
        gift_wrap_fee: 750,
        refunded_amount: 250,
        // 2025-01-10 12:05 in Kuwait.
        created_at: new Date('2025-01-10T09:05:00Z'),
      },
      item(12_500),
    );
    const newer = await createOrder(
      db,
      { payment_method: 'upayments', payment_status: 'paid', created_at: new Date('2025-01-11T20:59:00Z') },
      item(3_000),
    );

    const reply = await exportOf('from=2025-01-10&to=2025-01-11');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="orders-2025-01-10-2025-01-11.csv"');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(lines(reply.body)).toEqual([
      'Order number,Date (Kuwait time),Customer,E-mail,Phone,City,Status,Payment method,Subtotal (KWD),Discount (KWD),Shipping (KWD),Gift wrapping (KWD),Total (KWD),Refunded (KWD)',
      `${older.order.order_number},2025-01-10 12:05,مريم العلي,mariam@example.com,+96551112222,Salmiya,Delivered,Cash on delivery,12.500,1.000,1.500,0.750,13.750,0.250`,
      `${newer.order.order_number},2025-01-11 23:59,${newer.order.customer_name},${newer.order.customer_email},+96550000000,Hawalli,Pending,Online payment,3.000,0.000,0.000,0.000,3.000,0.000`,
    ]);
  });

  it('writes the headers, statuses, payment methods and cities in Arabic for an Arabic request', async () => {
    const db = ctx.database.db;
    const order = await createOrder(db, { status: 'shipped', created_at: new Date('2025-02-03T10:00:00Z') }, item(5_000));
    const reply = await exportOf('from=2025-02-03&to=2025-02-03', { lang: 'ar' });
    expect(reply.statusCode).toBe(200);
    // The raw bytes begin with the UTF-8 byte order mark, and the Arabic survives byte for byte.
    expect([...reply.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = lines(reply.body);
    expect(header).toBe(
      'رقم الطلب,التاريخ (بتوقيت الكويت),العميل,البريد الإلكتروني,الهاتف,المدينة,الحالة,طريقة الدفع,المجموع الفرعي (د.ك),الخصم (د.ك),الشحن (د.ك),تغليف الهدية (د.ك),الإجمالي (د.ك),المسترد (د.ك)',
    );
    expect(row).toBe(
      `${order.order.order_number},2025-02-03 13:00,${order.order.customer_name},${order.order.customer_email},+96550000000,حولي,تم الشحن,الدفع عند الاستلام,5.000,0.000,0.000,0.000,5.000,0.000`,
    );
  });

  it('takes whole Kuwait days: from 00:00 of `from` to 23:59:59.999 of `to`, Kuwait time', async () => {
    const db = ctx.database.db;
    const at = (iso: string) => createOrder(db, { created_at: new Date(iso) });
    const beforeStart = await at('2025-03-04T20:59:59.999Z'); // 2025-03-04 23:59:59.999 Kuwait
    const atStart = await at('2025-03-04T21:00:00.000Z'); // 2025-03-05 00:00 Kuwait
    const atEnd = await at('2025-03-06T20:59:59.999Z'); // 2025-03-06 23:59:59.999 Kuwait
    const afterEnd = await at('2025-03-06T21:00:00.000Z'); // 2025-03-07 00:00 Kuwait
    const body = (await exportOf('from=2025-03-05&to=2025-03-06')).body;
    const numbers = lines(body).slice(1).map((line) => line.split(',')[0]);
    expect(numbers).toEqual([atStart.order.order_number, atEnd.order.order_number]);
    expect(body).not.toContain(beforeStart.order.order_number);
    expect(body).not.toContain(afterEnd.order.order_number);
  });

  it('keeps one status and one city when asked', async () => {
    const db = ctx.database.db;
    const day = new Date('2025-04-02T08:00:00Z');
    const cancelledHere = await createOrder(db, { status: 'cancelled', city_id: salmiya, created_at: day });
    const pendingHere = await createOrder(db, { status: 'pending', city_id: salmiya, created_at: day });
    const cancelledElsewhere = await createOrder(db, { status: 'cancelled', created_at: day });
    const numbersOf = async (query: string) =>
      lines((await exportOf(`from=2025-04-02&to=2025-04-02&${query}`)).body)
        .slice(1)
        .map((line) => line.split(',')[0]);
    expect(await numbersOf('status=cancelled')).toEqual(
      [cancelledHere, cancelledElsewhere].map((order) => order.order.order_number),
    );
    expect(await numbersOf(`city=${salmiya}`)).toEqual(
      [cancelledHere, pendingHere].map((order) => order.order.order_number),
    );
    expect(await numbersOf(`city=${salmiya}&status=cancelled`)).toEqual([cancelledHere.order.order_number]);
    expect(await numbersOf('status=&city=')).toHaveLength(3);
  });

  it('guards cells a spreadsheet would run as formulas, and leaves plain numbers alone', async () => {
    const db = ctx.database.db;
    await createOrder(db, {
      customer_name: '=HYPERLINK("http://evil.example","click")',
      customer_email: '@SUM(1+1)@example.com',
      shipping_address: 'x',
      city_name_en: '+cmd|" /C calc"!A0',
      created_at: new Date('2025-05-05T08:00:00Z'),
    });
    const [, row] = lines((await exportOf('from=2025-05-05&to=2025-05-05')).body);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain(`'@SUM(1+1)@example.com`);
    expect(row).toContain(`"'+cmd|"" /C calc""!A0"`);
    expect(row).toContain(',+96550000000,');
    expect(formulaSafe('-2+3')).toBe("'-2+3");
    expect(formulaSafe('\tx')).toBe("'\tx");
    expect(formulaSafe('-1.500')).toBe('-1.500');
    expect(formulaSafe('سبحة = كهرمان')).toBe('سبحة = كهرمان');
  });

  it('is for staff who manage orders: moderators and administrators; customers 403, guests 401', async () => {
    const query = 'from=2025-06-01&to=2025-06-01';
    expect((await exportOf(query, { token: moderator.token })).statusCode).toBe(200);
    const refused = await exportOf(query, { token: customer.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const guest = await call('GET', `/api/admin/orders/export?${query}`);
    expect(guest.statusCode).toBe(401);
  });

  it('refuses bad filters with 400 and field errors in the request language', async () => {
    const missing = await exportOf('', { lang: 'ar' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(missing)).sort()).toEqual(['from', 'to']);
    expect(fieldMessages(missing).from).toBe('اكتب التاريخ بالصيغة YYYY-MM-DD، مثل 2026-12-01');

    const impossible = await exportOf('from=2025-02-30&to=2025-03-01');
    expect(fieldMessages(impossible)).toEqual({ from: 'Write the date as YYYY-MM-DD, e.g. 2026-12-01' });

    const reversed = await exportOf('from=2025-03-02&to=2025-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(fieldMessages(reversed)).toEqual({ to: 'The end date must not be before the start date' });

    const badFilters = await exportOf('from=2025-03-01&to=2025-03-01&status=lost&city=abc');
    expect(badFilters.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(badFilters)).sort()).toEqual(['city', 'status']);
  });
});

describe('a large export', () => {
  it('streams 5,000 orders in chunks, every row once', async () => {
    const db = ctx.database.db;
    // 5,000 orders over two Kuwait days, several sharing each created_at (the keyset's tie-break on id).
    await db.execute(sql`
      insert into orders (order_number, customer_name, customer_email, customer_phone, contact_email,
        contact_phone, shipping_address, country_name_ar, country_name_en, city_name_ar, city_name_en,
        payment_method, subtotal, total_amount, created_at)
      select 'SB-' || lpad(i::text, 10, '0'), 'عميل ' || i, 'bulk' || i || '@example.com', '+96550000000',
        'bulk' || i || '@example.com', '+96550000000', 'قطعة 1', 'الكويت', 'Kuwait', 'حولي', 'Hawalli',
        'cash_on_delivery', 10000, 10000,
        timestamptz '2024-06-01 00:00:00+03' + ((i / 3) * interval '1 minute')
      from generate_series(1, 5000) as i`);

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const { chunks, body } = await new Promise<{ chunks: number; body: string }>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/admin/orders/export?from=2024-06-01&to=2024-06-04',
          headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ chunks: parts.length, body: Buffer.concat(parts).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    expect(chunks).toBeGreaterThan(1);
    const rows = lines(body).slice(1);
    expect(rows).toHaveLength(5_000);
    const numbers = rows.map((row) => row.split(',')[0]);
    expect(new Set(numbers).size).toBe(5_000);
    expect(numbers[0]).toBe('SB-0000000001');
    expect(numbers.at(-1)).toBe('SB-0000005000');
  });
});
