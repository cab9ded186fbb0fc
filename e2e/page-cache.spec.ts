import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { AuthResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import {
  holdUntilReleased,
  listProducts,
  phoneMenu,
  phoneMenuToggle,
  productAttributes,
  signInWith,
  visitorAddress,
  waitForHydration,
  watchConsole,
} from './support';

/**
 * Decisions 029 and 065: public pages come from the page cache for everyone, guests and
 * signed-in shoppers alike; what is theirs (the cart count, the name in the header) is filled in
 * by the browser, and a signed-in shopper never sees "Sign in" in the meantime.
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

const texts = {
  ar: { signIn: 'تسجيل الدخول', twoInCart: 'السلة، منتجان' },
  en: { signIn: 'Login', twoInCart: 'Cart, 2 items' },
} as const;

/** A new customer signed in in a browser of their own, as after registering (session cookie and token). */
async function shopperBrowser(browser: Browser, testInfo: TestInfo, baseURL: string, name: string) {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
  const registered = await context.request.post('/api/auth/register', {
    data: { name, email: uniqueEmail('cached'), password: 'cached-Pages-1', phone: null, address: null },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as AuthResponse;
  await signInWith(context, token);
  const page = await context.newPage();
  return { context, page, token, problems: watchConsole(page) };
}

for (const lang of ['ar', 'en'] as const) {
  const at = (path: string) => (lang === 'en' ? `/en${path === '/' ? '' : path}` : path);
  const text = texts[lang];

  test(`two signed-in shoppers get the same cached product page, each sees their own name and cart (${lang}) @phone`, async ({
    browser,
    baseURL,
    isMobile,
  }, testInfo) => {
    const first = await shopperBrowser(browser, testInfo, baseURL!, 'Zahra Cachedpage');
    const second = await shopperBrowser(browser, testInfo, baseURL!, 'Yusuf Cachedpage');
    try {
      const { products } = await listProducts(first.page.request, 'limit=100');
      const product = products.filter((item) => item.in_stock).sort((a, b) => b.stock_quantity - a.stock_quantity)[0]!;
      const attributes = await productAttributes(first.page.request, product.id);
      const selected = Object.fromEntries(attributes.map((attribute) => [String(attribute.id), attribute.variations[0]!.id]));
      const added = await first.page.request.post('/api/cart/add', {
        headers: { authorization: `Bearer ${first.token}` },
        data: { product_id: product.id, quantity: 2, selected_attributes: selected },
      });
      expect(added.ok()).toBe(true);
      const url = at(`/products/${product.id}`);

      // The second shopper's visit keeps the page; the first shopper's is answered from it, and
      // that page holds neither name. (Another test's back-office change may empty the cache in
      // between, hence a few visits at most.)
      await second.page.goto(url);
      await expect
        .poll(async () => {
          const response = await first.page.goto(url);
          const html = await response!.text();
          expect(html).not.toContain('Cachedpage');
          return response!.headers()['x-cache'];
        })
        .toBe('HIT');

      // While the browser checks the session, no "Sign in" shows: a placeholder keeps its place.
      const release = holdUntilReleased(first.page, '**/api/auth/profile');
      await first.page.reload();
      await waitForHydration(first.page);
      if (isMobile) await phoneMenuToggle(first.page).click();
      const header = first.page.locator('header');
      await expect(header.locator('[data-member-placeholder]').filter({ visible: true })).toHaveCount(1);
      await expect(header.getByRole('link', { name: text.signIn, exact: true }).filter({ visible: true })).toHaveCount(0);
      await release();

      // Then each sees their own: the name, and the first shopper's two items.
      const named = (page: Page, name: string) =>
        isMobile ? phoneMenu(page).getByText(name) : page.locator('header').getByRole('button', { name: new RegExp(name) });
      await expect(named(first.page, 'Zahra Cachedpage')).toBeVisible();
      await expect(first.page.locator('header [data-member-placeholder]')).toHaveCount(0);
      const cartLinkOf = (page: Page) => page.locator(`header a[href="${at('/cart')}"]`).first();
      await expect(cartLinkOf(first.page)).toHaveAttribute('aria-label', text.twoInCart);
      await waitForHydration(second.page);
      if (isMobile) await phoneMenuToggle(second.page).click();
      await expect(named(second.page, 'Yusuf Cachedpage')).toBeVisible();
      await expect(second.page.getByText('Zahra Cachedpage')).toHaveCount(0);
      expect(first.problems).toEqual([]);
      expect(second.problems).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test(`a signed-in shopper's cached home page never shows the invitation to register (${lang})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const shopper = await shopperBrowser(browser, testInfo, baseURL!, 'Huda Cachedhome');
    try {
      const invitation = shopper.page.locator('section[aria-labelledby="signup-cta"]');
      await shopper.page.goto(at('/'));
      const release = holdUntilReleased(shopper.page, '**/api/auth/profile');
      await expect.poll(async () => (await shopper.page.goto(at('/')))!.headers()['x-cache']).toBe('HIT');
      await waitForHydration(shopper.page);
      // In the page (it is everyone's) but not shown, before and after the session is known.
      await expect(invitation).toHaveCount(1);
      await expect(invitation).toBeHidden();
      await release();
      await expect(shopper.page.locator('header').getByRole('button', { name: /Huda Cachedhome/ })).toBeVisible();
      await expect(invitation).toHaveCount(0);
      expect(shopper.problems).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  });
}
