import { expect, test } from '@playwright/test';
import { pathInLanguage, type CityListResponse, type CountryListResponse, type GovernorateListResponse } from '@shop/shared';
import { api, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * A refused login is said beside the form, not only in a toast; the
 * checkout's "fill in all required fields" notice goes once the fields are filled; Google sign-in
 * is offered because the e2e server configures it (the public settings list it).
 */

const texts = {
  ar: {
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    wrong: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    google: 'المتابعة باستخدام جوجل',
    placeOrder: 'تأكيد الطلب',
    required: 'يرجى تعبئة جميع الحقول المطلوبة',
    name: 'الاسم الكامل',
    phone: 'رقم الهاتف',
    country: 'الدولة',
    governorate: 'المحافظة',
    city: 'المدينة / المنطقة',
    address: 'العنوان',
    nameRequired: 'الاسم مطلوب',
  },
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Login',
    wrong: 'Invalid email or password',
    google: 'Continue with Google',
    placeOrder: 'Place order',
    required: 'Please fill in all required fields',
    name: 'Full name',
    phone: 'Phone',
    country: 'Country',
    governorate: 'Governorate',
    city: 'City / area',
    address: 'Address',
    nameRequired: 'Name is required',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  const t = texts[lang];

  test(`a wrong password is said in the login form, next to the button (${lang}) @phone`, async ({ page, context, baseURL }) => {
    const problems = watchConsole(page);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
    await useLanguage(context, baseURL!, lang);
    await page.goto(pathInLanguage('/login', lang));
    await waitForHydration(page);
    // Google is configured on the e2e server, so it is offered.
    await expect(page.getByRole('button', { name: t.google })).toBeVisible();
    const form = page.locator('form').filter({ has: page.locator('#login-email') });
    await form.locator('#login-email').fill(`nobody.${Date.now()}@example.com`);
    await form.locator('#login-password').fill('not-the-password');
    await form.getByRole('button', { name: t.submit, exact: true }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(t.wrong);
    // The alert sits just above the submit button.
    const alertBox = (await alert.boundingBox())!;
    const buttonBox = (await form.getByRole('button', { name: t.submit, exact: true }).boundingBox())!;
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(buttonBox.y);
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
  });

  test(`the checkout's "fill in all required fields" goes once they are filled (${lang})`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const problems = watchConsole(page);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
    await useLanguage(context, baseURL!, lang);
    const { products } = await listProducts(page.request, 'limit=50');
    let productId: number | undefined;
    for (const item of products.filter((candidate) => candidate.in_stock && candidate.stock_quantity > 0)) {
      if ((await productAttributes(page.request, item.id)).length === 0) {
        productId = item.id;
        break;
      }
    }
    expect(productId, 'a product without options').toBeDefined();
    const added = await page.request.post('/api/cart/add', { data: { product_id: productId, quantity: 1, selected_attributes: {} } });
    expect(added.ok()).toBe(true);

    await page.goto(pathInLanguage('/checkout', lang));
    await waitForHydration(page);
    await page.getByRole('button', { name: t.placeOrder }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText(t.required);
    await expect(page.getByText(t.nameRequired, { exact: true })).toBeVisible();

    // Half filled: the notice stays while required fields are still empty.
    await page.getByLabel(t.name).fill(lang === 'ar' ? 'سارة' : 'Sara');
    await expect(page.getByText(t.nameRequired, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('checkout-error')).toBeVisible();

    const { countries } = await api<CountryListResponse>(request, '/locations/countries');
    const kuwait = countries.find((country) => country.code === 'KW')!;
    const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
    const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorates[0]!.id}/cities`);
    const named = (item: { name_ar: string; name_en: string }) => (lang === 'ar' ? item.name_ar : item.name_en);
    await page.locator('#checkout-email').fill('sara@example.com');
    await page.getByLabel(t.phone).fill('+965 5555 1234');
    await page.getByLabel(t.country).selectOption({ label: named(kuwait) });
    await page.getByLabel(t.governorate).selectOption({ label: named(governorates[0]!) });
    await page.getByLabel(t.city).selectOption({ label: named(cities[0]!) });
    await page.getByLabel(t.address).fill(lang === 'ar' ? 'قطعة 1، شارع 2' : 'Block 1, Street 2');
    // Every field filled: the notice is gone before any new attempt.
    await expect(page.getByTestId('checkout-error')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}
