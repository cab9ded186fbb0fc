import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect, test, type Page } from '@playwright/test';
import type { Product } from '@shop/shared';
import { listCategories, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The products import (docs/decisions/056): the owner uploads an edited export, sees the dry run
 * with a change and an error on their cells, fixes the file, applies it and finds the new price in
 * the list.
 */

const text = {
  ar: {
    open: 'استيراد CSV',
    title: 'استيراد المنتجات من ملف CSV',
    check: 'افحص الملف',
    apply: 'طبّق التغييرات',
    stockError: 'الكمية في المخزون يجب أن تكون رقماً صحيحاً من 0 فأكثر',
    imported: 'تم الاستيراد: 0 جديدة، 2 معدّلة، 0 بلا تغيير',
    search: 'البحث في المنتجات',
  },
  en: {
    open: 'Import CSV',
    title: 'Import products from a CSV file',
    check: 'Check the file',
    apply: 'Apply the changes',
    stockError: 'The stock quantity must be a whole number of 0 or more',
    imported: 'Imported: 0 new, 2 updated, 0 unchanged',
    search: 'Search products',
  },
} as const;

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

type Row = Record<string, string>;

/** The export's rows of these products, as the file holds them. */
async function exportedRows(page: Page, token: string, ids: readonly number[]): Promise<{ header: string[]; rows: Row[] }> {
  const reply = await page.request.get('/api/admin/products/export', { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  const rows = parse(await reply.text(), { bom: true, columns: true }) as Row[];
  return { header: Object.keys(rows[0]!), rows: rows.filter((row) => ids.includes(Number(row.id))) };
}

/** The file as a spreadsheet saves it: a byte order mark, CRLF. */
function csvFile(header: readonly string[], rows: readonly Row[]) {
  const body = stringify(rows.map((row) => header.map((column) => row[column] ?? '')), { header: true, columns: [...header], record_delimiter: 'windows' });
  return { name: 'products-edited.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${body}`, 'utf8') };
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const) {
  test(`the owner imports an edited export: dry run, fix, apply (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    const auth = { authorization: `Bearer ${token}` };
    const tag = `${lang}${page.viewportSize()?.width ?? 0}-${Date.now().toString(36)}`;
    const category = (await listCategories(page.request)).flat_categories[0]!;
    const made: Product[] = [];
    for (const name of [`سبحة الاستيراد ${tag}`, `سبحة الاستيراد الثانية ${tag}`]) {
      const created = await page.request.post('/api/products', {
        headers: auth,
        multipart: { name, price: '9', stock_quantity: '5', category_id: String(category.id), status: 'draft' },
      });
      expect(created.status(), await created.text()).toBe(201);
      made.push(((await created.json()) as { product: Product }).product);
    }
    const [first, second] = made as [Product, Product];
    try {
      const { header, rows } = await exportedRows(page, token, [first.id, second.id]);
      const firstRow = rows.find((row) => row.id === String(first.id))!;
      const secondRow = rows.find((row) => row.id === String(second.id))!;
      firstRow.price = '12.750';
      secondRow.stock_quantity = 'ten';

      await page.goto('/admin?tab=products');
      await waitForHydration(page);
      await page.getByRole('link', { name: text[lang].open }).click();
      await expect(page.getByRole('heading', { name: text[lang].title })).toBeVisible();
      await waitForHydration(page);

      // The dry run: the price's change, and the stock's error on its cell.
      await page.locator('#import-file').setInputFiles(csvFile(header, rows));
      await page.getByRole('button', { name: text[lang].check }).click();
      const summary = page.getByTestId('import-summary');
      await expect(summary).toBeVisible();
      await expect(summary.locator('dd')).toHaveText(['0', '1', '1', '1']);
      const apply = page.getByRole('button', { name: text[lang].apply });
      await expect(apply).toBeDisabled();
      // The filter shows the rows in error first; every change and error is on "changes".
      await page.locator('#import-filter').selectOption('changes');
      const priceCell = page.locator('[data-cell="price"]:visible');
      await expect(priceCell).toHaveCount(1);
      await expect(priceCell).toContainText('9.000');
      await expect(priceCell).toContainText('12.750');
      const stockError = page.locator('[data-cell-error="stock_quantity"]:visible');
      await expect(stockError).toHaveCount(1);
      await expect(stockError).toContainText(text[lang].stockError);

      // Fixed, checked again, applied.
      secondRow.stock_quantity = '7';
      await page.locator('#import-file').setInputFiles(csvFile(header, rows));
      await page.getByRole('button', { name: text[lang].check }).click();
      await expect(summary.locator('dd')).toHaveText(['0', '2', '0', '0']);
      await expect(apply).toBeEnabled();
      await apply.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button').last().click();
      await expect(toast(page, text[lang].imported)).toBeVisible({ timeout: 30_000 });

      // Back on the list, the product shows its new price.
      await expect(page).toHaveURL(/tab=products/);
      await page.getByRole('searchbox', { name: text[lang].search }).fill(tag);
      const listed = page.getByText(`سبحة الاستيراد ${tag}`, { exact: true }).filter({ visible: true }).first();
      await expect(listed).toBeVisible();
      await expect(page.getByText('12.750').filter({ visible: true }).first()).toBeVisible();

      const stored = await page.request.get(`/api/products/${second.id}`, { headers: auth });
      expect(((await stored.json()) as { product: Product }).product.stock_quantity).toBe(7);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
    } finally {
      for (const product of made) await page.request.delete(`/api/products/${product.id}`, { headers: auth });
    }
  });
}
