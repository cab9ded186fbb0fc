import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSingleAddressPath, pathInLanguage } from '@shop/shared';
import type { TestContext } from '../../test-support/test-app.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { createCategory, createProduct } from '../seed/factories.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors.js';

// No page answers 500. A query string the API refuses is a 400 page and the
// database down a 503 page with Retry-After, in the visitor's language (apps/web/app/lib/page-answer.ts).

const ARABIC = { lang: '<html lang="ar" dir="rtl"', badRequest: 'لا يمكن فتح هذا الرابط', unavailable: 'المتجر غير متاح مؤقتاً' };
const ENGLISH = {
  lang: '<html lang="en" dir="ltr"',
  badRequest: 'This link cannot be opened',
  unavailable: 'The shop is briefly unavailable',
};
const english = { cookie: 'lang=en' };
/** A page's English address (decision 046): under /en, or the same one address for the back office. */
const englishAddress = (url: string) =>
  isSingleAddressPath(new URL(url, 'http://shop.test').pathname) ? url : pathInLanguage(url, 'en');

/** The page's heading (the shell's catalogue, sent with the page, holds every error text). */
const heading = (body: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1];

describe('a query string the API refuses', () => {
  let ctx: TestContext;
  let categorySlug: string;
  beforeAll(async () => {
    ctx = await createTestWebApp();
    const category = await createCategory(ctx.database.db, { name: 'سبح الكهرمان' });
    categorySlug = category.slug;
    await createProduct(ctx.database.db, { name: 'سبحة كهرمان للعنوان', category_id: category.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const refused = [
    '/products?search=%00',
    '/products?search=%01',
    '/products?search=%7F',
    '/products?search=%D8%B3%D8%A8%00%D8%AD',
    '/products?category=%00',
    '/products?category=%1F',
    `/products?category=${'a'.repeat(121)}`,
    `/products?category=${'س'.repeat(121)}`,
  ];

  it.each(refused)('%s is a 400 page in Arabic, and in English at its English address', async (url) => {
    // The API refuses the same query string.
    const api = await ctx.app.inject(url.replace('/products', '/api/products'));
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const arabic = await ctx.app.inject(url);
    expect(arabic.statusCode).toBe(400);
    expect(arabic.headers['content-type']).toContain('text/html');
    expect(arabic.headers['cache-control']).toBe('private, no-cache');
    expect(arabic.body).toContain(ARABIC.lang);
    expect(heading(arabic.body)).toBe(ARABIC.badRequest);
    // The shop's header and footer stay around it.
    expect(arabic.body).toContain('id="main"');

    const inEnglish = await ctx.app.inject({ url: englishAddress(url), headers: english });
    expect(inEnglish.statusCode).toBe(400);
    expect(inEnglish.body).toContain(ENGLISH.lang);
    expect(heading(inEnglish.body)).toBe(ENGLISH.badRequest);
  });

  it('is a 400 on a category page too, and for the data of a client navigation', async () => {
    const category = await ctx.app.inject(`/category/${categorySlug}?search=%00`);
    expect(category.statusCode).toBe(400);
    expect(heading(category.body)).toBe(ARABIC.badRequest);

    // The browser's router makes an error page of the status (no React Router marker header).
    const data = await ctx.app.inject('/products.data?search=%00');
    expect(data.statusCode).toBe(400);
    expect(data.headers['x-remix-response']).toBeUndefined();
  });

  it('still lists a category name of 120 characters (nothing found) and searches for Arabic text', async () => {
    const longest = await ctx.app.inject(`/products?category=${'a'.repeat(120)}`);
    expect(longest.statusCode).toBe(200);
    const search = await ctx.app.inject(`/products?search=${encodeURIComponent('كهرمان')}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('سبحة كهرمان للعنوان');
  });

  it('answers other malformed query strings on the storefront pages without a 500', async () => {
    const queries = [
      'page=-1',
      'page=abc',
      'page=0',
      'page=1e3',
      'page=99999999999999999999',
      'limit=99999999999',
      'limit=-1',
      'sort=garbage',
      'order=garbage',
      'sort=price&order=sideways',
      'featured=maybe',
      `search=${'a'.repeat(5000)}`,
      `search=${'%D8%B3'.repeat(3000)}`,
      `category=${'a'.repeat(5000)}`,
      'search=%FF',
      'search=%C0%80',
      'search=%E0%A4%A',
      'search=%',
      '%FF=%FE',
      'search=a&search=b',
      'search[]=a',
      'category[]=a',
      'search=%EF%BF%BF',
      'search=%ED%A0%80',
      'search=%F4%90%80%80',
    ];
    const pages = ['/products', `/category/${categorySlug}`, '/categories', '/', '/cart', '/checkout', '/login', '/order-status/SB-XXXX'];
    for (const page of pages) {
      for (const query of queries) {
        const url = `${page}?${query}`;
        const response = await ctx.app.inject(url);
        expect(response.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

describe('the database down', () => {
  let ctx: TestContext;
  let productId: number;
  beforeAll(async () => {
    // With the page cache on: what it already keeps is served, nothing else is kept.
    ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '60' });
    productId = (await createProduct(ctx.database.db, { name: 'سبحة يسر للانقطاع' })).id;
    const kept = await ctx.app.inject(`/products/${productId}`);
    expect(kept.statusCode).toBe(200);
    await ctx.database.close();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const retryAfter = String(DATABASE_RETRY_AFTER_SECONDS);
  const pages = ['/cart', '/login', '/checkout', '/order-status/SB-XXXX', '/products?search=x', '/admin', '/', '/categories', '/privacy'];

  it.each(pages)('%s is a 503 page with Retry-After, in Arabic and in English', async (url) => {
    const arabic = await ctx.app.inject(url);
    expect(arabic.statusCode).toBe(503);
    expect(arabic.headers['retry-after']).toBe(retryAfter);
    expect(arabic.headers['content-type']).toContain('text/html');
    expect(arabic.body).toContain(ARABIC.lang);
    expect(heading(arabic.body)).toBe(ARABIC.unavailable);
    expect(arabic.body).not.toMatch(/at \w+ \(|node_modules|Error:/);

    const inEnglish = await ctx.app.inject({ url: englishAddress(url), headers: english });
    expect(inEnglish.statusCode).toBe(503);
    expect(inEnglish.headers['retry-after']).toBe(retryAfter);
    expect(inEnglish.body).toContain(ENGLISH.lang);
    expect(heading(inEnglish.body)).toBe(ENGLISH.unavailable);
  });

  it('is never kept by the page cache, while a page it kept before is still served', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await ctx.app.inject('/products?search=x');
      expect(response.statusCode).toBe(503);
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    const kept = await ctx.app.inject(`/products/${productId}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['x-cache']).toBe('HIT');
  });

  it('answers the data of a client navigation with 503 and Retry-After', async () => {
    const data = await ctx.app.inject('/products.data?search=x');
    expect(data.statusCode).toBe(503);
    expect(data.headers['retry-after']).toBe(retryAfter);
  });

  it.each(['/sitemap.xml', '/feeds/google-merchant.xml', '/feeds/google-merchant.xml?lang=en', '/manifest.webmanifest'])(
    '%s answers 503 with Retry-After',
    async (url) => {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(retryAfter);
      expect(String(response.headers['cache-control'] ?? '')).not.toContain('public');
    },
  );
});
