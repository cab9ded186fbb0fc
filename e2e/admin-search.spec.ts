import { expect, test, type Page } from '@playwright/test';
import { listProducts, signInAsAdmin, waitForHydration } from './support';

/**
 * The owner extends the search: a word added in the back office's "Search
 * words" tab finds its products at once, and deleting it stops that. The word is made up for this
 * run and deleted at the end, so no other test sees it.
 */

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });
const cardNames = (page: Page) => page.getByRole('main').locator('article').getByRole('link');

test('the admin adds a search word, the storefront finds its products, deleting it stops that @phone', async ({ page }, testInfo) => {
  const token = await signInAsAdmin(page);
  const term = `zq${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`;
  const kuka = await listProducts(page.request, `search=${encodeURIComponent('كوك')}&limit=12`);
  expect(kuka.pagination.total).toBeGreaterThan(0);
  expect((await listProducts(page.request, `search=${term}&limit=1`)).pagination.total).toBe(0);

  try {
    await page.goto('/admin?tab=search');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'كلمات البحث' })).toBeVisible();
    // The shop's first words are listed.
    await page.getByLabel('تصفية القائمة').fill('kahraman');
    await expect(page.getByText('kahraman', { exact: true }).filter({ visible: true }).first()).toBeVisible();
    await page.getByLabel('تصفية القائمة').fill('');

    await page.getByRole('button', { name: 'إضافة كلمة بحث' }).filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    // Checked before sending, in the admin's language.
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    await expect(dialog.getByText('اكتب الكلمة أو العبارة التي يبحث بها الزبون')).toBeVisible();
    await dialog.getByLabel('الكلمة أو العبارة التي يكتبها الزبون').fill(term);
    await dialog.getByLabel('الكلمات المقابلة لها').fill('الكوك، كوك');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/search-synonyms') && response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'إضافة', exact: true }).click();
    const reply = await saved;
    expect(reply.status(), await reply.text()).toBe(201);
    await expect(toast(page, `تمت إضافة كلمة البحث ${term}`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // At once, in the storefront.
    await page.goto(`/products?search=${term}`);
    await expect(cardNames(page)).toHaveCount(Math.min(12, kuka.pagination.total));
    await expect(cardNames(page)).toHaveText(kuka.products.map((product) => product.name));

    await page.goto(`/admin?tab=search&q=${term}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: `حذف ${term}` }).filter({ visible: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
    await expect(toast(page, `تم حذف كلمة البحث ${term}`)).toBeVisible();
    expect((await listProducts(page.request, `search=${term}&limit=1`)).pagination.total).toBe(0);
  } finally {
    // Whatever happened above, the made-up word does not stay in the shop.
    const list = await page.request.get('/api/admin/search-synonyms', { headers: { authorization: `Bearer ${token}` } });
    const { synonyms } = (await list.json()) as { synonyms: Array<{ id: number; term: string }> };
    for (const synonym of synonyms.filter((row) => row.term === term)) {
      await page.request.delete(`/api/admin/search-synonyms/${synonym.id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  }
});
