import type { Language } from '../constants.js';

/** API texts of the editable pages, footer links and home sections (see api-messages.ts). */
export const pagesMessages = {
  'pages.not_found': { ar: 'الصفحة غير موجودة', en: 'Page not found' },
  'pages.title_required': { ar: 'عنوان الصفحة مطلوب', en: 'The page title is required' },
  'pages.title_too_long': { ar: 'عنوان الصفحة يجب ألا يزيد على 120 حرفاً', en: 'The page title must be at most 120 characters' },
  'pages.body_required': { ar: 'نص الصفحة مطلوب', en: 'The page text is required' },
  'pages.body_too_long': { ar: 'نص الصفحة أطول من المسموح (100000 حرف)', en: 'The page text is too long (100,000 characters at most)' },
  'pages.body_empty': {
    ar: 'لم يبق من نص الصفحة شيء بعد إزالة ما لا يُسمح به (النصوص والعناوين والقوائم والروابط فقط)',
    en: 'Nothing of the page text is left once what is not allowed is removed (only text, headings, lists and links are kept)',
  },
  'pages.link_label_required': { ar: 'نص الرابط مطلوب', en: 'The link text is required' },
  'pages.link_label_too_long': { ar: 'نص الرابط يجب ألا يزيد على 60 حرفاً', en: 'The link text must be at most 60 characters' },
  'pages.link_invalid': {
    ar: 'الرابط يجب أن يكون مساراً في المتجر يبدأ بشرطة مائلة واحدة مثل /track، أو عنواناً يبدأ بـ https://، بلا مسافات',
    en: 'The link must be a path of the shop starting with a single / such as /track, or an address starting with https://, without spaces',
  },
  'pages.links_invalid': { ar: 'روابط التذييل غير صحيحة', en: 'The footer links are not valid' },
  'pages.links_too_many': { ar: 'يمكن أن يضم التذييل 12 رابطاً على الأكثر', en: 'The footer can hold at most 12 links' },
  'pages.sections_invalid': {
    ar: 'أقسام الصفحة الرئيسية يجب أن تضم كل قسم مرة واحدة',
    en: 'The home page sections must list each section exactly once',
  },
  'pages.hero_kicker_required': { ar: 'السطر الأعلى في الواجهة مطلوب', en: 'The hero’s top line is required' },
  'pages.hero_kicker_too_long': { ar: 'السطر الأعلى في الواجهة يجب ألا يزيد على 120 حرفاً', en: 'The hero’s top line must be at most 120 characters' },
  'pages.hero_text_too_long': { ar: 'نص الواجهة يجب ألا يزيد على 500 حرف', en: 'The hero text must be at most 500 characters' },
} as const satisfies Record<string, Record<Language, string>>;
