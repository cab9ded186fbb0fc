import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createCity, createCountry, createGovernorate } from '../../seed/factories.js';

let ctx: TestContext;
let kuwait: { id: number };
let other: { id: number };
let capital: { id: number };
let hawalli: { id: number };
let salmiya: { id: number };
let dasma: { id: number };
let hidden: { id: number };

const get = (url: string, lang: 'ar' | 'en' = 'ar') =>
  ctx.app.inject({ url, headers: { 'accept-language': lang } });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  kuwait = await createCountry(db, {
    name_ar: 'الكويت',
    name_en: 'Kuwait',
    code: 'KW',
    sort_order: 1,
  });
  other = await createCountry(db, {
    name_ar: 'البحرين',
    name_en: 'Bahrain',
    code: 'BH',
    sort_order: 2,
  });
  hawalli = await createGovernorate(db, {
    country_id: kuwait.id,
    name_ar: 'حولي',
    name_en: 'Hawalli',
    sort_order: 2,
  });
  capital = await createGovernorate(db, {
    country_id: kuwait.id,
    name_ar: 'العاصمة',
    name_en: 'Capital',
    sort_order: 1,
  });
  await createGovernorate(db, { country_id: other.id, name_ar: 'المنامة', name_en: 'Manama' });
  salmiya = await createCity(db, {
    country_id: kuwait.id,
    governorate_id: hawalli.id,
    name_ar: 'السالمية',
    name_en: 'Salmiya',
    shipping_fee: 1_250,
  });
  dasma = await createCity(db, {
    country_id: kuwait.id,
    governorate_id: capital.id,
    name_ar: 'الدسمة',
    name_en: 'Dasma',
    shipping_fee: 1_000,
  });
  hidden = await createCity(db, {
    country_id: kuwait.id,
    governorate_id: capital.id,
    name_ar: 'منطقة مغلقة',
    name_en: 'Closed Area',
    is_active: false,
  });
  await createCity(db, { country_id: other.id, name_ar: 'المحرق', name_en: 'Muharraq' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/locations/countries', () => {
  it('lists countries in display order with the name in the request language', async () => {
    const arabic = await get('/api/locations/countries');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json()).toEqual({
      success: true,
      countries: [
        {
          id: kuwait.id,
          name: 'الكويت',
          name_ar: 'الكويت',
          name_en: 'Kuwait',
          code: 'KW',
          sort_order: 1,
        },
        {
          id: other.id,
          name: 'البحرين',
          name_ar: 'البحرين',
          name_en: 'Bahrain',
          code: 'BH',
          sort_order: 2,
        },
      ],
    });
    const english = await get('/api/locations/countries', 'en');
    expect(english.json().countries.map((c: { name: string }) => c.name)).toEqual([
      'Kuwait',
      'Bahrain',
    ]);
    expect(english.headers['vary']).toMatch(/accept-language/);
    expect(english.headers['cache-control']).toMatch(/public/);
  });

  it('follows the lang cookie over Accept-Language', async () => {
    const response = await ctx.app.inject({
      url: '/api/locations/countries',
      headers: { 'accept-language': 'ar', cookie: 'lang=en' },
    });
    expect(response.json().countries[0].name).toBe('Kuwait');
  });
});

describe('governorates', () => {
  it('lists the governorates of a country in display order', async () => {
    const response = await get(`/api/locations/countries/${kuwait.id}/governorates`, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      governorates: [
        {
          id: capital.id,
          name: 'Capital',
          name_ar: 'العاصمة',
          name_en: 'Capital',
          country_id: kuwait.id,
          sort_order: 1,
        },
        {
          id: hawalli.id,
          name: 'Hawalli',
          name_ar: 'حولي',
          name_en: 'Hawalli',
          country_id: kuwait.id,
          sort_order: 2,
        },
      ],
    });
  });

  it('lists every governorate of every country', async () => {
    const response = await get('/api/locations/governorates');
    expect(response.json().governorates.map((g: { name: string }) => g.name)).toEqual([
      'العاصمة',
      'حولي',
      'المنامة',
    ]);
  });

  it('answers 404 for an unknown country and 400 for a malformed id', async () => {
    const missing = await get('/api/locations/countries/999999/governorates', 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'Country not found',
    });
    const arabic = await get('/api/locations/countries/999999/governorates');
    expect(arabic.json().message).toBe('الدولة غير موجودة');
    for (const id of ['abc', '0', '-1', '1.5']) {
      const malformed = await get(`/api/locations/countries/${id}/governorates`);
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('cities', () => {
  it('lists the active cities of a governorate with decimal fees and parent names', async () => {
    const response = await get(`/api/locations/governorates/${hawalli.id}/cities`);
    expect(response.statusCode).toBe(200);
    const { cities } = response.json();
    expect(cities).toEqual([
      {
        id: salmiya.id,
        name: 'السالمية',
        name_ar: 'السالمية',
        name_en: 'Salmiya',
        country_id: kuwait.id,
        governorate_id: hawalli.id,
        shipping_fee: 1.25,
        country_name: 'الكويت',
        governorate_name: 'حولي',
        is_active: true,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    // Fees change in the back office and apply to the next order: caches must ask again.
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const english = await get(`/api/locations/governorates/${hawalli.id}/cities`, 'en');
    expect(english.json().cities[0]).toMatchObject({
      name: 'Salmiya',
      country_name: 'Kuwait',
      governorate_name: 'Hawalli',
    });
  });

  it('lists the cities of a country, without inactive ones', async () => {
    const response = await get(`/api/locations/countries/${kuwait.id}/cities`, 'en');
    const names = response.json().cities.map((city: { name: string }) => city.name);
    expect(names).toEqual(['Dasma', 'Salmiya']);
    expect(names).not.toContain('Closed Area');
    const bahrain = await get(`/api/locations/countries/${other.id}/cities`);
    expect(bahrain.json().cities).toEqual([
      expect.objectContaining({
        name: 'المحرق',
        governorate_id: null,
        governorate_name: null,
        shipping_fee: 5,
      }),
    ]);
  });

  it('lists all cities, filtered by country and governorate on request', async () => {
    const all = await get('/api/locations/cities', 'en');
    expect(all.json().cities.map((city: { name: string }) => city.name)).toEqual([
      'Dasma',
      'Muharraq',
      'Salmiya',
    ]);
    expect(all.headers['cache-control']).toBe('public, no-cache');
    expect((await get(`/api/locations/countries/${kuwait.id}/cities`)).headers['cache-control']).toBe(
      'public, no-cache',
    );
    const byCountry = await get(`/api/locations/cities?country_id=${other.id}`, 'en');
    expect(byCountry.json().cities.map((city: { name: string }) => city.name)).toEqual([
      'Muharraq',
    ]);
    const byBoth = await get(
      `/api/locations/cities?country_id=${kuwait.id}&governorate_id=${capital.id}`,
      'en',
    );
    expect(byBoth.json().cities.map((city: { name: string }) => city.name)).toEqual(['Dasma']);
    const mismatched = await get(
      `/api/locations/cities?country_id=${other.id}&governorate_id=${capital.id}`,
    );
    expect(mismatched.json().cities).toEqual([]);
  });

  it('answers 404 for unknown parents and 400 for malformed ids', async () => {
    const cases: Array<[string, string]> = [
      ['/api/locations/governorates/999999/cities', 'Governorate not found'],
      ['/api/locations/countries/999999/cities', 'Country not found'],
      ['/api/locations/cities?country_id=999999', 'Country not found'],
      ['/api/locations/cities?governorate_id=999999', 'Governorate not found'],
    ];
    for (const [url, message] of cases) {
      const response = await get(url, 'en');
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message });
    }
    for (const url of [
      '/api/locations/governorates/abc/cities',
      '/api/locations/countries/x/cities',
      '/api/locations/cities?country_id=abc',
      '/api/locations/cities?governorate_id=0',
    ]) {
      const response = await get(url, 'en');
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().details[0].message).toBe('The id must be a positive whole number');
    }
  });
});

describe('getCityForShipping', () => {
  it('gives the fee in thousandths and where the city is', async () => {
    const city = await ctx.app.services.locations.getCityForShipping(salmiya.id);
    expect(city).toEqual({
      id: salmiya.id,
      country_id: kuwait.id,
      governorate_id: hawalli.id,
      shipping_fee: 1_250,
      name_ar: 'السالمية',
      name_en: 'Salmiya',
      country_name_ar: 'الكويت',
      country_name_en: 'Kuwait',
      governorate_name_ar: 'حولي',
      governorate_name_en: 'Hawalli',
    });
  });

  it('reads inside a transaction and knows no inactive or unknown city', async () => {
    const { locations } = ctx.app.services;
    const fee = await ctx.database.db.transaction(
      async (tx) => (await locations.getCityForShipping(dasma.id, tx))?.shipping_fee,
    );
    expect(fee).toBe(1_000);
    expect(await locations.getCityForShipping(hidden.id)).toBeNull();
    expect(await locations.getCityForShipping(999_999)).toBeNull();
  });
});

describe('data integrity', () => {
  it('refuses a city whose governorate is in another country', async () => {
    await expect(
      createCity(ctx.database.db, { country_id: other.id, governorate_id: capital.id }),
    ).rejects.toThrow();
  });
});

describe('GET /api/locations/shipping-fees', () => {
  it("gives each country's cheapest and dearest active city fee, leaving inactive cities out", async () => {
    const response = await get('/api/locations/shipping-fees');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      shipping_fees: [
        // The closed area's default fee (5.000) would be the dearest if inactive cities counted.
        { country_code: 'KW', min_fee: 1, max_fee: 1.25 },
        { country_code: 'BH', min_fee: 5, max_fee: 5 },
      ],
    });
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });
});
