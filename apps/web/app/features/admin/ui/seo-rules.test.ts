import { describe, expect, it } from 'vitest';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@shop/shared';
import { emptySeoForm, searchPreview, seoFormFrom, seoFormProblems, setSeoFields } from './seo-rules';

describe('the SEO fields of a back-office form', () => {
  it('start from the stored texts, blank where there is none', () => {
    expect(seoFormFrom({ seo_title_ar: 'عنوان', seo_title_en: null })).toEqual({
      seo_title_ar: 'عنوان',
      seo_title_en: '',
      seo_description_ar: '',
      seo_description_en: '',
    });
  });

  it('refuse a title over 70 and a description over 160 characters, counting after trimming', () => {
    const form = {
      ...emptySeoForm(),
      seo_title_ar: ` ${'ع'.repeat(SEO_TITLE_MAX)} `,
      seo_title_en: 't'.repeat(SEO_TITLE_MAX + 1),
      seo_description_ar: 'و'.repeat(SEO_DESCRIPTION_MAX + 1),
    };
    expect(seoFormProblems(form)).toEqual({
      seo_title_en: 'admin.seo.title_too_long',
      seo_description_ar: 'admin.seo.description_too_long',
    });
  });

  it('send every field trimmed, an emptied one blank so the server clears it', () => {
    const body = new FormData();
    setSeoFields(body, { ...emptySeoForm(), seo_title_en: '  Amber beads ' });
    expect(Object.fromEntries(body.entries())).toEqual({
      seo_title_ar: '',
      seo_title_en: 'Amber beads',
      seo_description_ar: '',
      seo_description_en: '',
    });
  });

  it('preview the typed texts, else the name and a description cut at a word boundary', () => {
    expect(searchPreview({ title: 'Own title', description: '' }, { title: 'Name', description: 'Short text' })).toEqual({
      title: 'Own title',
      description: 'Short text',
    });
    const preview = searchPreview({ title: ' ', description: '' }, { title: 'Name', description: 'word '.repeat(60) });
    expect(preview.title).toBe('Name');
    expect(preview.description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(preview.description.endsWith('word…')).toBe(true);
  });
});
