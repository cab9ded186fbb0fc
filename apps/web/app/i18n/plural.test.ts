import { describe, expect, it } from 'vitest';
import { adminMessagesFor, messagesFor } from './catalogues.server';
import { createPluralTranslator, createTranslator } from './i18n';

const ar = createPluralTranslator(messagesFor('ar'), 'ar');
const en = createPluralTranslator(messagesFor('en'), 'en');
const counts = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102];

describe('tp: counted nouns in the page language', () => {
  it('agrees the Arabic header cart label with the number', () => {
    expect(counts.map((count) => ar('common.nav.cart_count', count))).toEqual([
      'السلة، لا منتجات',
      'السلة، منتج واحد',
      'السلة، منتجان',
      'السلة، 3 منتجات',
      'السلة، 10 منتجات',
      'السلة، 11 منتجًا',
      'السلة، 99 منتجًا',
      'السلة، 100 منتج',
      'السلة، 101 منتج',
      'السلة، 102 منتج',
    ]);
  });

  it('says the English cart label in the singular for one', () => {
    expect([0, 1, 2, 58].map((count) => en('common.nav.cart_count', count))).toEqual([
      'Cart, no items',
      'Cart, 1 item',
      'Cart, 2 items',
      'Cart, 58 items',
    ]);
  });

  it('counts the product list in both languages, with the other parameters filled', () => {
    expect(ar('catalog.list.showing', 58, { from: 1, to: 24 })).toBe('عرض 1–24 من أصل 58 منتجًا');
    expect(ar('catalog.list.showing', 1, { from: 1, to: 1 })).toBe('عرض منتج واحد');
    expect(ar('catalog.list.showing', 2, { from: 1, to: 2 })).toBe('عرض 1–2 من أصل منتجين');
    expect(ar('catalog.list.showing', 7, { from: 1, to: 7 })).toBe('عرض 1–7 من أصل 7 منتجات');
    expect(ar('catalog.list.showing', 100, { from: 1, to: 24 })).toBe('عرض 1–24 من أصل 100 منتج');
    expect(en('catalog.list.showing', 58, { from: 25, to: 48 })).toBe('Showing 25–48 of 58 products');
    expect(en('catalog.list.showing', 1, { from: 1, to: 1 })).toBe('Showing 1 product');
  });

  it('lets params give the count a display text of its own while the number picks the form', () => {
    const admin = createPluralTranslator({ ...messagesFor('ar'), ...adminMessagesFor('ar') }, 'ar');
    expect(admin('admin-orders.list.count', 1250, { shown: 20, count: '1,250' })).toBe('عرض 20 من 1,250 طلبًا');
  });
});

describe('t with a counted noun family', () => {
  it('picks the form from a numeric params.count (validation messages carry their count)', () => {
    const t = createTranslator(messagesFor('ar'), 'ar');
    expect(t('account.register.name_too_short', { count: 2 })).toBe('الاسم يجب ألا يقل عن حرفين');
    expect(t('account.register.password_too_short', { count: 6 })).toBe('كلمة المرور يجب أن تكون 6 أحرف على الأقل');
    expect(t('orders.status_text.pending', { count: 24 })).toBe('تم استلام طلبك وسيتم توصيله خلال 24 ساعة');
    expect(t('pages.returns.highlight.window.title', { count: 14 })).toBe('الإرجاع خلال 14 يومًا');
    expect(t('pages.returns.highlight.window.title', { count: 7 })).toBe('الإرجاع خلال 7 أيام');
  });

  it('still returns plain texts and unknown keys as they are', () => {
    const t = createTranslator(messagesFor('en'), 'en');
    expect(t('common.nav.cart')).toBe('Cart');
    expect(t('account.register.name_too_short', { count: 2 })).toBe('Name must be at least 2 characters long');
  });
});
