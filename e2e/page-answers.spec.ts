import { expect, test } from '@playwright/test';
import { expectDocumentLanguage, useLanguage, waitForHydration, watchConsole } from './support';

// An address the shop cannot read is a 400 page, not a 500 (the database down,
// a 503, is tested through the HTTP app: apps/api/src/plugins/web-page-answers.test.ts).

/** The console's problems but the failed load the 400 itself is reported as. */
const unexpected = (problems: string[]) => problems.filter((text) => !/status of 400/.test(text));

test('a search the shop cannot read is a 400 page in Arabic that hydrates as it was sent @phone', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/products?search=%01');
  expect(response?.status()).toBe(400);
  await waitForHydration(page);
  await expectDocumentLanguage(page, 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'لا يمكن فتح هذا الرابط' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'تصفح المنتجات' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByLabel('كلمة البحث')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('a search typed on the products page that the shop cannot read says so in English', async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL!, 'en');
  const problems = watchConsole(page);
  await page.goto('/en/products');
  await waitForHydration(page);
  // The search goes into the address as it is typed: a client navigation, whose data answers 400.
  await page.getByLabel('Keyword').fill('amber\u0001');
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be opened' })).toBeVisible();
  await expectDocumentLanguage(page, 'en');
  // The shop's header stays, with its way back.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(unexpected(problems)).toEqual([]);
});
