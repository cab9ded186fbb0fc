import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { pathInLanguage, type AuthResponse, type Product } from '@shop/shared';
import { uniqueEmail, waitForMail } from './mailbox';
import { adminToken, listCategories, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * Back in stock (issue 33, item 4; docs/decisions/063): a shopper asks on a sold-out product, the
 * back office shows who waits, staff raise the stock, the e-mail arrives in the shopper's language
 * with the product's link and an unsubscribe link that works. A guest on a phone, in Arabic and
 * in English; a signed-in customer on a laptop in English. Each run makes its own sold-out product.
 */
const text = {
  ar: {
    ask: 'أخبرني عند توفره',
    email: 'بريدك الإلكتروني',
    asked: 'تم: سنراسلك عندما يتوفر من جديد.',
    waiting: 'شخص واحد بانتظار توفره',
    save: 'حفظ التغييرات',
    saved: 'تم تحديث المنتج بنجاح',
    mail: /يتوفر/,
    addToCart: 'أضف إلى السلة',
    unsubscribe: 'إلغاء الاشتراك',
    unsubscribed: 'تم إلغاء اشتراكك',
    unsubscribedText: 'لن نراسلك عند توفر هذا المنتج.',
  },
  en: {
    ask: 'Tell me when it is back',
    email: 'Your e-mail',
    asked: 'Done: we will e-mail you when it is back.',
    waiting: '1 waiting to hear it is back',
    save: 'Save the changes',
    saved: 'Product updated successfully',
    mail: /is back/,
    addToCart: 'Add to cart',
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'You are unsubscribed',
    unsubscribedText: 'You will not be e-mailed when this product is back.',
  },
} as const;

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/**
 * A published product with no stock left, made through the API by the administrator (with the
 * test's own request context: the shopper's browser never holds the administrator's session).
 */
async function soldOutProduct(request: APIRequestContext, token: string, tag: string): Promise<Product> {
  const category = (await listCategories(request)).flat_categories[0]!;
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { name: `سبحة منتظرة ${tag}`, name_en: `Awaited beads ${tag}`, price: '11', stock_quantity: '0', category_id: String(category.id), status: 'published' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: Product }).product;
}

/** Staff see who waits on the product's screen, raise its stock and save (their own browser, same screen size). */
async function staffRaiseStock(browser: Browser, testInfo: TestInfo, baseURL: string, lang: 'ar' | 'en', token: string, product: Product) {
  const staff = await browser.newContext({ baseURL, ...testInfo.project.use });
  await useLanguage(staff, baseURL, lang);
  await signInWith(staff, token);
  const admin = await staff.newPage();
  const problems = watchConsole(admin);
  await admin.goto(`/admin/products/edit/${product.id}`);
  await waitForHydration(admin);
  await expect(admin.getByTestId('product-waiting-alerts')).toHaveText(text[lang].waiting);
  await admin.locator('#product-stock_quantity').fill('3');
  await admin.getByRole('button', { name: text[lang].save, exact: true }).click();
  await expect(toast(admin, text[lang].saved)).toBeVisible();
  expect(problems).toEqual([]);
  await staff.close();
}

/** The e-mail's product link opens the product, in stock; its unsubscribe link's page removes the wish. */
async function followTheMail(page: Page, lang: 'ar' | 'en', address: string, product: Product) {
  const mail = await waitForMail(address, text[lang].mail);
  expect(mail.subject).toContain(lang === 'ar' ? product.name : product.name_en!);
  const productLink = new RegExp(`(https?://\\S+${pathInLanguage(`/products/${product.id}`, lang)})(\\s|$)`).exec(mail.text)?.[1];
  expect(productLink, mail.text).toBeDefined();
  await page.goto(productLink!);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: text[lang].addToCart }).filter({ visible: true }).first()).toBeEnabled();
  await expect(page.getByRole('heading', { name: text[lang].ask })).toHaveCount(0);

  const unsubscribeLink = /(https?:\/\/\S+\/unsubscribe\?token=[\w.-]+)/.exec(mail.text)?.[1];
  expect(unsubscribeLink).toContain(pathInLanguage('/unsubscribe', lang));
  await page.goto(unsubscribeLink!);
  await waitForHydration(page);
  const button = page.getByRole('button', { name: text[lang].unsubscribe, exact: true });
  if (page.viewportSize()!.width < 640) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await button.click();
  await expect(page.getByRole('heading', { name: text[lang].unsubscribed })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: text[lang].unsubscribedText })).toBeVisible();
}

for (const lang of ['ar', 'en'] as const) {
  test(`a guest on a phone asks, staff restock, the e-mail in the guest's language links the product and unsubscribes (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    browser,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'backoffice-phone', 'the guest is the phone journey; the laptop runs the signed-in English one');
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, lang);
    const token = await adminToken(request);
    const product = await soldOutProduct(request, token, `${lang}-${Date.now().toString(36)}`);
    const address = uniqueEmail(`back-guest-${lang}`);
    try {
      await page.goto(pathInLanguage(`/products/${product.id}`, lang));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { name: text[lang].ask })).toBeVisible();
      await page.getByLabel(text[lang].email).fill(address);
      const ask = page.getByRole('button', { name: text[lang].ask, exact: true });
      expect((await ask.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await ask.click();
      await expect(page.getByRole('status').filter({ hasText: text[lang].asked })).toBeVisible();

      await staffRaiseStock(browser, testInfo, baseURL!, lang, token, product);
      await followTheMail(page, lang, address, product);
      expect(problems).toEqual([]);
    } finally {
      await request.delete(`/api/products/${product.id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });
}

test('a signed-in customer on a laptop asks in English with one tap, staff restock, the English e-mail works', async ({ page, context, baseURL, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await useLanguage(context, baseURL!, 'en');
  const token = await adminToken(request);
  const product = await soldOutProduct(request, token, `en-${Date.now().toString(36)}`);
  const address = uniqueEmail('back-en');
  try {
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Noura Alsabah', email: address, password: 'waiting-Pass-1', phone: null, address: null },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await signInWith(page, ((await registered.json()) as AuthResponse).token);

    await page.goto(`/en/products/${product.id}`);
    await waitForHydration(page);
    // Signed in: no address to type, the account's is named.
    await expect(page.locator('#back-in-stock-title + p')).toContainText(address);
    await expect(page.getByLabel(text.en.email)).toHaveCount(0);
    await page.getByRole('button', { name: text.en.ask, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text.en.asked })).toBeVisible();

    // The back office's products list shows the count beside the stock.
    const staff = await browser.newContext({ baseURL, ...testInfo.project.use });
    await useLanguage(staff, baseURL!, 'en');
    await signInWith(staff, token);
    const list = await staff.newPage();
    await list.goto(`/admin?tab=products&search=${encodeURIComponent(product.name_en!)}`);
    await waitForHydration(list);
    await expect(list.getByRole('row').filter({ hasText: product.name_en! }).getByText(text.en.waiting)).toBeVisible();
    await staff.close();

    await staffRaiseStock(browser, testInfo, baseURL!, 'en', token, product);
    await followTheMail(page, 'en', address, product);
    expect(problems).toEqual([]);
  } finally {
    await request.delete(`/api/products/${product.id}`, { headers: { authorization: `Bearer ${token}` } });
  }
});
