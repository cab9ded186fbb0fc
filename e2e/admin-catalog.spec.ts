import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  formatPrice,
  pathInLanguage,
  formatSignedPrice,
  moneyFormat,
  toThousandths,
  type Product,
  type ProductListResponse,
} from '@shop/shared';
import { getSettings, inTurn, listCategories, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The shop owner's catalogue work, end to end in the browser: a category with an image, a product
 * with two images and a surcharge, published and found on the storefront, edited, an image
 * removed, deleted; a slide on the home page; the store phone in the footer. These tests change
 * the shop, so they run in their own projects after the storefront's (playwright.config.ts) and
 * clean up what they made.
 */

type Lang = 'ar' | 'en';

const text = {
  ar: {
    categoryCreated: 'تم إنشاء الفئة بنجاح',
    categoryDeleted: 'تم حذف الفئة بنجاح',
    productCreated: 'تم إنشاء المنتج بنجاح',
    productUpdated: 'تم تحديث المنتج بنجاح',
    seoSection: 'الظهور في محركات البحث',
    productDeleted: 'تم حذف المنتج بنجاح',
    duplicated: 'أُنشئت نسخة مسودة بمخزون 0: أكملها وانشرها عندما تكون جاهزة',
    duplicate: 'تكرار',
    slideCreated: 'تمت إضافة الشريحة بنجاح',
    slideDeleted: 'تم حذف الشريحة بنجاح',
    settingsSaved: 'تم حفظ إعدادات المتجر بنجاح',
    addSlide: 'إضافة شريحة',
    editSettings: 'تعديل الإعدادات',
    add: 'إضافة',
    published: 'منشور',
  },
  en: {
    categoryCreated: 'Category created successfully',
    categoryDeleted: 'Category deleted successfully',
    productCreated: 'Product created successfully',
    productUpdated: 'Product updated successfully',
    seoSection: 'Search engine listing',
    productDeleted: 'Product deleted successfully',
    duplicated: 'Copy created as a draft with stock 0: complete it and publish it when ready',
    duplicate: 'Duplicate',
    slideCreated: 'Slide added successfully',
    slideDeleted: 'Slide deleted successfully',
    settingsSaved: 'Store settings saved successfully',
    addSlide: 'Add slide',
    editSettings: 'Edit settings',
    add: 'Add',
    published: 'Published',
  },
} as const;

/** Real picture bytes of a colour, as a phone's camera roll would hand them over. */
async function picture(colour: string, format: 'png' | 'jpeg' | 'webp') {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
  return { name: `picture.${format === 'jpeg' ? 'jpg' : format}`, mimeType: `image/${format}`, buffer };
}

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

/** The row (desktop table) or card (phone) of a list that shows this text. */
const listEntry = (page: Page, name: string) =>
  page.locator('tr:visible, li:visible').filter({ has: page.getByText(name, { exact: true }) }).first();

/** Confirms the destructive action the dialog names (its last button; close and cancel come first). */
async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button').last().click();
  await expect(dialog).toHaveCount(0);
}

let run = 0;
/** A name no other run uses, so parallel projects never meet each other's data. */
function uniqueTag(lang: Lang, page: Page): string {
  run += 1;
  const width = page.viewportSize()?.width ?? 0;
  return `${lang}${width}-${Date.now().toString(36)}${run}`;
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner creates a category and a product, sells it, edits and deletes it (${lang}) @phone`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(150_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    const tag = uniqueTag(lang, page);
    const settings = await getSettings(request);

    // 1. A category with an image.
    const categoryName = `فئة اختبار ${tag}`;
    await page.goto('/admin/categories/new');
    await waitForHydration(page);
    await page.locator('#category-name').fill(categoryName);
    await page.locator('#category-name_en').fill(`Test category ${tag}`);
    await page.locator('#category-image').setInputFiles(await picture('#8a5a2b', 'png'));
    await expect(page.getByRole('img', { name: /./ }).first()).toBeVisible();
    await page.locator('main form button[type="submit"]').click();
    await expect(toast(page, text[lang].categoryCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\?tab=categories$/);
    const categoryEntry = listEntry(page, categoryName);
    await expect(categoryEntry).toBeVisible();
    await expect(categoryEntry.locator('img[src^="/uploads/categories/"]')).toHaveCount(1);

    // 2. A product with two images and a surcharge, published.
    const attributesReply = await page.request.get('/api/simple-attributes', { headers: { authorization: `Bearer ${token}` } });
    const { attributes } = (await attributesReply.json()) as {
      attributes: Array<{ id: number; name: string; variations: Array<{ id: number; title: string; title_en: string | null }> }>;
    };
    const attribute = attributes.find((candidate) => candidate.variations.length > 0)!;
    const value = attribute.variations[0]!;

    const productName = `سبحة اختبار ${tag}`;
    await page.goto('/admin/products/new');
    await waitForHydration(page);
    await page.locator('#product-name').fill(productName);
    await page.locator('#product-name_en').fill(`Test beads ${tag}`);
    await page.locator('#product-short_description').fill('سبحة صنعت للاختبار');
    await page.locator('#product-price').fill('12.500');
    await page.locator('#product-stock_quantity').fill('7');
    await page.locator('#product-sku').fill(`SKU-${tag}`);
    await page.locator('#product-status').selectOption('published');
    // The select shows each category's name in the page's language.
    const categoryLabel = lang === 'en' ? `Test category ${tag}` : categoryName;
    await expect(page.locator('#product-category_id option', { hasText: categoryLabel })).toHaveCount(1);
    await page.locator('#product-category_id').selectOption({ label: categoryLabel });
    await page.locator('#product-images').setInputFiles([await picture('#2b6a8a', 'jpeg'), await picture('#8a2b4f', 'webp')]);
    await expect(page.locator('img[alt][src^="blob:"]')).toHaveCount(2);
    await page.locator('#product-attribute_variations').selectOption(String(attribute.id));
    await page.locator('#product-attribute_variations-value').selectOption(String(value.id));
    await page.locator('#product-attribute_variations-price').fill('2.250');
    await page
      .locator('#product-attribute_variations-price')
      .locator('xpath=ancestor::*[.//button][1]')
      .getByRole('button', { name: text[lang].add, exact: true })
      .click();
    await expect(page.getByText(formatSignedPrice(2250, moneyFormat(settings, lang))).first()).toBeVisible();
    await page.locator('main form button[type="submit"]').click();
    await expect(toast(page, text[lang].productCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\?tab=products/);
    await expect(listEntry(page, productName)).toBeVisible();

    // 3. The storefront has it, with the surcharge in the price.
    const found = (await (await request.get(`/api/products?search=${encodeURIComponent(productName)}`)).json()) as ProductListResponse;
    const product = found.products.find((candidate) => candidate.name === productName) as Product;
    expect(product, 'published product in the public list').toBeTruthy();
    expect(product.images).toHaveLength(2);
    await page.goto(pathInLanguage(`/products/${product.id}`, lang));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? `Test beads ${tag}` : productName);
    // The storefront names the value in the page's language (Arabic when it has no English).
    const valueTitle = lang === 'en' ? (value.title_en ?? value.title) : value.title;
    await page.getByRole('radio', { name: new RegExp(`^${valueTitle}`) }).check({ force: true });
    const withSurcharge = toThousandths(12.5) + 2250;
    await expect(page.locator(`[data-price="${withSurcharge}"]`).first()).toHaveText(
      formatPrice(withSurcharge, moneyFormat(settings, lang)),
    );

    // 4. The price changes and one image goes.
    await page.goto(`/admin/products/edit/${product.id}`);
    await waitForHydration(page);
    await expect(page.locator('#product-name')).toHaveValue(productName);
    await page.locator('#product-price').fill('15');
    await page.locator('[id$="-remove"]').last().click();
    // The search engine listing: a title of its own in the page's language, with its count.
    const seoTitle = `${lang === 'ar' ? 'سبحة مميزة' : 'Fine beads'} ${tag}`;
    await page.locator('summary', { hasText: text[lang].seoSection }).click();
    await page.locator(`#product-seo_title_${lang}`).fill(seoTitle);
    await expect(page.getByText(`${seoTitle.length} / 70`, { exact: true }).first()).toBeVisible();
    await page.locator('main form button[type="submit"]').click();
    await expect(toast(page, text[lang].productUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\?tab=products/);
    const edited = (await (await request.get(`/api/products/${product.id}`)).json()) as { product: Product };
    expect(edited.product.price).toBe(15);
    expect(edited.product.images).toHaveLength(1);
    const removedImage = product.images.find((image) => image.id !== edited.product.images[0]!.id)!;
    expect((await request.get(removedImage.url)).status()).toBe(404);
    expect(edited.product[`seo_title_${lang}`]).toBe(seoTitle);
    await page.goto(pathInLanguage(`/products/${product.id}`, lang));
    // The storefront's page is titled as the search result will read.
    await expect(page).toHaveTitle(seoTitle);
    await expect(page.locator(`[data-price="${toThousandths(15)}"]`).first()).toHaveText(
      formatPrice(toThousandths(15), moneyFormat(settings, lang)),
    );

    // 5. Deleted: gone from the storefront.
    await page.goto('/admin?tab=products');
    await waitForHydration(page);
    await page.locator('#products-search').fill(productName);
    const productEntry = listEntry(page, productName);
    await expect(productEntry).toBeVisible();
    await productEntry.getByRole('button', { name: new RegExp(lang === 'ar' ? 'حذف' : 'Delete') }).click();
    await confirmDialog(page);
    await expect(toast(page, text[lang].productDeleted)).toBeVisible();
    expect((await request.get(`/api/products/${product.id}`)).status()).toBe(404);
    expect((await page.request.get(`/products/${product.id}`)).status()).toBe(404);

    // The category goes too (it is empty now), leaving the demo store as it was.
    await page.goto('/admin?tab=categories');
    await waitForHydration(page);
    await listEntry(page, categoryName).getByRole('button', { name: new RegExp(lang === 'ar' ? 'حذف' : 'Delete') }).click();
    await confirmDialog(page);
    await expect(toast(page, text[lang].categoryDeleted)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`the owner duplicates a product from the list and from its form, then deletes the copies (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    const auth = { authorization: `Bearer ${token}` };
    const tag = uniqueTag(lang, page);
    const name = `سبحة للنسخ ${tag}`;
    const nameEn = `Beads to copy ${tag}`;
    const category = (await listCategories(page.request)).flat_categories[0]!;
    const created = await page.request.post('/api/products', {
      headers: auth,
      multipart: {
        name,
        name_en: nameEn,
        price: '18',
        stock_quantity: '5',
        category_id: String(category.id),
        sku: `DUP-${tag}`,
        status: 'published',
        images: await picture('#6a3b8a', 'png'),
      },
    });
    expect(created.status()).toBe(201);
    const source = ((await created.json()) as { product: Product }).product;
    const made: number[] = [];
    try {
      // From the list: a toast, then the copy's form, named as a copy, without stock or SKU.
      await page.goto('/admin?tab=products');
      await waitForHydration(page);
      await page.locator('#products-search').fill(name);
      await listEntry(page, name)
        .getByRole('button', { name: `${text[lang].duplicate} ${name}`, exact: true })
        .click();
      await expect(toast(page, text[lang].duplicated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
      const copyId = Number(new URL(page.url()).pathname.split('/').pop());
      made.push(copyId);
      expect(copyId).not.toBe(source.id);
      await waitForHydration(page);
      await expect(page.locator('#product-name')).toHaveValue(`${name} (نسخة)`);
      await expect(page.locator('#product-name_en')).toHaveValue(`${nameEn} (copy)`);
      await expect(page.locator('#product-stock_quantity')).toHaveValue('0');
      await expect(page.locator('#product-sku')).toHaveValue('');
      await expect(page.locator('#product-status')).toHaveValue('draft');
      const copy = ((await (await page.request.get(`/api/products/${copyId}`, { headers: auth })).json()) as { product: Product }).product;
      expect(copy.images).toHaveLength(1);
      expect(copy.images[0]!.filename).not.toBe(source.images[0]!.filename);

      // From the copy's form: a copy of the copy.
      await page.getByRole('button', { name: text[lang].duplicate, exact: true }).click();
      await expect(page).not.toHaveURL(new RegExp(`/edit/${copyId}$`));
      await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
      made.push(Number(new URL(page.url()).pathname.split('/').pop()));
      await waitForHydration(page);
      await expect(page.locator('#product-name')).toHaveValue(`${name} (نسخة) (نسخة)`);

      // The first copy goes from the list as any product does.
      await page.goto('/admin?tab=products');
      await waitForHydration(page);
      await page.locator('#products-search').fill(name);
      const copyName = `${name} (نسخة)`;
      await listEntry(page, copyName).getByRole('button', { name: new RegExp(lang === 'ar' ? 'حذف' : 'Delete') }).click();
      await confirmDialog(page);
      await expect(toast(page, text[lang].productDeleted)).toBeVisible();
      made.shift();
      expect(problems).toEqual([]);
    } finally {
      for (const id of [...made, source.id]) await page.request.delete(`/api/products/${id}`, { headers: auth });
    }
  });

  test(`the owner adds a slide and sees it on the home page (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    await signInAsAdmin(page);
    const title = `شريحة اختبار ${uniqueTag(lang, page)}`;

    await page.goto('/admin?tab=slider');
    await waitForHydration(page);
    await page.getByRole('button', { name: text[lang].addSlide }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#slide-title').fill(title);
    await dialog.locator('#slide-link_url').fill('/products');
    await dialog.locator('#slide-sort_order').fill('0');
    await dialog.locator('#slide-image').setInputFiles(await picture('#115a41', 'png'));
    await dialog.locator('button[type="submit"]').click();
    await expect(toast(page, text[lang].slideCreated)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByText(title).first()).toBeAttached();

    await page.goto('/admin?tab=slider');
    await waitForHydration(page);
    await listEntry(page, title).getByRole('button', { name: new RegExp(lang === 'ar' ? 'حذف' : 'Delete') }).click();
    await confirmDialog(page);
    await expect(toast(page, text[lang].slideDeleted)).toBeVisible();
    await page.goto('/');
    await expect(page.getByText(title)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

const attributeText = {
  ar: {
    add: 'إضافة الخاصية',
    created: 'تمت إضافة الخاصية بنجاح',
    renamed: 'تم تحديث اسم الخاصية بنجاح',
    deleted: 'تم حذف الخاصية وجميع قيمها بنجاح',
    valueTitle: 'اسم القيمة',
    valuePrice: 'السعر الإضافي',
    addValue: 'إضافة القيمة',
    valueCreated: 'تمت إضافة القيمة بنجاح',
    rename: (name: string) => `إعادة تسمية الخاصية ${name}`,
    renameInput: (name: string) => `الاسم الجديد للخاصية ${name}`,
    remove: (name: string) => `حذف الخاصية ${name}`,
    valuesGo: 'ستُحذف قيمتها الوحيدة معها.',
  },
  en: {
    add: 'Add attribute',
    created: 'Attribute added successfully',
    renamed: 'Attribute renamed successfully',
    deleted: 'Attribute and all its values deleted successfully',
    valueTitle: 'Value title',
    valuePrice: 'Additional price',
    addValue: 'Add value',
    valueCreated: 'Value added successfully',
    rename: (name: string) => `Rename the attribute ${name}`,
    renameInput: (name: string) => `New name of the attribute ${name}`,
    remove: (name: string) => `Delete the attribute ${name}`,
    valuesGo: 'Its only value will be deleted with it.',
  },
} as const;

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner adds an attribute with a value, renames it (Escape cancels, Enter saves) and deletes it (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    await signInAsAdmin(page);
    const words = attributeText[lang];
    const tag = uniqueTag(lang, page);
    const name = `خاصية ${tag}`;
    const renamed = `خاصية معدلة ${tag}`;

    await page.goto('/admin?tab=simple-attributes');
    await waitForHydration(page);
    await page.locator('#new-attribute-name').fill(name);
    await page.getByRole('button', { name: words.add }).click();
    await expect(toast(page, words.created)).toBeVisible();

    // The new attribute opens to take its values.
    await page.getByLabel(words.valueTitle).fill(`قيمة ${tag}`);
    await page.getByLabel(words.valuePrice).fill('1.5');
    await page.getByRole('button', { name: words.addValue }).click();
    await expect(toast(page, words.valueCreated)).toBeVisible();
    await expect(page.getByText(`قيمة ${tag}`, { exact: true })).toBeVisible();

    // Escape leaves the name as it was; Enter saves the new one.
    await page.getByRole('button', { name: words.rename(name) }).click();
    await page.getByLabel(words.renameInput(name)).fill('لن يحفظ');
    await page.keyboard.press('Escape');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText('لن يحفظ')).toHaveCount(0);
    await page.getByRole('button', { name: words.rename(name) }).click();
    await page.getByLabel(words.renameInput(name)).fill(renamed);
    await page.keyboard.press('Enter');
    await expect(toast(page, words.renamed)).toBeVisible();
    await expect(page.getByText(renamed, { exact: true })).toBeVisible();

    // Deleting warns that its value goes too.
    await page.getByRole('button', { name: words.remove(renamed) }).click();
    await expect(page.getByRole('dialog').getByText(words.valuesGo)).toBeVisible();
    await confirmDialog(page);
    await expect(toast(page, words.deleted)).toBeVisible();
    await expect(page.getByText(renamed, { exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

const exportText = {
  ar: { button: 'تصدير CSV', downloaded: 'تم تنزيل ملف المنتجات' },
  en: { button: 'Export CSV', downloaded: 'The products file was downloaded' },
} as const;

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner exports every product, drafts included, as products-YYYY-MM-DD.csv (${lang}) @phone`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await signInAsAdmin(page);
    const tag = uniqueTag(lang, page);
    const headers = { authorization: `Bearer ${token}` };
    // A draft whose name holds a comma and quotes: quoted in its cell, and in the file.
    const name = `سبحة تصدير، "مسودة" ${tag}`;
    const { categories } = await listCategories(page.request);
    const category = categories[0]!;
    const created = await page.request.post('/api/products', {
      headers,
      multipart: { name, price: '4.25', stock_quantity: '3', category_id: String(category.id), status: 'draft' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = ((await created.json()) as { product: { id: number } }).product;
    try {
      await page.goto('/admin?tab=products');
      await waitForHydration(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: exportText[lang].button }).click(),
      ]);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
      expect(download.suggestedFilename()).toBe(`products-${today}.csv`);
      const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
      const [header] = csv.split('\r\n');
      expect(header).toBe(
        '\uFEFFid,sku,name_ar,name_en,short_description_ar,short_description_en,description_ar,description_en,' +
          'price,sale_price,stock_quantity,status,featured,category_slug,seo_title_ar,seo_title_en,' +
          'seo_description_ar,seo_description_en,image_urls',
      );
      expect(csv).toContain(`\r\n${product.id},,"${name.replaceAll('"', '""')}",,,,,,4.250,,3,draft,false,${category.slug},`);
      await expect(toast(page, exportText[lang].downloaded)).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await page.request.delete(`/api/products/${product.id}`, { headers });
    }
  });
}

test.describe('store settings', () => {
  // Both languages edit the one settings row: one after the other.
  test.describe.configure({ mode: 'serial' });

  for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
    test(`the owner edits the store phone and the footer shows it (${lang})`, async ({ page, context, baseURL, request }) => {
      test.setTimeout(90_000);
      await useLanguage(context, baseURL!, lang);
      const problems = watchConsole(page);
      await signInAsAdmin(page);
      // The settings form saves every field it shows (the free-delivery amount too): a journey
      // that changes one of them at the same time would have its value saved back here.
      await inTurn(baseURL!, 'store-settings', async () => {
        const before = await getSettings(request);
        const phone = lang === 'ar' ? '+965 2200 1122' : '+965 2200 3344';

        for (const target of [phone, before.phone_number ?? '']) {
          await page.goto('/admin?tab=settings');
          await waitForHydration(page);
          await page.getByRole('button', { name: text[lang].editSettings }).click();
          await page.locator('#settings-phone_number').fill(target);
          await page.locator('main form button[type="submit"]').click();
          await expect(toast(page, text[lang].settingsSaved)).toBeVisible();
          if (target === phone) {
            await page.goto('/');
            await expect(page.locator('footer').getByText(phone)).toBeVisible();
          }
        }
        const after = await getSettings(request);
        expect(after.phone_number).toBe(before.phone_number);
        expect(after.free_shipping_threshold).toBe(before.free_shipping_threshold);
      });
      expect(problems).toEqual([]);
    });
  }
});
