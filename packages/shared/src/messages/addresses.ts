import type { Language } from '../constants.js';

/** API texts of a customer's saved delivery addresses (see api-messages.ts). */
export const addressesMessages = {
  'address.not_found': { ar: 'العنوان غير موجود', en: 'Address not found' },
  'address.limit_reached': {
    ar: 'يمكنك حفظ {count} عنواناً على الأكثر، احذف عنواناً لتضيف غيره',
    en: 'You can keep up to {count} addresses: delete one to add another',
  },
  'address.created': { ar: 'تم حفظ العنوان', en: 'Address saved' },
  'address.updated': { ar: 'تم تحديث العنوان', en: 'Address updated' },
  'address.deleted': { ar: 'تم حذف العنوان', en: 'Address deleted' },
  'address.nothing_to_change': { ar: 'لم يُرسل أي حقل للتعديل', en: 'No field to change was sent' },
} as const satisfies Record<string, Record<Language, string>>;
