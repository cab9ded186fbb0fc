import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  formatPrice,
  pathInLanguage,
  moneyFormat,
  toThousandths,
  type CartResponse,
  type CityListResponse,
  type CountryListResponse,
  type GovernorateListResponse,
  type AdminPromoCodeResponse,
  type OrderResponse,
  type Product,
} from '@shop/shared';
import { adminToken, api, CHECKOUT_FIELDS, getSettings, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * Decision 018: a promo code applied in the cart follows the shopper to checkout and
 * into the order (kept with the cart on the server, shown from the first render, removable), and
 * the cart says delivery is added at checkout, from the lowest fee, instead of "free".
 */

const texts = {
  ar: {
    cartPromoLabel: 'كود الخصم',
    checkoutPromoLabel: 'كود الخصم',
    apply: 'تطبيق',
    applied: (code: string) => `تم تطبيق الكود ${code}`,
    remove: 'إزالة',
    shippingFrom: 'ابتداءً من ',
    shippingHint: 'تختلف رسوم التوصيل حسب المنطقة وتُضاف عند إتمام الطلب.',
    ...CHECKOUT_FIELDS.ar,
    placeOrder: 'تأكيد الطلب',
    dropped: (code: string) => `أُزيل كود الخصم ${code}: `,
    checkoutDropped: (code: string) => `أُزيل كود الخصم ${code}: `,
    notPlaced: 'لم يُرسَل طلبك: لم يعد كود الخصم صالحًا فأُزيل.',
    decrease: (name: string) => `إنقاص كمية ${name}`,
  },
  en: {
    cartPromoLabel: 'Discount code',
    checkoutPromoLabel: 'Promo code',
    apply: 'Apply',
    applied: (code: string) => `Code ${code} applied`,
    remove: 'Remove',
    shippingFrom: 'From ',
    shippingHint: 'Delivery depends on your area and is added at checkout.',
    ...CHECKOUT_FIELDS.en,
    placeOrder: 'Place order',
    dropped: (code: string) => `Discount code ${code} was removed: `,
    checkoutDropped: (code: string) => `Promo code ${code} was removed: `,
    notPlaced: 'Your order was not placed: the promo code no longer applies and was removed.',
    decrease: (name: string) => `Decrease quantity of ${name}`,
  },
} as const;

type Lang = keyof typeof texts;

/** Each test is its own visitor (per-address limits), in its language. */
async function visitor(context: BrowserContext, baseURL: string, lang: Lang) {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
  await useLanguage(context, baseURL, lang);
}

/**
 * A product without options under 20 KD, with stock for a few orders: the one with the most, so
 * the suite's many orders (both languages, both projects, retries) spread over the demo store.
 */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const { products } = await listProducts(request, 'limit=100');
  const candidates = products
    .filter((item) => item.in_stock && item.stock_quantity >= 5 && item.current_price < 20)
    .sort((a, b) => b.stock_quantity - a.stock_quantity);
  for (const item of candidates) {
    if ((await productAttributes(request, item.id)).length === 0) return item;
  }
  throw new Error('The demo store lacks a product without options under 20 KD with stock');
}

/**
 * A simple product in this browser's cart, just enough of it for a code's minimum order
 * (RAMADAN10: 10 KD, WELCOME5: 20 KD): one piece less falls under it.
 */
async function fillCart(page: Page, minimum = 10): Promise<{ product: Product; quantity: number }> {
  const product = await simpleProduct(page.request);
  const quantity = Math.ceil(minimum / product.current_price);
  const response = await page.request.post('/api/cart/add', {
    data: { product_id: product.id, quantity, selected_attributes: {} },
  });
  expect(response.ok()).toBe(true);
  const cart = (await response.json()) as CartResponse;
  expect(toThousandths(cart.summary.total)).toBeGreaterThanOrEqual(minimum * 1000);
  return { product, quantity };
}

/**
 * A cart of at least `minimum` KD of the in-stock product with the most units, its first value of
 * every option chosen: the refused-code journey leaves the few products without options to the
 * other journeys, which need them (the suite's many orders would empty them).
 */
async function fillCartFromLargestStock(page: Page, minimum = 10): Promise<void> {
  const { products } = await listProducts(page.request, 'limit=100');
  const product = products
    .filter((item) => item.in_stock && item.current_price > 0)
    .sort((a, b) => b.stock_quantity - a.stock_quantity)[0]!;
  const selected: Record<string, { variation_id: number; title: string }> = {};
  for (const attribute of await productAttributes(page.request, product.id)) {
    const first = attribute.variations[0]!;
    selected[String(attribute.id)] = { variation_id: first.id, title: first.title };
  }
  const response = await page.request.post('/api/cart/add', {
    data: { product_id: product.id, quantity: Math.ceil(minimum / product.current_price), selected_attributes: selected },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(toThousandths(((await response.json()) as CartResponse).summary.total)).toBeGreaterThanOrEqual(minimum * 1000);
}

async function kuwaitCity(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates[0]!;
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
  return { kuwait, governorate, city: cities[0]! };
}

/** A shopper's e-mail and phone no other test uses. */
function newContact() {
  return {
    email: `promo.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
    phone: `+965 6${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  };
}

async function fillCheckout(page: Page, lang: Lang, request: APIRequestContext, contact = newContact()) {
  const t = texts[lang];
  const { kuwait, governorate, city } = await kuwaitCity(request);
  const name = (item: { name_ar: string; name_en: string }) => (lang === 'ar' ? item.name_ar : item.name_en);
  await page.getByLabel(t.name).fill(lang === 'ar' ? 'مريم الكندري' : 'Maryam Alkandari');
  await page.getByLabel(t.email).fill(contact.email);
  await page.getByLabel(t.phone).fill(contact.phone);
  await page.getByLabel(t.country).selectOption({ label: name(kuwait) });
  await page.getByLabel(t.governorate).selectOption({ label: name(governorate) });
  await page.getByLabel(t.city).selectOption({ label: name(city) });
  await page.getByLabel(t.address).fill(lang === 'ar' ? 'قطعة 2، شارع 5، منزل 9' : 'Block 2, Street 5, House 9');
  return toThousandths(city.shipping_fee);
}

/** Places the order and returns it as the API tells its tracking page. */
async function placeOrder(page: Page, lang: Lang): Promise<OrderResponse['order']> {
  await page.getByRole('button', { name: texts[lang].placeOrder }).click();
  await page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
  const orderNumber = page.url().split('/').pop()!;
  return (await api<OrderResponse>(page.request, `/orders/number/${orderNumber}`)).order;
}

for (const lang of ['ar', 'en'] as const) {
  const t = texts[lang];

  test(`the code applied in the cart is at checkout from the first render and in the order (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const problems = watchConsole(page);
    await visitor(context, baseURL!, lang);
    const settings = await getSettings(request);
    const money = (value: number) => formatPrice(value, moneyFormat(settings, lang));
    await fillCart(page);
    const before = await api<CartResponse>(page.request, '/cart');
    const subtotal = toThousandths(before.summary.total);
    const discount = Math.floor(subtotal / 10);

    await page.goto(pathInLanguage('/cart', lang));
    await waitForHydration(page);
    // Point 3: delivery is added at checkout, from the lowest fee; never "free".
    const lowest = toThousandths(before.shipping_fees!.lowest);
    expect(toThousandths(before.shipping_fees!.highest)).toBeGreaterThan(lowest);
    await expect(page.getByTestId('cart-shipping')).toHaveText(`${t.shippingFrom}${money(lowest)}`);
    await expect(page.getByTestId('cart-shipping-hint')).toHaveText(t.shippingHint);

    await page.getByLabel(t.cartPromoLabel).fill('ramadan10');
    await page.getByRole('button', { name: t.apply }).click();
    await expect(page.getByTestId('promo-applied')).toContainText(t.applied('RAMADAN10'));
    await expect(page.getByTestId('cart-discount')).toHaveText(money(-discount));
    await expect(page.getByTestId('cart-total')).toHaveText(money(subtotal - discount));

    // A new page load: the server renders checkout with the code and its discount already there.
    const html = await (await page.request.get('/checkout')).text();
    expect(html).toContain('data-testid="promo-applied"');
    expect(html).toContain('RAMADAN10');
    await page.goto(pathInLanguage('/checkout', lang));
    await expect(page.getByTestId('promo-applied')).toContainText(t.applied('RAMADAN10'));
    await expect(page.getByTestId('checkout-discount')).toHaveText(money(-discount));
    await waitForHydration(page);

    const fee = await fillCheckout(page, lang, request);
    await expect(page.getByTestId('checkout-total')).toHaveText(money(subtotal - discount + fee));
    const order = await placeOrder(page, lang);
    expect(order.promo_code).toBe('RAMADAN10');
    expect(toThousandths(order.discount_amount)).toBe(discount);
    expect(toThousandths(order.total_amount)).toBe(subtotal - discount + fee);
    await expect(page.getByTestId('order-discount')).toHaveText(money(-discount));
    await expect(page.getByTestId('order-total')).toHaveText(money(subtotal - discount + fee));

    // The order used the code: the emptied cart no longer holds it.
    const after = await api<CartResponse>(page.request, '/cart');
    expect(after.items).toEqual([]);
    expect(after.promo).toBeNull();
    expect(problems).toEqual([]);
  });

  test(`the code removed at checkout is gone from the cart and the order; a code that stops applying is named (${lang})`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const problems = watchConsole(page);
    await visitor(context, baseURL!, lang);
    const settings = await getSettings(request);
    const money = (value: number) => formatPrice(value, moneyFormat(settings, lang));
    await fillCart(page);
    const applied = await page.request.put('/api/cart/promo-code', { data: { code: 'RAMADAN10' } });
    expect(applied.ok()).toBe(true);

    await page.goto(pathInLanguage('/checkout', lang));
    await waitForHydration(page);
    await expect(page.getByTestId('promo-applied')).toContainText(t.applied('RAMADAN10'));
    await page.getByTestId('promo-applied').getByRole('button', { name: new RegExp(t.remove) }).click();
    await expect(page.getByTestId('promo-applied')).toHaveCount(0);
    await expect(page.getByTestId('checkout-discount')).toHaveCount(0);
    await expect(page.getByLabel(t.checkoutPromoLabel)).toBeVisible();
    // Removed on the server too: a new page load has no code.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId('promo-applied')).toHaveCount(0);

    const subtotal = toThousandths((await api<CartResponse>(page.request, '/cart')).summary.total);
    const fee = await fillCheckout(page, lang, request);
    await expect(page.getByTestId('checkout-total')).toHaveText(money(subtotal + fee));
    const order = await placeOrder(page, lang);
    expect(order.promo_code).toBeNull();
    expect(toThousandths(order.discount_amount)).toBe(0);

    // Another cart: WELCOME5 (from 20 KD) applies, then the shopper lowers the quantity under its minimum.
    const { product, quantity } = await fillCart(page, 20);
    expect(quantity).toBeGreaterThan(1);
    expect((await page.request.put('/api/cart/promo-code', { data: { code: 'WELCOME5' } })).ok()).toBe(true);
    await page.goto(pathInLanguage('/cart', lang));
    await waitForHydration(page);
    await expect(page.getByTestId('promo-applied')).toBeVisible();
    const productName = lang === 'en' && product.name_en ? product.name_en : product.name;
    await page.getByRole('button', { name: t.decrease(productName) }).click();
    // The server checked the code against the lower subtotal: it is gone, and the cart says why.
    await expect(page.getByTestId('promo-notice')).toContainText(t.dropped('WELCOME5'));
    await expect(page.getByTestId('promo-applied')).toHaveCount(0);
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test(`a code refused when the order is placed leaves the summary and the bottom bar, and its box says why, in view (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
    isMobile,
  }) => {
    const problems = watchConsole(page);
    await visitor(context, baseURL!, lang);
    const settings = await getSettings(request);
    const money = (value: number) => formatPrice(value, moneyFormat(settings, lang));
    const token = await adminToken(request);
    const code = `ONCE${Date.now().toString(36).toUpperCase()}${lang.toUpperCase()}`;
    const created = await request.post('/api/promo-codes', {
      headers: { authorization: `Bearer ${token}` },
      data: { code, description: 'e2e: once per customer', discount_type: 'fixed', discount_value: 1, once_per_customer: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const promo = ((await created.json()) as AdminPromoCodeResponse).promo_code;
    try {
      // A guest uses the code once with an e-mail and a phone...
      const contact = newContact();
      await fillCartFromLargestStock(page);
      expect((await page.request.put('/api/cart/promo-code', { data: { code } })).ok()).toBe(true);
      await page.goto(pathInLanguage('/checkout', lang));
      await waitForHydration(page);
      await fillCheckout(page, lang, request, contact);
      expect((await placeOrder(page, lang)).promo_code).toBe(code);

      // ...then comes back as a guest: the cart cannot know them and keeps the code; the order refuses it.
      await fillCartFromLargestStock(page);
      expect((await page.request.put('/api/cart/promo-code', { data: { code } })).ok()).toBe(true);
      const subtotal = toThousandths((await api<CartResponse>(page.request, '/cart')).summary.total);
      await page.goto(pathInLanguage('/checkout', lang));
      await waitForHydration(page);
      await expect(page.getByTestId('promo-applied')).toContainText(t.applied(code));
      const fee = await fillCheckout(page, lang, request, contact);
      // On a phone the bottom bar carries the total and the button; on a desktop the summary does.
      const bottomBar = page.locator('[data-sticky-action-bar]');
      if (isMobile) await expect(bottomBar).toContainText(money(subtotal - 1000 + fee));
      await page.getByRole('button', { name: t.placeOrder }).click();

      const notice = page.getByTestId('promo-notice');
      await expect(notice).toContainText(t.checkoutDropped(code));
      await expect(notice).toBeFocused();
      await expect(notice).toBeInViewport();
      await expect(page.getByTestId('checkout-error')).toContainText(t.notPlaced);
      await expect(page.getByTestId('promo-applied')).toHaveCount(0);
      await expect(page.getByTestId('checkout-discount')).toHaveCount(0);
      await expect(page.getByTestId('checkout-total')).toHaveText(money(subtotal + fee));
      if (isMobile) await expect(bottomBar).toContainText(money(subtotal + fee));
      expect((await api<CartResponse>(page.request, '/cart')).promo).toBeNull();

      // Placed again, the order goes through at the total now shown, without the code.
      await page.getByRole('button', { name: t.placeOrder }).click();
      await page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
      const order = (await api<OrderResponse>(page.request, `/orders/number/${page.url().split('/').pop()!}`)).order;
      expect(order.promo_code).toBeNull();
      expect(toThousandths(order.total_amount)).toBe(subtotal + fee);
      // The one refusal the browser reports is the order's 400.
      expect(problems).toEqual([expect.stringMatching(/status of 400/)]);
    } finally {
      await request.delete(`/api/promo-codes/${promo.id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });
}
