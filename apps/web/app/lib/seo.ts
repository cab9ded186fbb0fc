import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page without query noise (filters that change content may stay). */
  canonical: string;
  /** Absolute URL of the share image. */
  image?: string | null;
  /** What the share image shows, for those who cannot see it; the page's title when not given. */
  imageAlt?: string;
  type?: 'website' | 'product' | 'article';
  lang: 'ar' | 'en';
  siteName: string;
  noindex?: boolean;
}

/** Absolute URL on the shop's public origin. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).toString();
}

/** Title, description, canonical link and Open Graph / Twitter tags for a page. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const title = page.title === page.siteName ? page.title : `${page.title} | ${page.siteName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: page.siteName },
    { property: 'og:locale', content: page.lang === 'ar' ? 'ar_KW' : 'en_US' },
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
