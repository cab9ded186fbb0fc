import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, saveStoreSettings } from '../seed/factories.js';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { child, parseXml, type XmlElement } from '../../test-support/xml.js';

// The shop as search engines see it: the sitemap's pages in both languages with their
// alternates, robots.txt, and each page's canonical and hreflang links.

const PUBLIC_URL = 'https://shop.example';
const english = (path: string) => `${PUBLIC_URL}/en${path === '/' ? '' : path}`;
const arabic = (path: string) => `${PUBLIC_URL}${path}`;

let ctx: TestContext;
const ids = { amber: 0, draft: 0 };

beforeAll(async () => {
  ctx = await createTestWebApp({ PUBLIC_URL });
  const db = ctx.database.db;
  await saveStoreSettings(db, { store_name: 'مسبحة الكويت', store_name_en: 'Misbaha Kuwait' });
  const category = await createCategory(db, { name: 'كهرمان', name_en: 'Amber', slug: 'amber' });
  await createCategory(db, { name: 'مخفي', slug: 'hidden', is_active: false });
  ids.amber = (await createProduct(db, { name: 'سبحة كهرمان', name_en: 'Amber beads', category_id: category.id })).id;
  ids.draft = (await createProduct(db, { name: 'مسودة', status: 'draft' })).id;
});
afterAll(async () => {
  await ctx.close();
});

/** Each <url> of the sitemap: its address and its alternates by hreflang. */
function sitemapUrls(urlset: XmlElement) {
  return urlset.children.map((url) => {
    expect(url.name).toBe('url');
    const links = url.children.filter((element) => element.name === 'xhtml:link');
    for (const link of links) expect(link.attributes.rel).toBe('alternate');
    return {
      loc: child(url, 'loc')!.text,
      alternates: Object.fromEntries(links.map((link) => [link.attributes.hreflang!, link.attributes.href!])),
    };
  });
}

describe('/sitemap.xml', () => {
  it('lists every public page at its Arabic and its English address, each naming both and x-default', async () => {
    const response = await ctx.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(response.body);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attributes).toMatchObject({
      xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
    });
    const urls = sitemapUrls(urlset);
    const pages = ['/', '/products', '/categories', '/return-policy', '/privacy', '/terms', '/category/amber', `/products/${ids.amber}`];
    expect(urls.map((url) => url.loc).sort()).toEqual(pages.flatMap((path) => [arabic(path), english(path)]).sort());
    for (const path of pages) {
      const expected = { ar: arabic(path), en: english(path), 'x-default': arabic(path) };
      for (const loc of [arabic(path), english(path)]) {
        expect(urls.find((url) => url.loc === loc)?.alternates, loc).toEqual(expected);
      }
    }
    expect(response.body).not.toContain('/category/hidden');
    expect(response.body).not.toContain(`/products/${ids.draft}<`);
  });

  it('stays one file for a shop of this size: no numbered sitemap files answer', async () => {
    for (const path of ['/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/abc.xml', '/sitemaps/0.xml']) {
      const response = await ctx.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('<urlset');
    }
  });

  it('keeps private pages out in both languages in robots.txt, which names the sitemap', async () => {
    const response = await ctx.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    for (const path of ['/admin', '/profile', '/en/profile']) expect(response.body).toContain(`Disallow: ${path}\n`);
    expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

/** The canonical and the hreflang alternates of a page's head, as a crawler reads them. */
function headLinks(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replace(/&amp;/g, '&')]));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((match) => attributes(match[0]));
  return {
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    alternates: Object.fromEntries(links.filter((link) => link.rel === 'alternate' && link.hreflang).map((link) => [link.hreflang, link.href])),
  };
}

describe.each([
  { lang: 'ar', html: '<html lang="ar" dir="rtl"', address: arabic },
  { lang: 'en', html: '<html lang="en" dir="ltr"', address: english },
])('the head of a page at its $lang address, without a cookie', ({ html, address }) => {
  it.each([
    ['the home page', '/'],
    ['a product', '/products/{amber}'],
    ['a category', '/category/amber'],
    ['the categories', '/categories'],
    ['the privacy policy', '/privacy'],
  ])('%s names itself canonical and both languages as alternates', async (_label, template) => {
    const path = template.replace('{amber}', String(ids.amber));
    const response = await ctx.app.inject(new URL(address(path)).pathname);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(html);
    expect(headLinks(response.body)).toEqual({
      canonical: [address(path)],
      alternates: { ar: arabic(path), en: english(path), 'x-default': arabic(path) },
    });
  });

  it('gives a page kept out of search engines no alternates', async () => {
    const response = await ctx.app.inject(new URL(address('/login')).pathname);
    expect(headLinks(response.body)).toEqual({ canonical: [address('/login')], alternates: {} });
  });
});
