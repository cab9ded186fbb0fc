import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../test-support/test-app.js';
import { metricsRegistry } from '../lib/metrics.js';
import { createOrder, createProduct, saveStoreSettings } from '../seed/factories.js';
import { createTestWebApp, webRoot } from '../../test-support/web-app.js';


let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestWebApp();
  await saveStoreSettings(ctx.database.db, { store_name: 'سبح الاختبار' });
  await createProduct(ctx.database.db, { name: 'سبحة كهرمان للاختبار' });
});
afterAll(async () => {
  await ctx.close();
});

describe('server-rendered pages', () => {
  it('renders Arabic, right-to-left HTML with product names and a nonce-based CSP', async () => {
    const response = await ctx.app.inject('/products');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="ar" dir="rtl"');
    expect(response.body).toContain('سبحة كهرمان للاختبار');
    expect(response.body).toContain('سبح الاختبار');

    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const inlineScripts = response.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts) {
      // Data blocks (structured data, the page's message catalogues) are never run.
      if (/type="application\/(ld\+)?json"/.test(script)) continue;
      expect(script).toContain(`nonce="${nonce}"`);
    }
  });

  it('renders English, left-to-right, at /en; the English preference sends / there', async () => {
    const response = await ctx.app.inject({ url: '/en' });
    expect(response.body).toContain('<html lang="en" dir="ltr"');
    const preferred = await ctx.app.inject({ url: '/', headers: { cookie: 'lang=en' } });
    expect(preferred.statusCode).toBe(302);
    expect(preferred.headers.location).toBe('/en');
  });

  it('switches language with a form post and returns to the page', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en&redirectTo=%2Fproducts%3Fsort%3Dprice',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/products?sort=price');
    expect(String(response.headers['set-cookie'])).toMatch(/^lang=en;/);
  });

  it('never redirects off-site after switching language', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en&redirectTo=%2F%2Fevil.example',
    });
    expect(response.headers.location).toBe('/');
  });

  it('sends a page whole, its later parts in place; a client navigation gets them as they come', async () => {
    // The home page's sections: in place in the document, no placeholder swapped by a script.
    const home = await ctx.app.inject('/');
    expect(home.statusCode).toBe(200);
    const latest = home.body.indexOf('id="home-latest"');
    expect(latest).toBeGreaterThan(0);
    expect(home.body.indexOf('سبحة كهرمان للاختبار', latest)).toBeGreaterThan(latest);
    expect(home.body).not.toContain('<template id="B:');
    expect(home.body).not.toContain('$RC(');
    expect(home.body).not.toMatch(/aria-busy="true"/);

    // The same sections in a client navigation's data: promises, streamed after the rest.
    const data = await ctx.app.inject('/_root.data');
    expect(data.statusCode).toBe(200);
    expect(data.body).toMatch(/"latest",\["P",\d+\]/);
    expect(data.body).toContain('سبحة كهرمان للاختبار');
  });

  it('answers unknown pages with the 404 page and unknown API routes with JSON', async () => {
    const page = await ctx.app.inject('/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('الصفحة غير موجودة');
    const api = await ctx.app.inject('/api/no/such/route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves hashed assets for a year, precompressed', async () => {
    const assets = fs.readdirSync(path.join(webRoot, 'build', 'client', 'assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    const response = await ctx.app.inject({
      url: `/assets/${script}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('renders as the signed-in user of the session cookie: header and cart', async () => {
    const product = await createProduct(ctx.database.db, { name: 'سبحة يسر للمشتري', stock_quantity: 5 });
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'مريم المشترية', email: 'maryam.ssr@example.com', password: 'secret-123' },
    });
    expect(registered.statusCode).toBe(201);
    const { token } = registered.json<{ token: string }>();
    const sessionCookie = registered.cookies.find((cookie) => cookie.name === 'session');
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe('Lax');
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { authorization: `Bearer ${token}` },
      payload: { product_id: product.id, quantity: 2, selected_attributes: {} },
    });
    expect(added.statusCode).toBe(200);

    const cookie = `session=${sessionCookie?.value ?? ''}`;
    const cartPage = await ctx.app.inject({ url: '/cart', headers: { cookie } });
    expect(cartPage.statusCode).toBe(200);
    expect(cartPage.headers['cache-control']).toBe('private, no-cache');
    expect(cartPage.body).toContain('سبحة يسر للمشتري');
    expect(cartPage.body).toContain('مريم المشترية');

    // Without the cookie the same page is a guest's: no user, an empty cart.
    const guestPage = await ctx.app.inject('/cart');
    expect(guestPage.body).not.toContain('سبحة يسر للمشتري');
    expect(guestPage.body).not.toContain('مريم المشترية');

    // The API itself never accepts the cookie in place of the bearer token.
    const profile = await ctx.app.inject({ url: '/api/auth/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(401);

    // After logout the cookie is cleared and its token no longer renders the user.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((entry) => entry.name === 'session')?.value).toBe('');
    const afterLogout = await ctx.app.inject({ url: '/cart', headers: { cookie } });
    expect(afterLogout.body).not.toContain('مريم المشترية');
  });

  it("asks the API for the visitor's profile and cart count only when a cookie could find them", async () => {
    const product = await createProduct(ctx.database.db, {
      name: 'سبحة يسر للعداد',
      stock_quantity: 5,
    });
    const calls = async (route: string) => {
      const histogram = metricsRegistry.getSingleMetric('shop_http_request_duration_seconds');
      if (!histogram) throw new Error('the request histogram is not registered');
      const { values } = await histogram.get();
      return values
        // A histogram's values are its buckets, sum and count, told apart by metricName.
        .filter((value) => ('metricName' in value ? String(value.metricName) : '').endsWith('_count'))
        .filter((value) => value.labels.route === route)
        .reduce((sum, value) => sum + value.value, 0);
    };
    const asked = async (page: () => Promise<{ statusCode: number; body: string }>) => {
      const [profileBefore, countBefore] = [
        await calls('/api/auth/profile'),
        await calls('/api/cart/count'),
      ];
      const response = await page();
      expect(response.statusCode).toBe(200);
      return {
        body: response.body,
        profile: (await calls('/api/auth/profile')) - profileBefore,
        count: (await calls('/api/cart/count')) - countBefore,
      };
    };

    // A visitor without cookies is a guest with an empty cart: nothing to ask.
    const guest = await asked(() => ctx.app.inject('/cart'));
    expect([guest.profile, guest.count]).toEqual([0, 0]);

    // A guest cart's cookie: its count is asked for, and shown in the header's badge.
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: product.id, quantity: 3, selected_attributes: {} },
    });
    expect(added.statusCode).toBe(200);
    const cartCookie = added.cookies.find((cookie) => cookie.name === 'cart');
    expect(cartCookie).toBeDefined();
    const withCart = await asked(() =>
      ctx.app.inject({ url: '/cart', headers: { cookie: `cart=${cartCookie?.value ?? ''}` } }),
    );
    expect([withCart.profile, withCart.count]).toEqual([0, 1]);
    expect(withCart.body).toContain('سبحة يسر للعداد');

    // A session cookie: the profile and the cart count are both asked for.
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'سلمى العدادة', email: 'salma.counts@example.com', password: 'secret-123' },
    });
    expect(registered.statusCode).toBe(201);
    const session = registered.cookies.find((cookie) => cookie.name === 'session');
    const signedIn = await asked(() =>
      ctx.app.inject({ url: '/cart', headers: { cookie: `session=${session?.value ?? ''}` } }),
    );
    expect([signedIn.profile, signedIn.count]).toEqual([1, 1]);
    expect(signedIn.body).toContain('سلمى العدادة');
  });

  it('keeps the contract schemas (zod) out of the browser bundle', () => {
    const assets = path.join(webRoot, 'build', 'client', 'assets');
    const withZod = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('$ZodType'));
    expect(withZod).toEqual([]);
  });

  it('keeps order tracking up for everyone when one address looks up too many orders', async () => {
    const { order } = await createOrder(ctx.database.db);
    const page = (remoteAddress: string, headers: Record<string, string> = {}, prefix = '') =>
      ctx.app.inject({ url: `${prefix}/order-status/${order.order_number}`, remoteAddress, headers });

    // The in-process API call counts against the visitor's own address, never a shared one, and
    // a forwarded-for header sent by the visitor does not change which address that is.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await page('203.0.113.50', { 'x-forwarded-for': `198.51.100.${attempt}` });
      expect(response.statusCode).toBe(200);
    }
    const limited = await page('203.0.113.50', { 'x-forwarded-for': '198.51.100.200' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('طلبات كثيرة');
    const limitedEnglish = await page('203.0.113.50', {}, '/en');
    expect(limitedEnglish.statusCode).toBe(429);
    expect(limitedEnglish.body).toContain('Too many requests');

    const someoneElse = await page('203.0.113.51');
    expect(someoneElse.statusCode).toBe(200);
    expect(someoneElse.body).toContain(order.order_number);
  });

  it('returns only to a path of this shop after switching language, whatever the encoding', async () => {
    const switchTo = (redirectTo: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/set-language',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `lang=en&redirectTo=${redirectTo}`,
      });
    for (const redirectTo of [
      '%2F%09%2Fevil.example',
      '%2F%0A%2Fevil.example',
      '%2F%5Cevil.example',
      '%2F.%2F%2Fevil.example',
      '%2F%5C%09evil.example',
      'https%3A%2F%2Fevil.example',
    ]) {
      const response = await switchTo(redirectTo);
      expect(response.statusCode, redirectTo).toBe(302);
      const location = String(response.headers.location);
      expect(new URL(location, 'https://shop.example').origin, `${redirectTo} -> ${location}`).toBe(
        'https://shop.example',
      );
      expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
    }

    // Line breaks and non-Latin-1 text are not a server error.
    const crlf = await switchTo('%2Fproducts%0D%0ASet-Cookie%3A%20x%3D1');
    expect(crlf.statusCode).toBe(302);
    expect(crlf.headers['set-cookie']).not.toContain('x=1');
    const arabic = await switchTo(encodeURIComponent('/category/سبح?q=كهرمان'));
    expect(arabic.statusCode).toBe(302);
    expect(arabic.headers.location).toBe(
      `/category/${encodeURIComponent('سبح')}?q=${encodeURIComponent('كهرمان')}`,
    );
  });

  it('answers a language switch with a body that is not a form with 400, not 500', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ lang: 'en', redirectTo: '/' }),
    });
    expect(json.statusCode).toBe(400);
    const brokenMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen',
    });
    expect(brokenMultipart.statusCode).toBe(400);
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: '/set-language',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'lang=en',
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('answers a post to a page without an action with a 4xx, logged below error level', async () => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/products',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(response.statusCode).toBe(405);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('shows a friendly 503 page, not a stack trace, when the database is down', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject('/');
    // Every page's answer to an outage: web-page-answers.test.ts.
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('المتجر غير متاح مؤقتاً');
    expect(response.body).not.toMatch(/at \w+ \(|node_modules|Error:/);
  });
});
