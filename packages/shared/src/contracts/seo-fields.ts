import { z } from 'zod';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../seo.js';
import { withMaxLength } from './admin-form-text.js';
import { optionalFormText } from './form-fields.js';

/**
 * The SEO title and description of a product or category, in both languages (docs/decisions/048):
 * as the API returns them, and as the back office's forms send them (absent: keep, blank: none).
 */
export const seoTextsShape = {
  /** Null: the page's title is the name. */
  seo_title_ar: z.string().nullable(),
  seo_title_en: z.string().nullable(),
  /** Null: the page's description is the item's own, cut at a word boundary. */
  seo_description_ar: z.string().nullable(),
  seo_description_en: z.string().nullable(),
};

const seoTitle = () =>
  withMaxLength(SEO_TITLE_MAX, 'seo.title_too_long', optionalFormText(SEO_TITLE_MAX)).optional();
const seoDescription = () =>
  withMaxLength(SEO_DESCRIPTION_MAX, 'seo.description_too_long', optionalFormText(SEO_DESCRIPTION_MAX)).optional();

export const seoFormShape = {
  seo_title_ar: seoTitle(),
  seo_title_en: seoTitle(),
  seo_description_ar: seoDescription(),
  seo_description_en: seoDescription(),
};
