import { expect, request as http, test } from '@playwright/test';
import { listCategories, listProducts } from './support';

/**
 * The shop as a crawler sees it: no cookie, an Arabic or an English Accept-Language, both
 * addresses of each kind of page. The address alone decides the language; each page names itself
 * canonical and both languages (and x-default, the Arabic address) as alternates.
 */

interface Head {
  lang: string | undefined;
  dir: string | undefined;
  canonical: string[];
  alternates: Record<string, string>;
  ogUrl: string | undefined;
}

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!.replace(/&amp;/g, '&')]),
  );
}

/** A page's head fetched as a crawler does: a fresh client each time, so never a cookie. */
async function crawl(baseURL: string, path: string, acceptLanguage: string): Promise<Head> {
  const crawler = await http.newContext({ baseURL, extraHTTPHeaders: { 'accept-language': acceptLanguage } });
  const response = await crawler.get(path, { maxRedirects: 0 });
  expect(response.status(), `${path} (${acceptLanguage})`).toBe(200);
  const html = await response.text();
  await crawler.dispose();
  const head = html.slice(0, html.indexOf('</head>'));
  const root = attributesOf(/<html\b[^>]*>/.exec(html)?.[0] ?? '');
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((match) => attributesOf(match[0]));
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((match) => attributesOf(match[0]));
  return {
    lang: root.lang,
    dir: root.dir,
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href!),
    alternates: Object.fromEntries(
      links.filter((link) => link.rel === 'alternate' && link.hreflang).map((link) => [link.hreflang!, link.href!]),
    ),
    ogUrl: metas.find((meta) => meta.property === 'og:url')?.content,
  };
}

test.describe('pages as a crawler without a cookie sees them', () => {
  let pages: Array<[string, string]> = [];

  test.beforeAll(async ({ request }) => {
    const product = (await listProducts(request, 'limit=1')).products[0]!;
    const category = (await listCategories(request)).flat_categories.find((entry) => entry.is_active)!;
    pages = [
      ['home', '/'],
      ['product', `/products/${product.id}`],
      ['category', `/category/${encodeURIComponent(category.slug)}`],
      ['categories', '/categories'],
    ];
  });

  test('each page, at its Arabic and its /en address, is in that language and names both addresses', async ({ baseURL }) => {
    for (const [kind, path] of pages) {
      const arabicUrl = new URL(path, baseURL).toString();
      const englishUrl = new URL(path === '/' ? '/en' : `/en${path}`, baseURL).toString();
      const alternates = { ar: arabicUrl, en: englishUrl, 'x-default': arabicUrl };
      // Whatever the crawler's Accept-Language, the address decides.
      for (const acceptLanguage of ['ar', 'en-US,en;q=0.9']) {
        const arabic = await crawl(baseURL!, path, acceptLanguage);
        expect(arabic, `${kind} in Arabic`).toEqual({ lang: 'ar', dir: 'rtl', canonical: [arabicUrl], alternates, ogUrl: arabicUrl });
        const english = await crawl(baseURL!, new URL(englishUrl).pathname, acceptLanguage);
        expect(english, `${kind} in English`).toEqual({ lang: 'en', dir: 'ltr', canonical: [englishUrl], alternates, ogUrl: englishUrl });
      }
    }
  });
});

test('the sitemap lists the English pages beside the Arabic ones', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const product = (await listProducts(request, 'limit=1')).products[0]!;
  const arabicUrl = new URL(`/products/${product.id}`, baseURL).toString();
  const englishUrl = new URL(`/en/products/${product.id}`, baseURL).toString();
  expect(xml).toContain(`<loc>${arabicUrl}</loc>`);
  expect(xml).toContain(`<loc>${englishUrl}</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${englishUrl}"/>`);
  // The English page a crawler reaches from the sitemap is English.
  const english = await crawl(baseURL!, `/en/products/${product.id}`, 'ar');
  expect(english.lang).toBe('en');
});

test('the English Merchant feed links English pages', async ({ request, baseURL }) => {
  const response = await request.get('/feeds/google-merchant.xml?lang=en');
  expect(response.status()).toBe(200);
  const links = [...(await response.text()).matchAll(/<g:link>([^<]*)<\/g:link>/g)].map((match) => new URL(match[1]!).pathname);
  expect(links.length).toBeGreaterThan(0);
  for (const path of links) expect(path).toMatch(/^\/en\/products\/\d+$/);
  const page = await crawl(baseURL!, links[0]!, 'en');
  expect(page.lang).toBe('en');
});
