import type { MoneyFormat } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  additionalPriceInput,
  attributeBody,
  attributeNameEnProblem,
  attributeNameProblem,
  formatSurcharge,
  parseAdditionalPrice,
  variationBody,
  variationChanged,
  variationProblems,
  variationTitleProblem,
} from './attribute-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const ARABIC_KD: MoneyFormat = { symbol: 'د.ك', decimals: 3 };

describe('attribute name and value title (non-empty after trimming)', () => {
  it('refuses an empty or blank name', () => {
    expect(attributeNameProblem('')).toBe('admin-attributes.validation.name_required');
    expect(attributeNameProblem('   \t ')).toBe('admin-attributes.validation.name_required');
    expect(variationTitleProblem(' ')).toBe('admin-attributes.validation.title_required');
  });

  it('accepts a name with surrounding spaces', () => {
    expect(attributeNameProblem('  اللون ')).toBeNull();
    expect(variationTitleProblem(' أحمر ')).toBeNull();
  });

  it('refuses more than 100 characters, counted as the server counts them', () => {
    expect(attributeNameProblem('ا'.repeat(100))).toBeNull();
    expect(attributeNameProblem('ا'.repeat(101))).toBe('admin-attributes.validation.name_too_long');
    // An emoji is two UTF-16 units but one character.
    expect(variationTitleProblem('😀'.repeat(100))).toBeNull();
    expect(variationTitleProblem('😀'.repeat(101))).toBe('admin-attributes.validation.title_too_long');
  });

  it('refuses control characters inside a name', () => {
    expect(attributeNameProblem('a\nb')).toBe('admin-attributes.validation.name_invalid');
    expect(variationTitleProblem('a\u0007b')).toBe('admin-attributes.validation.title_invalid');
  });

  it('lets the English name be empty, with the Arabic one\'s length and character rules', () => {
    expect(attributeNameEnProblem('')).toBeNull();
    expect(attributeNameEnProblem('   ')).toBeNull();
    expect(attributeNameEnProblem(' Colour ')).toBeNull();
    expect(attributeNameEnProblem('a'.repeat(100))).toBeNull();
    expect(attributeNameEnProblem('a'.repeat(101))).toBe('admin-attributes.validation.name_too_long');
    expect(attributeNameEnProblem('Two\nlines')).toBe('admin-attributes.validation.name_invalid');
  });
});

describe('additional price', () => {
  it('is 0 when left empty', () => {
    expect(parseAdditionalPrice('')).toBe(0);
    expect(parseAdditionalPrice('  ')).toBe(0);
  });

  it('reads decimals with up to 3 places', () => {
    expect(parseAdditionalPrice('2')).toBe(2);
    expect(parseAdditionalPrice('2.5')).toBe(2.5);
    expect(parseAdditionalPrice('0.125')).toBe(0.125);
    expect(parseAdditionalPrice(' 10.000 ')).toBe(10);
  });

  it('reads Arabic-Indic digits and separators', () => {
    expect(parseAdditionalPrice('٢٫٥')).toBe(2.5);
    expect(parseAdditionalPrice('۳')).toBe(3);
    // A comma is ambiguous (decimal or thousands separator): refused rather than guessed.
    expect(parseAdditionalPrice('1,250')).toBeNull();
  });

  it('refuses negatives, more than 3 decimals, words and amounts above the limit', () => {
    expect(parseAdditionalPrice('-1')).toBeNull();
    expect(parseAdditionalPrice('1.2345')).toBeNull();
    expect(parseAdditionalPrice('abc')).toBeNull();
    expect(parseAdditionalPrice('1e3')).toBeNull();
    expect(parseAdditionalPrice('.5')).toBeNull();
    expect(parseAdditionalPrice('1000000')).toBe(1_000_000);
    expect(parseAdditionalPrice('1000000.001')).toBeNull();
  });

  it('shows a stored amount in the input without trailing zeros, and none as empty', () => {
    expect(additionalPriceInput(0)).toBe('');
    expect(additionalPriceInput(2.5)).toBe('2.5');
    expect(additionalPriceInput(3)).toBe('3');
    expect(additionalPriceInput(0.125)).toBe('0.125');
  });

  it('is displayed with its plus and the store currency symbol in 3 decimals, never a dollar sign', () => {
    expect(formatSurcharge(2.5, KD)).toBe('\u2066+2.500\u2069 KD');
    expect(formatSurcharge(0.5, ARABIC_KD)).toBe('\u2066+0.500\u2069 د.ك');
  });
});

describe('value form', () => {
  it('names each field with a problem', () => {
    expect(variationProblems({ title_en: '', title: ' ', additional_price: 'x' })).toEqual({
      title: 'admin-attributes.validation.title_required',
      additional_price: 'admin-attributes.validation.price_invalid',
    });
    expect(variationProblems({ title_en: '', title: 'كبير', additional_price: '' })).toEqual({});
    // The English title may be empty, but not too long or with control characters.
    expect(variationProblems({ title: 'كبير', title_en: 'L'.repeat(101), additional_price: '' })).toEqual({
      title_en: 'admin-attributes.validation.title_too_long',
    });
    expect(variationProblems({ title: 'كبير', title_en: 'Lar\u0007ge', additional_price: '' })).toEqual({
      title_en: 'admin-attributes.validation.title_invalid',
    });
  });

  it('sends a trimmed title and a decimal surcharge', () => {
    expect(variationBody({ title_en: '', title: '  كبير ', additional_price: '1.5' })).toEqual({ title: 'كبير', title_en: null, additional_price: 1.5 });
    expect(variationBody({ title_en: '', title: 'صغير', additional_price: '' })).toEqual({ title: 'صغير', title_en: null, additional_price: 0 });
    expect(attributeBody('  المقاس ', '')).toEqual({ name: 'المقاس', name_en: null });
    expect(attributeBody('المقاس', '  Size ')).toEqual({ name: 'المقاس', name_en: 'Size' });
    expect(variationBody({ title: 'كبير', title_en: ' Large ', additional_price: '' })).toEqual({
      title: 'كبير',
      title_en: 'Large',
      additional_price: 0,
    });
  });

  it('knows when an edit changes nothing', () => {
    const stored = { title: 'كبير', title_en: null, additional_price: 1.5 };
    expect(variationChanged({ title_en: '', title: ' كبير ', additional_price: '1.500' }, stored)).toBe(false);
    expect(variationChanged({ title_en: '', title: 'كبير جداً', additional_price: '1.5' }, stored)).toBe(true);
    expect(variationChanged({ title_en: '', title: 'كبير', additional_price: '2' }, stored)).toBe(true);
    expect(variationChanged({ title_en: '', title: 'كبير', additional_price: '' }, stored)).toBe(true);
    // An unreadable price is a change: it must reach the check and show its message.
    expect(variationChanged({ title_en: '', title: 'كبير', additional_price: 'x' }, stored)).toBe(true);
    // The English title alone is a change; blank equals none.
    expect(variationChanged({ title: 'كبير', title_en: 'Large', additional_price: '1.5' }, stored)).toBe(true);
    expect(variationChanged({ title: 'كبير', title_en: '  ', additional_price: '1.5' }, stored)).toBe(false);
    expect(variationChanged({ title: 'كبير', title_en: '', additional_price: '1.5' }, { ...stored, title_en: 'Large' })).toBe(true);
  });
});
