import { describe, expect, it } from 'vitest';
import { cutAtWord, seoDescriptionIn, seoTitleIn, withSeoTexts, type SeoTexts } from './seo.js';

const none: SeoTexts = { seo_title_ar: null, seo_title_en: null, seo_description_ar: null, seo_description_en: null };

describe('cutAtWord', () => {
  it('keeps a short text whole, with its spacing tidied', () => {
    expect(cutAtWord('  Natural   amber ', 160)).toBe('Natural amber');
  });

  it('cuts a long text at the last whole word within the limit, with an ellipsis', () => {
    const cut = cutAtWord('سبحة كهرمان طبيعي من بحر البلطيق، ثلاث وثلاثون حبة', 30);
    expect(cut).toBe('سبحة كهرمان طبيعي من بحر…');
    expect(cut.length).toBeLessThanOrEqual(30);
  });

  it('drops a trailing comma or stop before the ellipsis', () => {
    expect(cutAtWord('Amber, silver, turquoise and more', 16)).toBe('Amber, silver…');
  });

  it('cuts inside a single word longer than the limit', () => {
    expect(cutAtWord('a'.repeat(20), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('SEO texts', () => {
  it("picks the page language's own text, none when blank", () => {
    const texts = { ...none, seo_title_ar: 'سبح كهرمان', seo_title_en: '  ', seo_description_en: 'Amber beads' };
    expect(seoTitleIn('ar', texts)).toBe('سبح كهرمان');
    expect(seoTitleIn('en', texts)).toBeNull();
    expect(seoDescriptionIn('en', texts)).toBe('Amber beads');
    expect(seoDescriptionIn('ar', texts)).toBeNull();
  });

  it('keeps the fields a form left out and takes the ones it sent, a cleared one too', () => {
    const before = { ...none, seo_title_ar: 'قديم', seo_description_en: 'Old' };
    expect(withSeoTexts(before, { seo_title_en: 'New', seo_description_en: null })).toEqual({
      seo_title_ar: 'قديم',
      seo_title_en: 'New',
      seo_description_ar: null,
      seo_description_en: null,
    });
  });
});
