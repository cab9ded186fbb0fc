import { z } from 'zod';
import {
  CONTENT_PAGE_SLUGS,
  FOOTER_HREF_MAX,
  FOOTER_LABEL_MAX,
  FOOTER_LINKS_MAX,
  HERO_KICKER_MAX,
  HERO_TEXT_MAX,
  HOME_SECTION_KEYS,
  PAGE_BODY_MAX,
  PAGE_TITLE_MAX,
} from '../pages.js';
import { isSafeLink } from '../safe-links.js';
import { hasNoControlCharacters, plainText, successShape } from './common.js';
import { optionalFormText, requiredFormText } from './form-fields.js';
import { withMaxLength } from './admin-form-text.js';

/**
 * The storefront's editable content (docs/decisions/058).
 *
 * - `GET /api/pages/:slug` (public): a policy page (privacy, terms, return-policy) in the
 *   request's language, its body sanitised HTML; 404 for any other slug.
 * - `GET /api/storefront-layout` (public): the footer's links, the home page's sections and the
 *   hero's texts in the request's language.
 * - `GET /api/admin/pages`, `PUT /api/admin/pages/:slug`, `GET` and `PUT
 *   /api/admin/storefront-layout` (`settings.write`): both languages; a PUT replaces the whole
 *   page or layout, and the server sanitises every body before it is stored.
 */

export const contentPageSlugSchema = z.enum(CONTENT_PAGE_SLUGS);
export const homeSectionKeySchema = z.enum(HOME_SECTION_KEYS);

/** Any slug is read (an unknown one is a 404, not a bad request). */
export const pageSlugParamsSchema = z.object({
  slug: plainText('validation.text_invalid').pipe(z.string().min(1).max(60, 'validation.too_long')),
});

const homeSectionSchema = z.object({ key: homeSectionKeySchema, visible: z.boolean() });

export const contentPageSchema = z.object({
  slug: contentPageSlugSchema,
  title: z.string(),
  // Sanitised HTML: h2, h3, p, br, strong, em, ul, ol, li, a[href].
  body: z.string(),
  updated_at: z.string().nullable(),
});
export const contentPageResponseSchema = successShape({ page: contentPageSchema });
export type ContentPageResponse = z.infer<typeof contentPageResponseSchema>;

export const storefrontLayoutSchema = z.object({
  footer_links: z.array(z.object({ label: z.string(), href: z.string() })),
  home_sections: z.array(homeSectionSchema),
  hero: z.object({ kicker: z.string(), text: z.string().nullable() }),
});
export const storefrontLayoutResponseSchema = successShape({ layout: storefrontLayoutSchema });
export type StorefrontLayoutResponse = z.infer<typeof storefrontLayoutResponseSchema>;

const pageTitle = withMaxLength(PAGE_TITLE_MAX, 'pages.title_too_long', requiredFormText(PAGE_TITLE_MAX, 'pages.title_required'));
/** The editor's HTML, as sent: the server keeps only what its sanitiser allows. */
const pageBody = z
  .string({ error: 'pages.body_required' })
  .max(PAGE_BODY_MAX, 'pages.body_too_long')
  .refine(hasNoControlCharacters, 'validation.text_invalid');

/** PUT /api/admin/pages/:slug: the page's title and body in both languages. */
export const adminPageUpdateSchema = z.object({
  title_ar: pageTitle,
  title_en: pageTitle,
  body_ar: pageBody,
  body_en: pageBody,
});
export type AdminPageUpdate = z.output<typeof adminPageUpdateSchema>;

export const adminContentPageSchema = z.object({
  slug: contentPageSlugSchema,
  title_ar: z.string(),
  title_en: z.string(),
  body_ar: z.string(),
  body_en: z.string(),
  updated_at: z.string().nullable(),
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;
export const adminContentPagesResponseSchema = successShape({ pages: z.array(adminContentPageSchema) });
export type AdminContentPagesResponse = z.infer<typeof adminContentPagesResponseSchema>;
export const adminContentPageResponseSchema = successShape({ page: adminContentPageSchema });
export type AdminContentPageResponse = z.infer<typeof adminContentPageResponseSchema>;

const footerLabel = withMaxLength(FOOTER_LABEL_MAX, 'pages.link_label_too_long', requiredFormText(FOOTER_LABEL_MAX, 'pages.link_label_required'));
const footerHref = withMaxLength(
  FOOTER_HREF_MAX,
  'pages.link_invalid',
  requiredFormText(FOOTER_HREF_MAX, 'pages.link_invalid').refine(isSafeLink, 'pages.link_invalid'),
);
const heroKicker = withMaxLength(HERO_KICKER_MAX, 'pages.hero_kicker_too_long', requiredFormText(HERO_KICKER_MAX, 'pages.hero_kicker_required'));
const heroText = withMaxLength(HERO_TEXT_MAX, 'pages.hero_text_too_long', optionalFormText(HERO_TEXT_MAX));

/** PUT /api/admin/storefront-layout: the whole layout. */
export const adminStorefrontLayoutUpdateSchema = z.object({
  footer_links: z
    .array(z.object({ label_ar: footerLabel, label_en: footerLabel, href: footerHref }), { error: 'pages.links_invalid' })
    .max(FOOTER_LINKS_MAX, 'pages.links_too_many'),
  home_sections: z
    .array(homeSectionSchema, { error: 'pages.sections_invalid' })
    .refine(
      (sections) =>
        sections.length === HOME_SECTION_KEYS.length && new Set(sections.map((section) => section.key)).size === HOME_SECTION_KEYS.length,
      'pages.sections_invalid',
    ),
  hero: z.object({ kicker_ar: heroKicker, kicker_en: heroKicker, text_ar: heroText, text_en: heroText }),
});
export type AdminStorefrontLayoutUpdate = z.output<typeof adminStorefrontLayoutUpdateSchema>;

export const adminStorefrontLayoutSchema = z.object({
  footer_links: z.array(z.object({ label_ar: z.string(), label_en: z.string(), href: z.string() })),
  home_sections: z.array(homeSectionSchema),
  hero: z.object({ kicker_ar: z.string(), kicker_en: z.string(), text_ar: z.string().nullable(), text_en: z.string().nullable() }),
  updated_at: z.string().nullable(),
});
export type AdminStorefrontLayout = z.infer<typeof adminStorefrontLayoutSchema>;
export const adminStorefrontLayoutResponseSchema = successShape({ layout: adminStorefrontLayoutSchema });
export type AdminStorefrontLayoutResponse = z.infer<typeof adminStorefrontLayoutResponseSchema>;
