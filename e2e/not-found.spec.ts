import { expect, test } from '@playwright/test';
import { expectDocumentLanguage } from './support';

test('an unknown page answers 404 with links home and to the products @phone', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expectDocumentLanguage(page, 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'تصفح المنتجات' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('an unknown English address is the English 404, its links staying in English', async ({ page }) => {
  const response = await page.goto('/en/missing/deeper/path');
  expect(response?.status()).toBe(404);
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/en/products');
  await main.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/en$/);
});

test('a missing image is a 404, not a broken page', async ({ request }) => {
  const response = await request.get('/uploads/products/not-there.webp');
  expect(response.status()).toBe(404);
});

test('sitemap.xml and robots.txt exist', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  expect(await sitemap.text()).toContain('/products/');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap\.xml/);
});
