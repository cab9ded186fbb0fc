import { pluralForm } from '@shop/shared';

/**
 * "N products" as the product list's count line says it: the noun agrees
 * with its number (Arabic: 3–10 منتجات, 11–99 منتجًا, 100+ منتج; English singular for one).
 */
export function productListCount(lang: 'ar' | 'en', from: number, to: number, total: number): string {
  if (lang === 'en') return total === 1 ? 'Showing 1 product' : `Showing ${from}–${to} of ${total} products`;
  const noun = { zero: '', one: '', two: '', few: 'منتجات', many: 'منتجًا', other: 'منتج' }[pluralForm('ar', total)];
  if (total === 1) return 'عرض منتج واحد';
  if (total === 2) return `عرض ${from}–${to} من أصل منتجين`;
  return `عرض ${from}–${to} من أصل ${total} ${noun}`;
}
