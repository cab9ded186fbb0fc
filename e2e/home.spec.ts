import { expect, test } from '@playwright/test';
import { expectDocumentLanguage, getSettings, listProducts, waitForHydration, watchConsole } from './support';

test.describe('home', () => {
  test('renders in Arabic, right to left, with the demo store @phone', async ({ page, request }) => {
    const problems = watchConsole(page);
    const settings = await getSettings(request);
    const featured = await listProducts(request, 'featured=true&limit=8');

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expectDocumentLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(settings.store_name);
    await expect(page.getByRole('link', { name: 'تسوق الآن' }).first()).toBeVisible();

    const firstFeatured = featured.products[0]!;
    await expect(page.getByRole('link', { name: firstFeatured.name }).first()).toBeVisible();
    await waitForHydration(page);
    expect(problems).toEqual([]);
  });

  test('the slider comes with its first picture only, and the others once the page runs', async ({ browser, page }) => {
    // Nested: the carousel and each of its slides carry a role description.
    const slidesOf = (slider: ReturnType<typeof page.locator>) => slider.locator('[aria-roledescription]');
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScripts.newPage();
      await plain.goto('/');
      const slider = plain.locator('section[aria-roledescription]');
      expect(await slidesOf(slider).count()).toBeGreaterThan(1);
      await expect(slider.locator('img')).toHaveCount(1);
    } finally {
      await noScripts.close();
    }
    // After hydration (in a transition, decision 067) every slide has its picture.
    await page.goto('/');
    await waitForHydration(page);
    const slider = page.locator('section[aria-roledescription]');
    await expect(slider.locator('img')).toHaveCount(await slidesOf(slider).count());
  });

  test('its sections are whole without scripts, and come in after a client navigation', async ({ browser, page, request }) => {
    const featured = await listProducts(request, 'featured=true&limit=8');
    const latest = await listProducts(request, 'page=1&limit=12');
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScripts.newPage();
      await plain.goto('/');
      const featuredSection = plain.getByRole('region', { name: 'منتجات مميزة' });
      await expect(featuredSection.getByRole('link', { name: featured.products[0]!.name })).toBeVisible();
      await expect(plain.getByRole('region', { name: 'أحدث المنتجات' }).getByRole('article')).toHaveCount(latest.products.length);
    } finally {
      await noScripts.close();
    }

    // From another page, the home page's sections arrive as a client navigation's data.
    await page.goto('/categories');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'الرئيسية' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('region', { name: 'منتجات مميزة' }).getByRole('link', { name: featured.products[0]!.name }),
    ).toBeVisible();
  });

  test('the header search goes to the product list with the text', async ({ page, isMobile }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = page.getByRole('searchbox', { name: 'البحث في المنتجات' });
    await search.fill('كهرمان');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=/);
    expect(new URL(page.url()).searchParams.get('search')).toBe('كهرمان');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    test.info().annotations.push({ type: 'viewport', description: isMobile ? 'phone' : 'desktop' });
  });
});
