import { DEFAULT_LANGUAGE, LANGUAGES, pathInLanguage } from '@shop/shared';
import { absoluteUrl } from '../../lib/seo';

export interface SitemapEntry {
  /** Path on the shop without language prefix, e.g. /products/12 (already URL-encoded where needed). */
  path: string;
  /** W3C datetime of the last change, when known. */
  lastmod?: string;
}

/** Pages that are always listed. */
export const STATIC_SITEMAP_PATHS = ['/', '/products', '/categories', '/return-policy', '/privacy', '/terms'] as const;

/**
 * Pages kept out of search engines (private), at each of their addresses (the back office has one
 * for both languages, the profile one per language). The cart and the checkout are
 * crawlable: a crawler has no cart, so it sees only the empty cart, and Lighthouse's SEO audit,
 * which the shop must pass on them, counts any block as a failure (decision 022). They stay out
 * of the sitemap.
 */
export const ROBOTS_DISALLOWED_PATHS = [
  ...new Set(['/admin', '/profile'].flatMap((path) => LANGUAGES.map((lang) => pathInLanguage(path, lang)))),
];

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}

/** Every public page: the fixed ones, each category and each published product. */
export function sitemapEntries(
  categories: ReadonlyArray<{ slug: string; is_active: boolean }>,
  products: ReadonlyArray<{ id: number; status: string; updated_at: string }>,
): SitemapEntry[] {
  return [
    ...STATIC_SITEMAP_PATHS.map((path) => ({ path })),
    ...categories
      .filter((category) => category.is_active)
      .map((category) => ({ path: `/category/${encodeURIComponent(category.slug)}` })),
    ...products
      .filter((product) => product.status === 'published')
      .map((product) => ({ path: `/products/${product.id}`, lastmod: product.updated_at })),
  ];
}

/**
 * The sitemap document (sitemaps.org protocol) with absolute URLs on the shop's public origin:
 * each page once per language, each of its `<url>`s naming every language's address, itself
 * included, and x-default, the Arabic one (Google's localized versions in a sitemap). Addresses
 * are the origin and the path joined as text: entries' paths are absolute and already encoded, and
 * parsing five URLs per product was most of the time with tens of thousands of them.
 */
export function buildSitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = new URL(publicUrl).origin;
  const urls = entries.flatMap((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    const addresses = LANGUAGES.map((lang) => escapeXml(`${origin}${pathInLanguage(entry.path, lang)}`));
    const link = (hreflang: string, address: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${address}"/>`;
    const alternates =
      LANGUAGES.map((lang, index) => link(lang, addresses[index]!)).join('') +
      link('x-default', addresses[LANGUAGES.indexOf(DEFAULT_LANGUAGE)]!);
    return addresses.map((address) => `  <url><loc>${address}</loc>${lastmod}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Pages per sitemap file: each page is listed once per language, and the protocol allows 50,000
 * URLs in one file. A catalogue with more pages is split into numbered files (`/sitemaps/1.xml`,
 * …) that `/sitemap.xml` lists as a sitemap index; a smaller one stays a single `/sitemap.xml`.
 */
export const SITEMAP_PAGES_PER_FILE = Math.floor(50_000 / LANGUAGES.length);

/** The path of the numbered sitemap file `part` (1-based) of a split sitemap. */
export const sitemapPartPath = (part: number) => `/sitemaps/${part}.xml`;

/** The entries split into the sitemap's files, in order; one file for a small shop. */
export function sitemapParts<T>(entries: readonly T[], pagesPerFile = SITEMAP_PAGES_PER_FILE): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < entries.length; start += pagesPerFile) parts.push(entries.slice(start, start + pagesPerFile));
  return parts.length > 0 ? parts : [[]];
}

/** The sitemap index (sitemaps.org protocol) naming each numbered file of a split sitemap. */
export function buildSitemapIndexXml(publicUrl: string, partCount: number): string {
  const origin = new URL(publicUrl).origin;
  const files = Array.from(
    { length: partCount },
    (_, index) => `  <sitemap><loc>${escapeXml(`${origin}${sitemapPartPath(index + 1)}`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled except private pages; points to the sitemap. */
export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
