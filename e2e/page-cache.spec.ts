import { expect, test, type Page } from '@playwright/test';
import { listProducts, productAttributes, waitForHydration, watchConsole } from './support';

/**
 * Decision 029: guests get whole pages from the page cache, and their own bits (the cart
 * count) are filled in by the browser; a signed-in shopper's pages are rendered for them.
 */

const cartLink = (page: Page) => page.locator('header a[href="/cart"], header a[href="/en/cart"]').first();

async function cacheOf(page: Page, path: string): Promise<string | undefined> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return (await response!.allHeaders())['x-cache'];
}

test('a guest page comes from the cache and still shows their own cart count @phone', async ({ page }) => {
  const problems = watchConsole(page);
  // The same page twice: the second visit at the latest is answered from the cache. Another
  // test's back-office change may empty the cache in between, hence a few visits at most.
  await expect.poll(() => cacheOf(page, '/categories')).toBe('HIT');
  await waitForHydration(page);

  const { products } = await listProducts(page.request, 'limit=100');
  const product = products.find((item) => item.in_stock && item.stock_quantity > 5)!;
  const attributes = await productAttributes(page.request, product.id);
  const selected = Object.fromEntries(attributes.map((attribute) => [String(attribute.id), attribute.variations[0]!.id]));
  const added = await page.request.post('/api/cart/add', {
    data: { product_id: product.id, quantity: 2, selected_attributes: selected },
  });
  expect(added.ok()).toBe(true);

  // The kept page is the one every guest gets; this browser asks for its own count.
  await expect.poll(() => cacheOf(page, '/categories')).toBe('HIT');
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'السلة، منتجان');

  // The English page is its own address, kept apart.
  await expect.poll(() => cacheOf(page, '/en/categories')).toBe('HIT');
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
  expect((await page.request.delete('/api/cart/clear')).ok()).toBe(true);
  expect(problems).toEqual([]);
});
