import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatShopDate } from '@shop/shared';
import { listCategories, signInAsAdmin, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * The activity trail in words (issue 30, item 4): the owner edits a product's price in the back
 * office, and the Activity tab says so in Arabic: the field's label, the prices as charged
 * (32.000 → 33.000 د.ك, not 0.032 → 0.033), the moment on Kuwait's clock, and the product named
 * with a link to its screen. The product is a draft made for the test and deleted after it, so
 * no storefront test ever sees it.
 */


async function draftProduct(request: APIRequestContext, token: string, name: string): Promise<number> {
  const { categories } = await listCategories(request);
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name,
      price: '32',
      stock_quantity: '2',
      category_id: String(categories[0]!.id),
      status: 'draft',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: { id: number } }).product.id;
}

test('a price edit reads in words on the activity trail, in Kuwait time, linked to the product (ar) @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'ar');
  const problems = watchConsole(page);
  const token = await signInAsAdmin(page);
  const name = `مسبحة نشاط ${page.viewportSize()?.width ?? 0}-${Date.now().toString(36)}`;
  const id = await draftProduct(page.request, token, name);
  try {
    // The owner raises the price from 32 to 33 dinars on the product's screen.
    await page.goto(`/admin/products/edit/${id}`);
    await waitForHydration(page);
    await expect(page.locator('#product-name')).toHaveValue(name);
    await page.locator('#product-price').fill('33');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('[aria-live="polite"]').getByText('تم تحديث المنتج بنجاح', { exact: true })).toBeVisible();

    // The Activity tab, products only: the newest entry for this product is the edit.
    await page.goto('/admin?tab=activity&entity=products');
    await waitForHydration(page);
    const entry = page.locator('li').filter({ hasText: name }).filter({ hasText: 'تعديل' }).first();
    await expect(entry).toBeVisible();
    // The trail fits the screen: no sideways scroll on a phone or a laptop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The price with its Arabic label, in dinars as charged, never the column name or fils.
    const price = entry.locator('dt', { hasText: /^السعر:$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(price).toHaveText(/^32\.000 د\.ك\s*←.*33\.000 د\.ك$/);
    await expect(entry).not.toContainText('price');
    await expect(entry).not.toContainText('0.032');

    // When: Kuwait's clock, in Arabic.
    const time = entry.locator('time');
    const moment = await time.getAttribute('datetime');
    expect(moment).toBeTruthy();
    await expect(time).toHaveText(formatShopDate(moment!, 'ar', { withTime: true }));
    await expect(time).not.toContainText('T');

    // The product is named and linked to its screen; the link is a full-size target on a phone.
    // The name is isolated from the sentence around it (U+2068 … U+2069).
    const link = entry.getByRole('link', { name: new RegExp(`^فتح منتج «\u2068?${name}\u2069?»$`) });
    await expect(link).toHaveText(new RegExp(`^منتج «\u2068?${name}\u2069?»$`));
    await expect(link).toHaveAttribute('href', `/admin/products/edit/${id}`);
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${id}$`));
    await expect(page.locator('#product-name')).toHaveValue(name);
    expect(problems).toEqual([]);
  } finally {
    await page.request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});
