import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  pathInLanguage,
  type AuthResponse,
  type CityListResponse,
  type CountryListResponse,
  type GovernorateListResponse,
  type SavedAddressListResponse,
} from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { api, CHECKOUT_FIELDS, listProducts, productAttributes, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * Saved addresses (issue 33, item 7): on a phone in Arabic a customer saves an address in the
 * profile and the checkout offers it, preselected; on a laptop in English a new address typed at
 * checkout is saved with the order and shows in the profile. A guest is offered none of it.
 */

const say = {
  ar: {
    tab: 'العناوين',
    add: 'إضافة عنوان',
    save: 'حفظ العنوان',
    saved: 'تم حفظ العنوان',
    deleteTitle: 'حذف هذا العنوان؟',
    deleteConfirm: 'حذف العنوان',
    deleted: 'تم حذف العنوان',
    defaultBadge: 'الافتراضي',
    newAddress: 'عنوان جديد',
    saveAtCheckout: 'احفظ هذا العنوان في حسابي',
  },
  en: {
    tab: 'Addresses',
    add: 'Add an address',
    save: 'Save address',
    saved: 'Address saved',
    deleteTitle: 'Delete this address?',
    deleteConfirm: 'Delete address',
    deleted: 'Address deleted',
    defaultBadge: 'Default',
    newAddress: 'A new address',
    saveAtCheckout: 'Save this address to my account',
  },
} as const;

const toast = (page: Page, message: string) => page.getByTestId('toast-viewport').getByText(message, { exact: true });

/** A new customer, signed in in the page's browser (token and session cookie). */
async function signUp(page: Page) {
  const response = await page.request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: { name: 'Maryam Al-Kandari', email: uniqueEmail('addresses'), password: 'first-Pass-1', phone: '+965 6555 1234', address: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as AuthResponse;
  await page.addInitScript((token) => window.localStorage.setItem('token', token), body.token);
  return body;
}

/** One piece of the product with the most stock, with its first options, into the request's cart. */
async function fillCart(request: APIRequestContext, token?: string) {
  const { products } = await listProducts(request, 'limit=100');
  const product = products.filter((item) => item.in_stock).sort((a, b) => b.stock_quantity - a.stock_quantity)[0]!;
  const selected = Object.fromEntries(
    (await productAttributes(request, product.id)).map((attribute) => [
      attribute.id,
      { variation_id: attribute.variations[0]!.id, title: attribute.variations[0]!.title },
    ]),
  );
  const added = await request.post('/api/cart/add', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: { product_id: product.id, quantity: 1, selected_attributes: selected },
  });
  expect(added.status(), await added.text()).toBe(200);
}

/** Kuwait, its first governorate and that governorate's first area, with their names. */
async function kuwaitPlace(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates[0]!;
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
  return { kuwait, governorate, city: cities[0]! };
}

/** Chooses the country, governorate and area by their names in the page's language. */
async function chooseArea(page: Page, scope: ReturnType<Page['locator']>, lang: 'ar' | 'en', request: APIRequestContext) {
  const { kuwait, governorate, city } = await kuwaitPlace(request);
  const name = (place: { name_ar: string; name_en: string }) => (lang === 'ar' ? place.name_ar : place.name_en);
  const fields = CHECKOUT_FIELDS[lang];
  await scope.getByLabel(fields.country).selectOption({ label: name(kuwait) });
  await scope.getByLabel(fields.governorate).selectOption({ label: name(governorate) });
  await scope.getByLabel(fields.city).selectOption({ label: name(city) });
  return city;
}

test('a customer saves an address in the profile and the checkout offers it, preselected (ar) @phone', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone journey in Arabic');
  const text = say.ar;
  const problems = watchConsole(page);
  const { token } = await signUp(page);
  await fillCart(page.request, token);

  await page.goto('/profile?tab=addresses');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: text.tab })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: text.add }).click();
  const form = page.getByTestId('address-form');
  // The account's name and phone start the form.
  await expect(form.getByLabel('اسم المستلم')).toHaveValue('Maryam Al-Kandari');
  await form.getByLabel('اسم المستلم').fill('مريم الكندري');
  await form.getByLabel(CHECKOUT_FIELDS.ar.phone).fill('٥١١١ ٢٢٢٢');
  // The address is checked as the checkout checks it: an empty one is named before sending.
  await form.getByRole('button', { name: text.save }).click();
  await expect(form.getByText('الدولة مطلوبة')).toBeVisible();
  const city = await chooseArea(page, form, 'ar', request);
  await form.getByLabel(/^العنوان/).fill('قطعة 5، شارع 10، منزل 3');
  await form.getByRole('button', { name: text.save }).click();
  await expect(toast(page, text.saved)).toBeVisible();
  const cards = page.getByTestId('saved-address');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(text.defaultBadge);
  await expect(cards.first()).toContainText('+96551112222');
  await expect(cards.first()).toContainText(city.name_ar);

  // A second one (saved elsewhere), deleted after a confirmation that names it.
  const second = await page.request.post('/api/auth/addresses', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'عمل', phone: '51113333', country_id: city.country_id, governorate_id: city.governorate_id, city_id: city.id, address: 'برج 2، الدور 9' },
  });
  expect(second.status(), await second.text()).toBe(201);
  await page.reload();
  await waitForHydration(page);
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'حذف عنوان عمل' }).click();
  const dialog = page.getByRole('dialog', { name: text.deleteTitle });
  await expect(dialog).toContainText('برج 2، الدور 9');
  await dialog.getByRole('button', { name: text.deleteConfirm }).click();
  await expect(toast(page, text.deleted)).toBeVisible();
  await expect(cards).toHaveCount(1);

  // The checkout offers it, chosen, its fields filled; "a new address" empties them.
  await page.goto('/checkout');
  await waitForHydration(page);
  const checkout = page.locator('#checkout-form');
  const offered = checkout.getByTestId('checkout-saved-addresses');
  await expect(offered.getByRole('radio', { name: /مريم الكندري/ })).toBeChecked();
  await expect(checkout.getByLabel(/^العنوان/)).toHaveValue('قطعة 5، شارع 10، منزل 3');
  await expect(checkout.getByLabel(CHECKOUT_FIELDS.ar.city)).toHaveValue(String(city.id));
  await expect(checkout.getByText(text.saveAtCheckout)).toHaveCount(0);
  await offered.getByRole('radio', { name: text.newAddress }).check();
  await expect(checkout.getByLabel(/^العنوان/)).toHaveValue('');
  await expect(checkout.getByLabel(CHECKOUT_FIELDS.ar.country)).toHaveValue('');
  await expect(checkout.getByText(text.saveAtCheckout)).toBeVisible();
  await offered.getByRole('radio', { name: /مريم الكندري/ }).check();
  await expect(checkout.getByLabel(/^العنوان/)).toHaveValue('قطعة 5، شارع 10، منزل 3');

  const orderRequest = page.waitForRequest((sent) => sent.url().endsWith('/api/orders') && sent.method() === 'POST');
  await page.locator('button[type="submit"][form="checkout-form"]:visible').click();
  const payload = (await orderRequest).postDataJSON() as Record<string, unknown>;
  expect(payload).toMatchObject({ name: 'مريم الكندري', phone: '+96551112222', city_id: city.id });
  expect(payload).not.toHaveProperty('save_address');
  await page.waitForURL(/\/order-status\//);
  expect(problems).toEqual([]);
});

test('a new address typed at checkout is saved with the order and shows in the profile (en)', async ({ page, browser, baseURL, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the laptop journey in English');
  const text = say.en;
  const problems = watchConsole(page);

  // A guest is offered neither saved addresses nor saving one.
  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await fillCart(guestPage.request);
  await guestPage.goto('/en/checkout');
  await waitForHydration(guestPage);
  await expect(guestPage.locator('#checkout-form').getByLabel(CHECKOUT_FIELDS.en.city)).toBeVisible();
  await expect(guestPage.getByText(text.saveAtCheckout)).toHaveCount(0);
  await expect(guestPage.getByTestId('checkout-saved-addresses')).toHaveCount(0);
  await guest.close();

  const { token } = await signUp(page);
  await fillCart(page.request, token);
  await page.goto(pathInLanguage('/checkout', 'en'));
  await waitForHydration(page);
  const checkout = page.locator('#checkout-form');
  // No saved address yet: nothing to offer, the box to save the new one.
  await expect(checkout.getByTestId('checkout-saved-addresses')).toHaveCount(0);
  const city = await chooseArea(page, checkout, 'en', request);
  await checkout.getByLabel(/^Address/).fill('Block 2, Street 4, House 6');
  await checkout.getByLabel(text.saveAtCheckout).check();
  const orderRequest = page.waitForRequest((sent) => sent.url().endsWith('/api/orders') && sent.method() === 'POST');
  await page.locator('button[type="submit"][form="checkout-form"]:visible').click();
  expect((await orderRequest).postDataJSON()).toMatchObject({ save_address: true, city_id: city.id });
  await page.waitForURL(/\/en\/order-status\//);

  const saved = await page.request.get('/api/auth/addresses', { headers: { authorization: `Bearer ${token}` } });
  expect(((await saved.json()) as SavedAddressListResponse).addresses).toHaveLength(1);
  await page.goto(pathInLanguage('/profile?tab=addresses', 'en'));
  await waitForHydration(page);
  const cards = page.getByTestId('saved-address');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Block 2, Street 4, House 6');
  await expect(cards.first()).toContainText(city.name_en);
  await expect(cards.first()).toContainText(text.defaultBadge);
  await expect(cards.first()).toContainText('+96565551234');
  expect(problems).toEqual([]);
});
