import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { demoGovernorates, seedDemoLocations } from './demo-locations.js';

let ctx: TestContext;

const get = (url: string, lang: 'ar' | 'en' = 'ar') =>
  ctx.app.inject({ url, headers: { 'accept-language': lang } });

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db.transaction((tx) => seedDemoLocations(tx));
});

afterAll(async () => {
  await ctx?.close();
});

describe('demo locations and promo codes', () => {
  it("delivers to Kuwait's six governorates", async () => {
    const { countries } = (await get('/api/locations/countries', 'en')).json();
    expect(countries).toEqual([
      expect.objectContaining({ code: 'KW', name: 'Kuwait', name_ar: 'الكويت' }),
    ]);
    const { governorates } = (
      await get(`/api/locations/countries/${countries[0].id}/governorates`)
    ).json();
    expect(governorates.map((governorate: { name: string }) => governorate.name)).toEqual([
      'العاصمة',
      'حولي',
      'الفروانية',
      'مبارك الكبير',
      'الأحمدي',
      'الجهراء',
    ]);
  });

  it('gives every governorate four to eight areas with plausible fees, farther ones dearer', async () => {
    const { governorates } = (await get('/api/locations/governorates', 'en')).json();
    const fees = new Map<string, number[]>();
    for (const governorate of governorates as Array<{ id: number; name: string }>) {
      const { cities } = (await get(`/api/locations/governorates/${governorate.id}/cities`)).json();
      expect(cities.length, governorate.name).toBeGreaterThanOrEqual(4);
      expect(cities.length, governorate.name).toBeLessThanOrEqual(8);
      for (const city of cities) {
        expect(city.name_ar).toMatch(/[\u0600-\u06FF]/);
        expect(city.name_en).toMatch(/^[A-Z][A-Za-z -]+$/);
        expect(city.shipping_fee).toBeGreaterThanOrEqual(1);
        expect(city.shipping_fee).toBeLessThanOrEqual(3);
      }
      fees.set(
        governorate.name,
        cities.map((city: { shipping_fee: number }) => city.shipping_fee),
      );
    }
    const lowest = (name: string) => Math.min(...fees.get(name)!);
    const highest = (name: string) => Math.max(...fees.get(name)!);
    for (const far of ['Jahra', 'Ahmadi']) {
      expect(lowest(far)).toBeGreaterThan(highest('Capital'));
    }
    expect(demoGovernorates.flatMap((governorate) => governorate.areas)).toHaveLength(
      (await get('/api/locations/cities')).json().cities.length,
    );
  });

  it('offers working and refused demo promo codes', async () => {
    const validate = (code: string, total: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/promo-codes/validate',
        payload: { code, total },
        headers: { 'accept-language': 'en' },
      });
    expect((await validate('ramadan10', 10)).json()).toMatchObject({ discount: 1 });
    expect((await validate('RAMADAN10', 9.5)).json().message).toBe(
      'The minimum order for this promo code is 10.000 KD',
    );
    expect((await validate('WELCOME5', 20)).json()).toMatchObject({
      discount: 5,
      discount_type: 'fixed',
      once_per_customer: true,
    });
    expect((await validate('RAMADAN10', 10)).json()).toMatchObject({ once_per_customer: false });
    expect((await validate('WELCOME5', 19)).statusCode).toBe(400);
    expect((await validate('EID2025', 50)).json().message).toBe('This promo code has expired');
    expect((await validate('LAUNCH20', 50)).json().message).toBe(
      'This promo code has reached its maximum number of uses',
    );
  });
});
