import type { AdminAttribute } from '@shop/shared';

/** Test support: two attributes as GET /simple-attributes sends them, the first with two values. */
export const testAttributes: readonly [AdminAttribute, AdminAttribute] = [
  {
    id: 1,
    name: 'المقاس',
    name_en: 'Size',
    created_at: '2025-01-01T00:00:00.000Z',
    product_count: 3,
    variations: [
      { id: 11, attribute_id: 1, title: 'كبير', title_en: 'Large', additional_price: 2.5, product_count: 2, created_at: '2025-01-01T00:00:00.000Z' },
      { id: 12, attribute_id: 1, title: 'صغير', title_en: null, additional_price: 0, product_count: 0, created_at: '2025-01-01T00:00:00.000Z' },
    ],
  },
  { id: 2, name: 'اللون', name_en: null, created_at: '2025-01-02T00:00:00.000Z', product_count: 0, variations: [] },
];
