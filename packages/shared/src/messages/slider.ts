import type { Language } from '../constants.js';

/** API texts of the back office's slider (see api-messages.ts). */
export const sliderMessages = {
  'slider.not_found': { ar: 'الشريحة غير موجودة', en: 'Slide not found' },
  'slider.title_required': { ar: 'عنوان الشريحة مطلوب', en: 'Slide title is required' },
  'slider.title_too_long': {
    ar: 'عنوان الشريحة يجب ألا يزيد على 200 حرف',
    en: 'The slide title must be at most 200 characters',
  },
  'slider.description_too_long': {
    ar: 'وصف الشريحة يجب ألا يزيد على 1000 حرف',
    en: 'The slide description must be at most 1000 characters',
  },
  'slider.link_invalid': {
    ar: 'الرابط يجب أن يكون عنواناً يبدأ بـ http:// أو https://، أو مساراً في الموقع يبدأ بشرطة مائلة واحدة مثل /products، بلا مسافات ولا شرطة مائلة عكسية (\\)',
    en: 'The link must be an address starting with http:// or https://, or a site path starting with a single / such as /products, without spaces or backslashes (\\)',
  },
  'slider.link_too_long': {
    ar: 'الرابط يجب ألا يزيد على 500 حرف',
    en: 'The link must be at most 500 characters',
  },
  'slider.sort_order_invalid': {
    ar: 'الترتيب يجب أن يكون رقماً صحيحاً من 0 إلى 99999',
    en: 'The sort order must be a whole number from 0 to 99999',
  },
  'slider.image_required': { ar: 'صورة الشريحة مطلوبة', en: 'A slide image is required' },
  'slider.image_one_only': {
    ar: 'يمكن رفع صورة واحدة فقط للشريحة',
    en: 'Only one image can be uploaded for a slide',
  },
  'slider.deleted': { ar: 'تم حذف الشريحة بنجاح', en: 'Slide deleted successfully' },
} as const satisfies Record<string, Record<Language, string>>;
