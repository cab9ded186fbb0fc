import { expect, test, type Page } from '@playwright/test';
import type { AuthResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { DEMO_ADMIN, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

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
  await page.locator('form button[type="submit"]').click();
}

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the gate sends a guest to login and back to /admin after the administrator logs in (${lang}) @phone`, async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    await page.goto('/admin?tab=products');
    await expect(page).toHaveURL(/\/login\?returnTo=\/admin%3Ftab%3Dproducts$/);
    await logInOnForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\?tab=products$/);
    const navigation = page.getByRole('navigation', { name: text[lang].navigation }).filter({ visible: true });
    await expect(navigation.getByRole('link', { name: text[lang].products })).toHaveAttribute('aria-current', 'page');
    // The storefront's header and footer are not part of the back office.
    await expect(page.locator('footer')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`a customer is refused with the spec's message (${lang}) @phone`, async ({ page, context, baseURL }) => {
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
  await page.goto('/');
  await waitForHydration(page);
  // The route manifest names each route's module and its static imports.
  const adminOnly = await page.evaluate(() => {
    const manifest = (window as unknown as {
      __reactRouterManifest: { routes: Record<string, { module: string; imports?: string[] }> };
    }).__reactRouterManifest;
    const files = (ids: string[]) =>
      new Set(ids.flatMap((id) => [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]));
    const ids = Object.keys(manifest.routes);
    const admin = files(ids.filter((id) => id.startsWith('routes/admin/')));
    const storefront = files(ids.filter((id) => !id.startsWith('routes/admin/')));
    return [...admin].filter((file) => !storefront.has(file));
  });
  expect(adminOnly.length).toBeGreaterThan(0);

  const downloaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') downloaded.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/products', '/categories', '/cart', '/login', '/register', '/checkout']) {
    const response = await page.goto(path);
    await waitForHydration(page);
    const html = (await response?.text()) ?? '';
    expect(html, path).not.toContain('Access denied. Admin privileges required.');
    expect(html, path).not.toContain('تم رفض الوصول');
  }
  const product = await page.request.get('/api/products?limit=1');
  const { products } = (await product.json()) as { products: Array<{ id: number }> };
  await page.goto(`/products/${products[0]!.id}`);
  await waitForHydration(page);

  expect(downloaded.length).toBeGreaterThan(0);
  expect(downloaded.filter((file) => adminOnly.includes(file))).toEqual([]);
  expect(downloaded.some((file) => /admin/i.test(file))).toBe(false);
});
