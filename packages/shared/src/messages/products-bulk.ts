import type { Language } from '../constants.js';
import type { ApiText } from '../api-messages.js';
import { BULK_EDIT_MAX_PRODUCTS } from '../products-bulk.js';

/** API texts of the products' bulk edit (issue 32, item 3; docs/decisions/057). */
export const productsBulkMessages = {
  'bulk.selection_invalid': {
    ar: 'حدّد المنتجات بأرقامها (ids) أو بتصفية القائمة (filter)',
    en: 'Choose the products by their ids or by the list’s filter',
  },
  'bulk.ids_invalid': { ar: 'أرقام المنتجات غير صحيحة', en: 'The product ids are invalid' },
  'bulk.ids_empty': { ar: 'اختر منتجاً واحداً على الأقل', en: 'Choose at least one product' },
  'bulk.ids_duplicate': { ar: 'تكرر رقم منتج في القائمة', en: 'A product appears twice in the list' },
  'bulk.too_many': {
    ar: `يمكن تعديل ${BULK_EDIT_MAX_PRODUCTS} منتج على الأكثر في المرة الواحدة`,
    en: `At most ${BULK_EDIT_MAX_PRODUCTS} products can be edited at once`,
  },
  'bulk.filter_too_many': {
    ar: 'التصفية تطابق {count} منتجاً، والحد {max} في المرة الواحدة: ضيّق البحث أو التصفية',
    en: 'The filter matches {count} products; at most {max} can be edited at once: narrow the search or filter',
  },
  'bulk.filter_invalid': { ar: 'التصفية غير صحيحة', en: 'The filter is invalid' },
  'bulk.filter_empty': {
    ar: 'لا يطابق البحث أو التصفية أي منتج',
    en: 'No product matches the search or filter',
  },
  'bulk.changes_invalid': { ar: 'التعديلات غير صحيحة', en: 'The changes are invalid' },
  'bulk.changes_empty': { ar: 'اختر تعديلاً واحداً على الأقل', en: 'Choose at least one change' },
  'bulk.dry_run_invalid': { ar: 'قيمة المعاينة غير صحيحة', en: 'dry_run must be true or false' },
  'bulk.price_change_invalid': {
    ar: 'تعديل السعر: حدّد سعراً (set) أو نسبة (percent) أو مبلغاً (amount)',
    en: 'The price change is a new price (set), a percentage (percent) or an amount (amount)',
  },
  'bulk.price_set_invalid': {
    ar: 'السعر الجديد يجب أن يكون أكبر من صفر وبثلاث خانات عشرية على الأكثر',
    en: 'The new price must be above zero, with at most 3 decimals',
  },
  'bulk.percent_invalid': {
    ar: 'النسبة يجب أن تكون بين −99.99 و1000 بخانتين عشريتين على الأكثر، وليست صفراً',
    en: 'The percentage must be between −99.99 and 1000, not zero, with at most 2 decimals',
  },
  'bulk.amount_invalid': {
    ar: 'المبلغ يجب أن يكون موجباً أو سالباً، غير صفر، وبثلاث خانات عشرية على الأكثر',
    en: 'The amount must be positive or negative, not zero, with at most 3 decimals',
  },
  'bulk.sale_price_change_invalid': {
    ar: 'تعديل سعر التخفيض: حدّد سعراً (set) أو نسبة من السعر (percent_off_price) أو إزالته (remove)',
    en: 'The sale price change is a price (set), a percentage off the price (percent_off_price) or remove',
  },
  'bulk.sale_price_set_invalid': {
    ar: 'سعر التخفيض يجب أن يكون أكبر من صفر وبثلاث خانات عشرية على الأكثر',
    en: 'The sale price must be above zero, with at most 3 decimals',
  },
  'bulk.percent_off_invalid': {
    ar: 'نسبة التخفيض يجب أن تكون أكبر من 0 وأقل من 100 بخانتين عشريتين على الأكثر',
    en: 'The percentage off must be above 0 and below 100, with at most 2 decimals',
  },
  'bulk.price_not_positive': {
    ar: 'السعر الجديد سيكون صفراً أو أقل',
    en: 'The new price would be zero or less',
  },
  'bulk.sale_price_not_positive': {
    ar: 'سعر التخفيض الجديد سيكون صفراً أو أقل',
    en: 'The new sale price would be zero or less',
  },
  'bulk.sale_price_not_below_price': {
    ar: 'سعر التخفيض لن يكون أقل من السعر: عدّل سعر التخفيض أو أزله أيضاً',
    en: 'The sale price would not be below the price: change or remove the sale price too',
  },
  'bulk.product_gone': { ar: 'المنتج لم يعد موجوداً', en: 'The product no longer exists' },
  'bulk.refused': {
    ar: {
      one: 'رُفض التعديل: منتج واحد لا يقبله، ولم يتغير شيء',
      two: 'رُفض التعديل: منتجان لا يقبلانه، ولم يتغير شيء',
      few: 'رُفض التعديل: {count} منتجات لا تقبله، ولم يتغير شيء',
      many: 'رُفض التعديل: {count} منتجاً لا تقبله، ولم يتغير شيء',
      other: 'رُفض التعديل: {count} منتج لا تقبله، ولم يتغير شيء',
    },
    en: {
      one: 'Refused: 1 product cannot take the change; nothing was changed',
      other: 'Refused: {count} products cannot take the change; nothing was changed',
    },
  },
  'bulk.previewed': {
    ar: {
      zero: 'لن يتغير أي منتج',
      one: 'سيتغير منتج واحد',
      two: 'سيتغير منتجان',
      few: 'ستتغير {count} منتجات',
      many: 'سيتغير {count} منتجاً',
      other: 'سيتغير {count} منتج',
    },
    en: { zero: 'No product would change', one: '1 product would change', other: '{count} products would change' },
  },
  'bulk.applied': {
    ar: {
      zero: 'لم يتغير أي منتج',
      one: 'تم تعديل منتج واحد',
      two: 'تم تعديل منتجين',
      few: 'تم تعديل {count} منتجات',
      many: 'تم تعديل {count} منتجاً',
      other: 'تم تعديل {count} منتج',
    },
    en: { zero: 'No product was changed', one: '1 product changed', other: '{count} products changed' },
  },
} as const satisfies Record<string, Record<Language, ApiText>>;
