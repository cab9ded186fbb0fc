import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatPrice, moneyFormat, toThousandths, type Product, type ProductAttribute } from '@shop/shared';
import {
  getSettings,
  listProducts,
  productAttributes,
  useLanguage,
  waitForHydration,
  watchConsole,
} from './support';

/** Products of the first list page (newest first), the page the shopper adds from. */
async function firstPageProducts(request: APIRequestContext) {
  return (await listProducts(request, 'limit=12')).products;
}

/** An in-stock product of the first list page with no attributes and at least `stock` pieces. */
async function simpleProduct(request: APIRequestContext, products: Product[], accept: (stock: number) => boolean) {
  for (const product of products.filter((item) => item.in_stock && accept(item.stock_quantity))) {
    if ((await productAttributes(request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store has no suitable product without attributes');
}

/** An in-stock product with attributes, its cheapest choice of each and the unit price. */
async function productWithOptions(request: APIRequestContext) {
  const { products } = await listProducts(request, 'limit=100');
  for (const product of products.filter((item) => item.stock_quantity > 5)) {
    const attributes = await productAttributes(request, product.id);
    if (attributes.length > 0) {
      const choices = attributes.map(
        (attribute: ProductAttribute) =>
          [...attribute.variations].sort((a, b) => a.additional_price - b.additional_price)[0]!,
      );
      const unit =
        toThousandths(product.current_price) +
        choices.reduce((sum, choice) => sum + toThousandths(choice.additional_price), 0);
      return { product, choices, unit };
    }
  }
  throw new Error('The demo store has no product with attributes');
}

const cartBadge = (page: Page) => page.locator('header a[href="/cart"] span[aria-hidden="true"]');
const cardButton = (page: Page, product: Product) =>
  page.getByRole('button', { name: `أضف ${product.name} إلى السلة`, exact: true });

test.describe('cart', () => {
  test('adds from a card and from a product page, then plus, minus and remove on the cart page @phone', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    // The cart shows what is charged: the currency's decimals, "د.ك" on this Arabic page.
    const money = moneyFormat(await getSettings(request), 'ar');
    const price = (value: number) => formatPrice(value, money);
    const simple = await simpleProduct(request, await firstPageProducts(request), (stock) => stock >= 3);
    const { product: optioned, choices, unit } = await productWithOptions(request);

    await page.goto('/products');
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveCount(0);
    await cardButton(page, simple).click();
    await expect(page.getByText('تمت إضافة المنتج إلى السلة!')).toBeVisible();
    await expect(cartBadge(page)).toHaveText('1');

    await page.goto(`/products/${optioned.id}`);
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveText('1');
    for (const choice of choices) {
      await page.getByRole('radio', { name: new RegExp(`^${choice.title}`) }).check({ force: true });
    }
    await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click();
    await expect(cartBadge(page)).toHaveText('2');

    await page.goto('/cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'سلة التسوق' })).toBeVisible();
    const simpleLine = page.locator('article[data-cart-line]', { hasText: simple.name });
    const optionedLine = page.locator('article[data-cart-line]', { hasText: optioned.name });
    await expect(simpleLine).toBeVisible();
    await expect(optionedLine).toBeVisible();
    for (const choice of choices) await expect(optionedLine.getByText(choice.title)).toBeVisible();
    const simpleUnit = toThousandths(simple.current_price);
    await expect(page.getByTestId('cart-total')).toHaveText(price(simpleUnit + unit));
    await expect(page.getByTestId('cart-items-count')).toHaveText('2');
    // Delivery depends on the area and is added at checkout: never "free" here.
    await expect(page.getByTestId('cart-shipping-hint')).toHaveText('تختلف رسوم التوصيل حسب المنطقة وتُضاف عند إتمام الطلب.');
    await expect(page.getByText('مجاني', { exact: true })).toHaveCount(0);

    await simpleLine.getByRole('button', { name: `زيادة كمية ${simple.name}` }).click();
    await expect(page.getByText('تم تحديث السلة!')).toBeVisible();
    await expect(simpleLine.locator('output')).toHaveText('2');
    await expect(cartBadge(page)).toHaveText('3');
    await expect(page.getByTestId('cart-total')).toHaveText(price(2 * simpleUnit + unit));

    await simpleLine.getByRole('button', { name: `إنقاص كمية ${simple.name}` }).click();
    await expect(simpleLine.locator('output')).toHaveText('1');
    await expect(cartBadge(page)).toHaveText('2');

    // Minus at quantity 1 takes the line out.
    await simpleLine.getByRole('button', { name: `إنقاص كمية ${simple.name}` }).click();
    await expect(page.getByText('تم حذف المنتج من السلة')).toBeVisible();
    await expect(simpleLine).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(price(unit));
    await expect(cartBadge(page)).toHaveText('1');

    await optionedLine.getByRole('button', { name: `حذف ${optioned.name} من السلة` }).click();
    await expect(page.getByRole('heading', { name: 'سلة التسوق فارغة' })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('refuses more than the stock, on the card and on the cart page', async ({ page, request }) => {
    const problems = watchConsole(page);
    const scarce = await simpleProduct(request, await firstPageProducts(request), (stock) => stock >= 1 && stock <= 3);
    const notEnough = 'لا يمكن إضافة المزيد لأن الكمية المتوفرة في المخزون غير كافية';

    // The whole stock is already in this shopper's cart (same browser context, same cookie).
    const added = await page.request.post('/api/cart/add', {
      data: { product_id: scarce.id, quantity: scarce.stock_quantity, selected_attributes: {} },
    });
    expect(added.ok()).toBe(true);

    await page.goto('/products');
    await waitForHydration(page);
    await expect(cartBadge(page)).toHaveText(String(scarce.stock_quantity));
    await cardButton(page, scarce).click();
    await expect(page.getByText(notEnough)).toBeVisible();
    // The message goes away on its own after three seconds.
    await expect(page.getByText(notEnough)).toHaveCount(0, { timeout: 6_000 });
    await expect(cartBadge(page)).toHaveText(String(scarce.stock_quantity));

    await page.goto('/cart');
    await waitForHydration(page);
    const plus = page.getByRole('button', { name: `زيادة كمية ${scarce.name}` });
    await expect(plus).toBeDisabled();
    await plus.click({ force: true });
    await expect(page.getByText(notEnough)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('clears the cart after confirmation, in English', async ({ page, context, baseURL }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'en');
    const { products } = await listProducts(page.request, 'limit=100');
    const product = products.find((item) => item.in_stock && item.stock_quantity >= 2)!;
    const attributes = await productAttributes(page.request, product.id);
    const selected = Object.fromEntries(
      attributes.map((attribute) => [attribute.id, { variation_id: attribute.variations[0]!.id, title: attribute.variations[0]!.title }]),
    );
    const added = await page.request.post('/api/cart/add', {
      data: { product_id: product.id, quantity: 2, selected_attributes: selected },
    });
    expect(added.ok()).toBe(true);

    await page.goto('/en/cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/en/checkout');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter a discount code')).toBeVisible();

    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('article[data-cart-line]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await page.getByRole('button', { name: 'Yes, clear the cart' }).click();
    await expect(page.getByText('Cart cleared!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
    await expect(cartBadge(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
