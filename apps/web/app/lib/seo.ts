import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage, type Language } from '@shop/shared';

export interface PageMeta {
  title: string;
  /** The title is the whole <title> (an SEO title the shop wrote): the store's name is not added. */
  titleIsWhole?: boolean;
  description: string;
  /**
   * The page's path without a language prefix (`/products/12`, `/category/amber?page=2`): the
   * query keeps only what changes the content. Its address in each language is made from it.
   */
  path: string;
  /** The shop's public origin (the root loader's publicUrl). */
  publicUrl: string;
  /** Absolute URL of the share image. */
  image?: string | null;
  /** What the share image shows, for those who cannot see it; the page's title when not given. */
  imageAlt?: string;
  type?: 'website' | 'product' | 'article';
  lang: Language;
  siteName: string;
  /** Kept out of search engines: no language alternates either. */
  noindex?: boolean;
}

/** Open Graph's locale of each language. */
const OG_LOCALES: Record<Language, string> = { ar: 'ar_KW', en: 'en_US' };

/** Absolute URL on the shop's public origin. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).toString();
}

/** The absolute address of a page (a path without language prefix) in a language. */
export function pageUrl(publicUrl: string, path: string, lang: Language): string {
  return absoluteUrl(publicUrl, pathInLanguage(path, lang));
}

/**
 * The `hreflang` links of a page: one per language and `x-default`, the Arabic address, which
 * serves a visitor whose language the shop does not have (Google's localized versions rules).
 */
export function languageAlternates(publicUrl: string, path: string): MetaDescriptor[] {
  return [
    ...LANGUAGES.map((lang) => ({ tagName: 'link', rel: 'alternate', hrefLang: lang, href: pageUrl(publicUrl, path, lang) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: pageUrl(publicUrl, path, DEFAULT_LANGUAGE) },
  ];
}

/**
 * Title, description, the canonical link to the page's own language, its language alternates and
 * the Open Graph / Twitter tags of a page.
 */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const title =
    page.titleIsWhole || page.title === page.siteName ? page.title : `${page.title} | ${page.siteName}`;
  const canonical = pageUrl(page.publicUrl, page.path, page.lang);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...(page.noindex ? [] : languageAlternates(page.publicUrl, page.path)),
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: page.siteName },
    { property: 'og:locale', content: OG_LOCALES[page.lang] },
    ...LANGUAGES.filter((lang) => lang !== page.lang).map((lang) => ({
      property: 'og:locale:alternate',
      content: OG_LOCALES[lang],
    })),
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ];
  if (page.image) {
    // The stored images' heights are not known (only their widths), so og:image:width/height are left out.
    const alt = page.imageAlt ?? page.title;
    tags.push(
      { property: 'og:image', content: page.image },
      { property: 'og:image:alt', content: alt },
      { name: 'twitter:image', content: page.image },
      { name: 'twitter:image:alt', content: alt },
    );
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
