import type { Language } from '../constants.js';

/** API texts shared by every back-office area (see api-messages.ts). */
export const backofficeMessages = {
  'validation.text_invalid': {
    ar: 'النص يحتوي على رموز غير مسموحة',
    en: 'The text contains characters that are not allowed',
  },
  'error.multipart_required': {
    ar: 'يجب إرسال النموذج كـ multipart/form-data أو JSON',
    en: 'The form must be sent as multipart/form-data or JSON',
  },
  'error.form_incomplete': {
    ar: 'لم يصل النموذج كاملاً، يرجى المحاولة مرة أخرى',
    en: 'The form did not arrive complete, please try again',
  },
  'error.too_many_files': {
    ar: 'عدد الملفات المرفوعة أكبر من المسموح ({max})',
    en: 'Too many files were uploaded (at most {max})',
  },
  'error.image_file_too_large': {
    ar: 'حجم الصورة أكبر من المسموح ({max} ميغابايت)',
    en: 'The image is larger than allowed ({max} MB)',
  },
  'error.unexpected_file': {
    ar: 'ملف غير متوقع في الحقل {field}',
    en: 'Unexpected file in the field {field}',
  },
} as const satisfies Record<string, Record<Language, string>>;
