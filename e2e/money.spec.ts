import { expect, test, type APIRequestContext } from '@playwright/test';
import { pathInLanguage,
  formatPrice,
  moneyFormat,
  toThousandths,
  type AdminPromoCodeResponse,
  type CartResponse,
  type CityListResponse,
  type CountryListResponse,
  type GovernorateListResponse,
  type MoneyFormat,
} from '@shop/shared';
import { adminToken, api, CHECKOUT_FIELDS, getSettings, listProducts, productAttributes, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * Money display (decision 017): an order whose discount has three decimals (fils) is shown to the
 * fils at checkout and on the tracking page, never rounded to two; Arabic pages write the default
 * symbol "د.ك", English pages "KD", and the discount reads as a negative amount.
 */

const DISCOUNT = 3375; // 3.375 KD: rounded to two decimals it would read 3.38.

const words = {
  ar: {
    promo: 'كود الخصم',
    apply: 'تطبيق',
    applied: (amount: string) => `تم تطبيق كود الخصم! خصم ${amount}`,
    ...CHECKOUT_FIELDS.ar,
    placeOrder: 'تأكيد الطلب',
  },
  en: {
    promo: 'Promo code',
    apply: 'Apply',
    applied: (amount: string) => `Promo code applied! ${amount} off`,
    ...CHECKOUT_FIELDS.en,
    placeOrder: 'Place order',
  },
} as const;

/** A code taking exactly 3.375 KD off any order, made for this test and deleted after it. */
async function createFixedCode(request: APIRequestContext, token: string, code: string) {
  const response = await request.post('/api/promo-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: { code, description: 'e2e: three-decimal discount', discount_type: 'fixed', discount_value: DISCOUNT / 1000 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as AdminPromoCodeResponse).promo_code;
}

/** Kuwait, a governorate and a city whose fee is not a whole number. */
async function kuwaitCity(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  for (const governorate of governorates) {
    const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
    const city = cities.find((item) => !Number.isInteger(item.shipping_fee)) ?? cities[0];
    if (city) return { kuwait, governorate, city, fee: toThousandths(city.shipping_fee) };
  }
  throw new Error('No city in Kuwait');
}

/** Three decimals after the point, the charged format of KWD. */
const threeDecimals = /\d\.\d{3}(?!\d)/;

for (const lang of ['ar', 'en'] as const) {
  test(`an order with a 3.375 KD discount shows every amount to the fils at checkout and on tracking (${lang})`, async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    await useLanguage(context, baseURL!, lang);
    const say = words[lang];
    const settings = await getSettings(request);
    const format: MoneyFormat = moneyFormat(settings, lang);
    expect(format.decimals).toBe(3);
    expect(format.symbol).toBe(lang === 'ar' ? 'د.ك' : 'KD');
    const money = (value: number) => formatPrice(value, format);

    const token = await adminToken(request);
    // Digits after the prefix: letters drawn at random could spell the other language's symbol ("KD").
    const code = `FILS${lang.toUpperCase()}${Date.now()}`;
    const promo = await createFixedCode(request, token, code);
    try {
      // A simple product in the cart, enough that the discount leaves something to pay.
      const { products } = await listProducts(page.request, 'limit=100');
      let added: CartResponse | undefined;
      for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 3)) {
        if ((await productAttributes(page.request, product.id)).length > 0) continue;
        const quantity = Math.max(1, Math.min(product.stock_quantity, Math.ceil(8 / Math.max(product.current_price, 0.5))));
        const response = await page.request.post('/api/cart/add', {
          data: { product_id: product.id, quantity, selected_attributes: {} },
        });
        expect(response.ok()).toBe(true);
        added = (await response.json()) as CartResponse;
        break;
      }
      expect(added, 'a simple product in stock').toBeTruthy();
      const subtotal = toThousandths(added!.summary.total);
      expect(subtotal).toBeGreaterThan(DISCOUNT);
      const { kuwait, governorate, city, fee } = await kuwaitCity(request);

      // The cart already shows its total as charged.
      await page.goto(pathInLanguage('/cart', lang));
      await waitForHydration(page);
      await expect(page.getByTestId('cart-total')).toHaveText(money(subtotal));
      await expect(page.getByTestId('cart-total')).toHaveText(threeDecimals);

      await page.goto(pathInLanguage('/checkout', lang));
      await waitForHydration(page);
      await page.getByLabel(say.promo, { exact: true }).fill(code.toLowerCase());
      await page.getByRole('button', { name: say.apply, exact: true }).click();
      await expect(page.getByText(say.applied(money(DISCOUNT)))).toBeVisible();
      // The banner, the discount line: a real minus kept beside its digits, the symbol after them.
      await expect(page.getByTestId('promo-applied-discount')).toHaveText(money(-DISCOUNT));
      await expect(page.getByTestId('checkout-discount')).toHaveText(money(-DISCOUNT));
      expect(money(-DISCOUNT)).toBe(`\u2066−3.375\u2069 ${format.symbol}`);

      await page.getByLabel(say.name).fill(lang === 'ar' ? 'نورة العتيبي' : 'Noura Al-Otaibi');
      await page.getByLabel(say.email).fill(`fils-${Date.now()}@example.com`);
      await page.getByLabel(say.phone).fill(`+965 6${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`);
      await page.getByLabel(say.country).selectOption({ label: lang === 'ar' ? kuwait.name_ar : kuwait.name_en });
      await page.getByLabel(say.governorate).selectOption({ label: lang === 'ar' ? governorate.name_ar : governorate.name_en });
      await page.getByLabel(say.city).selectOption({ label: lang === 'ar' ? city.name_ar : city.name_en });
      await page.getByLabel(say.address).fill('Block 2, Street 5, House 9');

      const total = subtotal - DISCOUNT + fee;
      await expect(page.getByTestId('checkout-shipping')).toHaveText(money(fee));
      await expect(page.getByTestId('checkout-total')).toHaveText(money(total));
      await expect(page.getByTestId('checkout-total')).toHaveText(threeDecimals);
      const summaryText = await page.locator('aside[aria-labelledby="checkout-summary-title"]').innerText();
      expect(summaryText).not.toContain(lang === 'ar' ? 'KD' : 'د.ك');

      await page.getByRole('button', { name: say.placeOrder }).click();
      await page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
      await waitForHydration(page);
      await expect(page.getByTestId('order-discount')).toHaveText(money(-DISCOUNT));
      await expect(page.getByTestId('order-shipping')).toHaveText(money(fee));
      await expect(page.getByTestId('order-total')).toHaveText(money(total));
      await expect(page.getByTestId('order-total')).toHaveText(threeDecimals);

      // The stored order is what the pages showed, to the fils.
      const number = page.url().split('/').pop()!;
      const stored = await page.request.get(`/api/orders/number/${number}`);
      expect(stored.status()).toBe(200);
      const { order } = (await stored.json()) as { order: { total_amount: number; discount_amount: number; promo_code: string } };
      expect(order.promo_code).toBe(code);
      expect(toThousandths(order.discount_amount)).toBe(DISCOUNT);
      expect(toThousandths(order.total_amount)).toBe(total);
      expect(problems).toEqual([]);
    } finally {
      await request.delete(`/api/promo-codes/${promo.id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });
}
