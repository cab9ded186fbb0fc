import { SEO_DESCRIPTION_MAX, SEO_FIELDS, SEO_TITLE_MAX, cutAtWord, type SeoField, type SeoTexts } from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';

/**
 * The SEO texts of the product and category forms (docs/decisions/048): as typed, checked before
 * sending, sent in the multipart body, and previewed as a search result.
 */

export type SeoForm = Record<SeoField, string>;

export function emptySeoForm(): SeoForm {
  return { seo_title_ar: '', seo_title_en: '', seo_description_ar: '', seo_description_en: '' };
}

/** The form's SEO texts from a stored product or category (older replies may have none). */
export function seoFormFrom(values: Partial<SeoTexts>): SeoForm {
  return {
    seo_title_ar: values.seo_title_ar ?? '',
    seo_title_en: values.seo_title_en ?? '',
    seo_description_ar: values.seo_description_ar ?? '',
    seo_description_en: values.seo_description_en ?? '',
  };
}

/** Characters as the server counts them: trimmed, an emoji once. */
export function seoLength(text: string): number {
  return [...text.trim()].length;
}

export const seoLimit = (field: SeoField): number =>
  field.startsWith('seo_title') ? SEO_TITLE_MAX : SEO_DESCRIPTION_MAX;

/** Texts over their limit (70 for a title, 160 for a description). */
export function seoFormProblems(form: SeoForm): Partial<Record<SeoField, MessageKey>> {
  const problems: Partial<Record<SeoField, MessageKey>> = {};
  for (const field of SEO_FIELDS) {
    if (seoLength(form[field]) > seoLimit(field))
      problems[field] = field.startsWith('seo_title') ? 'admin.seo.title_too_long' : 'admin.seo.description_too_long';
  }
  return problems;
}

/** Sets the four fields on a form body, trimmed (an empty one clears the stored text). */
export function setSeoFields(body: FormData, form: SeoForm): void {
  for (const field of SEO_FIELDS) body.set(field, form[field].trim());
}

/** What a search result would show: the SEO texts, else the page's own title and text. */
export function searchPreview(
  typed: { title: string; description: string },
  fallback: { title: string; description: string },
): { title: string; description: string } {
  return {
    title: typed.title.trim() || fallback.title,
    description: cutAtWord(typed.description.trim() || fallback.description, SEO_DESCRIPTION_MAX),
  };
}
