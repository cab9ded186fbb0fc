import type { Language } from '../constants.js';

/** API texts of the back office's sales report (see api-messages.ts). */
export const reportsMessages = {
  'reports.date_required': {
    ar: 'اختر تاريخ البداية وتاريخ النهاية',
    en: 'Choose a start date and an end date',
  },
  'reports.date_invalid': {
    ar: 'اكتب التاريخ بالصيغة YYYY-MM-DD، مثل 2026-12-01',
    en: 'Write the date as YYYY-MM-DD, e.g. 2026-12-01',
  },
  'reports.range_invalid': {
    ar: 'تاريخ النهاية يجب ألا يسبق تاريخ البداية',
    en: 'The end date must not be before the start date',
  },
  'reports.range_too_long': {
    ar: 'يغطي التقرير 366 يوماً على الأكثر. اختر فترة أقصر',
    en: 'A report covers 366 days at most. Choose a shorter range',
  },
  'reports.group_invalid': {
    ar: 'اختر التجميع حسب اليوم أو المنتج أو التصنيف',
    en: 'Group by day, product or category',
  },
  'reports.format_invalid': {
    ar: 'صيغة التقرير غير صحيحة',
    en: 'The report format is invalid',
  },
  'reports.column.day': { ar: 'اليوم (بتوقيت الكويت)', en: 'Day (Kuwait time)' },
  'reports.column.product': { ar: 'المنتج', en: 'Product' },
  'reports.column.category': { ar: 'التصنيف', en: 'Category' },
  'reports.column.orders': { ar: 'الطلبات', en: 'Orders' },
  'reports.column.units': { ar: 'القطع', en: 'Units' },
  'reports.column.revenue': { ar: 'الإيرادات (د.ك)', en: 'Revenue (KWD)' },
  'reports.column.shipping': { ar: 'الشحن (د.ك)', en: 'Shipping (KWD)' },
  'reports.column.discounts': { ar: 'الخصومات (د.ك)', en: 'Discounts (KWD)' },
  'reports.column.refunds': { ar: 'المبالغ المستردة (د.ك)', en: 'Refunds (KWD)' },
  'reports.column.total': { ar: 'المجموع', en: 'Total' },
  'reports.deleted_product': { ar: 'منتج محذوف', en: 'Deleted product' },
  'reports.no_category': { ar: 'بدون تصنيف', en: 'No category' },
} as const satisfies Record<string, Record<Language, string>>;
