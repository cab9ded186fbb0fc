import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pathInLanguage, type CartResponse, type Product } from '@shop/shared';
import { uniqueEmail, waitForResetLink } from './mailbox';
import { api, holdUntilReleased, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

// The header's cart link, at the page's language's address.
const cartBadge = (page: Page) => page.locator('header a[href="/cart"], header a[href="/en/cart"]').locator('span[aria-hidden="true"]');

const texts = {
  ar: {
    add: (name: string) => `أضف ${name} إلى السلة`,
    adding: 'جارٍ الإضافة…',
    added: 'تمت إضافة المنتج إلى السلة!',
    offline: 'أنت غير متصل بالإنترنت',
    notSent: 'تعذّر الإرسال لأنك غير متصل بالإنترنت. حاول مرة أخرى عند عودة الاتصال.',
    loading: 'جارٍ تحميل الصفحة',
    loginSubmit: 'تسجيل الدخول',
    registerSubmit: 'إنشاء الحساب',
    registerFailed: 'فشل إنشاء الحساب',
    verifyFailed: 'رمز التحقق غير صحيح. حاول مرة أخرى.',
    resend: 'إعادة إرسال الرمز',
    resendFailed: 'فشل إرسال رمز التحقق',
    codeLabel: 'رمز التحقق',
    resetSubmit: 'إعادة تعيين كلمة المرور',
    resetFailed: 'فشل إعادة تعيين كلمة المرور',
  },
  en: {
    add: (name: string) => `Add ${name} to cart`,
    adding: 'Adding…',
    added: 'Item added to cart!',
    offline: 'You are offline',
    notSent: "Couldn't send — you're offline. Try again when you're connected.",
    loading: 'Loading the page',
    loginSubmit: 'Login',
    registerSubmit: 'Create account',
    registerFailed: 'Registration failed',
    verifyFailed: 'Invalid verification code. Please try again.',
    resend: 'Resend code',
    resendFailed: 'Failed to send verification code',
    codeLabel: 'Verification code',
    resetSubmit: 'Reset password',
    resetFailed: 'Failed to reset password',
  },
} as const;

/** An in-stock product of the first list page without options (the card adds it directly). */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const { products } = await listProducts(request, 'limit=12');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 3)) {
    if ((await productAttributes(request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store has no simple product on its first page');
}

const productName = (product: Product, lang: 'ar' | 'en') => (lang === 'en' ? (product.name_en ?? product.name) : product.name);

test.describe('slow and absent networks', () => {
  for (const lang of ['ar', 'en'] as const) {
    const text = texts[lang];

    test(`a slow page shows the progress bar until it arrives (${lang}) @phone`, async ({ page, context, baseURL, request }) => {
      const problems = watchConsole(page);
      await useLanguage(context, baseURL!, lang);
      const product = await simpleProduct(request);
      await page.goto(pathInLanguage('/products', lang));
      await waitForHydration(page);
      // The next page's data (React Router's .data request) is held until the bar has been seen.
      const arrive = holdUntilReleased(page, (url) => url.pathname.endsWith('.data'));
      await page.getByRole('link', { name: productName(product, lang) }).first().click();
      const bar = page.getByRole('progressbar', { name: text.loading });
      await expect(bar).toBeVisible();
      await arrive();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName(product, lang));
      await expect(bar).toHaveCount(0);
      expect(problems).toEqual([]);
    });

    test(`add to cart is busy while it works, then says it was added (${lang}) @phone`, async ({
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
      const answer = holdUntilReleased(page, '**/api/cart/add');
      const button = page.getByRole('button', { name: text.add(productName(product, lang)), exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect(button).toHaveText(text.adding);
      await answer();
      await expect(page.getByText(text.added)).toBeVisible();
      await expect(button).toHaveAttribute('aria-busy', 'false');
      await expect(button).not.toHaveText(text.adding);
      await expect(cartBadge(page)).toHaveText('1');
      expect(problems).toEqual([]);
    });

    test(`offline: the banner shows, add to cart says it could not be sent and adds nothing (${lang}) @phone`, async ({
      page,
      context,
      baseURL,
      request,
    }) => {
      await useLanguage(context, baseURL!, lang);
      const product = await simpleProduct(request);
      await page.goto(pathInLanguage('/products', lang));
      await waitForHydration(page);
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toBeEmpty();

      await context.setOffline(true);
      await expect(banner).toContainText(text.offline);
      // The banner sits in the sticky header, so it stays in view while the page scrolls.
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect(banner).toBeInViewport();

      await page.getByRole('button', { name: text.add(productName(product, lang)), exact: true }).click();
      await expect(page.getByText(text.notSent)).toBeVisible();
      await expect(cartBadge(page)).toHaveCount(0);

      await context.setOffline(false);
      await expect(banner).toBeEmpty();
      // Nothing was queued to be sent later: the cart is still empty once the network is back.
      await page.waitForTimeout(500);
      const cart = await api<CartResponse>(page.request, '/cart');
      expect(cart.items).toEqual([]);
      await expect(cartBadge(page)).toHaveCount(0);
    });

    test(`offline: logging in says it could not be sent, beside the form (${lang})`, async ({ page, context, baseURL }) => {
      await useLanguage(context, baseURL!, lang);
      await page.goto(pathInLanguage('/login', lang));
      await waitForHydration(page);
      await page.locator('#login-email').fill('offline.shopper@example.com');
      await page.locator('#login-password').fill('secret-123');
      await context.setOffline(true);
      await page.getByRole('button', { name: text.loginSubmit, exact: true }).click();
      // Not the generic "login failed": nothing reached the server, and the shopper is told why.
      await expect(page.getByRole('alert').filter({ hasText: text.notSent })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await context.setOffline(false);
    });

    test(`offline: signing up, the e-mail code, its resend and a new password say they could not be sent, beside the form (${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      const problems = watchConsole(page);
      // The accounts API limits sign-ups and reset requests per address: this shopper has its own.
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
      await useLanguage(context, baseURL!, lang);
      const beside = (message: string) => page.getByRole('alert').filter({ hasText: message });

      // Sign-up: nothing reached the server, so nothing is said to have failed there.
      await page.goto(pathInLanguage('/register', lang));
      await waitForHydration(page);
      const email = uniqueEmail(`offline-${lang}`);
      await page.locator('#register-name').fill(lang === 'ar' ? 'سلمى' : 'Salma');
      await page.locator('#register-email').fill(email);
      await page.locator('#register-password').fill('secret-123');
      await context.setOffline(true);
      await page.getByRole('button', { name: text.registerSubmit, exact: true }).click();
      await expect(beside(text.notSent)).toBeVisible();
      await expect(page.getByText(text.registerFailed)).toHaveCount(0);
      await expect(page).toHaveURL(/\/register$/);

      // Back online the same form goes through: the account exists, the code screen follows.
      await context.setOffline(false);
      const codeScreenLoads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `${pathInLanguage('/verify-code', lang)}.data`) codeScreenLoads.push(request.url());
      });
      await page.getByRole('button', { name: text.registerSubmit, exact: true }).click();
      await expect(page).toHaveURL(/\/verify-code/);
      await waitForHydration(page);
      await expect(page.getByRole('group', { name: text.codeLabel })).toBeVisible();

      // A full code typed offline: the boxes say it was not sent (not "invalid code").
      await context.setOffline(true);
      await page.locator('input[name="code-1"]').focus();
      await page.keyboard.type('123456');
      await expect(beside(text.notSent)).toBeVisible();
      await expect(page.getByText(text.verifyFailed)).toHaveCount(0);
      // Asking for a new code offline says the same, not "could not resend".
      await page.getByRole('button', { name: text.resend, exact: true }).click();
      await expect(beside(text.notSent)).toHaveCount(2);
      await expect(page.getByText(text.resendFailed)).toHaveCount(0);
      await context.setOffline(false);
      // The screen loaded once: dropping the sign-up's message from the history entry reloads
      // nothing, so a connection lost the moment the screen appeared could not put an error page
      // in place of the boxes.
      expect(codeScreenLoads).toHaveLength(1);

      // A new password through the mailed link, sent offline.
      const asked = await page.request.post('/api/auth/forgot-password', { data: { email } });
      expect(asked.ok(), 'POST /api/auth/forgot-password').toBe(true);
      const link = new URL(await waitForResetLink(email));
      await page.goto(`${link.pathname}${link.search}`);
      await waitForHydration(page);
      await page.locator('#reset-password').fill('new-secret-2');
      await page.locator('#reset-confirm').fill('new-secret-2');
      await context.setOffline(true);
      await page.getByRole('button', { name: text.resetSubmit, exact: true }).click();
      await expect(beside(text.notSent)).toBeVisible();
      await expect(page.getByText(text.resetFailed)).toHaveCount(0);
      await context.setOffline(false);
      // The browser reports each request that never left as a failed load; nothing else went wrong.
      expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(problem))).toEqual([]);
    });
  }
});
