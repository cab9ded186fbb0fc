import { expect, test, type Page } from '@playwright/test';
import { listProducts, waitForHydration, watchConsole } from './support';

/**
 * Search in both languages: English words reach the Arabic catalogue
 * through the English texts and the shop's synonyms, and an Arabic word finds the same products
 * with its article (and the prefixes attached to it) as without.
 */

const cardNames = (page: Page) => page.getByRole('main').locator('article').getByRole('link');

/**
 * Searches from the header as a shopper does: the box beside the logo on a desktop; on a phone the
 * magnifier of the compact header opens it first.
 */
async function headerSearch(page: Page, label: string, text: string) {
  const box = page.getByRole('searchbox', { name: label }).filter({ visible: true });
  if ((await box.count()) === 0) await page.locator('header summary').filter({ hasText: label }).click();
  await box.first().fill(text);
  await box.first().press('Enter');
}
const total = async (page: Page, search: string) =>
  (await listProducts(page.request, `search=${encodeURIComponent(search)}&limit=1`)).pagination.total;

test('in English, "amber" typed in the header search finds the amber prayer beads @phone', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/en');
  await waitForHydration(page);

  await headerSearch(page, 'Search products', 'amber');
  // The search stays on the English address.
  await expect(page).toHaveURL(/\/en\/products\?search=amber/);

  const amber = await listProducts(page.request, 'search=amber&limit=12');
  expect(amber.pagination.total).toBeGreaterThanOrEqual(10);
  await expect(cardNames(page)).toHaveCount(Math.min(12, amber.pagination.total));
  // English pages name the products in English.
  await expect(cardNames(page).first()).toHaveText(amber.products[0]!.name_en!);
  for (const name of await cardNames(page).allTextContents()) expect(name).toMatch(/Amber/);
  expect(problems).toEqual([]);
});

test('every word the English search box suggests finds products', async ({ page }) => {
  await page.goto('/en/products');
  const placeholder = await page.getByRole('searchbox', { name: 'Search products' }).first().getAttribute('placeholder');
  // "Search rosaries, amber, yusr...": the words after "Search".
  const words = placeholder!
    .replace(/^Search\s+/, '')
    .replace(/[.…]+$/, '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  expect(words.length).toBeGreaterThanOrEqual(2);
  for (const word of words) expect(await total(page, word), word).toBeGreaterThan(0);
  // And the transliterations shoppers use.
  for (const word of ['sebha', 'misbaha', 'tasbih', 'kahraman', 'kuka']) expect(await total(page, word), word).toBeGreaterThan(0);
});

test('in Arabic, "السبحة" finds as many products as "سبحة" @phone', async ({ page }) => {
  const bare = await listProducts(page.request, `search=${encodeURIComponent('سبحة')}&limit=12`);
  const withArticle = await listProducts(page.request, `search=${encodeURIComponent('السبحة')}&limit=12`);
  expect(bare.pagination.total).toBeGreaterThanOrEqual(48);
  expect(withArticle.pagination.total).toBe(bare.pagination.total);

  await page.goto('/');
  await waitForHydration(page);
  await headerSearch(page, 'البحث في المنتجات', 'السبحة');
  await expect(page).toHaveURL(/\/products\?search=/);
  await expect(cardNames(page)).toHaveCount(12);
  await expect(cardNames(page)).toHaveText(withArticle.products.map((product) => product.name));

  const amber = await total(page, 'كهرمان');
  expect(await total(page, 'بالكهرمان')).toBe(amber);
  expect(await total(page, 'والكهرمان')).toBe(amber);
});
