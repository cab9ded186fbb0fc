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
} as const satisfies Record<string, Record<Language, string>>;
