import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeArabic, searchWords, stripArabicArticle } from './arabic.js';

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

describe('stripArabicArticle', () => {
  it.each([
    ['السبحة', 'سبحه'],
    ['السّبحة', 'سبحه'],
    ['ٱلسبحة', 'سبحه'],
    ['بالسبحة', 'سبحه'],
    ['والكهرمان', 'كهرمان'],
    ['بالكهرمان', 'كهرمان'],
    ['فالعقيق', 'عقيق'],
    ['كاليسر', 'يسر'],
    ['للرجال', 'رجال'],
    ['وللهدايا', 'هدايا'],
    ['فللمقتنين', 'مقتنين'],
    ['وبالفضة', 'فضه'],
    ['فكالمرجان', 'مرجان'],
    ['البحر', 'بحر'],
    ['الكوك', 'كوك'],
  ])('takes the article and its prefixes from %s', (word, stem) => {
    expect(stripArabicArticle(word)).toBe(stem);
  });

  it.each([
    ['لؤلؤ', 'لولو'],
    ['فضة', 'فضه'],
    ['بلاستيك', 'بلاستيك'],
    ['كهرمان', 'كهرمان'],
    ['ورد', 'ورد'],
    ['فيروز', 'فيروز'],
    ['لازورد', 'لازورد'],
    ['سبحة', 'سبحه'],
    ['الله', 'الله'],
    ['والد', 'والد'],
    ['بالون', 'بالون'],
    ['والي', 'والي'],
    ['ألماس', 'الماس'],
    ['إلهام', 'الهام'],
    ['وألوان', 'والوان'],
    ['amber', 'amber'],
    ['Alabaster', 'alabaster'],
  ])('keeps %s whole (its first letters are its own)', (word, kept) => {
    expect(stripArabicArticle(word)).toBe(kept);
  });
});

describe('searchWords', () => {
  it('normalises, strips article prefixes and drops repeats', () => {
    expect(searchWords('  السبحة  سبحة بالكهرمان ')).toEqual(['سبحه', 'كهرمان']);
    expect(searchWords('Baltic AMBER')).toEqual(['baltic', 'amber']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('matchesSearch with the article', () => {
  it('finds a word with or without its article on either side', () => {
    expect(matchesSearch('سبحة كهرمان بلطيقي', 'السبحة')).toBe(true);
    expect(matchesSearch('سبحة كهرمان بلطيقي', 'بالكهرمان')).toBe(true);
    expect(matchesSearch('سبح الكهرمان', 'كهرمان')).toBe(true);
    expect(matchesSearch('سبحة لؤلؤ طبيعي', 'اللؤلؤ')).toBe(true);
    expect(matchesSearch('سبحة فضة', 'الذهب')).toBe(false);
  });
});
