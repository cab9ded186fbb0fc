import { expect, test } from '@playwright/test';
import { inLanguage, pathInLanguage, type ProductResponse } from '@shop/shared';
import { api, placeGuestOrder, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * Buying an order again from its tracking page (issue 33, item 6), as the guest whose browser
 * placed it: the lines go into the cart at today's prices and the cart opens; a line no longer
 * sold is named in the toast.
 */
for (const lang of ['ar', 'en'] as const) {
  test(`buys an order again from its tracking page (${lang}) @phone`, async ({ page, context, baseURL }) => {
    const errors = watchConsole(page);
    await useLanguage(context, baseURL!, lang);
    // Placed through the browser's own request context: its placed_orders cookie makes it the owner.
    const order = await placeGuestOrder(page.request, lang === 'ar' ? 'Buy Again Ar' : 'Buy Again En');
    const line = order.items[0]!;
    const { product } = await api<ProductResponse>(page.request, `/products/${line.product_id}`);

    await page.goto(pathInLanguage(`/order-status/${order.order_number}`, lang));
    await waitForHydration(page);
    const button = page.getByRole('button', { name: lang === 'ar' ? 'اطلبه مرة أخرى' : 'Buy again' });
    await expect(button).toBeVisible();
    // A finger's size on a phone.
    if (page.viewportSize()!.width < 640) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await button.click();

    await expect(page).toHaveURL(new RegExp(`${pathInLanguage('/cart', lang)}$`));
    await expect(page.getByTestId('toast-viewport')).toContainText(lang === 'ar' ? 'بأسعار اليوم' : "at today's prices");
    await expect(page.getByTestId('cart-items-count')).toContainText('2');
    await expect(page.getByRole('main').getByText(inLanguage(lang, product.name, product.name_en)).first()).toBeVisible();

    // Someone else holding the link (another browser) is not offered the button.
    const stranger = await context.browser()!.newContext({ baseURL });
    const other = await stranger.newPage();
    await useLanguage(stranger, baseURL!, lang);
    await other.goto(pathInLanguage(`/order-status/${order.order_number}`, lang));
    await expect(other.getByTestId('order-number')).toHaveText(order.order_number);
    await expect(other.getByTestId('buy-again')).toHaveCount(0);
    await stranger.close();
    expect(errors).toEqual([]);
  });
}
