import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminCityResponse, City, CityListResponse, ErrorResponse, OrderResponse } from '@shop/shared';
import { apiCaller, type TestLang } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, cities, orders } from '../../db/schema/index.js';
import { createCity, createCountry, createGovernorate, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
let admin: string;
let adminId: number;
let moderator: string;
let customer: string;

let kuwait: { id: number };
let bahrain: { id: number };
let hawalli: { id: number };
let capital: { id: number };
let manama: { id: number };
let closed: { id: number };

const call = apiCaller(() => ctx.app);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function asAdmin(method: Method, url: string, payload?: Record<string, unknown>, lang: TestLang = 'en') {
  return call(method, url, payload, { token: admin, lang });
}

const errorOf = (body: unknown) => body as ErrorResponse;
const cityOf = (body: unknown) => (body as AdminCityResponse).city;

/** Creates a city through the API and answers it (the call must succeed). */
async function createVia(body: Record<string, unknown>): Promise<City> {
  const response = await asAdmin('POST', '/api/locations/cities', body);
  expect(response.statusCode, response.body).toBe(201);
  return cityOf(response.json());
}

async function auditOf(cityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'cities'), eq(auditLog.entity_id, cityId)))
    .orderBy(auditLog.id);
}

let contactCount = 0;

type Place = { id: number; country_id: number; governorate_id: number | null };

/** A guest's cash-on-delivery checkout of one unit of a 10 KD product, delivered to the city. */
async function checkout(city: Place) {
  contactCount += 1;
  const product = await createProduct(ctx.database.db, { price: 10_000, stock_quantity: 5 });
  return call('POST', '/api/orders', {
    user_id: null,
    name: 'Fatima Ali',
    email: `fatima.${contactCount}@example.com`,
    phone: `+965 6${String(contactCount).padStart(3, '0')} 1234`,
    shipping_address: 'Block 5, Street 10, House 3',
    country_id: city.country_id,
    governorate_id: city.governorate_id,
    city_id: city.id,
    payment_method: 'cash_on_delivery',
    items: [{ product_id: product.id, quantity: 1 }],
  });
}

/** The order of a checkout that must succeed. */
async function placeOrder(city: Place) {
  const response = await checkout(city);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as OrderResponse).order;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const signedIn = await signedInAs(ctx, 'admin');
  admin = signedIn.token;
  adminId = signedIn.user.id;
  moderator = (await signedInAs(ctx, 'moderator')).token;
  customer = (await signedInAs(ctx, 'customer')).token;
  kuwait = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW', sort_order: 1 });
  bahrain = await createCountry(db, { name_ar: 'البحرين', name_en: 'Bahrain', code: 'BH', sort_order: 2 });
  hawalli = await createGovernorate(db, { country_id: kuwait.id, name_ar: 'حولي', name_en: 'Hawalli' });
  capital = await createGovernorate(db, { country_id: kuwait.id, name_ar: 'العاصمة', name_en: 'Capital' });
  manama = await createGovernorate(db, { country_id: bahrain.id, name_ar: 'المنامة', name_en: 'Manama' });
  await createCity(db, {
    country_id: kuwait.id,
    governorate_id: hawalli.id,
    name_ar: 'السالمية',
    name_en: 'Salmiya',
    shipping_fee: 1_250,
  });
  closed = await createCity(db, {
    country_id: kuwait.id,
    governorate_id: capital.id,
    name_ar: 'منطقة مغلقة',
    name_en: 'Closed Area',
    is_active: false,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/locations/cities?admin=true', () => {
  it('gives staff every city, inactive ones too, with names, fee and date, never cached', async () => {
    const response = await asAdmin('GET', `/api/locations/cities?admin=true&country_id=${kuwait.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['vary']).toMatch(/authorization/);
    const { cities: list } = response.json() as CityListResponse;
    expect(list.map((city) => [city.name, city.is_active])).toEqual([
      ['Closed Area', false],
      ['Salmiya', true],
    ]);
    expect(list[0]).toEqual({
      id: closed.id,
      name: 'Closed Area',
      name_ar: 'منطقة مغلقة',
      name_en: 'Closed Area',
      country_id: kuwait.id,
      governorate_id: capital.id,
      shipping_fee: 5,
      country_name: 'Kuwait',
      governorate_name: 'Capital',
      is_active: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const byGovernorate = await asAdmin('GET', `/api/locations/cities?admin=true&governorate_id=${hawalli.id}`, undefined, 'ar');
    expect(byGovernorate.json().cities.map((city: City) => city.name)).toEqual(['السالمية']);
  });

  it('ignores the flag for shoppers and moderators: active cities only, publicly cacheable', async () => {
    for (const token of [undefined, customer, moderator]) {
      const response = await call('GET', `/api/locations/cities?admin=true&country_id=${kuwait.id}`, undefined, {
        ...(token === undefined ? {} : { token }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().cities.map((city: City) => city.name)).toEqual(['Salmiya']);
      expect(response.headers['cache-control']).toMatch(/^public/);
      expect(response.headers['vary']).toMatch(/authorization/);
    }
    const plain = await call('GET', '/api/locations/cities', undefined, { token: admin });
    expect(plain.json().cities.map((city: City) => city.name)).not.toContain('Closed Area');
    expect(plain.headers['cache-control']).toMatch(/^public/);
  });

  it('refuses a malformed flag', async () => {
    const response = await asAdmin('GET', '/api/locations/cities?admin=maybe');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.json()).code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /api/locations/cities', () => {
  it('creates a city with the default fee of 5 and records it in the audit trail', async () => {
    const city = await createVia({ name: '  الشعب  ', country_id: kuwait.id, governorate_id: hawalli.id });
    expect(city).toMatchObject({
      name: 'الشعب',
      name_ar: 'الشعب',
      name_en: '',
      country_id: kuwait.id,
      governorate_id: hawalli.id,
      shipping_fee: 5,
      country_name: 'Kuwait',
      governorate_name: 'Hawalli',
      is_active: true,
    });
    const [row] = await ctx.database.db.select().from(cities).where(eq(cities.id, city.id));
    expect(row).toMatchObject({ shipping_fee: 5_000, name_en: '' });
    const trail = await auditOf(city.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'create', actor_id: adminId });
    expect(trail[0]!.changes).toMatchObject({ name_ar: { from: null, to: 'الشعب' }, shipping_fee: { from: null, to: 5_000 } });
    // With no English name, English lists show the Arabic one.
    const english = await call('GET', `/api/locations/governorates/${hawalli.id}/cities`);
    expect(english.json().cities.map((c: City) => c.name)).toContain('الشعب');
  });

  it('takes a fee with up to 3 decimals (string or number), an English name, no governorate', async () => {
    const city = await createVia({
      name: 'المحرق',
      name_en: 'Muharraq',
      country_id: String(bahrain.id),
      governorate_id: '',
      shipping_fee: '2.125',
    });
    expect(city).toMatchObject({ name: 'Muharraq', governorate_id: null, governorate_name: null, shipping_fee: 2.125 });
    const free = await createVia({ name: 'مجانية', country_id: kuwait.id, shipping_fee: 0 });
    expect(free.shipping_fee).toBe(0);
  });

  it('refuses missing and malformed fields, each on its field, in the admin language', async () => {
    const empty = await asAdmin('POST', '/api/locations/cities', {}, 'ar');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json()).details).toEqual([
      { field: 'name', message: 'اسم المدينة مطلوب' },
      { field: 'country_id', message: 'الدولة مطلوبة' },
    ]);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ country_id: 'abc' }, 'country_id', 'The chosen country does not exist'],
      [{ country_id: 999_999 }, 'country_id', 'The chosen country does not exist'],
      [{ governorate_id: 999_999 }, 'governorate_id', 'The chosen governorate does not exist'],
      [{ governorate_id: manama.id }, 'governorate_id', 'The chosen governorate is not in the chosen country'],
      [{ shipping_fee: -1 }, 'shipping_fee', 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals'],
      [{ shipping_fee: '1.2345' }, 'shipping_fee', 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals'],
      [{ shipping_fee: 1.2345 }, 'shipping_fee', 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals'],
      [{ shipping_fee: 1000.001 }, 'shipping_fee', 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals'],
      [{ shipping_fee: 'five' }, 'shipping_fee', 'The shipping fee must be a number from 0 to 1000 with at most 3 decimals'],
      [{ name: 'x'.repeat(101) }, 'name', 'The city name must be at most 100 characters'],
    ];
    for (const [change, field, message] of cases) {
      const response = await asAdmin('POST', '/api/locations/cities', {
        name: 'مدينة جديدة',
        country_id: kuwait.id,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response.json()).code).toBe('VALIDATION_ERROR');
      expect(errorOf(response.json()).details, JSON.stringify(change)).toEqual([{ field, message }]);
    }
    const rows = await ctx.database.db.select().from(cities).where(eq(cities.name_ar, 'مدينة جديدة'));
    expect(rows).toEqual([]);
  });

  it('refuses a name already used in the governorate, ignoring case (409 on the field)', async () => {
    const taken = await asAdmin('POST', '/api/locations/cities', {
      name: 'السالمية',
      country_id: kuwait.id,
      governorate_id: hawalli.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken.json())).toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'name', message: 'A city with this name already exists in this governorate' }],
    });
    const english = await asAdmin('POST', '/api/locations/cities', {
      name: 'سالمية أخرى',
      name_en: 'SALMIYA',
      country_id: kuwait.id,
      governorate_id: hawalli.id,
    });
    expect(english.statusCode).toBe(409);
    expect(errorOf(english.json()).details).toEqual([
      { field: 'name_en', message: 'A city with this name already exists in this governorate' },
    ]);
    // The same name in another governorate is another place.
    const elsewhere = await createVia({ name: 'السالمية', country_id: kuwait.id, governorate_id: capital.id });
    expect(elsewhere.governorate_name).toBe('Capital');
  });
});

describe('PUT /api/locations/cities/:id', () => {
  it('changes only the fee when only the fee is sent, with before and after in the audit trail', async () => {
    const city = await createVia({ name: 'الجابرية', name_en: 'Jabriya', country_id: kuwait.id, governorate_id: hawalli.id, shipping_fee: 2 });
    const response = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { shipping_fee: 3.5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(cityOf(response.json())).toMatchObject({ name: 'Jabriya', governorate_id: hawalli.id, shipping_fee: 3.5 });
    const trail = await auditOf(city.id);
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(trail[1]!.changes).toEqual({ shipping_fee: { from: 2_000, to: 3_500 } });
    // Sending the same values again changes nothing and records nothing.
    const again = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { shipping_fee: '3.500' });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(city.id)).toHaveLength(2);
  });

  it('moves a city to another country only with a governorate of that country (or none)', async () => {
    const city = await createVia({ name: 'مشرف', country_id: kuwait.id, governorate_id: hawalli.id });
    const keepsGovernorate = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { country_id: bahrain.id });
    expect(keepsGovernorate.statusCode).toBe(400);
    expect(errorOf(keepsGovernorate.json()).details).toEqual([
      { field: 'governorate_id', message: 'The chosen governorate is not in the chosen country' },
    ]);
    const moved = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { country_id: bahrain.id, governorate_id: manama.id });
    expect(moved.statusCode).toBe(200);
    expect(cityOf(moved.json())).toMatchObject({ country_name: 'Bahrain', governorate_name: 'Manama' });
    const none = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { governorate_id: null });
    expect(cityOf(none.json())).toMatchObject({ governorate_id: null, governorate_name: null });
  });

  it('refuses a rename onto a taken name, an empty body, bad values and unknown cities', async () => {
    const city = await createVia({ name: 'بيان', country_id: kuwait.id, governorate_id: hawalli.id });
    const clash = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { name: 'السالمية' });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash.json()).details?.[0]?.field).toBe('name');
    const empty = await asAdmin('PUT', `/api/locations/cities/${city.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json()).details).toEqual([{ field: 'shipping_fee', message: 'No field to change was sent' }]);
    const negative = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { shipping_fee: -0.5 });
    expect(negative.statusCode).toBe(400);
    const blankName = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { name: '   ' });
    expect(errorOf(blankName.json()).details).toEqual([{ field: 'name', message: 'City name is required' }]);
    const missing = await asAdmin('PUT', '/api/locations/cities/999999', { shipping_fee: 1 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing.json())).toMatchObject({ code: 'NOT_FOUND', message: 'City not found' });
    const malformed = await asAdmin('PUT', '/api/locations/cities/abc', { shipping_fee: 1 });
    expect(malformed.statusCode).toBe(400);
    expect(await auditOf(city.id)).toHaveLength(1);
  });

  it('opens an inactive city to checkout when it is made active', async () => {
    const response = await asAdmin('PUT', `/api/locations/cities/${closed.id}`, { is_active: true });
    expect(response.statusCode).toBe(200);
    const shown = await call('GET', `/api/locations/governorates/${capital.id}/cities`);
    expect(shown.json().cities.map((city: City) => city.name)).toContain('Closed Area');
    await asAdmin('PUT', `/api/locations/cities/${closed.id}`, { is_active: false });
  });
});

describe('fees and orders', () => {
  it('charges the new fee from the next checkout and leaves past orders as they were', async () => {
    const city = await createVia({ name: 'الرميثية', name_en: 'Rumaithiya', country_id: kuwait.id, governorate_id: hawalli.id, shipping_fee: 1.5 });
    const before = await placeOrder(city);
    expect(before).toMatchObject({ shipping_amount: 1.5, total_amount: 11.5 });
    const changed = await asAdmin('PUT', `/api/locations/cities/${city.id}`, { shipping_fee: 2.75 });
    expect(changed.statusCode).toBe(200);
    const after = await placeOrder(city);
    expect(after).toMatchObject({ shipping_amount: 2.75, total_amount: 12.75 });
    const again = await call('GET', `/api/orders/number/${before.order_number}`);
    expect(again.json().order).toMatchObject({ shipping_amount: 1.5, total_amount: 11.5 });
  });

  it('deletes a city while its past orders keep its names and fee', async () => {
    const city = await createVia({ name: 'سلوى', name_en: 'Salwa', country_id: kuwait.id, governorate_id: hawalli.id, shipping_fee: 1.75 });
    const order = await placeOrder(city);
    const response = await asAdmin('DELETE', `/api/locations/cities/${city.id}`, undefined, 'ar');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: city.id, message: 'تم حذف المدينة' });
    expect(await ctx.database.db.select().from(cities).where(eq(cities.id, city.id))).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      city_id: null,
      city_name_ar: 'سلوى',
      city_name_en: 'Salwa',
      governorate_name_en: 'Hawalli',
      shipping_amount: 1_750,
    });
    const tracked = await call('GET', `/api/orders/number/${order.order_number}`);
    expect(tracked.json().order).toMatchObject({ city_name: 'Salwa', shipping_amount: 1.75 });
    const trail = await auditOf(city.id);
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'delete']);
    // The deleted city can no longer be chosen at checkout.
    const refused = await checkout(city);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.json()).details?.[0]?.field).toBe('city_id');
    const twice = await asAdmin('DELETE', `/api/locations/cities/${city.id}`);
    expect(twice.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets only locations.manage write cities: guests 401, customers and moderators 403', async () => {
    const [victim] = await ctx.database.db.select().from(cities).where(eq(cities.name_ar, 'السالمية')).limit(1);
    const writes: Array<[Method, string, Record<string, unknown> | undefined]> = [
      ['POST', '/api/locations/cities', { name: 'ممنوعة', country_id: kuwait.id }],
      ['PUT', `/api/locations/cities/${victim!.id}`, { shipping_fee: 0 }],
      ['DELETE', `/api/locations/cities/${victim!.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const guest = await call(method, url, payload);
      expect(guest.statusCode, `${method} guest`).toBe(401);
      for (const token of [customer, moderator]) {
        const refused = await call(method, url, payload, { token });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.headers['cache-control']).toBe('private, no-store');
      }
    }
    const [unchanged] = await ctx.database.db.select().from(cities).where(eq(cities.id, victim!.id));
    expect(unchanged!.shipping_fee).toBe(1_250);
  });
});
