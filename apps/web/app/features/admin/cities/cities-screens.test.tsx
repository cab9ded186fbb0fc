import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { City, Country, Governorate } from '@shop/shared';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { adminCitiesQuery, citiesQueryKeys } from './cities-api';
import CitiesTab from './cities-tab';
import { BulkFeeModal } from './bulk-fee-modal';
import { CityFormModal } from './city-form-modal';

const kuwait: Country = { id: 1, name: 'الكويت', name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW', sort_order: 1 };
const hawalli: Governorate = { id: 3, name: 'حولي', name_ar: 'حولي', name_en: 'Hawalli', country_id: 1, sort_order: 1 };

function city(id: number, name_ar: string, name_en: string, shipping_fee: number, extra: Partial<City> = {}): City {
  return {
    id,
    name: name_ar,
    name_ar,
    name_en,
    country_id: 1,
    governorate_id: 3,
    shipping_fee,
    country_name: 'الكويت',
    governorate_name: 'حولي',
    is_active: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}

const cities = [
  city(1, 'السالمية', 'Salmiya', 1.25),
  city(2, 'الجابرية', '', 2, { is_active: false }),
  city(3, 'الشعب', 'Shaab', 0, { governorate_id: null, governorate_name: null }),
];

function fill(filters: { country: string; governorate: string }, list: City[]) {
  return (client: QueryClient) => {
    client.setQueryData(adminCitiesQuery(filters).queryKey, list);
    client.setQueryData(citiesQueryKeys.countries(), [kuwait]);
    client.setQueryData(citiesQueryKeys.governorates(1), [hawalli]);
  };
}

describe('cities tab', () => {
  it('lists the cities with governorate, country and the fee in د.ك with 3 decimals, each with a checkbox', () => {
    const html = renderAdmin(<CitiesTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=cities&country=1', fill: fill({ country: '1', governorate: '' }, cities) });
    const text = textOf(html);
    expect(text).toContain('المدن ورسوم الشحن');
    expect(text).toContain('1.250 د.ك');
    expect(text).toContain('2.000 د.ك');
    expect(text).toContain('0.000 د.ك');
    expect(text).toContain('بدون محافظة');
    expect(text).toContain('غير متاحة عند إتمام الطلب');
    expect(text).toContain('المدن المعروضة: 3');
    expect(html).toContain('aria-label="تحديد السالمية"');
    expect(html).toContain('aria-label="تحديد كل المدن المعروضة"');
    expect(html).toContain('aria-label="حذف السالمية"');
    // Nothing is selected yet: the bulk edit waits for a selection.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>تعديل رسوم الشحن للمحدد<\/button>/);
    // The country is chosen, so its governorates can be picked.
    expect(html).not.toMatch(/<select[^>]*id="cities-governorate"[^>]*disabled=""/);
    expect(text).not.toMatch(/admin-cities\.|admin\.common\./);
  });

  it('keeps the governorate filter off until a country is chosen', () => {
    const html = renderAdmin(<CitiesTab />, { lang: 'en', role: 'admin', path: '/admin?tab=cities', fill: fill({ country: '', governorate: '' }, cities) });
    expect(html).toMatch(/<select[^>]*disabled=""[^>]*id="cities-governorate"|<select[^>]*id="cities-governorate"[^>]*disabled=""/);
    expect(textOf(html)).toContain('Choose a country first.');
    expect(textOf(html)).not.toMatch(/admin-cities\.|admin\.common\./);
  });

  it('tells an empty shop from filters that match nothing', () => {
    const none = textOf(renderAdmin(<CitiesTab />, { lang: 'en', role: 'admin', path: '/admin?tab=cities', fill: fill({ country: '', governorate: '' }, []) }));
    expect(none).toContain('No cities yet');
    const noMatch = textOf(
      renderAdmin(<CitiesTab />, { lang: 'en', role: 'admin', path: '/admin?tab=cities&country=1&governorate=3', fill: fill({ country: '1', governorate: '3' }, []) }),
    );
    expect(noMatch).toContain('No city matches these filters');
    expect(noMatch).toContain('Clear filters');
  });
});

describe('city form', () => {
  it('starts a new city at a fee of 5 with the governorate off until a country is chosen', () => {
    const html = renderAdmin(<CityFormModal city={null} filters={{ country: '', governorate: '' }} onClose={() => undefined} />, {
      lang: 'en',
      role: 'admin',
      fill: fill({ country: '', governorate: '' }, []),
    });
    expect(textOf(html)).toContain('Add a city');
    expect(html).toMatch(/<input[^>]*id="city-shipping_fee"[^>]*value="5"/);
    expect(html).toMatch(/<input[^>]*type="number"[^>]*step="0.01"[^>]*min="0"/);
    expect(html).toMatch(/<select[^>]*disabled=""[^>]*id="city-governorate_id"|<select[^>]*id="city-governorate_id"[^>]*disabled=""/);
    expect(textOf(html)).not.toMatch(/admin-cities\.|admin\.common\./);
  });

  it('edits a city with its names, place and fee', () => {
    const html = renderAdmin(<CityFormModal city={cities[0]!} filters={{ country: '', governorate: '' }} onClose={() => undefined} />, {
      lang: 'ar',
      role: 'admin',
      fill: fill({ country: '', governorate: '' }, []),
    });
    expect(textOf(html)).toContain('تعديل المدينة');
    expect(html).toMatch(/<input[^>]*id="city-name"[^>]*value="السالمية"/);
    expect(html).toMatch(/<input[^>]*id="city-name_en"[^>]*value="Salmiya"/);
    expect(html).toMatch(/<input[^>]*id="city-shipping_fee"[^>]*value="1.25"/);
    expect(html).toMatch(/<option value="3" selected="">حولي<\/option>/);
  });
});

describe('bulk fee modal', () => {
  it('lists the selected cities in a short scrolling box with their current fee', () => {
    const html = renderAdmin(<BulkFeeModal cities={cities.slice(0, 2)} onClose={() => undefined} />, { lang: 'en', role: 'admin' });
    const text = textOf(html);
    expect(text).toContain('Bulk edit shipping fee');
    expect(text).toContain('Cities to update: 2 of 2');
    expect(text).toContain('السالمية');
    expect(text).toContain('1.250 KD');
    expect(html).toContain('max-h-40 overflow-y-auto');
    expect(html).toMatch(/<input[^>]*id="bulk-fee"[^>]*type="number"|<input[^>]*type="number"[^>]*id="bulk-fee"/);
    expect(text).not.toMatch(/admin-cities\.|admin\.common\./);
  });
});
