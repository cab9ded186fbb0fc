import { expect, test, type Page } from '@playwright/test';
import type { AuthResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { DEMO_ADMIN, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

type Lang = 'ar' | 'en';

const text = {
  ar: {
    denied: 'تم رفض الوصول. مطلوب صلاحيات المدير.',
    login: 'تسجيل الدخول',
    loginTitle: 'تسجيل الدخول',
    products: 'المنتجات',
    navigation: 'أقسام لوحة التحكم',
    otherAccount: 'تسجيل الدخول بحساب آخر',
  },
  en: {
    denied: 'Access denied. Admin privileges required.',
    login: 'Log in',
    loginTitle: 'Log in',
    products: 'Products',
    navigation: 'Back office sections',
    otherAccount: 'Log in with another account',
  },
} as const;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/** Logs in through the login form the gate sent us to. */
async function logInOnForm(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('main form button[type="submit"]').click();
}

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the gate sends a guest to login and back to /admin after the administrator logs in (${lang}) @phone`, async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    await page.goto('/admin?tab=products');
    await expect(page).toHaveURL(/\/login\?returnTo=\/admin%3Ftab%3Dproducts$/);
    await logInOnForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // The back office's one address in both languages: never /en/admin.
    await expect(page).toHaveURL((url) => url.pathname === '/admin' && url.search === '?tab=products');
    const navigation = page.getByRole('navigation', { name: text[lang].navigation }).filter({ visible: true });
    await expect(navigation.getByRole('link', { name: text[lang].products })).toHaveAttribute('aria-current', 'page');
    // The storefront's header and footer are not part of the back office.
    await expect(page.locator('footer')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`a customer is refused with the no-access message (${lang}) @phone`, async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, lang);
    const response = await page.request.post('/api/auth/register', {
      headers: { 'x-forwarded-for': visitorAddress() },
      data: { name: 'Customer Only', email: uniqueEmail('gate'), password: 'just-a-shopper-1', phone: null, address: null },
    });
    expect(response.status()).toBe(201);
    const { token } = (await response.json()) as AuthResponse;
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
    await page.goto('/admin');
    await expect(page.getByRole('alert').getByText(text[lang].denied, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: text[lang].otherAccount }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=\/admin$/);
  });
}

test('older back-office addresses lead to /admin', async ({ page }) => {
  for (const path of ['/admin-test', '/admin-dashboard']) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/admin');
  }
});

test('no storefront page downloads back-office code or texts', async ({ page }) => {
  // The route manifest of an admin page names the admin routes' own modules.
  await page.goto('/admin');
  await waitForHydration(page);
  const adminModules = await page.evaluate(() => {
    const manifest = (window as unknown as {
      __reactRouterManifest: { routes: Record<string, { module: string }> };
    }).__reactRouterManifest;
    return Object.entries(manifest.routes)
      .filter(([id]) => id.startsWith('routes/admin/'))
      .map(([, route]) => route.module);
  });
  expect(adminModules.length).toBeGreaterThanOrEqual(2);

  const downloaded = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') downloaded.add(new URL(request.url()).pathname);
  });
  const product = await page.request.get('/api/products?limit=1');
  const { products } = (await product.json()) as { products: Array<{ id: number }> };
  for (const path of ['/', '/products', `/products/${products[0]!.id}`, '/categories', '/cart', '/login', '/register', '/checkout']) {
    // A fresh document each time, as a shopper arriving from a search engine.
    const response = await page.goto(path);
    await waitForHydration(page);
    const html = (await response?.text()) ?? '';
    expect(html, path).not.toContain('Access denied. Admin privileges required.');
    expect(html, path).not.toContain('تم رفض الوصول');
  }

  expect(downloaded.size).toBeGreaterThan(0);
  expect([...downloaded].filter((file) => adminModules.includes(file))).toEqual([]);
  // Any back-office component brings its message keys along: no storefront script has one.
  for (const file of downloaded) {
    const source = await (await page.request.get(file)).text();
    expect(source, file).not.toMatch(/admin(-[a-z]+)?\.(common|form|tabs|gate|toast)\./);
  }
});

test('every back-office tab fits the screen without sideways scrolling @phone', async ({ page, context, baseURL }) => {
  // Two languages of sixteen tabs: 32 page loads, more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  for (const lang of ['ar', 'en'] as const) {
    await useLanguage(context, baseURL!, lang);
    await signInAsAdmin(page);
    for (const tab of ['dashboard', 'reports', 'products', 'categories', 'orders', 'reviews', 'users', 'settings', 'pages', 'slider', 'cities', 'promo-codes', 'google-merchant', 'simple-attributes', 'search', 'activity']) {
      await page.goto(`/admin?tab=${tab}`);
      await waitForHydration(page);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${lang} ${tab}`).toBeLessThanOrEqual(0);
    }
  }
});
