import { absoluteUrl } from '../../lib/seo';

export interface SitemapEntry {
  /** Path on the shop, e.g. /products/12 (already URL-encoded where needed). */
  path: string;
  /** W3C datetime of the last change, when known. */
  lastmod?: string;
}

/** Pages that are always listed. */
export const STATIC_SITEMAP_PATHS = ['/', '/products', '/categories', '/return-policy', '/privacy', '/terms'] as const;

/**
 * Pages kept out of search engines (private). The cart and the checkout are crawlable: a crawler
 * has no cart, so it sees only the empty cart, and Lighthouse's SEO audit, which the shop must
 * pass on them, counts any block as a failure (decision 022). They stay out of the sitemap.
 */
export const ROBOTS_DISALLOWED_PATHS = ['/admin', '/profile'] as const;

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

/** The sitemap document (sitemaps.org protocol) with absolute URLs on the shop's public origin. */
export function buildSitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
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
