import type { MetaDescriptor } from 'react-router';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page without query noise (filters that change content may stay). */
  canonical: string;
  /** Absolute URL of the share image. */
  image?: string | null;
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
  ];
  if (page.image) tags.push({ property: 'og:image', content: page.image });
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
