import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse, MerchantBulkRunResponse, Product } from '@shop/shared';
import { DEMO_ADMIN, listProducts, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The Google Merchant tab in the browser (issue 13 point 4), against the Merchant API test double
 * the e2e server starts (scripts/e2e-server.mjs): the connection test names the account; a product
 * chosen in the picker fills the form, is pushed (the double stores it, the row shows the push),
 * refused with Google's reason, and deleted after a confirmation; update all shows a moving progress
 * bar that a reload brings back, then the 'X of Y' toast and the refused product's reason. The
 * double's switches (a delay, a refused offer) are shared by every test of the run, so the tests
 * that use it take turns (a lock beside the double's info file).
 */

interface MerchantDoubleInfo {
  control: string;
  accountId: string;
  accountName: string;
}

function doubleInfo(): MerchantDoubleInfo {
  const file = path.join(os.tmpdir(), `shop-e2e-merchant-${process.env.E2E_PORT ?? 3300}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as MerchantDoubleInfo;
}

/** Flips one of the double's switches (scripts/e2e-server.mjs: its control server). */
async function control(request: APIRequestContext, action: 'delay' | 'refuse' | 'accept', body: Record<string, unknown>) {
  const response = await request.post(`${doubleInfo().control}/${action}`, { data: body });
  expect(response.ok(), `double ${action}`).toBe(true);
}

/** What the double holds for an offer id (null when it holds nothing). */
async function storedInput(request: APIRequestContext, offerId: number): Promise<Record<string, unknown> | null> {
  const response = await request.get(`${doubleInfo().control}/product/${offerId}`);
  if (response.status() === 404) return null;
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Runs `work` while no other test of this run uses the double (the desktop and phone projects run
 * side by side). The lock is named after this run's double, so a killed earlier run leaves none.
 */
async function withDouble<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `shop-e2e-merchant-lock-${new URL(doubleInfo().control).port}`);
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

async function signInAsAdmin(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as AuthResponse;
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return token;
}

const toasts = (page: Page) => page.getByTestId('toast-viewport');
const toast = (page: Page, message: string | RegExp) => toasts(page).getByText(message, typeof message === 'string' ? { exact: true } : undefined);

/** The picker's row (desktop table) or card (phone) of a product. */
const pickerEntry = (page: Page, name: string) =>
  page
    .locator('#merchant-picker')
    .locator('tr:visible, li:visible')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();

async function openTab(page: Page) {
  await page.goto('/admin?tab=google-merchant');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Google Merchant' })).toBeVisible();
}

/** A published demo product (the shop's own, never one another test makes and deletes). */
async function demoProduct(request: APIRequestContext, index: number): Promise<Product> {
  const list = await listProducts(request, 'limit=12&sort=id&order=asc');
  const product = list.products[index];
  expect(product, 'a published demo product').toBeDefined();
  return product!;
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

test('the owner tests the connection, pushes a product, sees a refusal and deletes it, in Arabic @phone', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  await useLanguage(context, baseURL!, 'ar');
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const product = await demoProduct(request, 0);
  const { accountName } = doubleInfo();

  await withDouble(async () => {
    try {
      await openTab(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // The connection test names the account the service account reaches.
      await page.getByRole('button', { name: 'اختبار الاتصال' }).click();
      await expect(toast(page, `تم الاتصال بـ ${accountName}`)).toBeVisible();

      // Automatic updates: on, then off again (other tests change products).
      const autoSync = page.getByRole('switch', { name: 'تحديث Google تلقائياً' });
      await expect(autoSync).toHaveAttribute('aria-checked', 'false');
      await autoSync.click();
      await expect(toast(page, 'تم تشغيل التحديث التلقائي لـ Google')).toBeVisible();
      await expect(autoSync).toHaveAttribute('aria-checked', 'true');
      await autoSync.click();
      await expect(toast(page, 'تم إيقاف التحديث التلقائي لـ Google')).toBeVisible();
      await expect(autoSync).toHaveAttribute('aria-checked', 'false');

      // The spec's required-fields message, before anything is sent.
      await page.getByRole('button', { name: 'تحديث المنتج' }).click();
      await expect(toast(page, 'يرجى تعبئة الحقول المطلوبة: رقم المنتج والعنوان والسعر')).toBeVisible();
      await expect(page.locator('#merchant-productId')).toBeFocused();

      // The picker finds the product (the search is kept in the URL) and fills the form.
      await page.getByLabel('البحث في المنتجات').fill(product.name);
      await expect(page).toHaveURL(/[?&]search=/);
      await page.getByRole('button', { name: `اختيار ${product.name}` }).filter({ visible: true }).click();
      await expect(page.locator('#merchant-productId')).toHaveValue(String(product.id));
      await expect(page.locator('#merchant-title')).toHaveValue(product.name);
      await expect(page.locator('#merchant-price')).not.toHaveValue('');
      await expect(page.locator('#merchant-currency')).toHaveValue('KWD');
      await expect(page.locator('#merchant-link')).toHaveValue(new RegExp(`^${baseURL}/`));

      // Pushed: a toast, the double holds it, the row shows the push.
      await page.locator('#merchant-gtin').fill('4006381333931');
      await page.getByRole('button', { name: 'تحديث المنتج' }).click();
      await expect(toast(page, `تم تحديث «${product.name}» في Google`)).toBeVisible();
      await expect.poll(async () => JSON.stringify(await storedInput(request, product.id))).toContain('4006381333931');
      const stored = await storedInput(request, product.id);
      expect(stored?.offerId).toBe(String(product.id));
      const row = pickerEntry(page, product.name);
      await expect(row).toContainText('تم التحديث');
      await expect(row).toContainText('يدوياً');

      // Google refuses a field: the reason is in the toast and on the product's last push.
      await control(request, 'refuse', { offerId: String(product.id), field: 'title', message: 'Title contains a promotional text' });
      await page.getByRole('button', { name: 'تحديث المنتج' }).click();
      await expect(toast(page, /^فشل تحديث المنتج في Google: .*title/)).toBeVisible();
      await expect(page.getByTestId('merchant-form-last-push')).toContainText('فشل');
      await expect(pickerEntry(page, product.name)).toContainText('Title contains a promotional text');
      await control(request, 'accept', { offerId: String(product.id) });

      // Deleted from Google after a confirmation naming it.
      await page.getByRole('button', { name: 'حذف من Google' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`المنتج ${product.id}`);
      await dialog.getByRole('button', { name: 'حذف من Google' }).click();
      await expect(toast(page, `تم حذف المنتج ${product.id} من Google`)).toBeVisible();
      expect(await storedInput(request, product.id)).toBeNull();
      await expect(pickerEntry(page, product.name)).toContainText('تم الحذف');
    } finally {
      await control(request, 'accept', { offerId: String(product.id) });
    }
  });
  // Only the refused push failed (502 MERCHANT_FAILED, which Chromium reports as a failed load).
  expect(problems).toEqual(['Failed to load resource: the server responded with a status of 502 (Bad Gateway)']);
});

test('the owner updates all products: the bar moves, survives a reload, then X of Y and the refusal, in English @phone', async ({ page, context, baseURL, request }) => {
  test.setTimeout(180_000);
  await useLanguage(context, baseURL!, 'en');
  const problems = watchConsole(page);
  const token = await signInAsAdmin(page);
  const refused = await demoProduct(request, 1);
  const published = (await listProducts(request, 'limit=1')).pagination.total;
  expect(published).toBeGreaterThan(4);
  // Four products at a time: each call waiting this long makes the run last about 25 seconds.
  const delayMs = Math.max(300, Math.ceil((25_000 * 4) / published));

  await withDouble(async () => {
    try {
      await control(request, 'refuse', { offerId: String(refused.id), field: 'imageLink', message: 'Image too small' });
      await control(request, 'delay', { ms: delayMs });
      await openTab(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

      await page.getByRole('button', { name: 'Update all products' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Every published product is sent to Google again');
      await dialog.getByRole('button', { name: 'Update all', exact: true }).click();

      // The bar appears and moves.
      const bar = page.getByTestId('merchant-bulk-progress').locator('progress[value]');
      /** The bar's value now, without waiting: 100 once it is gone (the run ended). */
      const barValue = () => bar.evaluateAll((bars) => (bars[0] ? Number(bars[0].getAttribute('value')) : 100));
      await expect(bar).toBeVisible({ timeout: 10_000 });
      const first = await barValue();
      await expect.poll(barValue, { timeout: 15_000 }).toBeGreaterThan(first);
      await expect(page.getByText(/^\d+ of \d+ products handled$/)).toBeVisible();

      // A reload during the run shows the bar again, still moving.
      await page.reload();
      await waitForHydration(page);
      await expect(bar).toBeVisible();
      const afterReload = await barValue();
      expect(afterReload).toBeLessThan(100);
      await expect.poll(barValue, { timeout: 15_000 }).toBeGreaterThan(afterReload);

      // The end: 'X of Y' as a warning (one product refused), and the refusal's reason listed.
      const result = toast(page, /^\d+ of \d+ products updated; \d+ failed$/);
      await expect(result).toBeVisible({ timeout: 60_000 });
      const [, updated, total, failed] = /^(\d+) of (\d+) products updated; (\d+) failed$/.exec((await result.textContent()) ?? '')!.map(Number);
      expect(failed).toBeGreaterThanOrEqual(1);
      expect(updated! + failed!).toBe(total);
      const reply = await page.request.get('/api/google-merchant/products/bulk-update', { headers: { authorization: `Bearer ${token}` } });
      const { run } = (await reply.json()) as MerchantBulkRunResponse;
      expect(run).toMatchObject({ status: 'finished', total, successful: updated, failed });
      await expect(bar).toHaveCount(0);
      const failures = page.getByTestId('merchant-bulk-failures');
      await expect(failures.locator('li').filter({ hasText: refused.name })).toContainText('Image too small');
      expect(await storedInput(request, refused.id)).toBeNull();
    } finally {
      await control(request, 'delay', { ms: 0 });
      await control(request, 'accept', { offerId: String(refused.id) });
    }
  });
  expect(problems).toEqual([]);
});
