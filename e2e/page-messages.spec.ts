/**
 * Decision 022: a page carries only the message namespaces it declares. A text whose namespace
 * did not travel with the page shows as its key ("catalog.list.title"); these journeys visit every
 * storefront page in Arabic and English, on a first load and after client navigations (where a
 * route's messages arrive with its data), and look for a key anywhere a shopper or a screen reader
 * would meet it. apps/web/app/i18n/route-messages.test.ts checks the same rule in the source.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pathInLanguage, type Product } from '@shop/shared';
import { listProducts, productAttributes, useLanguage, waitForHydration, watchConsole } from './support';

const messagesDirectory = fileURLToPath(new URL('../apps/web/app/i18n/messages/', import.meta.url));
const namespaces = [...new Set(fs.readdirSync(messagesDirectory).map((file) => file.split('.')[0]!))];
const rawKey = new RegExp(`(?:^|[^\\w/.-])((?:${namespaces.join('|')})\\.[a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*)`);

/** Every message key shown on the page: text, names and hints of controls, title, description. */
async function rawKeysOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title];
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) found.push(description);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style')) continue;
      found.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  return texts.map((text) => rawKey.exec(text)?.[1]).filter((key): key is string => key !== undefined);
}

async function simpleProduct(page: Page): Promise<Product> {
  const { products } = await listProducts(page.request, 'limit=50');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 2)) {
    if ((await productAttributes(page.request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store has no product in stock without options');
}

for (const lang of ['ar', 'en'] as const) {
  test.describe(`messages of each page (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useLanguage(context, baseURL!, lang);
    });

    test('every storefront page, loaded directly, shows texts and no message keys', async ({ page }) => {
      test.setTimeout(120_000);
      const product = await simpleProduct(page);
      const added = await page.request.post('/api/cart/add', { data: { product_id: product.id, quantity: 1, selected_attributes: {} } });
      expect(added.ok()).toBe(true);
      const { products } = await listProducts(page.request, 'limit=1');
      const category = products[0]!.category_slug;
      const paths = [
        '/',
        '/products',
        '/products?search=zzzz-nothing',
        `/products/${product.id}`,
        '/products/999999999',
        '/categories',
        ...(category ? [`/category/${category}`] : []),
        '/category/no-such-category',
        '/cart',
        '/checkout',
        '/order-status/SB-00000000-0000',
        '/payment-success',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/verify-code',
        '/privacy',
        '/terms',
        '/return-policy',
        '/no/such/page',
      ];
      for (const target of paths) {
        await page.goto(pathInLanguage(target, lang));
        await waitForHydration(page);
        expect(await rawKeysOn(page), target).toEqual([]);
      }
    });

    test('pages reached by client navigation bring their own messages @phone', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(pathInLanguage('/', lang));
      await waitForHydration(page);
      // A whole page carries its catalogues once each, in data scripts its loader data names.
      await expect(page.locator('script[type="application/json"][id^="catalogue@"]')).toHaveCount(2);
      // Home → a product (its messages come with the route's data, not with the first page).
      await page.locator(`main a[href^="${pathInLanguage('/products/', lang)}"]`).first().click();
      await expect(page).toHaveURL(/\/products\/\d+$/);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await rawKeysOn(page), 'product').toEqual([]);
      // → the cart, then the terms: namespaces the first page never carried.
      await page.goto(pathInLanguage('/products', lang));
      await waitForHydration(page);
      await page.locator(`header a[href="${pathInLanguage('/cart', lang)}"]:visible`).first().click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await rawKeysOn(page), 'cart').toEqual([]);
      await page.locator(`footer a[href="${pathInLanguage('/terms', lang)}"]`).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.locator('main h1')).toBeVisible();
      expect(await rawKeysOn(page), 'terms').toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
