import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE_HEADER } from '@shop/shared';
import type { TestContext } from '../../test-support/test-app.js';
import { saveStoreSettings } from '../seed/factories.js';
import { createTestWebApp } from '../../test-support/web-app.js';


let ctx: TestContext;
let sessionCookie: string;
beforeAll(async () => {
  ctx = await createTestWebApp();
  await saveStoreSettings(ctx.database.db, { store_name: 'سبح الاختبار', store_name_en: 'Test Beads' });
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'مريم المشترية', email: 'maryam.pwa@example.com', password: 'secret-123' },
  });
  expect(registered.statusCode).toBe(201);
  const cookie = registered.cookies.find((entry) => entry.name === 'session');
  sessionCookie = `session=${cookie?.value ?? ''}`;
});
afterAll(async () => {
  await ctx.close();
});

describe('pages the service worker may keep', () => {
  it('marks a public page rendered for a guest', async () => {
    for (const url of ['/', '/products', '/categories', '/privacy']) {
      const page = await ctx.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers[PAGE_CACHE_HEADER], url).toBe('public');
    }
  });

  it("marks a public page a signed-in shopper gets: it is everyone's, with nothing of theirs", async () => {
    const page = await ctx.app.inject({ url: '/products', headers: { cookie: sessionCookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('مريم المشترية');
    expect(page.headers[PAGE_CACHE_HEADER]).toBe('public');
  });

  it('never marks a page rendered for a signed-in shopper alone', async () => {
    const page = await ctx.app.inject({ url: '/cart', headers: { cookie: sessionCookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('مريم المشترية');
    expect(page.headers[PAGE_CACHE_HEADER]).toBeUndefined();
  });

  it('never marks a personal page, a missing page or a data request', async () => {
    for (const url of ['/cart', '/checkout', '/login', '/no/such/page', '/products.data']) {
      const page = await ctx.app.inject(url);
      expect(page.headers[PAGE_CACHE_HEADER], url).toBeUndefined();
    }
  });
});

describe('the service worker and the app links', () => {
  it('serves /sw.js to be checked on every visit', async () => {
    const worker = await ctx.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('/offline?lang=ar');
    expect(worker.body).not.toContain('self.__WB_MANIFEST');
  });

  it('links the manifest of the page language and the iOS icon', async () => {
    const arabic = await ctx.app.inject('/');
    expect(arabic.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(arabic.body).toContain('<link rel="apple-touch-icon" href="/app-icons/apple-touch-icon.png"/>');
    const english = await ctx.app.inject('/en');
    expect(english.body).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=en"/>');
  });
});

describe('the offline page', () => {
  it('is rendered in the language asked, names the store and nobody else, and its script carries the nonce', async () => {
    const english = await ctx.app.inject({ url: '/offline?lang=en', headers: { cookie: sessionCookie } });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('<html lang="en" dir="ltr"');
    expect(english.body).toContain('You are offline');
    expect(english.body).toContain('Test Beads');
    expect(english.body).not.toContain('مريم المشترية');
    const nonce = /'nonce-([^']+)'/.exec(String(english.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(english.body).toContain(`<script nonce="${nonce}">`);

    const arabic = await ctx.app.inject('/offline?lang=ar&__WB_REVISION__=abc');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl"');
    expect(arabic.body).toContain('أنت غير متصل بالإنترنت');
    expect(arabic.body).toContain('سبح الاختبار');
  });

  it('follows the lang cookie without ?lang, and Arabic for a language it does not speak', async () => {
    const cookie = await ctx.app.inject({ url: '/offline', headers: { cookie: 'lang=en' } });
    expect(cookie.body).toContain('<html lang="en" dir="ltr"');
    const unknown = await ctx.app.inject('/offline?lang=fr');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<html lang="ar" dir="rtl"');
  });
});
