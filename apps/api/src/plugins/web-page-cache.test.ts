import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartSender, signedInStaff, type SignedIn } from '../../test-support/admin-forms.js';
import { apiCaller } from '../../test-support/http.js';
import type { TestContext } from '../../test-support/test-app.js';
import { createCategory, createCity, createCountry, createProduct } from '../seed/factories.js';
import { createTestWebApp } from '../../test-support/web-app.js';
import { signedInAs } from '../../test-support/staff.js';
import { users } from '../db/schema/index.js';


let ctx: TestContext;
const call = apiCaller(() => ctx.app);
const send = multipartSender(call, () => staff.admin.token);
let staff: { admin: SignedIn; customer: SignedIn };
let product: { id: number };
let category: { id: number; slug: string };

beforeAll(async () => {
  ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '60' });
  staff = await signedInStaff(ctx);
  category = await createCategory(ctx.database.db, { name: 'سبح الكهرمان' });
  product = await createProduct(ctx.database.db, { name: 'سبحة الصفحة المحفوظة', category_id: category.id });
});
afterAll(async () => {
  await ctx.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

const html = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(response.rawPayload).toString()
    : response.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(response.rawPayload).toString()
      : response.rawPayload.toString();

/** A guest's cart holding the product: the cart cookie the API set. */
async function guestCartCookie(): Promise<string> {
  const added = await call('POST', '/api/cart/add', { product_id: product.id, quantity: 2 });
  expect(added.statusCode).toBe(200);
  const cookie = added.cookies.find((item) => item.name.includes('cart'));
  expect(cookie).toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

/** A customer with a live session, a cart and a kept product: the cookie a browser would send. */
async function signedInShopper(name: string) {
  const { user, token } = await signedInAs(ctx, 'customer');
  await ctx.database.db.update(users).set({ name }).where(eq(users.id, user.id));
  const profile = await call('GET', '/api/auth/profile', undefined, { token });
  const session = profile.cookies.find((item) => item.name.includes('session'));
  expect(session).toBeDefined();
  const added = await call('POST', '/api/cart/add', { product_id: product.id, quantity: 2 }, { token });
  expect(added.statusCode).toBe(200);
  const kept = await call('POST', '/api/wishlist', { product_id: product.id }, { token });
  expect(kept.statusCode, kept.body).toBe(200);
  return { user: { ...user, name }, cookie: `${session!.name}=${session!.value}` };
}

describe('the page cache: one page for everyone', () => {
  it('renders a guest page once and serves the same compressed bytes after', async () => {
    const first = await page(`/products/${product.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(html(first)).toContain('سبحة الصفحة المحفوظة');

    const second = await page(`/products/${product.id}`);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    // The language is in the address: no cookie changes a product page.
    expect(second.headers.vary).toBe('Accept-Encoding');
    // The kept page's script nonce still matches its policy.
    const nonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))?.[1];
    expect(html(second)).toContain(`nonce="${nonce}"`);

    const gzipped = await page(`/products/${product.id}`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(html(gzipped)).toBe(html(second));
    const plain = await page(`/products/${product.id}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html(second));
  });

  it('answers 304 to a browser that has the page', async () => {
    const first = await page('/products');
    const again = await page('/products', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps one page per address: the language is in the path, not in a cookie', async () => {
    const arabic = await page('/categories');
    const english = await page('/en/categories');
    expect(html(arabic)).toContain('<html lang="ar"');
    expect(html(english)).toContain('<html lang="en"');
    // The English preference does not change the Arabic address: the same kept page.
    const preferringEnglish = await page('/categories', { cookie: 'lang=en', 'accept-language': 'en' });
    expect(preferringEnglish.headers['x-cache']).toBe('HIT');
    expect(html(preferringEnglish)).toContain('<html lang="ar"');
    expect((await page('/en/categories', { cookie: 'lang=ar' })).headers['x-cache']).toBe('HIT');
  });

  it('sends / to /en for the English preference, and tells a CDN that / varies by cookie', async () => {
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers.vary).toBe('Cookie, Accept-Encoding');
    const preferred = await page('/', { cookie: 'lang=en' });
    expect(preferred.statusCode).toBe(302);
    expect(preferred.headers.location).toBe('/en');
    expect(String(preferred.headers.vary)).toContain('Cookie');
    expect(preferred.headers['x-cache']).toBeUndefined();
  });

  it('gives a guest with a cart the page everyone gets: the browser fetches the count', async () => {
    const cookie = await guestCartCookie();
    const withCart = await page('/', { cookie });
    const without = await page('/');
    expect(withCart.statusCode).toBe(200);
    expect(withCart.headers.etag).toBe(without.headers.etag);
    expect(html(withCart)).not.toContain('aria-label="السلة، منتجان"');
  });

  it('gives two signed-in shoppers and a guest the very same public pages, with nothing of either', async () => {
    const first = await signedInShopper('Zubaida Firstshopper');
    const second = await signedInShopper('Yaqoub Secondshopper');
    const personal = [first, second].flatMap((shopper) => [shopper.user.name, shopper.user.email, shopper.user.username]);
    const addresses = [
      '/',
      '/en',
      '/products',
      `/products/${product.id}`,
      `/en/products/${product.id}`,
      `/category/${category.slug}`,
      '/categories',
      '/privacy',
      '/en/terms',
      '/return-policy',
    ];
    for (const url of addresses) {
      const asFirst = await page(url, { cookie: first.cookie });
      const asSecond = await page(url, { cookie: second.cookie });
      const asGuest = await page(url);
      expect(asFirst.statusCode, url).toBe(200);
      expect(asSecond.headers['x-cache'], url).toBe('HIT');
      expect(asGuest.headers['x-cache'], url).toBe('HIT');
      expect(asSecond.headers.etag, url).toBe(asFirst.headers.etag);
      expect(html(asSecond), url).toBe(html(asFirst));
      expect(html(asGuest), url).toBe(html(asFirst));
      expect(asFirst.headers['cache-control'], url).toBe('public, max-age=0, s-maxage=60');
      expect(asFirst.headers['set-cookie'], url).toBeUndefined();
      for (const text of personal) expect(html(asFirst), `${url} holds ${text}`).not.toContain(text);
      // The cart count and the shopper are the browser's to fill in.
      expect(html(asFirst), url).not.toMatch(/aria-label="(السلة، |Cart, )/);
    }
  });

  it("still renders a shopper's own pages for them alone, with their name", async () => {
    const shopper = await signedInShopper('Khadija Ownpage');
    for (const url of ['/cart', '/en/checkout', '/profile', '/en/wishlist']) {
      const own = await page(url, { cookie: shopper.cookie });
      expect(own.statusCode, url).toBe(200);
      expect(own.headers['x-cache'], url).toBeUndefined();
      expect(own.headers['cache-control'], url).toBe('private, no-cache');
      expect(html(own), url).toContain('Khadija Ownpage');
    }
  });

  it('never keeps the cart, checkout or a missing page', async () => {
    for (const url of ['/cart', '/checkout', '/products/999999']) {
      await page(url);
      const again = await page(url);
      expect(again.headers['x-cache'], url).not.toBe('HIT');
      expect(String(again.headers['cache-control']), url).not.toContain('public');
    }
  });

  it('drops the page when its product changes in the back office', async () => {
    await page(`/products/${product.id}`);
    expect((await page(`/products/${product.id}`)).headers['x-cache']).toBe('HIT');

    const saved = await send('PUT', `/api/products/${product.id}`, {
      name: 'سبحة بعد التعديل',
      price: '12.5',
      stock_quantity: '4',
      category_id: String(category.id),
    });
    expect(saved.statusCode).toBe(200);

    const after = await page(`/products/${product.id}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(html(after)).toContain('سبحة بعد التعديل');
    expect(html(after)).not.toContain('سبحة الصفحة المحفوظة');
  });

  it("drops the pages when a city's delivery fee changes: a product page states the fees' range", async () => {
    const country = await createCountry(ctx.database.db, { code: 'KW' });
    const city = await createCity(ctx.database.db, { country_id: country.id, shipping_fee: 2000 });
    await createCity(ctx.database.db, { country_id: country.id, shipping_fee: 3000 });
    // A page no earlier test kept, rendered with these cities.
    const shown = await createProduct(ctx.database.db, { name: 'سبحة رسوم التوصيل', category_id: category.id });
    await page(`/products/${shown.id}`);
    const before = await page(`/products/${shown.id}`);
    expect(before.headers['x-cache']).toBe('HIT');
    expect(html(before)).toContain('"minValue":"2.000","maxValue":"3.000"');

    const changed = await call('PUT', `/api/locations/cities/${city.id}`, { shipping_fee: 1.25 }, { token: staff.admin.token });
    expect(changed.statusCode, changed.body).toBe(200);

    const after = await page(`/products/${shown.id}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(html(after)).toContain('"minValue":"1.250","maxValue":"3.000"');
  });
});
