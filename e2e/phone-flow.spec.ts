import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pathInLanguage, type CityListResponse, type CountryListResponse, type GovernorateListResponse, type Product } from '@shop/shared';
import { api, CHECKOUT_FIELDS, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/** The smallest box a finger can hit reliably; sub-pixel layout allowed. */
const MIN_TAP = 43.5;

// The header's cart link, at the page's language's address.
const cartLink = (page: Page) => page.locator('header a[href="/cart"], header a[href="/en/cart"]');
const cartBadge = (page: Page) => cartLink(page).locator('span[aria-hidden="true"]');
const bottomBar = (page: Page) => page.locator('[data-sticky-action-bar]');

/** What the bars and the checkout form say, in each language. */
const bars = {
  ar: {
    add: 'أضف إلى السلة',
    added: 'تمت إضافة المنتج إلى السلة!',
    total: 'الإجمالي',
    toCheckout: 'إتمام الطلب',
    placeOrder: 'تأكيد الطلب',
    field: CHECKOUT_FIELDS.ar,
  },
  en: {
    add: 'Add to cart',
    added: 'Item added to cart!',
    total: 'Total',
    toCheckout: 'Proceed to checkout',
    placeOrder: 'Place order',
    field: CHECKOUT_FIELDS.en,
  },
} as const;

/** An in-stock product of the first list page without options, with a few pieces. */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const { products } = await listProducts(request, 'limit=12');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 3)) {
    if ((await productAttributes(request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store has no simple product on its first page');
}

async function putInCart(page: Page, product: Product) {
  const response = await page.request.post('/api/cart/add', {
    data: { product_id: product.id, quantity: 1, selected_attributes: {} },
  });
  expect(response.ok()).toBe(true);
}

/** Kuwait, a governorate and one of its cities, from the API. */
async function kuwaitCity(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates[0]!;
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
  return { kuwait, governorate, city: cities[0]! };
}

/**
 * Every visible control of the page smaller than 44 × 44: links, buttons, fields, disclosure
 * summaries. A radio or checkbox is hit through its label; a card's stretched link (an absolute
 * ::after over the card) through the card. Controls of hidden slides (inert) and visually hidden
 * ones (the skip link until focused) are not targets.
 */
function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]',
    );
    for (const control of controls) {
      if (control.closest('[inert], [aria-hidden="true"]')) continue;
      // The content of a closed drop-down (the menu, the search) is not on screen.
      const dropDown = control.closest('details');
      if (dropDown && !dropDown.open && !control.closest('summary')) continue;
      const style = getComputedStyle(control);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      let target: Element = control;
      if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')) {
        target = control.closest('label') ?? control.labels?.[0] ?? control;
      }
      const after = getComputedStyle(control, '::after');
      if (after.content !== 'none' && after.position === 'absolute') {
        let holder = control.parentElement;
        while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        if (holder) target = holder;
      }
      const box = target.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      if (box.width < min || box.height < min) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        found.push(`<${control.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN_TAP);
}

test.describe('phone-first buying flow', () => {
  // Orders placed from a visitor address of their own: the shop allows 20 an address in 10 minutes,
  // and the whole suite's browsers otherwise share 127.0.0.1.
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
  });

  for (const lang of ['ar', 'en'] as const) {
    test(`the header stays in view while scrolling and toasts appear below it (${lang}) @phone`, async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const product = await simpleProduct(request);
      await page.goto(pathInLanguage('/products', lang));
      await waitForHydration(page);

      await page.evaluate(() => window.scrollTo(0, 2500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      const header = page.locator('header').first();
      const headerCart = cartLink(page);
      await expect(headerCart).toBeInViewport();
      const headerBox = (await header.boundingBox())!;
      expect(Math.abs(headerBox.y)).toBeLessThan(1);

      const name = lang === 'ar' ? `أضف ${product.name} إلى السلة` : `Add ${product.name_en ?? product.name} to cart`;
      await page.getByRole('button', { name, exact: true }).click();
      const toast = page.getByText(lang === 'ar' ? 'تمت إضافة المنتج إلى السلة!' : 'Item added to cart!');
      await expect(toast).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');

      // The toast never covers the logo, the language switch, the account links or the cart.
      const toastBox = (await page.getByTestId('toast-viewport').locator(':scope > div').first().boundingBox())!;
      const headerNow = (await header.boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(headerNow.y + headerNow.height);
      // Top-right in both languages; the whole width (less margins) on a phone.
      const viewport = page.viewportSize()!;
      expect(viewport.width - (toastBox.x + toastBox.width)).toBeLessThan(24);
      if (viewport.width < 640) expect(toastBox.width).toBeGreaterThan(viewport.width - 32);
      expect(problems).toEqual([]);
    });
  }

  for (const lang of ['ar', 'en'] as const) {
    const say = bars[lang];

    test(`the product page bar shows the price and adds to cart (${lang}) @phone`, async ({
      page,
      context,
      baseURL,
      request,
      isMobile,
    }) => {
      test.skip(!isMobile, 'the bottom bar is the phone layout');
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const product = await simpleProduct(request);
      await page.goto(pathInLanguage(`/products/${product.id}`, lang));
      await waitForHydration(page);

      const bar = bottomBar(page);
      await expect(bar).toBeInViewport();
      const viewport = page.viewportSize()!;
      const barBox = (await bar.boundingBox())!;
      expect(Math.round(barBox.y + barBox.height)).toBe(viewport.height);
      await expect(bar.locator('[data-price]').first()).toBeVisible();
      // One add button on a phone: the bar's (the page's own is for wider screens).
      const add = page.getByRole('button', { name: say.add, exact: true });
      await expect(add).toHaveCount(1);
      await expect(bar.getByRole('button', { name: say.add, exact: true })).toBeVisible();

      await add.click();
      await expect(page.getByText(say.added)).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');

      // Scrolled to the very end, the footer's last line is above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const lastLine = page.locator('footer').getByText(/©/);
      await expect(lastLine).toBeInViewport();
      const lineBox = (await lastLine.boundingBox())!;
      const barNow = (await bar.boundingBox())!;
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(barNow.y + 1);
      expect(problems).toEqual([]);
    });

    test(`the cart bar leads to checkout and the checkout bar places the order (${lang}) @phone`, async ({
      page,
      context,
      baseURL,
      request,
      isMobile,
    }) => {
      test.skip(!isMobile, 'the bottom bars are the phone layout');
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      await putInCart(page, await simpleProduct(request));
      const { kuwait, governorate, city } = await kuwaitCity(request);
      const named = (item: { name_ar: string; name_en: string }) => (lang === 'ar' ? item.name_ar : item.name_en);

      await page.goto(pathInLanguage('/cart', lang));
      await waitForHydration(page);
      const cartBar = bottomBar(page);
      await expect(cartBar).toBeInViewport();
      await expect(cartBar.getByText(say.total, { exact: true })).toBeVisible();
      await expect(cartBar.locator('[data-price]')).toHaveText((await page.getByTestId('cart-total').textContent())!);
      await cartBar.getByRole('link', { name: say.toCheckout }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await waitForHydration(page);

      const checkoutBar = bottomBar(page);
      await expect(checkoutBar).toBeInViewport();
      await page.getByLabel(say.field.name).fill(lang === 'ar' ? 'مريم العلي' : 'Mariam Al-Ali');
      await page.getByLabel(say.field.email).fill(`mariam.${lang}@example.com`);
      await page.getByLabel(say.field.phone).fill('+965 9999 7777');
      await page.getByLabel(say.field.country).selectOption({ label: named(kuwait) });
      await page.getByLabel(say.field.governorate).selectOption({ label: named(governorate) });
      await page.getByLabel(say.field.city).selectOption({ label: named(city) });
      await page.getByLabel(say.field.address).fill(lang === 'ar' ? 'قطعة 1، شارع 2، منزل 3' : 'Block 1, Street 2, House 3');
      // The bar's total follows the form: shipping is in it once the city is known.
      await expect(checkoutBar.locator('[data-price]')).toHaveText((await page.getByTestId('checkout-total').textContent())!);

      // Scrolled to the very end, nothing is left under the bar: the footer's last line is above it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const lastLine = page.locator('footer').getByText(/©/);
      await expect(lastLine).toBeInViewport();
      const lineBox = (await lastLine.boundingBox())!;
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual((await checkoutBar.boundingBox())!.y + 1);

      await checkoutBar.getByRole('button', { name: say.placeOrder }).click();
      await page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
      await expect(cartBadge(page)).toHaveCount(0);
      expect(problems).toEqual([]);
    });

    test(`on a desktop no bottom bar covers the page: product, cart and checkout keep their own buttons (${lang})`, async ({
      page,
      context,
      baseURL,
      request,
      isMobile,
    }) => {
      test.skip(isMobile, 'the bottom bars are the phone layout; this is the wide one');
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const product = await simpleProduct(request);

      await page.goto(pathInLanguage(`/products/${product.id}`, lang));
      await waitForHydration(page);
      await expect(bottomBar(page)).toBeHidden();
      const add = page.getByRole('button', { name: say.add, exact: true });
      await expect(add).toHaveCount(1);
      await expect(add).toBeInViewport();
      await add.click();
      await expect(page.getByText(say.added)).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');

      await page.goto(pathInLanguage('/cart', lang));
      await waitForHydration(page);
      await expect(bottomBar(page)).toBeHidden();
      const toCheckout = page.getByRole('main').getByRole('link', { name: say.toCheckout });
      await expect(toCheckout).toHaveCount(1);
      await expect(toCheckout).toBeInViewport();
      await toCheckout.click();
      await expect(page).toHaveURL(/\/checkout$/);
      await waitForHydration(page);
      await expect(bottomBar(page)).toBeHidden();
      const placeOrder = page.getByRole('button', { name: say.placeOrder });
      await expect(placeOrder).toHaveCount(1);
      await expect(placeOrder).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('every control of the shopping pages is at least 44 × 44 on a phone @phone', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(!isMobile, 'tap targets are measured on the phone');
    const product = await simpleProduct(request);
    await putInCart(page, product);
    // A product of the category with the shortest name ("عقيق"): its category link is the
    // narrowest control of a product page.
    const [agate] = (await listProducts(request, 'category=agate&limit=1')).products;
    expect(agate).toBeDefined();
    const small: string[] = [];
    const paths = ['/', '/products', `/products/${product.id}`, `/products/${agate!.id}`, '/cart', '/checkout', '/categories'];
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      for (const found of await smallTapTargets(page)) small.push(`${path}: ${found}`);
    }
    // The menu and the search open over the page: their controls count too.
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('header summary').first().click();
    await expect(page.locator('header details[open]')).toHaveCount(1);
    for (const found of await smallTapTargets(page)) small.push(`menu: ${found}`);
    expect(small).toEqual([]);
  });
});
