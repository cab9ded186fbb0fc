import { describe, expect, it } from 'vitest';
import { pluralForm, pluralText, type PluralTexts } from './plural.js';

const products: PluralTexts = {
  zero: 'لا منتجات',
  one: 'منتج واحد',
  two: 'منتجان',
  few: '{count} منتجات',
  many: '{count} منتجًا',
  other: '{count} منتج',
};

describe('pluralForm', () => {
  it('follows Arabic plural rules with a zero form', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111].map((count) => pluralForm('ar', count))).toEqual([
      'zero', 'one', 'two', 'few', 'few', 'many', 'many', 'other', 'other', 'other', 'few', 'many',
    ]);
  });

  it('follows English plural rules with a zero form', () => {
    expect([0, 1, 2, 5, 21].map((count) => pluralForm('en', count))).toEqual(['zero', 'one', 'other', 'other', 'other']);
  });
});

describe('pluralText', () => {
  it('agrees an Arabic noun with its number', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101, 102].map((count) => pluralText(products, 'ar', count))).toEqual([
      'لا منتجات',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '10 منتجات',
      '11 منتجًا',
      '99 منتجًا',
      '100 منتج',
      '101 منتج',
      '102 منتج',
    ]);
  });

  it('falls back to other when a form is missing, and fills the other placeholders', () => {
    const items: PluralTexts = { one: '{count} item in {where}', other: '{count} items in {where}' };
    expect(pluralText(items, 'en', 0, { where: 'the cart' })).toBe('0 items in the cart');
    expect(pluralText(items, 'en', 1, { where: 'the cart' })).toBe('1 item in the cart');
    expect(pluralText(items, 'en', 2, { where: 'the cart' })).toBe('2 items in the cart');
    expect(pluralText(items, 'ar', 2, {})).toBe('2 items in {where}');
  });
});
