import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { AdminSalesReportResponse, SalesReport } from '@shop/shared';
import { adminToken, placeGuestOrder, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The Reports tab (issue 32, item 6): a guest's order placed today shows in the sales of today;
 * the owner narrows the range and groups by product in the URL, sees the totals the API counts,
 * and downloads the CSV, with a toast. In both languages, on a laptop and a phone.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': visitorAddress() });
const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^(الإشعارات|Notifications)$/ }).getByText(message, { exact: true });

const words = {
  ar: { from: /^من/, to: /^إلى/, group: /^التجميع حسب/, product: 'المنتج', csv: 'تنزيل CSV', downloaded: (name: string) => `تم تنزيل ${name}`, orders: 'الطلبات', title: 'التقارير' },
  en: { from: /^From/, to: /^To/, group: /^Group by/, product: 'Product', csv: 'Download CSV', downloaded: (name: string) => `${name} downloaded`, orders: 'Orders', title: 'Reports' },
} as const;

/** "1,234" as the back office groups counts. */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const) {
  const say = words[lang];

  test(`Reports: change the range, see the totals, group by product, download the CSV (${lang}) @phone`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const token = await adminToken(request);
    await signInWith(context, token);
    const order = await placeGuestOrder(request, `Report Buyer ${lang} ${Date.now().toString(36)}`);
    const problems = watchConsole(page);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
    try {
      await page.goto('/admin?tab=reports');
      await waitForHydration(page);
      await expect(page.locator('main h1')).toHaveText(say.title);
      // The last 30 days by default; the owner narrows it to today.
      await expect(page.locator('input').and(page.getByLabel(say.to))).toHaveValue(today);
      await page.locator('input').and(page.getByLabel(say.from)).fill(today);
      await expect(page).toHaveURL(new RegExp(`[?&]from=${today}`));
      await page.locator('select').and(page.getByLabel(say.group)).selectOption('product');
      await expect(page).toHaveURL(/[?&]group=product/);

      // The totals are the API's for the same range (other tests may order meanwhile: asked again until equal).
      const totals = page.getByRole('region', { name: lang === 'ar' ? 'مجاميع الفترة' : 'Totals of the range' });
      await expect(async () => {
        const reply = await request.get(`/api/admin/reports/sales?from=${today}&to=${today}&group=product`, {
          headers: { ...bearer(token), 'accept-language': lang },
        });
        expect(reply.status()).toBe(200);
        const report: SalesReport = ((await reply.json()) as AdminSalesReportResponse).report;
        expect(report.totals.orders).toBeGreaterThanOrEqual(1);
        await expect(totals.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${say.orders}$`) }) }).locator('dd').first()).toHaveText(
          grouped(report.totals.orders),
          { timeout: 2_000 },
        );
        await expect(page.getByTestId('sales-report-table')).toContainText(report.rows[0]!.label, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      // Nothing scrolls sideways, on a phone or a laptop.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      const name = `sales-product-${today}-${today}.csv`;
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: say.csv }).click()]);
      expect(download.suggestedFilename()).toBe(name);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.startsWith(`\uFEFF${say.product},`)).toBe(true);
      await expect(toast(page, say.downloaded(name))).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      const response = await request.delete(`/api/orders/${order.id}`, { headers: bearer(token) });
      expect([200, 404]).toContain(response.status());
    }
  });
}
