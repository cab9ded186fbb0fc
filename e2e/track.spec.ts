import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { pathInLanguage, type CityListResponse, type CountryListResponse, type GovernorateListResponse, type OrderResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { api, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

type Lang = 'ar' | 'en';

const words = {
  ar: {
    title: 'تتبّع طلبك',
    footer: 'تتبّع طلبك',
    number: 'رقم الطلب',
    byPhone: 'رقم الهاتف',
    byEmail: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    email: 'البريد الإلكتروني',
    submit: 'اعرض طلبي',
    notFound: 'لم نجد طلباً بهذا الرقم وبيانات التواصل هذه. تأكد منهما وحاول مرة أخرى',
    contactRequired: 'اكتب رقم الهاتف الذي استخدمته في الطلب',
  },
  en: {
    title: 'Track your order',
    footer: 'Track your order',
    number: 'Order number',
    byPhone: 'Phone number',
    byEmail: 'E-mail',
    phone: 'Phone number',
    email: 'E-mail',
    submit: 'Show my order',
    notFound: 'We found no order with this number and contact. Check both and try again',
    contactRequired: 'Enter the phone number you ordered with',
  },
} as const;

/** A guest's cash order placed through the API from a browser of its own: its number, e-mail and phone. */
async function placeGuestOrder(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
  const request: APIRequestContext = context.request;
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorates[0]!.id}/cities`);
  const { products } = await listProducts(request, 'limit=100');
  let productId: number | undefined;
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    if ((await productAttributes(request, product.id)).length === 0) {
      productId = product.id;
      break;
    }
  }
  expect(productId, 'a product without options in stock').toBeDefined();
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const email = uniqueEmail('track');
  const response = await request.post('/api/orders', {
    data: {
      name: 'Huda Alrashed',
      email,
      phone: `+965 6${digits.slice(0, 3)} ${digits.slice(3)}1`,
      shipping_address: 'Block 2, Street 5, House 9',
      country_id: kuwait.id,
      governorate_id: governorates[0]!.id,
      city_id: cities[0]!.id,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: productId, quantity: 1 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { order } = (await response.json()) as OrderResponse;
  await context.close();
  // The phone as a shopper might write it later: the local number with a hyphen, no country code.
  return { orderNumber: order.order_number, email, localPhone: `6${digits.slice(0, 3)}-${digits.slice(3)}1` };
}

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`a guest finds their order from another browser by its number and phone or e-mail (${lang})${lang === 'ar' ? ' @phone' : ''}`, async ({
    browser,
    baseURL,
  }) => {
    const say = words[lang];
    const placed = await placeGuestOrder(browser);

    // A fresh browser that never placed the order.
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
    await useLanguage(context, baseURL!, lang);
    const page = await context.newPage();
    const problems = watchConsole(page);

    // Reached from the footer.
    await page.goto(pathInLanguage('/', lang));
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: say.footer }).click();
    await page.waitForURL(/\/track$/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: say.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    // Nothing typed for the contact: the field says so.
    await page.getByLabel(say.number).fill(placed.orderNumber.toLowerCase());
    await page.getByRole('button', { name: say.submit }).click();
    await expect(page.getByText(say.contactRequired)).toBeVisible();
    await expect(page.getByLabel(say.phone)).toBeFocused();

    // A wrong phone: the same answer as an unknown number, on the form.
    await page.getByLabel(say.phone).fill('9999 0000');
    await page.getByRole('button', { name: say.submit }).click();
    await expect(page.getByRole('alert')).toContainText(say.notFound);
    await expect(page).toHaveURL(/\/track$/);

    // The right phone in another spelling opens the order, shown in full to this browser now.
    await page.getByLabel(say.phone).fill(placed.localPhone);
    await page.getByRole('button', { name: say.submit }).click();
    await page.waitForURL(new RegExp(`/order-status/${placed.orderNumber}$`));
    await expect(page.getByTestId('order-number')).toHaveText(placed.orderNumber);
    await expect(page.locator('[data-customer-view="full"]')).toBeVisible();
    await expect(page.getByTestId('order-customer-name')).toHaveText('Huda Alrashed');
    expect(problems).toEqual([]);
    await context.close();

    // Another fresh browser finds it by the e-mail in upper case.
    const second = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
    await useLanguage(second, baseURL!, lang);
    const other = await second.newPage();
    await other.goto(pathInLanguage('/track', lang));
    await waitForHydration(other);
    await other.getByLabel(say.number).fill(placed.orderNumber);
    await other.getByRole('button', { name: say.byEmail }).click();
    await other.getByLabel(say.email).fill(placed.email.toUpperCase());
    await other.getByRole('button', { name: say.submit }).click();
    await other.waitForURL(new RegExp(`/order-status/${placed.orderNumber}$`));
    await expect(other.locator('[data-customer-view="full"]')).toBeVisible();
    await second.close();
  });
}
