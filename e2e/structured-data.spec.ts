import { expect, test, type Page } from '@playwright/test';
import type { Product } from '@shop/shared';
import { checkAgainstGoogle } from '../apps/web/app/lib/structured-data.test-support';
import { listCategories, listProducts } from './support';

type Node = Record<string, unknown>;

/** Every JSON-LD block of the page as the server sent it, each parsed (a broken one fails here). */
async function jsonLdBlocks(page: Page): Promise<Node[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Node);
}

const ofType = (blocks: Node[], type: string) => blocks.filter((block) => block['@type'] === type);

/** The page's BreadcrumbList: one, numbered 1..n, every step an absolute address and a name. */
function expectBreadcrumb(blocks: Node[], lastPath: string) {
  const [list, ...more] = ofType(blocks, 'BreadcrumbList');
  expect(more).toHaveLength(0);
  const items = (list?.itemListElement ?? []) as Node[];
  expect(items.length).toBeGreaterThanOrEqual(2);
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  for (const item of items) {
    expect(String(item.name).trim()).not.toBe('');
    expect(new URL(String(item.item)).protocol).toMatch(/^https?:$/);
  }
  expect(new URL(String(items[0]!.item)).pathname).toBe('/');
  expect(new URL(String(items.at(-1)!.item)).pathname).toBe(lastPath);
}

async function meta(page: Page, key: string): Promise<string | null> {
  const tag = page.locator(`meta[property="${key}"], meta[name="${key}"]`);
  return (await tag.count()) > 0 ? tag.first().getAttribute('content') : null;
}

test.describe('structured data and sharing tags', () => {
  test('a product page: Product with its offer and a breadcrumb, Google’s required properties, share tags', async ({ page, request }) => {
    const { products } = await listProducts(request, 'limit=100');
    const product = products.find((item: Product) => item.sale_price !== null && item.gallery.length > 0 && item.category_slug)
      ?? products.find((item: Product) => item.gallery.length > 0 && item.category_slug);
    if (!product) throw new Error('The demo store has no product with a picture and a category');

    await page.goto(`/products/${product.id}`);
    const blocks = await jsonLdBlocks(page);
    expect(blocks.map((block) => block['@type']).sort()).toEqual(['BreadcrumbList', 'Product']);
    const [productData] = ofType(blocks, 'Product');
    expect(productData).toMatchObject({ name: product.name, url: expect.stringMatching(new RegExp(`/products/${product.id}$`)) });
    const offer = productData!.offers as Node;
    expect(offer.price).toBe(product.current_price.toFixed(3));
    expect(offer.priceCurrency).toBe('KWD');
    if (product.sale_price !== null)
      expect(offer.priceSpecification).toMatchObject({ priceType: 'https://schema.org/StrikethroughPrice', price: product.price.toFixed(3) });
    expect(offer.shippingDetails).toEqual([expect.objectContaining({ shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'KW' } })]);
    expect(offer.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 14, returnFees: 'https://schema.org/FreeReturn' });
    expect(checkAgainstGoogle(blocks).missingRequired).toEqual([]);
    expectBreadcrumb(blocks, `/products/${product.id}`);

    const title = await page.title();
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'twitter:title')).toBe(title);
    expect(await meta(page, 'twitter:description')).toBe(await meta(page, 'description'));
    expect(await meta(page, 'twitter:image')).toBe(await meta(page, 'og:image'));
    expect(await meta(page, 'og:image:alt')).toBe(product.name);
    expect(await meta(page, 'twitter:image:alt')).toBe(product.name);
  });

  test('a category page: a breadcrumb from the home page to the category', async ({ page, request }) => {
    const { flat_categories: categories } = await listCategories(request);
    const category = categories.find((item) => item.parent_id !== null) ?? categories[0];
    if (!category) throw new Error('The demo store has no category');
    await page.goto(`/category/${encodeURIComponent(category.slug)}`);
    const blocks = await jsonLdBlocks(page);
    expect(blocks.map((block) => block['@type'])).toEqual(['BreadcrumbList']);
    expectBreadcrumb(blocks, `/category/${encodeURIComponent(category.slug)}`);
    const items = blocks[0]!.itemListElement as Node[];
    expect(items.at(-1)!.name).toBe(category.name);
    expect(checkAgainstGoogle(blocks).missingRequired).toEqual([]);
    expect(await meta(page, 'twitter:title')).toBe(await page.title());
  });

  test('the home page: the store and the site with its search', async ({ page }) => {
    await page.goto('/');
    const blocks = await jsonLdBlocks(page);
    expect(blocks.map((block) => block['@type'])).toEqual(['OnlineStore', 'WebSite']);
    const check = checkAgainstGoogle(blocks);
    expect(check.missingRequired).toEqual([]);
    const [website] = ofType(blocks, 'WebSite');
    const template = String((website!.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate);
    expect(template).toContain('{search_term_string}');
    expect(await meta(page, 'twitter:title')).toBe(await page.title());
    // The search address the site names is the shop's own search.
    const search = new URL(template.replace('{search_term_string}', encodeURIComponent('سبحة')));
    const answer = await page.goto(`${search.pathname}${search.search}`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('searchbox').first()).toHaveValue('سبحة');
  });
});
