import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatPrice, moneyFormat, type Product } from '@shop/shared';
import { adminToken, getSettings, listCategories, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The bulk edit of products (issue 32, item 3; docs/decisions/057): the owner ticks the products
 * a search shows, lowers their price by 10 %, checks the preview, applies it and sees the new
 * prices in the list. In both languages, on a laptop and a phone.
 */

const words = {
  ar: {
    selectAll: 'تحديد كل ما في هذه الصفحة',
    bulkEdit: 'تعديل جماعي',
    price: 'السعر',
    value: 'قيمة السعر',
    preview: 'معاينة',
    previewRegion: 'معاينة التعديلات',
    apply: 'تطبيق على منتجين',
    done: 'تم تعديل منتجين',
    selected: 'منتجان محددان',
  },
  en: {
    selectAll: 'Select all on this page',
    bulkEdit: 'Bulk edit',
    price: 'Price',
    value: 'Price value',
    preview: 'Preview',
    previewRegion: 'Preview of the changes',
    apply: 'Apply to 2 products',
    done: '2 products changed',
    selected: '2 products selected',
  },
} as const;

const toast = (page: Page, message: string) =>
  page.getByRole('region', { name: /^(الإشعارات|Notifications)$/ }).getByText(message, { exact: true });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const) {
  const say = words[lang];

  test(`Bulk edit: select products, lower their price by 10 %, preview, apply, see the new prices (${lang}) @phone`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const token = await adminToken(request);
    const auth = { authorization: `Bearer ${token}` };
    await signInWith(context, token);
    const money = moneyFormat(await getSettings(request), lang);
    // A word of random letters: the list's search forgives typos, so two runs' words must differ much.
    const tag = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const category = (await listCategories(request)).flat_categories[0]!;
    const ids: number[] = [];
    for (const [name, price] of [
      [`سبحة ${tag} أولى`, '20'],
      [`سبحة ${tag} ثانية`, '12.5'],
    ] as const) {
      const created = await request.post('/api/products', {
        headers: auth,
        multipart: { name, name_en: `Beads ${tag} ${price}`, price, stock_quantity: '3', category_id: String(category.id), status: 'draft' },
      });
      expect(created.status()).toBe(201);
      ids.push(((await created.json()) as { product: Product }).product.id);
    }
    const problems = watchConsole(page);
    try {
      await page.goto(`/admin?tab=products&search=${tag}`);
      await waitForHydration(page);
      // The list: a table on a laptop, cards on a phone (the other layout is hidden).
      const listName = lang === 'ar' ? 'المنتجات' : 'Products';
      const list = page.getByRole('table', { name: listName, exact: true }).or(page.getByRole('list', { name: listName, exact: true }));
      await expect(list.getByText(formatPrice(20_000, money), { exact: true }).first()).toBeVisible();

      await page.getByRole('checkbox', { name: say.selectAll }).check();
      const bar = page.getByRole('region', { name: lang === 'ar' ? 'المنتجات المحددة' : 'Selected products' });
      await expect(bar).toContainText(say.selected);
      await bar.getByRole('button', { name: say.bulkEdit, exact: true }).click();

      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(say.price, { exact: true }).selectOption('percent');
      await dialog.getByLabel(say.value, { exact: true }).fill('-10');
      await dialog.getByRole('button', { name: say.preview, exact: true }).click();

      // The preview: each product before → after (20 → 18, 12.5 → 11.25), nothing changed yet.
      const preview = dialog.getByRole('region', { name: say.previewRegion });
      await expect(preview).toContainText(formatPrice(18_000, money));
      await expect(preview).toContainText(formatPrice(11_250, money));
      await expect(list.getByText(formatPrice(18_000, money), { exact: true })).toHaveCount(0);
      // The dialog's form and preview pass axe's WCAG 2.1 A and AA rules, as every screen does.
      const axe = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      // A phone's dialog takes the whole screen, and its buttons a finger's 44 px.
      const apply = dialog.getByRole('button', { name: say.apply, exact: true });
      if ((page.viewportSize()?.width ?? 0) < 640) {
        const box = await apply.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        const frame = await dialog.boundingBox();
        expect(frame?.width).toBe(page.viewportSize()?.width);
      }

      await apply.click();
      await expect(toast(page, say.done)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(bar).toBeHidden();
      // The list shows the new prices.
      await expect(list.getByText(formatPrice(18_000, money), { exact: true }).first()).toBeVisible();
      await expect(list.getByText(formatPrice(11_250, money), { exact: true }).first()).toBeVisible();
      await expect(list.getByText(formatPrice(20_000, money), { exact: true })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    } finally {
      for (const id of ids) await request.delete(`/api/products/${id}`, { headers: auth });
    }
  });
}
