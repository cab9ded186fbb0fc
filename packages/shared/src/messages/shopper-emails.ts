import type { Language } from '../constants.js';

/** API texts of back-in-stock wishes and unsubscribe links (docs/decisions/063). */
export const shopperEmailsMessages = {
  'stock_alert.registered': {
    ar: 'سنرسل لك رسالة عندما يتوفر هذا المنتج من جديد',
    en: 'We will e-mail you when this product is back in stock',
  },
  'stock_alert.in_stock': {
    ar: 'هذا المنتج متوفر الآن، يمكنك إضافته إلى السلة',
    en: 'This product is in stock now; you can add it to your cart',
  },
  'stock_alert.product_ids_invalid': {
    ar: 'أرقام المنتجات غير صحيحة (حتى 100 رقم مفصولة بفواصل)',
    en: 'The product ids are invalid (up to 100 numbers separated by commas)',
  },
  'unsubscribe.invalid': {
    ar: 'رابط إلغاء الاشتراك غير صالح',
    en: 'This unsubscribe link is not valid',
  },
  'unsubscribe.stock_alert_done': {
    ar: 'لن نرسل لك رسالة عن توفر هذا المنتج',
    en: 'You will not be e-mailed when this product is back',
  },
  'unsubscribe.promotional_done': {
    ar: 'أوقفنا الرسائل الترويجية إلى بريدك',
    en: 'Promotional e-mails to you are turned off',
  },
} as const satisfies Record<string, Record<Language, string>>;
