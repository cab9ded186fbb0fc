import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminOrderResponse, Order, ProductResponse } from '@shop/shared';
import { adminToken, api, placeGuestOrder, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The owner's daily fulfilment in the back office (issue 30): the orders list fits 1280 and 1366 px
 * laptops in Arabic and English without a sideways scroll (Total and each row's menu in sight) and
 * turns into cards on a phone; two orders moved together; an order shipped with a tracking number;
 * packing slips without prices; part of a delivered cash order refunded. Each test places its own
 * guest orders (names carry a tag no other run uses) and deletes them.
 */

type Lang = 'ar' | 'en';

const words = {
  ar: {
    total: 'الإجمالي',
    menu: (number: string) => `إجراءات الطلب ${number}`,
    select: (number: string) => `تحديد الطلب ${number}`,
    search: 'البحث في الطلبات',
    changeStatus: 'تغيير الحالة',
    newStatus: 'الحالة الجديدة',
    processing: 'قيد التجهيز',
    next: 'متابعة',
    confirmTwo: 'تغيير طلبين',
    twoChanged: 'تغيّر طلبان',
    close: 'إغلاق',
  },
  en: {
    total: 'Total',
    menu: (number: string) => `Actions for order ${number}`,
    select: (number: string) => `Select order ${number}`,
    search: 'Search orders',
    changeStatus: 'Change status',
    newStatus: 'New status',
    processing: 'Processing',
    next: 'Continue',
    confirmTwo: 'Change 2 orders',
    twoChanged: '2 orders changed',
    close: 'Close',
  },
} as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': visitorAddress() });

let run = 0;
function uniqueTag(page: Page): string {
  run += 1;
  return `ff${page.viewportSize()?.width ?? 0}x${Date.now().toString(36)}${run}`;
}

/** A guest's order to work on, with a note for whoever packs it. */
const guestOrder = (request: APIRequestContext, name: string) => placeGuestOrder(request, name, { notes: 'Ring twice' });

async function setStatus(request: APIRequestContext, token: string, id: number, status: string) {
  const response = await request.put(`/api/orders/${id}/status`, { headers: bearer(token), data: { status, notes: '' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AdminOrderResponse).order;
}

async function deleteOrders(request: APIRequestContext, token: string, orders: readonly Order[]) {
  for (const order of orders) {
    const response = await request.delete(`/api/orders/${order.id}`, { headers: bearer(token) });
    expect([200, 404]).toContain(response.status());
  }
}

const toast = (page: Page, message: string) => page.getByRole('region', { name: /^(الإشعارات|Notifications)$/ }).getByText(message, { exact: true });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  const say = words[lang];

  test(`the orders list fits 1280 and 1366 px laptops and is cards on a phone (${lang})`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(90_000);
    await useLanguage(context, baseURL!, lang);
    const token = await adminToken(request);
    await signInWith(context, token);
    // A long name and address, as real orders have, must not widen the table.
    const order = await guestOrder(request, `Abdulrahman Mohammed Abdullah Al-Mutairi ${uniqueTag(page)}`);
    const problems = watchConsole(page);
    try {
      for (const width of [1280, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/admin?tab=orders');
        await waitForHydration(page);
        const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: say.total }) });
        await expect(table).toBeVisible();
        const widths = await table.evaluate((element) => {
          const box = element.parentElement!;
          return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, list: box.scrollWidth - box.clientWidth };
        });
        expect(widths.page, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        expect(widths.list, `the orders table scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        await expect(table.getByRole('columnheader', { name: say.total })).toBeInViewport();
        const row = table.locator('tr').filter({ hasText: order.order_number });
        await expect(row.getByRole('button', { name: say.menu(order.order_number) })).toBeInViewport();
        const height = await row.evaluate((element) => element.getBoundingClientRect().height);
        expect(height, 'a row stays compact').toBeLessThanOrEqual(72);
        await page.screenshot({ path: test.info().outputPath(`orders-${lang}-${width}.png`) });
      }
      // The row's menu opens beside its button, whole, and closes with Escape.
      const menuButton = page.getByRole('button', { name: say.menu(order.order_number) }).first();
      await menuButton.click();
      const menu = page.getByRole('menu', { name: say.menu(order.order_number) });
      await expect(menu).toBeInViewport({ ratio: 1 });
      await expect(menu.getByRole('menuitem')).toHaveCount(6);
      await page.screenshot({ path: test.info().outputPath(`orders-${lang}-menu.png`) });
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(menuButton).toBeFocused();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/admin?tab=orders');
      await waitForHydration(page);
      await expect(page.locator('table').first()).toBeHidden();
      const card = page.locator('li').filter({ hasText: order.order_number }).first();
      await expect(card).toBeVisible();
      const box = await card.getByLabel(say.select(order.order_number)).locator('xpath=..').boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`orders-${lang}-390.png`) });
      expect(problems).toEqual([]);
    } finally {
      await deleteOrders(request, token, [order]);
    }
  });
}

test('two orders change status together (ar)', async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  const say = words.ar;
  await useLanguage(context, baseURL!, 'ar');
  const token = await adminToken(request);
  await signInWith(context, token);
  const tag = uniqueTag(page);
  const orders = [await guestOrder(request, `Bulk One ${tag}`), await guestOrder(request, `Bulk Two ${tag}`)];
  try {
    await page.goto('/admin?tab=orders');
    await waitForHydration(page);
    await page.getByLabel(say.search).fill(tag);
    // Other filters start a new selection: the search is applied first.
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByText('عرض 2 من طلبين', { exact: true })).toBeVisible();
    for (const order of orders) await page.getByLabel(say.select(order.order_number)).first().check();
    const bar = page.getByRole('region', { name: 'الطلبات المحددة' });
    await expect(bar.getByText('طلبان محددان')).toBeVisible();
    await expect(bar.getByRole('link', { name: 'طباعة قوائم التعبئة' })).toHaveAttribute('href', new RegExp(`ids=(${orders[0]!.id},${orders[1]!.id}|${orders[1]!.id},${orders[0]!.id})$`));
    await bar.getByRole('button', { name: say.changeStatus }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(say.newStatus).selectOption({ label: say.processing });
    await dialog.getByRole('button', { name: say.next }).click();
    await dialog.getByRole('button', { name: say.confirmTwo }).click();
    await expect(toast(page, say.twoChanged)).toBeVisible();
    await expect(dialog.getByText(say.twoChanged)).toBeVisible();
    await dialog.getByRole('button', { name: say.close }).first().click();
    for (const order of orders) {
      const response = await request.get(`/api/orders/${order.id}`, { headers: bearer(token) });
      expect(((await response.json()) as AdminOrderResponse).order.status).toBe('processing');
      await expect(page.locator('tr:visible').filter({ hasText: order.order_number }).getByText(say.processing)).toBeVisible();
    }
  } finally {
    await deleteOrders(request, token, orders);
  }
});

test('an order shipped with a tracking number shows it, and WhatsApp carries the link (en)', async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'en');
  const token = await adminToken(request);
  await signInWith(context, token);
  const order = await guestOrder(request, `Ship Me ${uniqueTag(page)}`);
  const problems = watchConsole(page);
  try {
    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    await page.getByLabel('New status').selectOption({ label: 'Shipped' });
    await page.getByRole('combobox', { name: /^Carrier/ }).fill('Aramex');
    await page.getByRole('textbox', { name: /^Tracking number/ }).fill('AX123456');
    // Aramex has a tracking page: the link follows the number.
    await expect(page.getByRole('textbox', { name: /^Tracking link/ })).toHaveValue('https://www.aramex.com/track/results?ShipmentNumber=AX123456');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(toast(page, 'Order status updated successfully')).toBeVisible();
    const shipment = page.getByRole('group', { name: 'Shipment' });
    await expect(shipment.getByText('AX123456')).toBeVisible();
    await expect(shipment.getByText('Aramex')).toBeVisible();
    await expect(shipment.getByRole('link')).toHaveAttribute('href', 'https://www.aramex.com/track/results?ShipmentNumber=AX123456');
    // The form starts again from the saved shipment: nothing left to save.
    await expect(page.getByRole('textbox', { name: /^Tracking number/ })).toHaveValue('AX123456');
    await expect(page.getByRole('button', { name: 'Update status' })).toBeDisabled();
    const whatsapp = await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/965\d{8}\?text=/);
    const message = decodeURIComponent(whatsapp!.split('?text=')[1]!);
    expect(message).toContain(order.order_number);
    expect(message).toContain('https://www.aramex.com/track/results?ShipmentNumber=AX123456');
    expect(message).toContain(`/order-status/${order.order_number}`);

    // From the list's row menu too: a new tab goes to WhatsApp once the order is loaded.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }));
    await page.goto(`/admin?tab=orders&search=${encodeURIComponent(order.order_number)}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: `Actions for order ${order.order_number}` }).first().click();
    const [chat] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: 'WhatsApp the customer' }).click()]);
    await chat.waitForURL(/^https:\/\/wa\.me\//);
    expect(decodeURIComponent(chat.url().split('?text=')[1]!)).toContain('https://www.aramex.com/track/results?ShipmentNumber=AX123456');
    await chat.close();
    expect(problems).toEqual([]);
  } finally {
    await deleteOrders(request, token, [order]);
  }
});

test('packing slips print each order on its own page, without prices (ar)', async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'ar');
  const token = await adminToken(request);
  await signInWith(context, token);
  const tag = uniqueTag(page);
  const orders = [await guestOrder(request, `Pack One ${tag}`), await guestOrder(request, `Pack Two ${tag}`)];
  try {
    await page.goto(`/admin/orders/packing-slips?ids=${orders.map((order) => order.id).join(',')}`);
    await waitForHydration(page);
    const sheets = page.locator('[data-sheet]');
    await expect(sheets).toHaveCount(2);
    for (const [index, order] of orders.entries()) {
      const sheet = sheets.nth(index);
      await expect(sheet.getByText(order.order_number)).toBeVisible();
      await expect(sheet.getByText(order.name)).toBeVisible();
      await expect(sheet.getByText(order.items[0]!.product_name)).toBeVisible();
      await expect(sheet.getByText('Ring twice')).toBeVisible();
      await expect(sheet).not.toContainText(/د\.ك|KD/);
    }
    expect(await sheets.nth(1).evaluate((element) => getComputedStyle(element).breakBefore)).not.toBe('page');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('toolbar')).toBeHidden();
    expect(await sheets.nth(1).evaluate((element) => getComputedStyle(element).breakBefore)).toBe('page');
    await page.screenshot({ path: test.info().outputPath('packing-slips-print.png'), fullPage: true });
  } finally {
    await deleteOrders(request, token, orders);
  }
});

test("an order open on its screen reads in the other language as soon as the language is switched (ar to en)", async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'ar');
  const token = await adminToken(request);
  await signInWith(context, token);
  const order = await guestOrder(request, `Switch ${uniqueTag(page)}`);
  const problems = watchConsole(page);
  try {
    const { product } = await api<ProductResponse>(request, `/products/${order.items[0]!.product_id}`);
    expect(product.name_en, 'a product with an English name').toBeTruthy();
    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const main = page.locator('main');
    await expect(main.getByText(product.name, { exact: true }).first()).toBeVisible();
    // The back office keeps its address: the switch changes the language without a page load.
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${order.id}`);
    await expect(main.getByText(product.name_en!, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(product.name, { exact: true })).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    await deleteOrders(request, token, [order]);
  }
});

test('part of a delivered cash order is refunded (en)', async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'en');
  const token = await adminToken(request);
  await signInWith(context, token);
  const order = await guestOrder(request, `Refund Me ${uniqueTag(page)}`);
  try {
    await setStatus(request, token, order.id, 'delivered');
    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/hand the money back to the customer yourself/)).toBeVisible();
    await dialog.getByLabel('An amount').check();
    // More than the order's total is refused on the field, before any request.
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill(String(order.total_amount + 1));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText('The amount is more than what is left to refund')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('0.5');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    // The amount and number are isolated for the reading direction (invisible marks around them).
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/^A refund of \W*0\.500 KD\W* was recorded for order \W*SB-\w+\W*$/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(refunds.getByText(/0\.500 KD · Cash/)).toBeVisible();
    const after = ((await (await request.get(`/api/orders/${order.id}`, { headers: bearer(token) })).json()) as AdminOrderResponse).order;
    expect(after.refunded_amount).toBe(0.5);
    expect(after.refundable_amount).toBeCloseTo(order.total_amount - 0.5, 3);
    expect(after.status).toBe('delivered');
  } finally {
    await deleteOrders(request, token, [order]);
  }
});

test("the orders export downloads the list's orders as orders-YYYY-MM-DD.csv (en)", async ({ page, context, baseURL, request }) => {
  test.setTimeout(90_000);
  await useLanguage(context, baseURL!, 'en');
  const token = await adminToken(request);
  await signInWith(context, token);
  const order = await guestOrder(request, `Export Me ${uniqueTag(page)}`);
  try {
    await page.goto('/admin?tab=orders&status=pending');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export orders' });
    await expect(dialog.getByText('Orders of: Pending · All cities')).toBeVisible();
    // A range that ends before it starts is refused on the field.
    const from = await dialog.getByLabel(/^From/).inputValue();
    await dialog.getByLabel(/^To/).fill('2000-01-01');
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    await expect(dialog.getByText('The end date is before the start date')).toBeVisible();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuwait' }).format(new Date());
    expect(from).toBe(`${today.slice(0, 8)}01`);
    await dialog.getByLabel(/^To/).fill(today);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`orders-${today}.csv`);
    const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(csv).toContain(order.order_number);
    await expect(toast(page, 'The orders file was downloaded')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await deleteOrders(request, token, [order]);
  }
});
