import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeArabic } from './arabic.js';

describe('normalizeArabic', () => {
  it('removes tashkeel and tatweel', () => {
    expect(normalizeArabic('مِسْبَحَةٌ')).toBe('مسبحه');
    expect(normalizeArabic('ســـبـــحة')).toBe('سبحه');
    expect(normalizeArabic('الرَّحْمٰن')).toBe('الرحمن');
  });

  it('treats the alef forms as one letter', () => {
    expect(normalizeArabic('أسود')).toBe('اسود');
    expect(normalizeArabic('إسلامي')).toBe('اسلامي');
    expect(normalizeArabic('آية')).toBe('ايه');
    expect(normalizeArabic('ٱلله')).toBe('الله');
  });

  it('treats ة as ه and ى as ي, and hamza carriers as their letter', () => {
    expect(normalizeArabic('سبحة')).toBe(normalizeArabic('سبحه'));
    expect(normalizeArabic('مصطفى')).toBe(normalizeArabic('مصطفي'));
    expect(normalizeArabic('لؤلؤ')).toBe('لولو');
    expect(normalizeArabic('فئة')).toBe('فيه');
  });

  it('turns Arabic-Indic digits into ASCII digits', () => {
    expect(normalizeArabic('٣٣ حبة')).toBe('33 حبه');
    expect(normalizeArabic('۹۹')).toBe('99');
  });

  it('lower-cases and collapses whitespace', () => {
    expect(normalizeArabic('  Baltic   AMBER ')).toBe('baltic amber');
  });
});

describe('matchesSearch', () => {
  it('finds text whatever the spelling variant', () => {
    expect(matchesSearch('سبحة كهرمان بلطيقي', 'سبحه')).toBe(true);
    expect(matchesSearch('سبحة يُسر أسود', 'يسر اسود')).toBe(true);
    expect(matchesSearch('سبحة عقيق يماني', 'كهرمان')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(matchesSearch('أي شيء', '   ')).toBe(true);
  });
});
