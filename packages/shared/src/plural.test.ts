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

describe('API texts with a count', () => {
  it('agrees the retry delay with its minutes in both languages', async () => {
    const { apiMessage } = await import('./api-messages.js');
    const arabic = [1, 2, 5, 15].map((count) => apiMessage('auth.too_many_attempts', 'ar', { count }));
    expect(arabic).toEqual([
      'محاولات كثيرة، حاول مرة أخرى بعد دقيقة واحدة',
      'محاولات كثيرة، حاول مرة أخرى بعد دقيقتين',
      'محاولات كثيرة، حاول مرة أخرى بعد 5 دقائق',
      'محاولات كثيرة، حاول مرة أخرى بعد 15 دقيقة',
    ]);
    expect(apiMessage('auth.too_many_attempts', 'en', { count: 1 })).toBe('Too many attempts, please try again in 1 minute');
    expect(apiMessage('auth.too_many_attempts', 'en', { count: 7 })).toBe('Too many attempts, please try again in 7 minutes');
  });

  it('names the per-order cap with the right noun form and keeps the other placeholders', async () => {
    const { apiMessage } = await import('./api-messages.js');
    expect(apiMessage('order.quantity_over_limit', 'ar', { count: 10, product: 'سبحة' })).toBe(
      'لا يمكن طلب أكثر من 10 قطع من "سبحة" في الطلب الواحد',
    );
    expect(apiMessage('order.quantity_over_limit', 'ar', { count: 25, product: 'سبحة' })).toBe(
      'لا يمكن طلب أكثر من 25 قطعة من "سبحة" في الطلب الواحد',
    );
    expect(apiMessage('order.quantity_over_limit', 'en', { count: 1, product: 'Yusr' })).toBe(
      'At most 1 piece of "Yusr" can be ordered at once',
    );
  });
});
