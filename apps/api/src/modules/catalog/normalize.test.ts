import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeArabic } from '@shop/shared';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const samples = [
  'سبحة',
  'سبحه',
  'مِسْبَحَة',
  'مسـبـحة',
  'أسود',
  'إسلامي',
  'آية',
  'ٱلله',
  'مستشفى',
  'مؤمن',
  'سائل',
  'ٰهذا',
  'قرآن كريم ﷺ',
  'سبحة ٣٣ حبة',
  'سبحة ۹۹ حبة',
  '0123456789 ٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹',
  'كَهْرَمَانٌ بَلْطِيقِيٌّ',
  'Rosary AMBER Kuka',
  'ÉCOLE Über',
  '  مسافات   كثيرة\tو\nأسطر  ',
  '100% عيار_925 \\ "quoted" \'single\'',
  '📿 سبحة ✨',
  '',
  'ـــ',
  'ً',
  'ؐ ؚ ۖ ۭ',
];

describe('shop_normalize() and normalizeArabic()', () => {
  it.each(samples)('agree on %j', async (sample) => {
    const [row] = await queryRows<{ normalized: string }>(
      database.db,
      sql`select shop_normalize(${sample}) as normalized`,
    );
    expect(row?.normalized).toBe(normalizeArabic(sample));
  });

  it('fold the letter variants the search relies on', () => {
    expect(normalizeArabic('مِسْبَحَة')).toBe('مسبحه');
    expect(normalizeArabic('أسود إ آ ٱ')).toBe('اسود ا ا ا');
    expect(normalizeArabic('مستشفى مؤمن سائل')).toBe('مستشفي مومن سايل');
    expect(normalizeArabic('٣٣ ۹۹')).toBe('33 99');
  });
});
