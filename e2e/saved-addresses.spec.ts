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
 * Saved addresses (issue 33, item 7): on a phone, in Arabic and in English, a customer saves an
 * address in the profile and the checkout offers it, preselected; on a laptop in English a new
 * address typed at checkout is saved with the order and shows in the profile. A guest is offered none of it.
 */

// Orders placed from a visitor address of their own: the shop allows 20 an address in 10 minutes,
// and the whole suite's browsers otherwise share 127.0.0.1.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

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
    recipient: 'اسم المستلم',
    countryRequired: 'الدولة مطلوبة',
    deleteNamed: (name: string) => `حذف عنوان ${name}`,
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
    recipient: "Recipient's name",
    countryRequired: 'Country is required',
    deleteNamed: (name: string) => `Delete the address of ${name}`,
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

/** What the shopper types in the phone's journey, in the page's language. */
const typed = {
  ar: { recipient: 'مريم الكندري', phone: '٥١١١ ٢٢٢٢', address: 'قطعة 5، شارع 10، منزل 3', otherName: 'عمل', otherAddress: 'برج 2، الدور 9' },
  en: { recipient: 'Maryam Kandari', phone: '5111 2222', address: 'Block 5, Street 10, House 3', otherName: 'Work', otherAddress: 'Tower 2, Floor 9' },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a customer saves an address in the profile and the checkout offers it, preselected (${lang}) @phone`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone journey; the laptop has its own');
    const text = say[lang];
    const mine = typed[lang];
    const fields = CHECKOUT_FIELDS[lang];
    const addressLabel = new RegExp(`^${fields.address}`);
    const problems = watchConsole(page);
    const { token } = await signUp(page);
    await fillCart(page.request, token);

    await page.goto(pathInLanguage('/profile?tab=addresses', lang));
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: text.tab })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: text.add }).click();
    const form = page.getByTestId('address-form');
    // The account's name and phone start the form.
    await expect(form.getByLabel(text.recipient)).toHaveValue('Maryam Al-Kandari');
    await form.getByLabel(text.recipient).fill(mine.recipient);
    await form.getByLabel(fields.phone).fill(mine.phone);
    // The address is checked as the checkout checks it: an empty one is named before sending.
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByText(text.countryRequired)).toBeVisible();
    const city = await chooseArea(page, form, lang, request);
    const cityName = lang === 'ar' ? city.name_ar : city.name_en;
    await form.getByLabel(addressLabel).fill(mine.address);
    await form.getByRole('button', { name: text.save }).click();
    await expect(toast(page, text.saved)).toBeVisible();
    const cards = page.getByTestId('saved-address');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(text.defaultBadge);
    await expect(cards.first()).toContainText('+96551112222');
    await expect(cards.first()).toContainText(cityName);

    // A second one (saved elsewhere), deleted after a confirmation that names it.
    const second = await page.request.post('/api/auth/addresses', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: mine.otherName, phone: '51113333', country_id: city.country_id, governorate_id: city.governorate_id, city_id: city.id, address: mine.otherAddress },
    });
    expect(second.status(), await second.text()).toBe(201);
    await page.reload();
    await waitForHydration(page);
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: text.deleteNamed(mine.otherName) }).click();
    const dialog = page.getByRole('dialog', { name: text.deleteTitle });
    await expect(dialog).toContainText(mine.otherAddress);
    await dialog.getByRole('button', { name: text.deleteConfirm }).click();
    await expect(toast(page, text.deleted)).toBeVisible();
    await expect(cards).toHaveCount(1);

    // The checkout offers it, chosen, its fields filled; "a new address" empties them.
    await page.goto(pathInLanguage('/checkout', lang));
    await waitForHydration(page);
    const checkout = page.locator('#checkout-form');
    const offered = checkout.getByTestId('checkout-saved-addresses');
    await expect(offered.getByRole('radio', { name: new RegExp(mine.recipient) })).toBeChecked();
    await expect(checkout.getByLabel(addressLabel)).toHaveValue(mine.address);
    await expect(checkout.getByLabel(fields.city)).toHaveValue(String(city.id));
    await expect(checkout.getByText(text.saveAtCheckout)).toHaveCount(0);
    await offered.getByRole('radio', { name: text.newAddress }).check();
    await expect(checkout.getByLabel(addressLabel)).toHaveValue('');
    await expect(checkout.getByLabel(fields.country)).toHaveValue('');
    await expect(checkout.getByText(text.saveAtCheckout)).toBeVisible();
    await offered.getByRole('radio', { name: new RegExp(mine.recipient) }).check();
    await expect(checkout.getByLabel(addressLabel)).toHaveValue(mine.address);

    const orderRequest = page.waitForRequest((sent) => sent.url().endsWith('/api/orders') && sent.method() === 'POST');
    await page.locator('button[type="submit"][form="checkout-form"]:visible').click();
    const payload = (await orderRequest).postDataJSON() as Record<string, unknown>;
    expect(payload).toMatchObject({ name: mine.recipient, phone: '+96551112222', city_id: city.id });
    expect(payload).not.toHaveProperty('save_address');
    await page.waitForURL(lang === 'en' ? /\/en\/order-status\// : /\/order-status\//);
    expect(problems).toEqual([]);
  });
}

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
