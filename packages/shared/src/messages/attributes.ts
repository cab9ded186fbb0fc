import type { Language } from '../constants.js';

/** API texts of the back office's attributes (see api-messages.ts). */
export const attributesMessages = {
  'attributes.not_found': { ar: 'الخاصية غير موجودة', en: 'Attribute not found' },
  'attributes.value_not_found': {
    ar: 'القيمة غير موجودة في هذه الخاصية',
    en: 'This value was not found in the attribute',
  },
  'attributes.name_required': { ar: 'اسم الخاصية مطلوب', en: 'Attribute name is required' },
  'attributes.name_too_long': {
    ar: 'اسم الخاصية يجب ألا يزيد على 100 حرف',
    en: 'Attribute name must be at most 100 characters',
  },
  'attributes.name_invalid': {
    ar: 'اسم الخاصية يحتوي على رموز غير مسموحة',
    en: 'Attribute name contains characters that are not allowed',
  },
  'attributes.name_taken': {
    ar: 'توجد خاصية بهذا الاسم بالفعل، يرجى اختيار اسم آخر',
    en: 'An attribute with this name already exists, please choose another name',
  },
  'attributes.title_required': { ar: 'اسم القيمة مطلوب', en: 'Value title is required' },
  'attributes.title_too_long': {
    ar: 'اسم القيمة يجب ألا يزيد على 100 حرف',
    en: 'Value title must be at most 100 characters',
  },
  'attributes.title_invalid': {
    ar: 'اسم القيمة يحتوي على رموز غير مسموحة',
    en: 'Value title contains characters that are not allowed',
  },
  'attributes.title_taken': {
    ar: 'هذه القيمة موجودة بالفعل في هذه الخاصية',
    en: 'This value already exists in this attribute',
  },
  'attributes.price_invalid': {
    ar: 'السعر الإضافي يجب أن يكون رقماً من 0 فأكثر وبثلاث منازل عشرية على الأكثر',
    en: 'The additional price must be a number of 0 or more with at most 3 decimals',
  },
  'attributes.deleted': { ar: 'تم حذف الخاصية وجميع قيمها', en: 'The attribute and all its values were deleted' },
  'attributes.value_deleted': { ar: 'تم حذف القيمة', en: 'The value was deleted' },
} as const satisfies Record<string, Record<Language, string>>;
