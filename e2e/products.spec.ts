import { expect, test, type Page } from '@playwright/test';
import { filterCategories, sortCategories } from '@shop/shared';
import { productListCount } from './counted';
import { listCategories, listProducts, waitForHydration, watchConsole } from './support';

const cardNames = (page: Page) => page.getByRole('main').locator('article').getByRole('link');

async function expectNames(page: Page, names: string[]) {
  await expect(cardNames(page)).toHaveText(names);
}

test.describe('product list', () => {
  test('shows 12 products per page and the count line', async ({ page, request }) => {
    const problems = watchConsole(page);
    const expected = await listProducts(request, 'page=1&limit=12');
    await page.goto('/products');
    await expect(cardNames(page)).toHaveCount(12);
    await expectNames(page, expected.products.map((product) => product.name));
    await expect(page.getByText(productListCount('ar', 1, 12, expected.pagination.total), { exact: true })).toBeVisible();
    await waitForHydration(page);
    expect(problems).toEqual([]);
  });

  test('a sold-out product’s card says so on its button, in both languages, and offers no add', async ({ page, request }) => {
    const listed = await listProducts(request, 'page=1&limit=12');
    const soldOut = listed.products.find((product) => !product.in_stock);
    // The demo store lists a sold-out piece among its newest.
    expect(soldOut, 'a sold-out product on the first page').toBeDefined();
    await page.goto('/products');
    const arabic = page.getByRole('button', { name: `نفدت كمية ${soldOut!.name}`, exact: true });
    await expect(arabic).toHaveText('نفدت الكمية');
    await expect(arabic).toBeDisabled();
    await page.goto('/en/products');
    const english = page.getByRole('button', { name: `${soldOut!.name_en ?? soldOut!.name} is sold out`, exact: true });
    await expect(english).toHaveText('Sold out');
    await expect(english).toBeDisabled();
    // A product in stock still offers the add.
    const inStock = listed.products.find((product) => product.in_stock)!;
    await expect(page.getByRole('button', { name: `Add ${inStock.name_en ?? inStock.name} to cart`, exact: true })).toBeEnabled();
  });

  test('sorting by price updates the URL and the order', async ({ page, request }) => {
    const expected = await listProducts(request, 'sort=price&order=asc&limit=12');
    await page.goto('/products');
    await waitForHydration(page);
    await page.getByLabel('ترتيب حسب').selectOption({ label: 'السعر: من الأقل إلى الأعلى' });
    await expect(page).toHaveURL(/sort=price/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('sort')).toBe('price');
    expect(params.get('order')).toBe('asc');
    await expectNames(page, expected.products.map((product) => product.name));
  });

  test('search, featured and category filters are mirrored in the query string', async ({ page, request }) => {
    await page.goto('/products');
    await waitForHydration(page);

    await page.getByLabel('كلمة البحث').fill('كهرمان');
    await expect(page).toHaveURL(/search=/);
    expect(new URL(page.url()).searchParams.get('search')).toBe('كهرمان');
    const amber = await listProducts(request, `search=${encodeURIComponent('كهرمان')}&limit=12`);
    expect(amber.pagination.total).toBeGreaterThan(0);
    await expect(cardNames(page)).toHaveCount(Math.min(12, amber.pagination.total));
    await expect(cardNames(page).first()).toHaveText(amber.products[0]!.name);

    await page.getByLabel('كلمة البحث').fill('');
    await expect(page).not.toHaveURL(/search=/);

    await page.getByLabel('المنتجات المميزة فقط').check();
    await expect(page).toHaveURL(/featured=true/);
    const featured = await listProducts(request, 'featured=true&limit=12');
    await expectNames(page, featured.products.map((product) => product.name));
    await page.getByLabel('المنتجات المميزة فقط').uncheck();
    await expect(page).not.toHaveURL(/featured=/);

    const { flat_categories } = await listCategories(request);
    const category = flat_categories.find((item) => item.slug === 'yusr')!;
    await page.getByLabel('الفئة').selectOption({ value: category.slug });
    await expect(page).toHaveURL(/(category=yusr|\/category\/yusr)/);
    const yusr = await listProducts(request, 'category=yusr&limit=12');
    await expectNames(page, yusr.products.map((product) => product.name));
  });

  test('pagination moves between pages and a filter change returns to page 1', async ({ page, request }) => {
    const second = await listProducts(request, 'page=2&limit=12');
    await page.goto('/products');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'الصفحات' }).getByRole('link', { name: 'التالي' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectNames(page, second.products.map((product) => product.name));
    await expect(page.getByText(productListCount('ar', 13, 24, second.pagination.total), { exact: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'الصفحات' }).getByRole('link', { name: 'السابق' }).click();
    await expect(page).not.toHaveURL(/page=/);

    await page.getByRole('navigation', { name: 'الصفحات' }).getByRole('link', { name: /3/ }).first().click();
    await expect(page).toHaveURL(/page=3/);
    await page.getByLabel('ترتيب حسب').selectOption({ label: 'الأقدم' });
    await expect(page).toHaveURL(/order=asc/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  });

  test('a search with no result says so', async ({ page }) => {
    await page.goto(`/products?search=${encodeURIComponent('zzzzqqqq')}`);
    await expect(page.getByRole('main').getByText(/لا توجد منتجات/).first()).toBeVisible();
    await expect(cardNames(page)).toHaveCount(0);
  });
});

test.describe('category page', () => {
  test('lists the category with its subcategories’ products', async ({ page, request }) => {
    const { flat_categories } = await listCategories(request);
    const amber = flat_categories.find((item) => item.slug === 'amber')!;
    const expected = await listProducts(request, 'category=amber&limit=12');
    expect(expected.pagination.total).toBe(amber.product_count);

    const response = await page.goto('/category/amber');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(amber.name);
    await expectNames(page, expected.products.map((product) => product.name));
  });

  test('an unknown category is a 404', async ({ page }) => {
    const response = await page.goto('/category/no-such-category');
    expect(response?.status()).toBe(404);
  });
});

test.describe('categories page', () => {
  test('searches and sorts on the client and shows the count @phone', async ({ page, request }) => {
    const { flat_categories } = await listCategories(request);
    await page.goto('/categories');
    await waitForHydration(page);
    const cards = page.getByRole('main').locator('article');
    await expect(cards).toHaveCount(flat_categories.length);

    await page.getByLabel('ابحث في الفئات', { exact: true }).fill('فيروز');
    const matching = filterCategories(flat_categories, 'فيروز');
    expect(matching.length).toBeGreaterThan(0);
    await expect(cards).toHaveCount(matching.length);
    await page.getByLabel('ابحث في الفئات', { exact: true }).fill('');
    await expect(cards).toHaveCount(flat_categories.length);

    const byCount = sortCategories(flat_categories, 'product_count', 'desc');
    await page.getByLabel('ترتيب حسب').selectOption({ value: 'product_count' });
    await page.getByLabel('الاتجاه').selectOption({ value: 'desc' });
    await expect(cards.first()).toContainText(byCount[0]!.name);
  });
});
