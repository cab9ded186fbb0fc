import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ErrorResponse, OrderResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { queryRows } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct, createPromoCode } from '../../seed/factories.js';
import { customerOrdersWithCode } from '../promotions/index.js';
import { ORDERS_PER_CONTACT_PER_HOUR, recentOrdersOfContact } from './contact-limit.js';

/**
 * Decision 039 (docs/decisions/039): one customer, however they spell their phone or their
 * e-mail, is one customer for once-per-customer promo codes and for the limit of orders per
 * contact; the order stores the phone in its international form.
 */

let ctx: TestContext;
let place: { country_id: number; governorate_id: number; city_id: number };
let productId: number;

const call = apiCaller(() => ctx.app);
const ONCE_EN = 'This code can be used once per customer and has already been used';
const TOO_MANY_EN = 'Too many orders with this email or phone number, please try again later';

/** Every checkout has its own e-mail and phone unless the test gives them. */
let contacts = 0;
function checkout(extra: Record<string, unknown>) {
  contacts += 1;
  return {
    name: 'Fatima Ali',
    email: `shopper.${contacts}@example.com`,
    phone: `+965 9${String(contacts).padStart(3, '0')} 4321`,
    shipping_address: 'Block 5, Street 10, House 3',
    ...place,
    payment_method: 'cash_on_delivery',
    items: [{ product_id: productId, quantity: 1 }],
    ...extra,
  };
}

const postOrder = (payload: Record<string, unknown>, lang: TestLang = 'en') =>
  call('POST', '/api/orders', payload, { lang });

function expectPlaced(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(201);
}

function expectOnceRefusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect((response.json() as ErrorResponse).details).toEqual([{ field: 'promo_code', message: ONCE_EN }]);
}

let codes = 0;
/** A new once-per-customer code, like the demo store's WELCOME5. */
async function welcomeCode(): Promise<string> {
  codes += 1;
  const code = codes === 1 ? 'WELCOME5' : `WELCOME5X${codes}`;
  await createPromoCode(ctx.database.db, { code, once_per_customer: true, discount_type: 'fixed', discount_value: 5_000 });
  return code;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
  const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'حولي', name_en: 'Hawalli' });
  const city = await createCity(db, { country_id: country.id, governorate_id: governorate.id, shipping_fee: 1_000 });
  place = { country_id: country.id, governorate_id: governorate.id, city_id: city.id };
  productId = (await createProduct(db, { price: 20_000, stock_quantity: 500 })).id;
});

afterAll(async () => {
  await ctx?.close();
});

/** The ways shoppers write one Kuwaiti number (8 digits); the first three are the issue's. */
function spellingsOf(number: string): string[] {
  const [head, tail] = [number.slice(0, 4), number.slice(4)];
  const arabic = number.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
  return [`+965 ${head} ${tail}`, `00965${number}`, number, arabic, `+965 ${head}-${tail}`, `965 ${head} ${tail}`];
}

describe('a once-per-customer code, one customer however they write their contact', () => {
  it('stores and shows the phone in its international form', async () => {
    const response = await postOrder(checkout({ phone: '٥١١١ ٣٣٣٣' }));
    expectPlaced(response);
    const order = response.json<OrderResponse>().order;
    expect(order.phone).toBe('+96551113333');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ customer_phone: '+96551113333', contact_phone: '+96551113333' });
  });

  for (const [index, first] of ['+965 5111 2222', '0096551112222', '51112222'].entries()) {
    it(`refuses the code to every other spelling of a number after it was used written like ${first}`, async () => {
      const code = await welcomeCode();
      // Another number for each round, written in the round's ways.
      const spellings = spellingsOf(`5111222${index}`);
      const used = spellings[index]!;
      expectPlaced(await postOrder(checkout({ promo_code: code, phone: used })));
      for (const other of spellings.filter((spelling) => spelling !== used)) {
        expectOnceRefusal(await postOrder(checkout({ promo_code: code, phone: other })));
      }
    });
  }

  it('refuses the code to Name+tag@Example.com after name@example.com, and to a Gmail address with dots', async () => {
    const code = await welcomeCode();
    expectPlaced(await postOrder(checkout({ promo_code: code, email: 'name@example.com' })));
    expectOnceRefusal(await postOrder(checkout({ promo_code: code, email: 'Name+tag@Example.com' })));
    expectOnceRefusal(await postOrder(checkout({ promo_code: code, email: 'NAME+welcome@example.com' })));
    // Another mailbox of the same domain still gets it.
    expectPlaced(await postOrder(checkout({ promo_code: code, email: 'name2@example.com' })));

    const gmail = await welcomeCode();
    expectPlaced(await postOrder(checkout({ promo_code: gmail, email: 'fatima.ali@gmail.com' })));
    expectOnceRefusal(await postOrder(checkout({ promo_code: gmail, email: 'FatimaAli+5@gmail.com' })));
    expectOnceRefusal(await postOrder(checkout({ promo_code: gmail, email: 'f.a.t.i.m.a.ali@googlemail.com' })));
  });

  it('says so when the cart checks the code with another spelling of the phone or e-mail', async () => {
    const code = await welcomeCode();
    expectPlaced(await postOrder(checkout({ promo_code: code, phone: '+965 5444 1212', email: 'check@example.com' })));
    const validate = (body: Record<string, unknown>) =>
      call('POST', '/api/promo-codes/validate', { code, total: 20, ...body }, { lang: 'en' });
    for (const body of [{ phone: '54441212' }, { phone: '0096554441212' }, { email: 'Check+cart@Example.com' }]) {
      const response = await validate(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as ErrorResponse).details).toEqual([{ field: 'code', message: ONCE_EN }]);
    }
    expect((await validate({ phone: '54441213' })).statusCode).toBe(200);
  });
});

describe('the limit of orders per contact counts every spelling together', () => {
  it('counts a phone written five ways as one phone', async () => {
    const spellings = ['+965 5222 3333', '0096552223333', '52223333', '٥٢٢٢٣٣٣٣', '965-5222-3333'];
    expect(spellings).toHaveLength(ORDERS_PER_CONTACT_PER_HOUR);
    for (const phone of spellings) expectPlaced(await postOrder(checkout({ phone })));
    const refused = await postOrder(checkout({ phone: '(00965) 5222 3333' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_EN });
    expectPlaced(await postOrder(checkout({ phone: '5222 3334' })));
  });

  it('counts tagged and differently cased addresses of one mailbox as one e-mail', async () => {
    const spellings = ['limit@example.com', 'Limit+1@example.com', 'LIMIT+two@EXAMPLE.com', 'limit+3@example.com', 'limit+4@Example.com'];
    for (const email of spellings) expectPlaced(await postOrder(checkout({ email })));
    const refused = await postOrder(checkout({ email: 'limit+more@example.com' }), 'ar');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as ErrorResponse).code).toBe('RATE_LIMITED');
    expectPlaced(await postOrder(checkout({ email: 'limit.other@example.com' })));
  });
});

describe('a phone that is no number', () => {
  it('is refused with the phone message, in both languages, writing nothing', async () => {
    const before = (await ctx.database.db.select({ id: orders.id }).from(orders)).length;
    for (const [lang, message] of [
      ['en', 'Please enter a valid phone number'],
      ['ar', 'رقم الهاتف غير صحيح'],
    ] as const) {
      // The checkout's pattern lets these through; no number can be read from them.
      for (const phone of ['+000 1234 5678', '(((--------)))']) {
        const response = await postOrder(checkout({ phone }), lang);
        expect(response.statusCode, phone).toBe(400);
        expect((response.json() as ErrorResponse).details).toEqual([{ field: 'phone', message }]);
      }
    }
    expect((await ctx.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });
});

describe('the contact indexes', () => {
  /** The plan of a statement, with sequential scans off (a near-empty table would be read whole). */
  async function planOf(where: ReturnType<typeof sql>): Promise<string> {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, unknown>>(tx, sql`explain select ${orders.id} from ${orders} where ${where}`);
    });
    return JSON.stringify(plan);
  }

  it("find a customer's orders of the hour and their uses of a code by index", async () => {
    const recent = await planOf(recentOrdersOfContact('name@example.com', '+96551112222'));
    expect(recent).toContain('orders_contact_email_created_idx');
    expect(recent).toContain('orders_contact_phone_created_idx');
    const uses = await planOf(customerOrdersWithCode(1, { userId: null, email: 'Name+x@Example.com', phone: '51112222' })!);
    expect(uses).toContain('orders_contact_email_created_idx');
    expect(uses).toContain('orders_contact_phone_created_idx');
  });
});
