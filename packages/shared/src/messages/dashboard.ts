import type { Language } from '../constants.js';

/** API texts of the back office's dashboard and activity view (see api-messages.ts). */
export const dashboardMessages = {
  'audit.actor_invalid': {
    ar: 'الشخص المختار غير صحيح',
    en: 'The chosen person is invalid',
  },
  'audit.entity_invalid': {
    ar: 'نوع العنصر المختار غير صحيح',
    en: 'The chosen kind of item is invalid',
  },
} as const satisfies Record<string, Record<Language, string>>;
