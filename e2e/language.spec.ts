import { expect, test } from '@playwright/test';
import { expectDocumentLanguage, waitForHydration, watchConsole } from './support';

test('switching to English goes to the same page under /en, and back to Arabic @phone', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/categories');
  await waitForHydration(page);
  await expectDocumentLanguage(page, 'ar');

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expectDocumentLanguage(page, 'en');
  await expect(page).toHaveURL(/\/en\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return policy' })).toHaveAttribute('href', '/en/return-policy');

  // The shop's own links stay in English.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/en\/products$/);
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // The preference brings the home page back in English; other Arabic addresses stay Arabic.
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
  await expectDocumentLanguage(page, 'en');
  await page.goto('/products');
  await expectDocumentLanguage(page, 'ar');

  await waitForHydration(page);
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page).toHaveURL(/\/en\/products$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'التبديل إلى العربية' }).click();
  await expectDocumentLanguage(page, 'ar');
  await expect(page).toHaveURL((url) => url.pathname === '/products');
  await expect(page.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expectDocumentLanguage(page, 'ar');
  expect(problems).toEqual([]);
});

test('the language switch works before JavaScript has loaded, keeping the query', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/products?sort=price&order=asc');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expectDocumentLanguage(page, 'en');
  expect(new URL(page.url()).pathname).toBe('/en/products');
  expect(new URL(page.url()).search).toBe('?sort=price&order=asc');
  await context.close();
});

test('an old ?lang=en link lands on the English address', async ({ page }) => {
  await page.goto('/categories?lang=en');
  await expect(page).toHaveURL(/\/en\/categories$/);
  await expectDocumentLanguage(page, 'en');
  await page.goto('/en/categories?lang=ar');
  await expect(page).toHaveURL((url) => url.pathname === '/categories');
  await expectDocumentLanguage(page, 'ar');
});
