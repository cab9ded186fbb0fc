import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pathInLanguage,
  formatPrice,
  moneyFormat,
  toThousandths,
  type CartResponse,
  type CityListResponse,
  type CountryListResponse,
  type GovernorateListResponse,
  type OrderResponse,
} from '@shop/shared';
import { adminToken, api, CHECKOUT_FIELDS, getSettings, listProducts, signInWith, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * Online payment through UPayments, against the test double scripts/e2e-server.mjs
 * starts: the checkout sends the shopper to the double's hosted page, whose Pay, Fail and Cancel
 * buttons redirect back to the shop the way UPayments does; the result screen asks the server,
 * which asks the double, and only that answer decides what the shopper sees.
 */

const texts = {
  ar: {
    ...CHECKOUT_FIELDS.ar,
    card: /البطاقة \(يو بايمنتس\)/,
    place: 'تأكيد الطلب',
    pay: 'ادفع',
    fail: 'فشل الدفع',
    cancel: 'إلغاء',
    paid: 'تم الدفع بنجاح',
    failed: 'فشل الدفع',
    paidBadge: /تم الدفع في/,
    tracking: 'تتبع الطلب',
    checkout: 'إتمام الطلب',
  },
  en: {
    ...CHECKOUT_FIELDS.en,
    card: /Card \(UPayments\)/,
    place: 'Place order',
    pay: 'Pay',
    fail: 'Fail the payment',
    cancel: 'Cancel',
    paid: 'Payment successful',
    failed: 'Payment failed',
    paidBadge: /Paid on/,
    tracking: 'Order tracking',
    checkout: 'Checkout',
  },
} as const;

type Lang = keyof typeof texts;

/** One in-stock product without options in this browser's cart; returns the cart's lines. */
async function fillCart(page: Page) {
  const { products } = await listProducts(page.request, 'limit=100');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    const response = await page.request.post('/api/cart/add', { data: { product_id: product.id, quantity: 2, selected_attributes: {} } });
    if (response.ok()) return ((await response.json()) as CartResponse).items.map((item) => ({ id: item.id, quantity: item.quantity }));
  }
  throw new Error('The demo store has no product to pay for');
}

async function kuwaitCity(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates[0]!;
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
  return { kuwait, governorate, city: cities[0]! };
}

const cartLines = async (page: Page) => (await api<CartResponse>(page.request, '/cart')).items.map((item) => ({ id: item.id, quantity: item.quantity }));

/** Fills the checkout, chooses the card and places the order; ends on the double's hosted page. */
async function payByCard(page: Page, lang: Lang) {
  const text = texts[lang];
  const { kuwait, governorate, city } = await kuwaitCity(page.request);
  await page.goto(pathInLanguage('/checkout', lang));
  await waitForHydration(page);
  await page.getByLabel(text.name).fill(lang === 'ar' ? 'مريم العلي' : 'Mariam Al-Ali');
  // A new shopper each time: the shop limits how many orders one e-mail or phone may place.
  const unique = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  await page.getByLabel(text.email).fill(`mariam.${unique}@example.com`);
  await page.getByLabel(text.phone).fill(`9${unique}`);
  await page.getByLabel(text.country).selectOption({ label: lang === 'ar' ? kuwait.name_ar : kuwait.name_en });
  await page.getByLabel(text.governorate).selectOption({ label: lang === 'ar' ? governorate.name_ar : governorate.name_en });
  await page.getByLabel(text.city).selectOption({ label: lang === 'ar' ? city.name_ar : city.name_en });
  await page.getByLabel(text.address).fill(lang === 'ar' ? 'قطعة 2، شارع 5، منزل 9' : 'Block 2, Street 5, House 9');
  await page.getByRole('radio', { name: text.card }).check();
  // The reply is read on its way to the page: the page leaves for the gateway as soon as it has it.
  const replies: OrderResponse[] = [];
  await page.route('**/api/orders', async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'POST') replies.push((await response.json()) as OrderResponse);
    await route.fulfill({ response });
  });
  // A double click places one order and makes one charge.
  await page.getByRole('button', { name: text.place }).dblclick();
  await page.waitForURL((url) => !url.pathname.startsWith(pathInLanguage('/checkout', lang)));
  await page.unroute('**/api/orders');
  expect(replies).toHaveLength(1);
  const reply = replies[0]!;
  expect(reply.order.payment_status).toBe('awaiting_payment');
  expect(reply.payment_url).toBeTruthy();
  expect(page.url().startsWith(new URL(reply.payment_url!).origin)).toBe(true);
  return { orderNumber: reply.order.order_number };
}

test.describe('online payment through UPayments', () => {
  test('in Arabic: card → the gateway page → pay → the success countdown → the tracking page shows paid @phone', async ({
    page,
    context,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'ar');
    expect((await getSettings(page.request)).payment_methods).toContain('upayments');
    await fillCart(page);
    const { orderNumber } = await payByCard(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('UPayments');

    await page.getByRole('button', { name: texts.ar.pay, exact: true }).click();
    await page.waitForURL(/\/payment\/success\?/);
    await expect(page.getByRole('heading', { level: 1, name: texts.ar.paid })).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The pending order is cleared once the server has confirmed the payment.
    expect(await page.evaluate(() => window.localStorage.getItem('pendingOrder'))).toBeNull();

    await page.waitForURL(new RegExp(`/order-status/${orderNumber}$`), { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: texts.ar.tracking })).toBeVisible();
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-payment-status', 'paid');
    await expect(page.getByTestId('payment-status')).toHaveText(texts.ar.paidBadge);
    // The cart was emptied when the payment was confirmed.
    expect(await cartLines(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('in English: a failed payment says so and returns to the checkout with the cart intact', async ({ page, context, baseURL }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'en');
    await fillCart(page);
    const before = await cartLines(page);
    const { orderNumber } = await payByCard(page, 'en');

    await page.getByRole('button', { name: texts.en.fail, exact: true }).click();
    await page.waitForURL(/\/payment\/cancel\?/);
    await expect(page.getByRole('heading', { level: 1, name: texts.en.failed })).toBeVisible();
    // The number is isolated left to right (LRI … PDI) inside the sentence.
    await expect(page.getByText(`The payment for order \u2066${orderNumber}\u2069 failed`)).toBeVisible();
    await page.waitForURL(/\/checkout$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: texts.en.checkout })).toBeVisible();
    expect(await cartLines(page)).toEqual(before);
    // The checkout kept the payload with the order number before leaving for the gateway.
    const pending = await page.evaluate(() => window.localStorage.getItem('pendingOrder'));
    expect(JSON.parse(pending ?? '{}')).toMatchObject({ order_number: orderNumber, payment_method: 'upayments' });

    const { order } = await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`);
    expect(order.payment_status).toBe('failed');
    expect(problems).toEqual([]);
  });

  test('in Arabic: cancelling on the gateway page returns to the checkout with the cart intact @phone', async ({
    page,
    context,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'ar');
    await fillCart(page);
    const before = await cartLines(page);
    const { orderNumber } = await payByCard(page, 'ar');

    await page.getByRole('button', { name: texts.ar.cancel, exact: true }).click();
    await page.waitForURL(/\/payment\/cancel\?/);
    await expect(page.getByRole('heading', { level: 1, name: texts.ar.failed })).toBeVisible();
    await page.waitForURL(/\/checkout$/, { timeout: 10_000 });
    expect(await cartLines(page)).toEqual(before);
    const { order } = await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`);
    expect(order.payment_status).not.toBe('paid');
    expect(problems).toEqual([]);
  });

  test('in English: a typed "CAPTURED" proves nothing, and an address naming no payment is explained', async ({
    page,
    context,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'en');
    await page.goto('/en/payment-success?result=CAPTURED&payment_id=123');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment information missing' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await useLanguage(context, baseURL!, 'ar');
    await fillCart(page);
    const { orderNumber } = await payByCard(page, 'ar');
    // Back from the gateway page without paying, claiming success in the address.
    await page.goto(`/payment/success?result=CAPTURED&requested_order_id=${orderNumber}&track_id=forged-1&payment_id=forged-2`);
    // Whatever the server answers for the forged ids, it is not the success screen.
    await expect(page.locator('[data-payment-state]:not([data-payment-state="loading"])')).toBeVisible();
    await expect(page.locator('[data-payment-state="success"]')).toHaveCount(0);
    const { order } = await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`);
    expect(order.payment_status).not.toBe('paid');
    // Refused or unknown payments are answered with 4xx on purpose, which Chromium logs.
    expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
  });

  test('in English: an administrator refunds a paid card order from its detail page', async ({ page, context, baseURL }) => {
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, 'en');
    await fillCart(page);
    const { orderNumber } = await payByCard(page, 'en');
    await page.getByRole('button', { name: texts.en.pay, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.en.paid })).toBeVisible();
    const { order } = await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`);
    expect(order.payment_status).toBe('paid');

    await signInWith(context, await adminToken(page.request));

    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    const payment = page.getByRole('region', { name: 'Payment', exact: true });
    await expect(payment.getByTestId('payment-status')).toHaveText('Paid');
    await expect(payment.getByText('CAPTURED')).toBeVisible();
    // Refunds have their own section (issue 30): everything left is refunded through UPayments.
    const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
    await refunds.getByRole('button', { name: 'Refund…' }).click();
    const amount = formatPrice(toThousandths(order.total_amount), moneyFormat(await getSettings(page.request), 'en'));
    const dialog = page.getByRole('dialog', { name: new RegExp(`^Refund order \\W*${orderNumber}\\W*$`) });
    await expect(dialog).toContainText('through UPayments');
    await expect(dialog.getByLabel(`Everything left (${amount})`)).toBeChecked();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByText(`Order ${orderNumber} was refunded`)).toBeVisible();
    await expect(payment.getByTestId('payment-status')).toHaveText('Refunded');
    await expect(refunds.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
    const after = await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`);
    expect(after.order).toMatchObject({ payment_status: 'refunded', status: 'refunded' });
    expect(problems).toEqual([]);
  });
});
