import { expect, test, type Page } from '@playwright/test';
import type { Product } from '@shop/shared';
import { listCategories, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/** The product edit screen's stock history (docs/decisions/054): a stock edit shows as its row. */

const text = {
  ar: {
    save: 'حفظ التغييرات',
    saved: 'تم تحديث المنتج بنجاح',
    history: 'تغييرات المخزون',
    edited: 'تعديل في لوحة التحكم',
    created: 'إنشاء المنتج',
    level: 'المخزون بعده',
  },
  en: {
    save: 'Save the changes',
    saved: 'Product updated successfully',
    history: 'Stock changes',
    edited: 'Edited in the back office',
    created: 'Product created',
    level: 'Stock after',
  },
} as const;

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const) {
  test(`the owner edits a product's stock and sees the change in its stock history (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    const auth = { authorization: `Bearer ${token}` };
    const tag = `${lang}${page.viewportSize()?.width ?? 0}-${Date.now().toString(36)}`;
    const category = (await listCategories(page.request)).flat_categories[0]!;
    const created = await page.request.post('/api/products', {
      headers: auth,
      multipart: { name: `سبحة السجل ${tag}`, name_en: `Ledger beads ${tag}`, price: '9', stock_quantity: '5', category_id: String(category.id), status: 'draft' },
    });
    expect(created.status()).toBe(201);
    const product = ((await created.json()) as { product: Product }).product;
    try {
      await page.goto(`/admin/products/edit/${product.id}`);
      await waitForHydration(page);
      const history = page.getByRole('list', { name: text[lang].history, exact: true });
      await expect(history.getByRole('listitem')).toHaveCount(1);
      await expect(history.getByRole('listitem').first()).toContainText(text[lang].created);
      await expect(history.getByRole('listitem').first()).toContainText('+5');

      await page.locator('#product-stock_quantity').fill('8');
      await page.getByRole('button', { name: text[lang].save, exact: true }).click();
      await expect(toast(page, text[lang].saved)).toBeVisible();
      // A save goes back to the list; the product's screen shows its history again.
      await expect(page).not.toHaveURL(/\/edit\//);
      await page.goto(`/admin/products/edit/${product.id}`);
      await waitForHydration(page);

      // The newest first: +3, 8 in stock after it, the edit's reason.
      await expect(history.getByRole('listitem')).toHaveCount(2);
      const newest = history.getByRole('listitem').first();
      await expect(newest).toContainText(text[lang].edited);
      await expect(newest).toContainText('+3');
      await expect(newest).toContainText(`${text[lang].level}: 8`);
      await expect(newest.locator('time')).toHaveText(/\d{1,2}:\d{2}/);

      // A phone's screen holds the panel without scrolling sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    } finally {
      await page.request.delete(`/api/products/${product.id}`, { headers: auth });
    }
  });
}
