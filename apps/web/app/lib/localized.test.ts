import { describe, expect, it } from 'vitest';
import { attributeName, productSummary, selectionText, storeDescription, storeName, variationTitle } from './localized';

describe('storeName', () => {
  const settings = { store_name: 'متجر السبح', store_name_en: 'Subha Shop' };

  it('is the English name on the English page and the Arabic one on the Arabic page', () => {
    expect(storeName('en', settings)).toBe('Subha Shop');
    expect(storeName('ar', settings)).toBe('متجر السبح');
  });

  it('falls back to the Arabic name when no English one was written', () => {
    expect(storeName('en', { store_name: 'متجر السبح', store_name_en: null })).toBe('متجر السبح');
    expect(storeName('en', { store_name: 'متجر السبح', store_name_en: '  ' })).toBe('متجر السبح');
    expect(storeName('en', { store_name: 'متجر السبح' })).toBe('متجر السبح');
  });
});

describe('storeDescription', () => {
  it('picks the description of the page language, else the Arabic one, else none', () => {
    const both = { store_description: 'سبح أصلية', store_description_en: 'Genuine prayer beads' };
    expect(storeDescription('en', both)).toBe('Genuine prayer beads');
    expect(storeDescription('ar', both)).toBe('سبح أصلية');
    expect(storeDescription('en', { store_description: 'سبح أصلية', store_description_en: null })).toBe('سبح أصلية');
    expect(storeDescription('en', { store_description: null, store_description_en: 'Only English' })).toBe('Only English');
    expect(storeDescription('ar', { store_description: null, store_description_en: 'Only English' })).toBeNull();
    expect(storeDescription('en', { store_description: null, store_description_en: null })).toBeNull();
  });
});

describe('productSummary', () => {
  const arabicOnly = {
    short_description: 'كهرمان طبيعي',
    description: 'وصف طويل',
    short_description_en: null,
    description_en: null,
  };

  it('is the short description, else the description, on the Arabic page', () => {
    expect(productSummary('ar', { ...arabicOnly, short_description_en: 'Natural amber' })).toBe('كهرمان طبيعي');
    expect(productSummary('ar', { ...arabicOnly, short_description: null })).toBe('وصف طويل');
    expect(productSummary('ar', { ...arabicOnly, short_description: '', description: null })).toBeNull();
  });

  it('prefers any English text on the English page, then the Arabic one', () => {
    expect(productSummary('en', { ...arabicOnly, short_description_en: 'Natural amber', description_en: 'Long' })).toBe('Natural amber');
    expect(productSummary('en', { ...arabicOnly, description_en: 'A long English text' })).toBe('A long English text');
    expect(productSummary('en', { ...arabicOnly, short_description_en: ' ', description_en: 'A long English text' })).toBe('A long English text');
    expect(productSummary('en', arabicOnly)).toBe('كهرمان طبيعي');
    expect(productSummary('en', { short_description: null, description: null })).toBeNull();
  });
});

describe('attribute texts', () => {
  it('shows the English attribute name and variation title on the English page only', () => {
    expect(attributeName('en', { name: 'اللون', name_en: 'Colour' })).toBe('Colour');
    expect(attributeName('ar', { name: 'اللون', name_en: 'Colour' })).toBe('اللون');
    expect(variationTitle('en', { title: 'أحمر', title_en: 'Red' })).toBe('Red');
    expect(variationTitle('ar', { title: 'أحمر', title_en: 'Red' })).toBe('أحمر');
  });

  it('falls back to the Arabic when the English is missing or blank', () => {
    expect(attributeName('en', { name: 'اللون', name_en: null })).toBe('اللون');
    expect(attributeName('en', { name: 'اللون', name_en: '  ' })).toBe('اللون');
    expect(variationTitle('en', { title: 'أحمر' })).toBe('أحمر');
  });

  it('reads a chosen option in the page language, Arabic for old orders without English names', () => {
    const choice = { attribute_name: 'اللون', attribute_name_en: 'Colour', title: 'أحمر', title_en: 'Red' };
    expect(selectionText('en', choice)).toEqual({ attribute: 'Colour', value: 'Red' });
    expect(selectionText('ar', choice)).toEqual({ attribute: 'اللون', value: 'أحمر' });
    expect(selectionText('en', { attribute_name: 'اللون', title: 'أحمر' })).toEqual({ attribute: 'اللون', value: 'أحمر' });
    expect(selectionText('en', { ...choice, title_en: null })).toEqual({ attribute: 'Colour', value: 'أحمر' });
  });
});
