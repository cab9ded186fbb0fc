import type { Language } from '../constants.js';

/** API texts of the back office's categories (see api-messages.ts). */
export const categoriesMessages = {
  'categories.name_required': { ar: 'اسم الفئة مطلوب', en: 'Category name is required' },
  'categories.name_too_long': {
    ar: 'اسم الفئة يجب ألا يزيد على 120 حرفاً',
    en: 'The category name must be at most 120 characters',
  },
  'categories.description_too_long': {
    ar: 'وصف الفئة يجب ألا يزيد على 2000 حرف',
    en: 'The category description must be at most 2000 characters',
  },
  'categories.parent_invalid': {
    ar: 'الفئة الرئيسية المختارة غير صحيحة',
    en: 'The chosen parent category is invalid',
  },
  'categories.parent_not_found': {
    ar: 'الفئة الرئيسية المختارة غير موجودة',
    en: 'The chosen parent category does not exist',
  },
  'categories.parent_self': {
    ar: 'لا يمكن أن تكون الفئة فئةً رئيسية لنفسها',
    en: 'A category cannot be its own parent',
  },
  'categories.parent_descendant': {
    ar: 'لا يمكن نقل الفئة تحت إحدى فئاتها الفرعية',
    en: 'A category cannot be moved under one of its own subcategories',
  },
  'categories.sort_order_invalid': {
    ar: 'الترتيب يجب أن يكون رقماً صحيحاً من 0 إلى 99999، أو يُترك فارغاً ليُعطى الرقم التالي',
    en: 'The sort order must be a whole number from 0 to 99999, or left empty to get the next number',
  },
  'categories.slug_invalid': {
    ar: 'الرابط المختصر يتكون من حروف عربية أو إنجليزية صغيرة وأرقام تفصل بينها شرطة واحدة (120 حرفاً على الأكثر)',
    en: 'The slug is made of lower-case English or Arabic letters and digits separated by single hyphens (at most 120 characters)',
  },
  'categories.slug_taken': {
    ar: 'هذا الرابط المختصر مستخدم لفئة أخرى، يرجى اختيار غيره',
    en: 'Another category already uses this slug, please choose another one',
  },
  'categories.image_one_only': {
    ar: 'يمكن رفع صورة واحدة فقط للفئة',
    en: 'Only one image can be uploaded for a category',
  },
  'categories.deleted': { ar: 'تم حذف الفئة بنجاح', en: 'Category deleted successfully' },
} as const satisfies Record<string, Record<Language, string>>;
