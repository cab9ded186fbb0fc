import { GIFT_MESSAGE_MAX_LENGTH } from '../gifts.js';

/** API texts of gift orders (issue 33, item 2; see api-messages.ts). */
export const giftsMessages = {
  'order.gift_message_too_long': {
    ar: `رسالة الهدية طويلة جداً: ${GIFT_MESSAGE_MAX_LENGTH} حرفاً على الأكثر`,
    en: `The gift message is too long: at most ${GIFT_MESSAGE_MAX_LENGTH} characters`,
  },
  'order.gift_message_invalid': {
    ar: 'رسالة الهدية تحتوي على رموز غير مسموحة؛ اكتب نصاً عادياً (يمكن استخدام أسطر جديدة)',
    en: 'The gift message contains characters that are not allowed; write plain text (new lines are fine)',
  },
  'order.gift_wrap_invalid': {
    ar: 'اختيار تغليف الهدية يجب أن يكون نعم أو لا',
    en: 'Gift wrapping must be true or false',
  },
  'order.gift_wrap_unavailable': {
    ar: 'تغليف الهدايا غير متوفر حالياً في المتجر؛ أزل اختيار التغليف وأكمل الطلب',
    en: 'The shop does not offer gift wrapping at the moment; untick gift wrapping and place the order',
  },
  'orders.export.column.gift_wrap': { ar: 'تغليف الهدية (د.ك)', en: 'Gift wrapping (KWD)' },
  'settings.gift_wrap_fee_invalid': {
    ar: 'أدخل رسوم تغليف الهدايا بالدينار، أكبر من صفر وبثلاث خانات عشرية على الأكثر، أو اتركه فارغاً لإيقاف التغليف',
    en: 'Enter the gift wrapping fee in KWD, above zero with at most 3 decimals, or leave it empty to stop offering wrapping',
  },
} as const;
