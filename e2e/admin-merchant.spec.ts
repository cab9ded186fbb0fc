import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MerchantBulkRunResponse, Product } from '@shop/shared';
import { inTurn, listProducts, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The Google Merchant tab in the browser, against the Merchant API test double
 * the e2e server starts (scripts/e2e-server.mjs): the connection test names the account; a product
 * chosen in the picker fills the form, is pushed (the double stores it, the row shows the push),
 * refused with Google's reason, and deleted after a confirmation; update all shows a moving progress
 * bar that a reload brings back, then the 'X of Y' toast and the refused product's reason. Both
 * journeys run in Arabic and in English (texts from the tab's message files), on desktop and
 * phone. The double's switches (a delay, a refused offer) are shared by every test of the run, so
 * the tests that use it take turns (a lock beside the double's info file).
 */

type Lang = 'ar' | 'en';

const messagesDirectory = fileURLToPath(new URL('../apps/web/app/i18n/messages/', import.meta.url));
const messages: Record<Lang, Record<string, string>> = {
  ar: JSON.parse(fs.readFileSync(path.join(messagesDirectory, 'admin-merchant.ar.json'), 'utf8')) as Record<string, string>,
  en: JSON.parse(fs.readFileSync(path.join(messagesDirectory, 'admin-merchant.en.json'), 'utf8')) as Record<string, string>,
};

/** The tab's text `key` in a language, its {placeholders} filled. */
function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template = messages[lang][key];
  if (template === undefined) throw new Error(`admin-merchant.${key} has no ${lang} text`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message with numbers in its placeholders, as a pattern capturing each number in order. */
function numbersPattern(lang: Lang, key: string): RegExp {
  return new RegExp(`^${escapeRegExp(messages[lang][key]!).replace(/\\\{\w+\\\}/g, '(\\d+)')}$`);
}

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
 * side by side); the lock is named after this run's double.
 */
const withDouble = <T>(work: () => Promise<T>): Promise<T> =>
  inTurn(doubleInfo().control, 'merchant', work, { waitMs: 240_000 });

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

for (const lang of ['ar', 'en'] as const) {
  test(`the owner tests the connection, pushes a product, sees a refusal and deletes it, in ${lang} @phone`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(300_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    await signInAsAdmin(page);
    // The form is filled from the product's Arabic texts (the content language Google gets); the
    // picker names it in the page's language.
    const product = await demoProduct(request, 0);
    const shown = lang === 'en' && product.name_en ? product.name_en : product.name;
    const { accountName } = doubleInfo();

    await withDouble(async () => {
      try {
        await openTab(page);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

        // The connection test names the account the service account reaches.
        await page.getByRole('button', { name: text(lang, 'connection.test') }).click();
        await expect(toast(page, text(lang, 'toast.connected', { name: accountName }))).toBeVisible();

        // Automatic updates: on, then off again (other tests change products).
        const autoSync = page.getByRole('switch', { name: text(lang, 'auto_sync.label') });
        await expect(autoSync).toHaveAttribute('aria-checked', 'false');
        await autoSync.click();
        await expect(toast(page, text(lang, 'toast.auto_sync_on'))).toBeVisible();
        await expect(autoSync).toHaveAttribute('aria-checked', 'true');
        await autoSync.click();
        await expect(toast(page, text(lang, 'toast.auto_sync_off'))).toBeVisible();
        await expect(autoSync).toHaveAttribute('aria-checked', 'false');

        // The required-fields message, before anything is sent.
        const update = page.getByRole('button', { name: text(lang, 'form.update') });
        await update.click();
        await expect(toast(page, text(lang, 'validation.required_fields'))).toBeVisible();
        await expect(page.locator('#merchant-productId')).toBeFocused();

        // The picker finds the product (the search is kept in the URL) and fills the form.
        await page.getByLabel(text(lang, 'picker.search_label')).fill(shown);
        await expect(page).toHaveURL(/[?&]search=/);
        await page.getByRole('button', { name: text(lang, 'picker.choose_label', { name: shown }) }).filter({ visible: true }).click();
        await expect(page.locator('#merchant-productId')).toHaveValue(String(product.id));
        await expect(page.locator('#merchant-title')).toHaveValue(product.name);
        await expect(page.locator('#merchant-price')).not.toHaveValue('');
        await expect(page.locator('#merchant-currency')).toHaveValue('KWD');
        await expect(page.locator('#merchant-link')).toHaveValue(new RegExp(`^${baseURL}/`));

        // Pushed: a toast, the double holds it, the row shows the push.
        await page.locator('#merchant-gtin').fill('4006381333931');
        await update.click();
        await expect(toast(page, text(lang, 'toast.updated', { title: product.name }))).toBeVisible();
        await expect.poll(async () => JSON.stringify(await storedInput(request, product.id))).toContain('4006381333931');
        const stored = await storedInput(request, product.id);
        expect(stored?.offerId).toBe(String(product.id));
        const row = pickerEntry(page, shown);
        await expect(row).toContainText(text(lang, 'push.updated'));
        await expect(row).toContainText(text(lang, 'push.source.manual'));

        // Google refuses a field: the reason is in the toast and on the product's last push.
        await control(request, 'refuse', { offerId: String(product.id), field: 'title', message: 'Title contains a promotional text' });
        await update.click();
        await expect(toast(page, new RegExp(`^${escapeRegExp(text(lang, 'toast.update_failed'))}: .*title`))).toBeVisible();
        await expect(page.getByTestId('merchant-form-last-push')).toContainText(text(lang, 'push.failed'));
        await expect(pickerEntry(page, shown)).toContainText('Title contains a promotional text');
        await control(request, 'accept', { offerId: String(product.id) });

        // Deleted from Google after a confirmation naming it.
        await page.getByRole('button', { name: text(lang, 'form.delete') }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(text(lang, 'confirm.delete_message', { id: product.id, title: product.name }));
        await dialog.getByRole('button', { name: text(lang, 'confirm.delete') }).click();
        await expect(toast(page, text(lang, 'toast.deleted', { id: product.id }))).toBeVisible();
        expect(await storedInput(request, product.id)).toBeNull();
        await expect(pickerEntry(page, shown)).toContainText(text(lang, 'push.deleted'));
      } finally {
        await control(request, 'accept', { offerId: String(product.id) });
      }
    });
    // Only the refused push failed (502 MERCHANT_FAILED, which Chromium reports as a failed load).
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 502 (Bad Gateway)']);
  });

  test(`the owner updates all products: the bar moves, survives a reload, then X of Y and the refusal, in ${lang} @phone`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(300_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    // The run's failures name products as Google got them (Arabic, the content language).
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
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

        await page.getByRole('button', { name: text(lang, 'bulk.button') }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(text(lang, 'confirm.bulk_message'));
        await dialog.getByRole('button', { name: text(lang, 'confirm.bulk'), exact: true }).click();

        // The bar appears and moves.
        const bar = page.getByTestId('merchant-bulk-progress').locator('progress[value]');
        /** The bar's value now, without waiting: 100 once it is gone (the run ended). */
        const barValue = () => bar.evaluateAll((bars) => (bars[0] ? Number(bars[0].getAttribute('value')) : 100));
        await expect(bar).toBeVisible({ timeout: 10_000 });
        const first = await barValue();
        await expect.poll(barValue, { timeout: 15_000 }).toBeGreaterThan(first);
        await expect(page.getByText(numbersPattern(lang, 'bulk.progress'))).toBeVisible();

        // A reload during the run shows the bar again, still moving.
        await page.reload();
        await waitForHydration(page);
        await expect(bar).toBeVisible();
        const afterReload = await barValue();
        expect(afterReload).toBeLessThan(100);
        await expect.poll(barValue, { timeout: 15_000 }).toBeGreaterThan(afterReload);

        // The end: 'X of Y' as a warning (one product refused), and the refusal's reason listed.
        const resultPattern = numbersPattern(lang, 'bulk.result_failed');
        const result = toast(page, resultPattern);
        await expect(result).toBeVisible({ timeout: 60_000 });
        const [, updated, total, failed] = resultPattern.exec((await result.textContent()) ?? '')!.map(Number);
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
}
