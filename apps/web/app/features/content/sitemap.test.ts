import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemapIndexXml, buildSitemapXml, escapeXml, SITEMAP_PAGES_PER_FILE, sitemapEntries, sitemapParts } from './sitemap';

describe('sitemapEntries', () => {
  it('lists the fixed pages, active categories and published products', () => {
    const entries = sitemapEntries(
      [
        { slug: 'amber', is_active: true },
        { slug: 'hidden', is_active: false },
        { slug: 'كهرمان', is_active: true },
      ],
      [
        { id: 7, status: 'published', updated_at: '2025-01-02T10:00:00.000Z' },
        { id: 8, status: 'draft', updated_at: '2025-01-03T10:00:00.000Z' },
      ],
    );
    expect(entries.map((entry) => entry.path)).toEqual([
      '/',
      '/products',
      '/categories',
      '/return-policy',
      '/privacy',
      '/terms',
      '/category/amber',
      '/category/%D9%83%D9%87%D8%B1%D9%85%D8%A7%D9%86',
      '/products/7',
    ]);
    expect(entries.at(-1)).toEqual({ path: '/products/7', lastmod: '2025-01-02T10:00:00.000Z' });
  });
});

describe('buildSitemapXml', () => {
  const origin = 'https://shop.example.kw';
  const alternates = (path: string) =>
    `<xhtml:link rel="alternate" hreflang="ar" href="${origin}${path}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${origin}/en${path === '/' ? '' : path}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`;

  it('lists each page in Arabic and English, each naming both addresses and x-default', () => {
    const xml = buildSitemapXml(origin, [{ path: '/' }, { path: '/products/3', lastmod: '2025-05-01T00:00:00.000Z' }]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        `  <url><loc>${origin}/</loc>${alternates('/')}</url>`,
        `  <url><loc>${origin}/en</loc>${alternates('/')}</url>`,
        `  <url><loc>${origin}/products/3</loc><lastmod>2025-05-01T00:00:00.000Z</lastmod>${alternates('/products/3')}</url>`,
        `  <url><loc>${origin}/en/products/3</loc><lastmod>2025-05-01T00:00:00.000Z</lastmod>${alternates('/products/3')}</url>`,
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes the addresses, in the alternates too', () => {
    const xml = buildSitemapXml(origin, [{ path: '/products?x=1&y=2' }]);
    expect(xml).toContain(`<loc>${origin}/products?x=1&amp;y=2</loc>`);
    expect(xml).toContain(`<loc>${origin}/en/products?x=1&amp;y=2</loc>`);
    expect(xml).toContain(`hreflang="en" href="${origin}/en/products?x=1&amp;y=2"`);
    expect(xml).not.toMatch(/&(?!amp;)/);
  });

  it('escapes every XML special character', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

describe('buildRobotsTxt', () => {
  it('allows crawling, keeps private pages out in both languages and names the sitemap', () => {
    expect(buildRobotsTxt('https://shop.example.kw')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /profile',
        'Disallow: /en/profile',
        '',
        'Sitemap: https://shop.example.kw/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('a large catalogue split over sitemap files', () => {
  it("fits each file within the protocol's 50,000 addresses (every page once per language)", () => {
    expect(SITEMAP_PAGES_PER_FILE * 2).toBe(50_000);
  });

  it('keeps a small shop in one file and splits a large one in order', () => {
    expect(sitemapParts([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(sitemapParts([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(sitemapParts([], 3)).toEqual([[]]);
  });

  it('names each numbered file in the sitemap index', () => {
    expect(buildSitemapIndexXml('https://shop.example.kw/anything', 2)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <sitemap><loc>https://shop.example.kw/sitemaps/1.xml</loc></sitemap>',
        '  <sitemap><loc>https://shop.example.kw/sitemaps/2.xml</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });
});
