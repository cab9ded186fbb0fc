import type { Language } from '../constants.js';

/** API texts of the back office's settings (see api-messages.ts). */
export const settingsMessages = {
  'settings.store_name_required': { ar: 'اسم المتجر مطلوب', en: 'Store name is required' },
  'settings.store_name_too_long': {
    ar: 'اسم المتجر يجب ألا يزيد على 200 حرف',
    en: 'The store name must be at most 200 characters',
  },
  'settings.store_description_too_long': {
    ar: 'وصف المتجر يجب ألا يزيد على 2000 حرف',
    en: 'The store description must be at most 2000 characters',
  },
  'settings.address_too_long': {
    ar: 'العنوان يجب ألا يزيد على 500 حرف',
    en: 'The address must be at most 500 characters',
  },
  'settings.email_invalid': {
    ar: 'يرجى إدخال بريد إلكتروني صحيح',
    en: 'Please enter a valid email address',
  },
  'settings.phone_invalid': {
    ar: 'رقم الهاتف غير صحيح: من 8 إلى 15 رقماً، ويُسمح بالمسافات والشرطات والأقواس وعلامة + في أوله',
    en: 'Enter a valid phone number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
  },
  'settings.whatsapp_invalid': {
    ar: 'رقم الواتساب غير صحيح: من 8 إلى 15 رقماً، ويُسمح بالمسافات والشرطات والأقواس وعلامة + في أوله',
    en: 'Enter a valid WhatsApp number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
  },
  'settings.free_shipping_threshold_invalid': {
    ar: 'أدخل مبلغ التوصيل المجاني بالدينار، أكبر من صفر وبثلاث خانات عشرية على الأكثر، أو اتركه فارغاً لإيقافه',
    en: 'Enter the free delivery amount in KWD, above zero with at most 3 decimals, or leave it empty to switch it off',
  },
  'settings.logo_one_only': {
    ar: 'يمكن رفع شعار واحد فقط',
    en: 'Only one logo can be uploaded',
  },
} as const satisfies Record<string, Record<Language, string>>;
