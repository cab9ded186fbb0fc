import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatPrice, formatSignedPrice, moneyFormat, toThousandths, type Product, type ProductAttribute } from '@shop/shared';
import {
  getSettings,
  listProducts,
  productAttributes,
  useLanguage,
  waitForHydration,
  watchConsole,
} from './support';

/** The first in-stock product offering at least two attributes, with paid options. */
async function productWithAttributes(request: APIRequestContext) {
  const { products } = await listProducts(request, 'limit=100&sort=name&order=asc');
  for (const product of products.filter((item) => item.stock_quantity > 5)) {
    const attributes = await productAttributes(request, product.id);
    const paid = attributes.every((attribute) => attribute.variations.some((variation) => variation.additional_price > 0));
    if (attributes.length >= 2 && paid) return { product, attributes };
  }
  throw new Error('The demo store has no product with two priced attributes');
}

const mostExpensive = (attribute: ProductAttribute) =>
  [...attribute.variations].sort((a, b) => b.additional_price - a.additional_price)[0]!;

test.describe('product detail', () => {
  test('add to cart waits for every attribute and the price includes the surcharges @phone', async ({ page, request }) => {
    const problems = watchConsole(page);
    const { product, attributes } = await productWithAttributes(request);
    const settings = await getSettings(request);

    await page.goto(`/products/${product.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const addToCart = page.getByRole('button', { name: 'أضف إلى السلة' });
    await expect(addToCart).toBeDisabled();

    // Trying anyway names each missing choice.
    await addToCart.click({ force: true });
    for (const attribute of attributes) {
      await expect(page.getByText(`يرجى اختيار ${attribute.name}`)).toBeVisible();
    }
    await expect(page.getByText('يرجى اختيار جميع الخصائص المطلوبة')).toBeVisible();

    const [first, second] = attributes as [ProductAttribute, ProductAttribute];
    const firstChoice = mostExpensive(first);
    await page.getByRole('radio', { name: new RegExp(`^${firstChoice.title}`) }).check({ force: true });
    await expect(addToCart).toBeDisabled();
    await expect(page.getByText(`يرجى اختيار ${first.name}`)).toHaveCount(0);

    const secondChoice = mostExpensive(second);
    await page.getByRole('radio', { name: new RegExp(`^${secondChoice.title}`) }).check({ force: true });
    await expect(addToCart).toBeEnabled();

    const total =
      toThousandths(product.current_price) +
      toThousandths(firstChoice.additional_price) +
      toThousandths(secondChoice.additional_price);
    await expect(page.locator(`[data-price="${total}"]`).first()).toHaveText(
      formatPrice(total, moneyFormat(settings, 'ar')),
    );

    await addToCart.click();
    await expect(page.getByText('تمت إضافة المنتج إلى السلة!')).toBeVisible();
    const cart = await page.request.get('/api/cart');
    const { items } = (await cart.json()) as { items: { product_id: number; display_price: number }[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.product_id).toBe(product.id);
    expect(toThousandths(items[0]!.display_price)).toBe(total);
    expect(problems).toEqual([]);
  });

  test('an option chip reads "+6.500 د.ك" in Arabic: the plus before the digits, the symbol after them @phone', async ({ page, request }) => {
    const { product, attributes } = await productWithAttributes(request);
    const settings = await getSettings(request);
    const paid = attributes.flatMap((attribute) => attribute.variations).find((variation) => variation.additional_price > 0)!;
    await page.goto(`/products/${product.id}`);
    await waitForHydration(page);
    const chip = page.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`^${paid.title}`) }) }).first();
    const surcharge = chip.getByTestId('option-surcharge');
    const expected = formatSignedPrice(toThousandths(paid.additional_price), moneyFormat(settings, 'ar'));
    await expect(surcharge).toHaveText(expected);
    expect(expected.replace(/[\u2066-\u2069]/g, '')).toMatch(/^\+\d+\.\d{3} د\.ك$/);

    // On the screen, right to left: the symbol, then "+" immediately left of the digits.
    const [plus, firstDigit, symbol] = await surcharge.evaluate((element) => {
      const node = element.firstChild!;
      const text = node.textContent!;
      const box = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      };
      return [box(text.indexOf('+')), box(text.indexOf('+') + 1), box(text.indexOf('د'))];
    });
    expect(plus.right).toBeLessThanOrEqual(firstDigit.left + 1);
    expect(symbol.right).toBeLessThanOrEqual(plus.left);
  });

  test('an out-of-stock product cannot be added and its button says it is sold out @phone', async ({ page, request }) => {
    const { products } = await listProducts(request, 'limit=100');
    const soldOut = products.find((item: Product) => item.stock_quantity <= 0);
    expect(soldOut, 'the demo store has a sold-out product').toBeDefined();
    await page.goto(`/products/${soldOut!.id}`);
    await waitForHydration(page);
    await expect(page.getByText('غير متوفر').first()).toBeVisible();
    // One button on a desktop, the bottom bar's on a phone: whichever shows says so, disabled.
    const button = page.getByRole('button', { name: 'نفدت الكمية', exact: true }).filter({ visible: true });
    await expect(button).toHaveCount(1);
    await expect(button).toBeDisabled();
    await expect(page.getByRole('button', { name: 'أضف إلى السلة' })).toHaveCount(0);
  });

  test('shows related products and JSON-LD product data', async ({ page, request }) => {
    const { products } = await listProducts(request, 'limit=1');
    const product = products[0]!;
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'منتجات ذات صلة' })).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.name).toBe(product.name);
    expect(jsonLd.offers.priceCurrency).toBe('KWD');
  });

  test('an unknown product shows Product Not Found with a 404', async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL!, 'en');
    const response = await page.goto('/en/products/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    const invalid = await page.goto('/en/products/abc');
    expect(invalid?.status()).toBe(404);
  });
});
