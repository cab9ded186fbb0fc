import type { Language } from './constants.js';

/**
 * A product's or category's own title and description for search engines, in both languages
 * (docs/decisions/048). Each is optional: a page without one uses the name and a description
 * cut at a word boundary.
 */

/** Search engines show about this many characters of a title and of a description. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;

export const SEO_FIELDS = ['seo_title_ar', 'seo_title_en', 'seo_description_ar', 'seo_description_en'] as const;
export type SeoField = (typeof SEO_FIELDS)[number];
export type SeoTexts = Record<SeoField, string | null>;

/** The saved texts with the ones a form sent over them (a field left out keeps its value). */
export function withSeoTexts(before: SeoTexts, sent: Partial<SeoTexts>): SeoTexts {
  return {
    seo_title_ar: sent.seo_title_ar === undefined ? before.seo_title_ar : sent.seo_title_ar,
    seo_title_en: sent.seo_title_en === undefined ? before.seo_title_en : sent.seo_title_en,
    seo_description_ar: sent.seo_description_ar === undefined ? before.seo_description_ar : sent.seo_description_ar,
    seo_description_en: sent.seo_description_en === undefined ? before.seo_description_en : sent.seo_description_en,
  };
}

/** The text cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  // A single word longer than the room is cut inside it rather than dropped whole.
  const kept = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${kept.replace(/[\s,،.؛;:\-–—]+$/u, '')}…`;
}

/** The page's own SEO title in its language, or null when the shop wrote none. */
export function seoTitleIn(lang: Language, texts: Pick<SeoTexts, 'seo_title_ar' | 'seo_title_en'>): string | null {
  return (lang === 'ar' ? texts.seo_title_ar : texts.seo_title_en)?.trim() || null;
}

/** The page's own SEO description in its language, or null when the shop wrote none. */
export function seoDescriptionIn(
  lang: Language,
  texts: Pick<SeoTexts, 'seo_description_ar' | 'seo_description_en'>,
): string | null {
  return (lang === 'ar' ? texts.seo_description_ar : texts.seo_description_en)?.trim() || null;
}
