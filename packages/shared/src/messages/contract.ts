import type { Language } from '../constants.js';

/** API texts for requests refused before any route sees them (see api-messages.ts). */
export const contractMessages = {
  'error.bad_url': {
    ar: 'عنوان الطلب غير صحيح',
    en: 'The request address is not valid',
  },
  'error.url_too_long': {
    ar: 'جزء من عنوان الطلب أطول من المسموح',
    en: 'A part of the request address is too long',
  },
  'error.malformed_request': {
    ar: 'صيغة الطلب غير صحيحة',
    en: 'The request is not well formed',
  },
  'error.host_required': {
    ar: 'الطلب بلا ترويسة Host',
    en: 'The request has no Host header',
  },
  'error.headers_too_large': {
    ar: 'ترويسات الطلب أكبر من المسموح (قد يفيد حذف ملفات تعريف الارتباط لهذا الموقع)',
    en: "The request's headers are too large (clearing this site's cookies may help)",
  },
  'error.request_timeout': {
    ar: 'لم يصل الطلب كاملاً في الوقت المسموح، يرجى المحاولة مرة أخرى',
    en: 'The request did not arrive in time, please try again',
  },
} as const satisfies Record<string, Record<Language, string>>;
