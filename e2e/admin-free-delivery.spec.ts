import { expect, test, type Page } from '@playwright/test';
import { formatPrice, moneyFormat, pathInLanguage, toThousandths, type CartResponse } from '@shop/shared';
import { adminToken, getSettings, inTurn, listProducts, productAttributes, signInAsAdmin, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * Free delivery from an amount (issue 33, item 1): the owner sets it in the Settings tab, and the
 * shopper's cart, checkout and phone bottom bar say how much more makes the delivery free, then
 * that it is free. The setting is the whole shop's: the runs take turns and put it back.
 */
const text = {
  ar: { edit: 'تعديل الإعدادات', saved: 'تم حفظ إعدادات المتجر بنجاح', more: 'لتحصل على توصيل مجاني', short: 'للتوصيل المجاني', reached: 'طلبك يحصل على توصيل مجاني', free: 'مجاني' },
  en: { edit: 'Edit settings', saved: 'Store settings saved successfully', more: 'more for free delivery', short: 'more for free delivery', reached: 'Your order ships free', free: 'Free' },
} as const;

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

for (const lang of ['ar', 'en'] as const) {
  test(`the owner sets free delivery from an amount; the cart, checkout and bottom bar follow (${lang}) @phone`, async ({ page, context, baseURL, request, browser }, testInfo) => {
    test.setTimeout(120_000);
    const say = text[lang];
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, lang);
    // The product with the most stock (the storefront's journeys have sold some), its first
    // value of every option: two pieces of it are the amount.
    const { products } = await listProducts(request, 'limit=100');
    const product = products.filter((item) => item.in_stock).sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
    expect(product && product.stock_quantity >= 4, 'a product with 4 pieces or more').toBe(true);
    const selected = Object.fromEntries(
      (await productAttributes(request, product!.id)).map((attribute) => [
        attribute.id,
        { variation_id: attribute.variations[0]!.id, title: attribute.variations[0]!.title },
      ]),
    );
    const money = moneyFormat(await getSettings(request), lang);

    await inTurn(baseURL!, 'store-settings', async () => {
      const before = (await getSettings(request)).free_shipping_threshold;
      try {
        // A shopper on the same kind of screen, with one piece in the cart: half the amount.
        const shopper = await browser.newContext({ baseURL, ...testInfo.project.use });
        await useLanguage(shopper, baseURL!, lang);
        const add = async () => {
          const reply = await shopper.request.post('/api/cart/add', { data: { product_id: product!.id, quantity: 1, selected_attributes: selected } });
          expect(reply.status(), await reply.text()).toBe(200);
          return (await reply.json()) as CartResponse;
        };
        const price = toThousandths((await add()).summary.total);
        const threshold = price * 2;

        await signInAsAdmin(page);
        await page.goto('/admin?tab=settings');
        await waitForHydration(page);
        await page.getByRole('button', { name: say.edit }).click();
        await page.locator('#settings-free_shipping_threshold').fill(String(threshold / 1000));
        await page.locator('main form button[type="submit"]').click();
        await expect(toast(page, say.saved)).toBeVisible();
        await expect(page.getByTestId('settings-free-shipping')).toContainText(formatPrice(threshold, money));

        const cart = await shopper.newPage();
        await cart.goto(pathInLanguage('/cart', lang));
        await waitForHydration(cart);
        const note = cart.getByTestId('free-delivery-note').filter({ visible: true }).first();
        await expect(note).toContainText(say.more);
        await expect(note).toContainText(formatPrice(threshold - price, money));
        if (cart.viewportSize()!.width < 1024) {
          // The phone's bottom bar carries the note beside the total.
          const barNote = cart.locator('[data-sticky-action-bar]').getByTestId('free-delivery-note');
          await expect(barNote).toContainText(say.short);
          // Whole, not cut off (its first, longer wording was, in Arabic on a 375 px phone).
          expect(await barNote.evaluate((note) => note.scrollHeight <= note.clientHeight + 1 && note.scrollWidth <= note.clientWidth + 1)).toBe(true);
        }

        // A second piece reaches the amount: the delivery is free in the cart and at checkout.
        await add();
        await cart.reload();
        await waitForHydration(cart);
        await expect(cart.getByTestId('free-delivery-note').filter({ visible: true }).first()).toHaveText(say.reached);
        await expect(cart.getByTestId('cart-shipping')).toHaveText(say.free);
        await cart.goto(pathInLanguage('/checkout', lang));
        await waitForHydration(cart);
        await expect(cart.getByTestId('free-delivery-note').filter({ visible: true }).first()).toHaveText(say.reached);
        await shopper.close();
      } finally {
        const reply = await request.post('/api/settings', {
          headers: { authorization: `Bearer ${await adminToken(request)}` },
          data: { free_shipping_threshold: before === null ? '' : String(before) },
        });
        expect(reply.status(), await reply.text()).toBe(200);
      }
    });
    expect(problems).toEqual([]);
  });
}
