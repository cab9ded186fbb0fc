import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createCategory, createProduct } from '../seed/factories.js';

// English at /en, Arabic at the root, the cookie a preference only (docs/decisions/046), as a
// crawler meets the shop: no cookie, whichever language its Accept-Language asks for.
let ctx: TestContext;
let productPath: string;
let categoryPath: string;

beforeAll(async () => {
  ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '60' });
  const category = await createCategory(ctx.database.db, { name: 'سبح اليسر', name_en: 'Yusr beads', slug: 'yusr' });
  const product = await createProduct(ctx.database.db, {
    name: 'سبحة يسر سوداء',
    name_en: 'Black yusr rosary',
    category_id: category.id,
  });
  productPath = `/products/${product.id}`;
  categoryPath = `/category/${category.slug}`;
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The `<html lang dir>` of a page. */
function htmlLanguage(body: string): { lang: string | undefined; dir: string | undefined } {
  const tag = /<html\b[^>]*>/.exec(body)?.[0] ?? '';
  return { lang: /\blang="([^"]+)"/.exec(tag)?.[1], dir: /\bdir="([^"]+)"/.exec(tag)?.[1] };
}

const pageTypes = () => [
  '/',
  '/products',
  productPath,
  categoryPath,
  '/categories',
  '/privacy',
  '/terms',
  '/return-policy',
  '/track',
  '/cart',
  '/wishlist',
  '/checkout',
  '/login',
  '/register',
];

describe('the address decides the language, for crawlers too', () => {
  it('answers each page type in Arabic at its root address and in English under /en, whatever Accept-Language says', async () => {
    for (const path of pageTypes()) {
      const english = path === '/' ? '/en' : `/en${path}`;
      for (const acceptLanguage of ['en-US,en;q=0.9', 'ar-KW,ar;q=0.9']) {
        const arabicPage = await get(path, { 'accept-language': acceptLanguage });
        expect(arabicPage.statusCode, `${path} (${acceptLanguage})`).toBe(200);
        expect(htmlLanguage(arabicPage.body), `${path} (${acceptLanguage})`).toEqual({ lang: 'ar', dir: 'rtl' });
        const englishPage = await get(english, { 'accept-language': acceptLanguage });
        expect(englishPage.statusCode, `${english} (${acceptLanguage})`).toBe(200);
        expect(htmlLanguage(englishPage.body), `${english} (${acceptLanguage})`).toEqual({ lang: 'en', dir: 'ltr' });
      }
    }
  });

  it("draws the English page's content in English even when the preference says Arabic", async () => {
    const english = await get(`/en${productPath}`, { cookie: 'lang=ar', 'accept-language': 'ar' });
    expect(english.body).toContain('Black yusr rosary');
    expect(english.body).toContain(`href="/en${categoryPath}"`);
    const arabic = await get(productPath, { cookie: 'lang=en', 'accept-language': 'en' });
    expect(htmlLanguage(arabic.body).lang).toBe('ar');
    expect(arabic.body).toContain('سبحة يسر سوداء');
    expect(arabic.body).toContain(`href="${categoryPath}"`);
  });

  it('keeps the links of an English page under /en', async () => {
    const body = (await get('/en/products')).body;
    const links = [...body.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(5);
    const outside = links.filter((href) => !href.startsWith('/en') && !href.startsWith('/uploads/'));
    expect(outside).toEqual([]);
    // The header search and the list's filters stay in English; only the switch posts elsewhere.
    const actions = [...body.matchAll(/<form\b[^>]*\baction="([^"]*)"/g)].map((match) => match[1]!);
    expect(actions).toContain('/en/products');
    expect(actions.filter((action) => !action.startsWith('/en'))).toEqual(['/set-language']);
  });

  it('answers an unknown English address with the English 404', async () => {
    const missing = await get('/en/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(htmlLanguage(missing.body)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(htmlLanguage((await get('/no-such-page')).body).lang).toBe('ar');
  });
});

describe('old links and the remembered preference', () => {
  it('moves ?lang=en on an Arabic address for good to the /en address, without the parameter', async () => {
    const moved = await get(`${productPath}?lang=en`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/en${productPath}`);
    const withQuery = await get('/products?lang=en&search=amber&page=2');
    expect(withQuery.statusCode).toBe(301);
    expect(withQuery.headers.location).toBe('/en/products?search=amber&page=2');
    const home = await get('/?lang=en');
    expect(home.headers.location).toBe('/en');
  });

  it('moves ?lang=ar on an English address to the Arabic one', async () => {
    const moved = await get('/en/categories?lang=ar');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/categories');
  });

  it('sends / to /en for the English preference, and no other page', async () => {
    const home = await get('/', { cookie: 'lang=en' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/en');
    expect(String(home.headers.vary)).toContain('Cookie');
    expect((await get('/', { cookie: 'lang=ar' })).statusCode).toBe(200);
    const products = await get('/products', { cookie: 'lang=en' });
    expect(products.statusCode).toBe(200);
    expect(htmlLanguage(products.body).lang).toBe('ar');
  });

  it('the language switch records the preference and goes to the address it was given', async () => {
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ lang: 'en', redirectTo: `/en${productPath}?page=2` }).toString(),
    });
    expect(switched.statusCode).toBe(302);
    expect(switched.headers.location).toBe(`/en${productPath}?page=2`);
    expect(String(switched.headers['set-cookie'])).toContain('lang=en');
  });

  it('draws the back office, which keeps one address, in the remembered preference', async () => {
    expect(htmlLanguage((await get('/admin', { cookie: 'lang=en' })).body).lang).toBe('en');
    expect(htmlLanguage((await get('/admin')).body).lang).toBe('ar');
    expect((await get('/admin?lang=en')).statusCode).not.toBe(301);
  });
});

describe("the API answers in the page's language", () => {
  it('prefers X-Page-Language to the cookie and Accept-Language', async () => {
    const english = await get('/api/products/999999', { cookie: 'lang=ar', 'accept-language': 'ar', 'x-page-language': 'en' });
    expect(english.statusCode).toBe(404);
    expect(english.json<{ message: string }>().message).toMatch(/[a-z]/i);
    expect(english.json<{ message: string }>().message).not.toMatch(/[\u0600-\u06FF]/);
    const arabic = await get('/api/products/999999', { cookie: 'lang=en', 'x-page-language': 'ar' });
    expect(arabic.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
  });
});
