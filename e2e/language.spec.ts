import { expect, test } from '@playwright/test';
import { expectDocumentLanguage, waitForHydration, watchConsole } from './support';

test('switching to English shows LTR English texts, and back to Arabic @phone', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/categories');
  await waitForHydration(page);
  await expectDocumentLanguage(page, 'ar');

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expectDocumentLanguage(page, 'en');
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return policy' })).toBeVisible();

  // The choice persists across pages.
  await page.goto('/products');
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  await waitForHydration(page);
  await page.getByRole('button', { name: 'التبديل إلى العربية' }).click();
  await expectDocumentLanguage(page, 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the language switch works before JavaScript has loaded', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/products?sort=price&order=asc');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expectDocumentLanguage(page, 'en');
  expect(new URL(page.url()).search).toBe('?sort=price&order=asc');
  await context.close();
});
