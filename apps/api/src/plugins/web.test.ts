import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { createProduct, saveStoreSettings } from '../seed/factories.js';
import { webPlugin } from './web.js';

// These tests serve the production build of the web app, which `npm test` builds first.
const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));
const serverBuild = path.join(webRoot, 'build', 'server', 'index.js');
if (!fs.existsSync(serverBuild)) {
  throw new Error(`The web app is not built (${serverBuild}); run npm run build first.`);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, async (app) => {
    await app.register(webPlugin, { webRoot, dev: false });
  });
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
      if (script.includes('application/ld+json')) continue;
      expect(script).toContain(`nonce="${nonce}"`);
    }
  });

  it('renders English, left-to-right, with the lang cookie', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { cookie: 'lang=en' } });
    expect(response.body).toContain('<html lang="en" dir="ltr"');
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

  it('keeps the contract schemas (zod) out of the browser bundle', () => {
    const assets = path.join(webRoot, 'build', 'client', 'assets');
    const withZod = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('$ZodType'));
    expect(withZod).toEqual([]);
  });

  it('shows a friendly error page, not a stack trace, when the database is down', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject('/');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('حدث خطأ');
    expect(response.body).not.toMatch(/at \w+ \(|node_modules|Error:/);
  });
});
