import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  GIFT_MESSAGE_MAX_LENGTH,
  formatPrice,
  giftMessageLength,
  moneyFormat,
  pathInLanguage,
  toThousandths,
  type CartResponse,
  type CityListResponse,
  type Order,
  type OrderResponse,
} from '@shop/shared';
import {
  adminToken,
  api,
  getSettings,
  inTurn,
  listProducts,
  productAttributes,
  signInWith,
  useLanguage,
  visitorAddress,
  waitForHydration,
  watchConsole,
} from './support';

/**
 * Gift orders (issue 33, item 2). On a phone, in Arabic and in English, a shopper writes a
 * message for the card (its counter counts, one character too many is refused), asks for gift
 * wrapping at the store's fee, sees it in the total and on the tracking page. On a laptop in English the owner finds the
 * gift on the order's screen and prints its gift receipt, which shows no price. The wrapping fee
 * is the whole shop's setting: the runs take turns and put it back.
 */

/** The product with the most stock (the storefront's journeys sell the simple ones) and its first options. */
async function giftProduct(request: APIRequestContext) {
  const { products } = await listProducts(request, 'limit=100');
  const product = products.filter((item) => item.in_stock).sort((a, b) => b.stock_quantity - a.stock_quantity)[0];
  expect(product && product.stock_quantity >= 2, 'a product with 2 pieces or more').toBe(true);
  const selected = Object.fromEntries(
    (await productAttributes(request, product!.id)).map((attribute) => [
      attribute.id,
      { variation_id: attribute.variations[0]!.id, title: attribute.variations[0]!.title },
    ]),
  );
  return { product: product!, selected };
}

/** Sets the gift wrapping fee (KWD text, '' stops offering it) and gives back what it was. */
async function setWrapFee(request: APIRequestContext, token: string, fee: string): Promise<string> {
  const before = (await getSettings(request)).gift_wrap_fee;
  const reply = await request.post('/api/settings', { headers: { authorization: `Bearer ${token}` }, data: { gift_wrap_fee: fee } });
  expect(reply.status(), await reply.text()).toBe(200);
  return before === null ? '' : String(before);
}

const isPhone = (page: Page) => page.viewportSize()!.width < 1024;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/** The shopper's visible texts (apps/web/app/i18n/messages/checkout.*.json and orders.*.json). */
const say = {
  ar: {
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    country: 'الدولة',
    governorate: 'المحافظة',
    city: 'المدينة / المنطقة',
    address: 'العنوان',
    giftMessage: 'رسالة الهدية (اختياري)',
    tooLong: (max: number) => `الرسالة طويلة جداً: ${max} حرفاً على الأكثر`,
    tooLongStart: 'الرسالة طويلة جداً',
    wrap: 'غلّف طلبي كهدية',
    placeOrder: 'تأكيد الطلب',
    wrapped: 'مغلّف كهدية',
    shopper: 'نورة العلي',
    street: 'قطعة 2، شارع 5، منزل 11',
    letter: 'م',
    card: 'عيدكم مبارك يا أمي 🌙\nمع كل الحب',
  },
  en: {
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    country: 'Country',
    governorate: 'Governorate',
    city: 'City / area',
    address: 'Address',
    giftMessage: 'Gift message (optional)',
    tooLong: (max: number) => `The message is too long: at most ${max} characters`,
    tooLongStart: 'The message is too long',
    wrap: 'Gift-wrap my order',
    placeOrder: 'Place order',
    wrapped: 'Gift-wrapped',
    shopper: 'Noura Al-Ali',
    street: 'Block 2, Street 5, House 11',
    letter: 'm',
    card: 'Eid Mubarak, Mum 🌙\nWith all my love',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a shopper places a gift order with a message and wrapping, and sees both on the tracking page (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    test.skip(!isPhone(page), 'the shopper’s journey runs on a phone; the laptop runs the owner’s');
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const words = say[lang];
    await useLanguage(context, baseURL!, lang);
    const settings = await getSettings(request);
    const money = (value: number) => formatPrice(value, moneyFormat(settings, lang));
    const { product, selected } = await giftProduct(request);
    const added = await page.request.post('/api/cart/add', { data: { product_id: product.id, quantity: 1, selected_attributes: selected } });
    expect(added.status(), await added.text()).toBe(200);
    const subtotal = toThousandths(((await added.json()) as CartResponse).summary.total);
    const token = await adminToken(request);

    await inTurn(baseURL!, 'store-settings', async () => {
      const before = await setWrapFee(request, token, '1.5');
      try {
        await page.goto(pathInLanguage('/checkout', lang));
        await waitForHydration(page);
        await page.getByLabel(words.name).fill(words.shopper);
        await page.getByLabel(words.email).fill(`noura.${lang}.${Date.now()}@example.com`);
        await page.getByLabel(words.phone).fill('+965 9876 5432');
        const { cities } = await api<CityListResponse>(request, '/locations/cities');
        const city = cities.find((one) => one.governorate_id !== null)!;
        await page.getByLabel(words.country).selectOption(String(city.country_id));
        await page.getByLabel(words.governorate).selectOption(String(city.governorate_id));
        await page.getByLabel(words.city).selectOption(String(city.id));
        await page.getByLabel(words.address).fill(words.street);

        // The gift's card: one character too many says so as it is typed, with the counter in red.
        const message = page.getByLabel(words.giftMessage);
        const count = page.getByTestId('gift-message-count');
        await message.fill(words.letter.repeat(GIFT_MESSAGE_MAX_LENGTH + 1));
        await expect(count).toHaveText(`${GIFT_MESSAGE_MAX_LENGTH + 1} / ${GIFT_MESSAGE_MAX_LENGTH}`);
        await expect(page.getByText(words.tooLong(GIFT_MESSAGE_MAX_LENGTH))).toBeVisible();
        await message.fill(words.card);
        await expect(count).toHaveText(`${giftMessageLength(words.card)} / ${GIFT_MESSAGE_MAX_LENGTH}`);
        await expect(page.getByText(words.tooLongStart, { exact: false })).toHaveCount(0);

        // Wrapping at the store's fee, on its own line of the summary and in the total.
        const wrap = page.getByRole('checkbox', { name: words.wrap });
        await expect(page.getByTestId('gift-wrap-fee')).toContainText(money(1_500));
        await expect(page.getByTestId('checkout-gift-wrap')).toHaveCount(0);
        await wrap.check();
        await expect(page.getByTestId('checkout-gift-wrap')).toHaveText(money(1_500));
        const total = subtotal + toThousandths(city.shipping_fee) + 1_500;
        await expect(page.getByTestId('checkout-total')).toHaveText(money(total));

        await page.getByRole('button', { name: words.placeOrder }).filter({ visible: true }).first().click();
        await page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
        await expect(page.getByTestId('order-gift-message')).toHaveText(words.card);
        await expect(page.getByTestId('order-gift-wrap')).toHaveText(words.wrapped);
        await expect(page.getByTestId('order-gift-wrap-fee')).toHaveText(money(1_500));
        await expect(page.getByTestId('order-total')).toHaveText(money(total));
      } finally {
        await setWrapFee(request, token, before);
      }
    });
    expect(problems).toEqual([]);
  });
}

test('the owner sees the gift on the order and prints its gift receipt without prices (en)', async ({ page, context, baseURL, request }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await useLanguage(context, baseURL!, 'en');
  const settings = await getSettings(request);
  const money = (value: number) => formatPrice(value, moneyFormat(settings, 'en'));
  const token = await adminToken(request);
  await signInWith(context, token);
  const { product, selected } = await giftProduct(request);
  const { cities } = await api<CityListResponse>(request, '/locations/cities');
  const city = cities.find((one) => one.governorate_id !== null)!;
  const card = 'Dear <b>Noura</b>,\nEid Mubarak!';

  // The order is placed at a fee of 2.000; the owner stops offering wrapping right after: the order keeps it.
  const order = await inTurn(baseURL!, 'store-settings', async () => {
    const before = await setWrapFee(request, token, '2');
    try {
      const reply = await request.post('/api/orders', {
        // An English shopper's order: its reply names the products in English, as the English back office does.
        headers: { 'x-forwarded-for': visitorAddress(), 'accept-language': 'en' },
        data: {
          name: 'Sara Gift',
          email: `sara.${Date.now()}@example.com`,
          phone: '+965 5123 4567',
          shipping_address: 'Block 1, Street 3, House 5',
          country_id: city.country_id,
          governorate_id: city.governorate_id,
          city_id: city.id,
          payment_method: 'cash_on_delivery',
          gift_message: card,
          gift_wrap: true,
          items: [{ product_id: product.id, quantity: 1, selected_attributes: selected }],
        },
      });
      expect(reply.status(), await reply.text()).toBe(201);
      return ((await reply.json()) as OrderResponse).order;
    } finally {
      await setWrapFee(request, token, before);
    }
  });
  try {
    await page.goto(`/admin/orders/${order.id}`);
    await waitForHydration(page);
    await expect(page.getByTestId('order-gift-message')).toHaveText(card);
    await expect(page.getByTestId('order-gift-wrap')).toHaveText('Gift-wrapped');
    await expect(page.getByTestId('admin-order-gift-wrap-fee')).toHaveText(money(2_000));

    const [receipt] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Gift receipt' }).click()]);
    await receipt.waitForURL(new RegExp(`/admin/orders/${order.id}/packing-slip\\?gift=1$`));
    await waitForHydration(receipt);
    const sheet = receipt.getByTestId('gift-receipt');
    await expect(sheet.getByRole('heading', { name: 'Gift receipt' })).toBeVisible();
    await expect(sheet.getByText(order.order_number)).toBeVisible();
    await expect(sheet.getByTestId('order-gift-message')).toHaveText(card);
    await expect(sheet.getByText(order.items[0]!.product_name)).toBeVisible();
    // No price, no phone, no SKU: it travels to the person receiving the gift.
    await expect(sheet).not.toContainText(/KD|د\.ك/);
    await expect(sheet).not.toContainText(money(toThousandths(order.items[0]!.price)));
    await expect(sheet).not.toContainText(order.phone);
    await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
    // The same orders as packing slips, and back.
    await receipt.getByRole('link', { name: 'Print as packing slips' }).click();
    await expect(receipt.getByRole('heading', { name: 'Packing slip' }).first()).toBeVisible();
    await expect(receipt.getByTestId('order-gift-message')).toHaveText(card);
    expect(problems).toEqual([]);
  } finally {
    await deleteOrder(request, token, order);
  }
});

async function deleteOrder(request: APIRequestContext, token: string, order: Order) {
  const response = await request.delete(`/api/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect([200, 404]).toContain(response.status());
}
