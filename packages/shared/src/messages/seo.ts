import type { Language } from '../constants.js';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../seo.js';

/** API texts of the SEO fields of products and categories (see api-messages.ts). */
export const seoMessages = {
  'seo.title_too_long': {
    ar: `عنوان محركات البحث يجب ألا يزيد على ${SEO_TITLE_MAX} حرفاً`,
    en: `The search engine title must be at most ${SEO_TITLE_MAX} characters`,
  },
  'seo.description_too_long': {
    ar: `وصف محركات البحث يجب ألا يزيد على ${SEO_DESCRIPTION_MAX} حرفاً`,
    en: `The search engine description must be at most ${SEO_DESCRIPTION_MAX} characters`,
  },
} as const satisfies Record<string, Record<Language, string>>;
