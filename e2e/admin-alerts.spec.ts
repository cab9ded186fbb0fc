import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CityListResponse, CountryListResponse, OrderResponse } from '@shop/shared';
import { api, listProducts, productAttributes, signInAsAdmin, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * New-order alerts in the back office (issue 30): with the back office open on another section,
 * an order placed meanwhile shows as a count on the Orders tab and on the alerts bell, and as a
 * toast linking to it, without a reload; looking at the Orders tab clears the count.
 */

type Lang = 'ar' | 'en';

const words = {
  ar: { navigation: 'أقسام لوحة التحكم', orders: 'الطلبات', toast: 'طلب جديد', open: 'فتح الطلب', bell: 'تنبيهات الطلبات الجديدة' },
  en: { navigation: 'Back office sections', orders: 'Orders', toast: 'New order', open: 'Open the order', bell: 'New-order alerts' },
} as const;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/** A guest's cash-on-delivery order of one piece of a product without options, through the API. */
async function placeOrder(request: APIRequestContext): Promise<OrderResponse['order']> {
  const { products } = await listProducts(request, 'limit=100');
  let productId: number | undefined;
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 3)) {
    if ((await productAttributes(request, product.id)).length === 0) {
      productId = product.id;
      break;
    }
  }
  expect(productId, 'an in-stock product without options').toBeDefined();
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { cities } = await api<CityListResponse>(request, `/locations/countries/${kuwait.id}/cities`);
  const city = cities[0]!;
  const digits = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const response = await request.post('/api/orders', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: {
      name: 'Alert Shopper',
      email: `alerts.${digits}@example.com`,
      phone: `+965 ${digits.slice(0, 4)} ${digits.slice(4)}`,
      shipping_address: 'Block 4, Street 2, House 9',
      country_id: kuwait.id,
      governorate_id: city.governorate_id,
      city_id: city.id,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: productId, quantity: 1, selected_attributes: {} }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as OrderResponse).order;
}

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`an order placed while the back office is open shows on the Orders tab without a reload (${lang}) @phone`, async ({ page, context, baseURL }) => {
    const w = words[lang];
    await useLanguage(context, baseURL!, lang);
    const token = await signInAsAdmin(page);
    const problems = watchConsole(page);
    // The first poll answers at once; the next one waits on the server for an order.
    const firstPoll = page.waitForResponse((response) => response.url().includes('/api/admin/orders/new') && response.ok(), { timeout: 40_000 });
    await page.goto('/admin?tab=dashboard');
    await waitForHydration(page);
    await firstPoll;
    const ordersTab = page.getByRole('navigation', { name: w.navigation }).filter({ visible: true }).getByRole('link', { name: new RegExp(`^${w.orders}`) });
    // (Orders placed by tests running alongside may already be counted: no count is asserted before.)
    const url = page.url();

    const order = await placeOrder(page.request);
    try {
      const toast = page.getByTestId('toast-viewport').locator('div', { hasText: order.order_number }).first();
      await expect(toast).toContainText(w.toast);
      await expect(toast.getByRole('link', { name: w.open })).toHaveAttribute('href', `/admin/orders/${order.id}`);
      // Other tests may place orders at the same time: at least this one is counted.
      await expect(ordersTab.locator('[data-badge]')).toHaveText(/^[1-9]\d*\+?$/);
      const bell = page.getByRole('button', { name: new RegExp(w.bell) });
      await expect(bell).toContainText(/[1-9]/);
      expect(page.url(), 'no reload, no navigation').toBe(url);

      // The bell lists it; its link opens the order, whose page belongs to the Orders tab: seen.
      await bell.click();
      await page.getByRole('region', { name: lang === 'ar' ? 'الطلبات الجديدة' : 'New orders' }).getByRole('link', { name: new RegExp(order.order_number) }).click();
      // The order's screen loads its data before the address changes: slow on a busy machine.
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`), { timeout: 30_000 });
      await expect(ordersTab.locator('[data-badge]')).toHaveCount(0);
      expect(problems).toEqual([]);
    } finally {
      const deleted = await page.request.delete(`/api/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect([200, 404]).toContain(deleted.status());
    }
  });
}
