import type { Language } from '../constants.js';

/** API texts of the back office's promo codes (see api-messages.ts). */
export const promotionsMessages = {
  'promotions.not_found': { ar: 'كوبون الخصم غير موجود', en: 'Promo code not found' },
  'promotions.code_required': { ar: 'كود الخصم مطلوب', en: 'The promo code is required' },
  'promotions.code_too_short': {
    ar: 'كود الخصم يجب أن يكون 3 أحرف على الأقل',
    en: 'The promo code must be at least 3 characters',
  },
  'promotions.code_too_long': {
    ar: 'كود الخصم يجب ألا يزيد على 30 حرفاً',
    en: 'The promo code must be at most 30 characters',
  },
  'promotions.code_invalid': {
    ar: 'كود الخصم يجب أن يتكون من أحرف إنجليزية كبيرة (A-Z) وأرقام (0-9) فقط',
    en: 'The promo code may only contain capital letters A-Z and digits 0-9',
  },
  'promotions.code_taken': { ar: 'كود الخصم موجود مسبقاً', en: 'Promo code already exists' },
  'promotions.description_required': { ar: 'وصف الكوبون مطلوب', en: 'The description is required' },
  'promotions.description_too_long': {
    ar: 'وصف الكوبون يجب ألا يزيد على 500 حرف',
    en: 'The description must be at most 500 characters',
  },
  'promotions.discount_type_invalid': {
    ar: 'نوع الخصم يجب أن يكون نسبة مئوية أو مبلغاً ثابتاً',
    en: 'The discount type must be percentage or fixed',
  },
  'promotions.value_invalid': {
    ar: 'قيمة الخصم يجب أن تكون رقماً أكبر من صفر بثلاث خانات عشرية على الأكثر',
    en: 'The discount value must be a number above 0 with at most 3 decimals',
  },
  'promotions.percent_not_whole': {
    ar: 'النسبة المئوية يجب أن تكون رقماً صحيحاً من 1 إلى 100',
    en: 'The percentage must be a whole number from 1 to 100',
  },
  'promotions.percent_too_high': {
    ar: 'النسبة المئوية يجب ألا تزيد على 100',
    en: 'The percentage must be at most 100',
  },
  'promotions.amount_too_high': {
    ar: 'مبلغ الخصم يجب ألا يزيد على 1000000',
    en: 'The discount amount must be at most 1000000',
  },
  'promotions.min_order_invalid': {
    ar: 'الحد الأدنى للطلب يجب أن يكون مبلغاً من 0 فأكثر بثلاث خانات عشرية على الأكثر',
    en: 'The minimum order must be an amount of 0 or more with at most 3 decimals',
  },
  'promotions.max_uses_invalid': {
    ar: 'الحد الأقصى للاستخدام يجب أن يكون رقماً صحيحاً من 1 إلى 1000000',
    en: 'The maximum uses must be a whole number from 1 to 1000000',
  },
  'promotions.max_uses_below_used': {
    ar: 'الحد الأقصى للاستخدام لا يمكن أن يكون أقل من عدد مرات الاستخدام ({used})',
    en: 'The maximum uses cannot be below the number of times it was used ({used})',
  },
  'promotions.date_invalid': {
    ar: 'التاريخ يجب أن يكون تاريخاً صحيحاً بالشكل YYYY-MM-DD',
    en: 'The date must be a real date written YYYY-MM-DD',
  },
  'promotions.end_before_start': {
    ar: 'تاريخ الانتهاء يجب أن يكون بعد تاريخ البدء أو في اليوم نفسه',
    en: 'The end date must be on or after the start date',
  },
  'promotions.deleted': { ar: 'تم حذف كوبون الخصم بنجاح', en: 'Promo code deleted successfully' },
} as const satisfies Record<string, Record<Language, string>>;
