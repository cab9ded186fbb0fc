import { describe, expect, it } from 'vitest';
import { buildRobotsTxt, buildSitemapXml, escapeXml, sitemapEntries } from './sitemap';

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
  it('writes absolute, escaped URLs with their last change', () => {
    const xml = buildSitemapXml('https://shop.example.kw', [
      { path: '/' },
      { path: '/products?x=1&y=2' },
      { path: '/products/3', lastmod: '2025-05-01T00:00:00.000Z' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example.kw/</loc></url>',
        '  <url><loc>https://shop.example.kw/products?x=1&amp;y=2</loc></url>',
        '  <url><loc>https://shop.example.kw/products/3</loc><lastmod>2025-05-01T00:00:00.000Z</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes every XML special character', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

describe('buildRobotsTxt', () => {
  it('allows crawling, keeps private pages out and names the sitemap', () => {
    expect(buildRobotsTxt('https://shop.example.kw')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /profile',
        '',
        'Sitemap: https://shop.example.kw/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
