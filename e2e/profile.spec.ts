import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inLanguage, pathInLanguage,
  formatPrice,
  moneyFormat,
  toThousandths,
  type AuthResponse,
  type CityListResponse,
  type CountryListResponse,
  type GovernorateListResponse,
  type OrderResponse,
  type Product,
  type ProfileResponse,
} from '@shop/shared';
import { uniqueEmail, waitForVerificationCode } from './mailbox';
import { api, expectDocumentLanguage, getSettings, listProducts, productAttributes, useLanguage, waitForHydration, watchConsole } from './support';

type Lang = 'ar' | 'en';

/** The screen's texts in each language, as a shopper reads them. */
const texts = {
  ar: {
    heading: 'حسابي',
    accountTab: 'معلومات الحساب',
    ordersTab: 'سجل الطلبات',
    settingsTab: 'الإعدادات',
    notVerified: 'غير موثّق',
    notProvided: 'غير متوفر',
    customer: 'عميل',
    sendCode: 'إرسال رمز التحقق',
    codeSent: 'تم إرسال رمز التحقق إلى بريدك الإلكتروني!',
    edit: 'تعديل الملف الشخصي',
    save: 'حفظ التغييرات',
    cancel: 'إلغاء',
    updated: 'تم تحديث الملف الشخصي بنجاح!',
    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    phone: 'رقم الهاتف',
    noOrders: 'لا توجد طلبات بعد',
    loadFailed: 'فشل تحميل الطلبات',
    tryAgain: 'حاول مرة أخرى',
    browse: 'تصفّح المنتجات',
    pending: 'قيد الانتظار',
    changePassword: 'تغيير كلمة المرور',
    currentPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور الجديدة',
    updatePassword: 'تحديث كلمة المرور',
    mismatch: 'كلمتا المرور غير متطابقتين',
    orderConfirmations: 'تأكيدات الطلبات',
    shippingUpdates: 'تحديثات الشحن',
    promotional: 'الرسائل الترويجية',
    savePreferences: 'حفظ التفضيلات',
    deleteAccount: 'حذف الحساب',
    deleteTitle: 'حذف حسابك؟',
    ordersKept: 'تبقى الطلبات التي وضعتها محفوظة في سجلات المتجر',
    deletePassword: 'أدخل كلمة المرور للتأكيد',
    deleteConfirm: 'حذف حسابي',
    passwordChanged: 'تم تغيير كلمة المرور بنجاح',
    preferencesSaved: 'تم حفظ تفضيلات الإشعارات',
    accountDeleted: 'تم حذف حسابك',
    checkoutName: /^الاسم الكامل/,
    checkoutEmail: /^البريد الإلكتروني/,
    checkoutPhone: /^رقم الهاتف/,
    checkoutAddress: /^العنوان/,
  },
  en: {
    heading: 'My account',
    accountTab: 'Account Info',
    ordersTab: 'Order History',
    settingsTab: 'Settings',
    notVerified: 'Not Verified',
    notProvided: 'Not provided',
    customer: 'Customer',
    sendCode: 'Send verification code',
    codeSent: 'Verification code sent to your email!',
    edit: 'Edit Profile',
    save: 'Save Changes',
    cancel: 'Cancel',
    updated: 'Profile updated successfully!',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    noOrders: 'No orders yet',
    loadFailed: 'Failed to load orders',
    tryAgain: 'Try Again',
    browse: 'Browse products',
    pending: 'Pending',
    changePassword: 'Change Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    updatePassword: 'Update password',
    mismatch: 'Passwords do not match',
    orderConfirmations: 'Order confirmations',
    shippingUpdates: 'Shipping updates',
    promotional: 'Promotional emails',
    savePreferences: 'Save preferences',
    deleteAccount: 'Delete Account',
    deleteTitle: 'Delete your account?',
    ordersKept: "Orders you have placed are kept for the shop's records",
    deletePassword: 'Enter your password to confirm',
    deleteConfirm: 'Delete my account',
    passwordChanged: 'Your password has been changed',
    preferencesSaved: 'Notification preferences saved',
    accountDeleted: 'Your account has been deleted',
    checkoutName: /^Full name/,
    checkoutEmail: /^Email/,
    checkoutPhone: /^Phone/,
    checkoutAddress: /^Address/,
  },
} as const;

interface Account {
  email: string;
  password: string;
  token: string;
  user: AuthResponse['user'];
}

/** Every sign-up and login looks like a different visitor, so the per-IP limits stay out of the way. */
function visitorHeaders(): Record<string, string> {
  const part = () => 1 + Math.floor(Math.random() * 250);
  return { 'x-forwarded-for': `10.${part()}.${part()}.${part()}` };
}

/**
 * Registers through the API from the page's own context (so the session cookie is the page's)
 * and stores the token the way the login screen would, once: later reloads keep whatever the
 * app has done with it since.
 */
async function signUp(page: Page, details: { phone?: string | null; address?: string | null } = {}): Promise<Account> {
  const email = uniqueEmail('profile');
  const password = 'first-Pass-1';
  const response = await page.request.post('/api/auth/register', {
    headers: visitorHeaders(),
    data: {
      name: 'Maryam Al-Kandari',
      email,
      password,
      phone: details.phone === undefined ? null : details.phone,
      address: details.address === undefined ? null : details.address,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as AuthResponse;
  await page.addInitScript((token) => {
    if (window.sessionStorage.getItem('e2e-token-seeded')) return;
    window.sessionStorage.setItem('e2e-token-seeded', '1');
    window.localStorage.setItem('token', token);
  }, body.token);
  return { email, password, token: body.token, user: body.user };
}

async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await request.post('/api/auth/login', { headers: visitorHeaders(), data: { email, password } });
  return response.status();
}

async function openProfile(page: Page, lang: Lang, query = '') {
  await page.goto(pathInLanguage(`/profile${query}`, lang));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].heading })).toBeVisible();
}

/** A product without options that can be ordered a few times over. */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const { products } = await listProducts(request, 'limit=100');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    if ((await productAttributes(request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store lacks a simple product in stock');
}

/** Kuwait, one of its governorates and one of that governorate's cities, from the API. */
async function kuwaitLocation(request: APIRequestContext) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW');
  if (!kuwait) throw new Error('The demo store has no Kuwait');
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates[0];
  if (!governorate) throw new Error('Kuwait has no governorates');
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorate.id}/cities`);
  const city = cities[0];
  if (!city) throw new Error(`${governorate.name_en} has no cities`);
  return { kuwait, governorate, city };
}

for (const lang of ['ar', 'en'] as const) {
  const say = texts[lang];

  test.describe(`profile (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useLanguage(context, baseURL!, lang);
    });

    test('sends a signed-out visitor to the login page', async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(pathInLanguage('/profile', lang));
      await page.waitForURL(/\/login$/);
      await expectDocumentLanguage(page, lang);
      expect(problems).toEqual([]);
    });

    test('an invalid stored token is cleared and the visitor goes to the login page', async ({ page }) => {
      await page.addInitScript(() => {
        if (window.sessionStorage.getItem('e2e-token-seeded')) return;
        window.sessionStorage.setItem('e2e-token-seeded', '1');
        window.localStorage.setItem('token', 'no-such-session-token-0123456789abcdefghijk');
      });
      await page.goto(pathInLanguage('/profile', lang));
      await page.waitForURL(/\/login$/);
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    });

    test(`shows the account and edits it${lang === 'ar' ? ' @phone' : ''}`, async ({ page }) => {
      const problems = watchConsole(page);
      const account = await signUp(page);
      // The server already knows the customer (session cookie): the first HTML has the account.
      const html = await (await page.request.get('/profile')).text();
      expect(html).toContain(account.email);
      await openProfile(page, lang);
      await expectDocumentLanguage(page, lang);
      await expect(page).toHaveTitle(new RegExp(lang === 'ar' ? 'الملف الشخصي' : 'Profile'));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

      const accountTab = page.getByRole('tab', { name: say.accountTab });
      await expect(accountTab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: say.accountTab });
      await expect(panel.getByTestId('profile-username')).toHaveText(account.user.username);
      await expect(panel.getByTestId('profile-email')).toContainText(account.email);
      await expect(panel.getByTestId('profile-email')).toContainText(say.notVerified);
      // The full name typed at registration gives the first and last names.
      await expect(panel.getByTestId('profile-first-name')).toHaveText('Maryam');
      await expect(panel.getByTestId('profile-last-name')).toHaveText('Al-Kandari');
      await expect(panel.getByTestId('profile-phone')).toHaveText(say.notProvided);
      await expect(panel.getByTestId('profile-role')).toHaveText(say.customer);
      await expect(panel.getByRole('button', { name: say.sendCode })).toBeVisible();

      // Cancel throws the edits away.
      await panel.getByRole('button', { name: say.edit }).click();
      await panel.getByLabel(say.firstName).fill('Discarded');
      await panel.getByRole('button', { name: say.cancel }).click();
      await expect(panel.getByTestId('profile-first-name')).not.toHaveText('Discarded');

      // A phone that is too short is refused on its field before anything is sent.
      await panel.getByRole('button', { name: say.edit }).click();
      await panel.getByLabel(say.phone, { exact: true }).fill('123');
      await panel.getByRole('button', { name: say.save }).click();
      await expect(panel.getByLabel(say.phone, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(panel.getByLabel(say.phone, { exact: true })).toBeFocused();

      await panel.getByLabel(say.firstName).fill('Noura');
      await panel.getByLabel(say.lastName).fill('Al-Mutairi');
      await panel.getByLabel(say.phone, { exact: true }).fill('+965 5555 1234');
      await panel.getByRole('button', { name: say.save }).click();
      await expect(page.getByText(say.updated)).toBeVisible();
      await expect(panel.getByTestId('profile-first-name')).toHaveText('Noura');
      await expect(panel.getByTestId('profile-last-name')).toHaveText('Al-Mutairi');
      // Stored and shown in its international form (docs/decisions/039).
      await expect(panel.getByTestId('profile-phone')).toHaveText('+96555551234');

      // Saved on the server: a fresh page shows the same.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByTestId('profile-first-name')).toHaveText('Noura');
      const profile = (await (await page.request.get('/api/auth/profile', { headers: { authorization: `Bearer ${account.token}` } })).json()) as ProfileResponse;
      expect(profile.user).toMatchObject({ first_name: 'Noura', last_name: 'Al-Mutairi', phone: '+96555551234' });
      expect(problems).toEqual([]);
    });

    test('an unverified customer asks for a code and lands on the code screen', async ({ page }) => {
      const account = await signUp(page);
      const registrationCode = await waitForVerificationCode(account.email);
      await openProfile(page, lang);
      await page.getByRole('button', { name: say.sendCode }).click();
      await expect(page.getByText(say.codeSent)).toBeVisible();
      await page.waitForURL((url) => url.pathname === pathInLanguage('/verify-code', lang) && url.searchParams.get('email') === account.email);
      // A new code went out after the one of the registration e-mail.
      await expect.poll(() => waitForVerificationCode(account.email)).not.toBe(registrationCode);
    });

    test('tabs follow the keyboard and the address bar', async ({ page }) => {
      await signUp(page);
      await openProfile(page, lang);
      const accountTab = page.getByRole('tab', { name: say.accountTab });
      await accountTab.focus();
      // The next tab is in reading direction: left in Arabic, right in English.
      await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      const ordersTab = page.getByRole('tab', { name: say.ordersTab });
      await expect(ordersTab).toBeFocused();
      await expect(ordersTab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=orders$/);
      await page.keyboard.press('End');
      await expect(page.getByRole('tab', { name: say.settingsTab })).toBeFocused();
      await expect(page).toHaveURL(/\?tab=settings$/);
      await page.keyboard.press('Home');
      await expect(accountTab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\/profile$/);

      // A link to a tab opens it.
      await openProfile(page, lang, '?tab=settings');
      await expect(page.getByRole('tab', { name: say.settingsTab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: say.settingsTab })).toBeVisible();
    });

    test('order history is empty, then shows an order placed while signed in', async ({ page, request }) => {
      const account = await signUp(page);
      // A failed load says so and offers another try.
      await page.route('**/api/orders/my-orders', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"code":"SERVICE_UNAVAILABLE","message":"down"}' }));
      await openProfile(page, lang, '?tab=orders');
      const panel = page.getByRole('tabpanel', { name: say.ordersTab });
      await expect(panel.getByRole('alert')).toContainText(say.loadFailed);
      await page.unroute('**/api/orders/my-orders');
      await panel.getByRole('button', { name: say.tryAgain }).click();
      await expect(panel.getByRole('heading', { name: say.noOrders })).toBeVisible();
      await expect(panel.getByRole('link', { name: say.browse })).toHaveAttribute('href', pathInLanguage('/products', lang));

      const product = await simpleProduct(request);
      const { kuwait, governorate, city } = await kuwaitLocation(request);
      const placed = await page.request.post('/api/orders', {
        headers: { authorization: `Bearer ${account.token}` },
        data: {
          name: 'Maryam Al-Kandari',
          email: account.email,
          phone: '+965 9999 1111',
          shipping_address: 'Block 1, Street 2, House 3',
          country_id: kuwait.id,
          governorate_id: governorate.id,
          city_id: city.id,
          payment_method: 'cash_on_delivery',
          items: [{ product_id: product.id, quantity: 2, selected_attributes: {} }],
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { order } = (await placed.json()) as OrderResponse;
      const money = moneyFormat(await getSettings(request), lang);

      await page.reload();
      await waitForHydration(page);
      const card = panel.getByTestId('profile-order');
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('profile-order-number')).toHaveText(order.order_number);
      await expect(card.getByRole('link', { name: order.order_number })).toHaveAttribute('href', pathInLanguage(`/order-status/${order.order_number}`, lang));
      await expect(card.getByTestId('profile-order-status')).toHaveText(say.pending);
      await expect(card.getByTestId('profile-order-total')).toHaveText(formatPrice(toThousandths(order.total_amount), money));
      await expect(card.getByTestId('profile-order-count')).toHaveText(lang === 'ar' ? 'قطعتان' : '2 items');
      // The order names its products in the reader's language (decision 047).
      await expect(card.getByText(inLanguage(lang, product.name, product.name_en))).toBeVisible();

      // Buy again: the order's lines go into the cart and the cart opens.
      await card.getByRole('button', { name: lang === 'ar' ? 'اطلبه مرة أخرى' : 'Buy again' }).click();
      await expect(page).toHaveURL(new RegExp(`${pathInLanguage('/cart', lang)}$`));
      await expect(page.getByTestId('cart-items-count')).toContainText('2');
      await expect(page.getByRole('main').getByText(inLanguage(lang, product.name, product.name_en)).first()).toBeVisible();
    });

    test('changes the password: the new one signs in, the old one no longer does', async ({ page, request }) => {
      const account = await signUp(page);
      await openProfile(page, lang, '?tab=settings');
      const panel = page.getByRole('tabpanel', { name: say.settingsTab });
      await panel.getByRole('button', { name: say.changePassword }).click();
      await panel.getByLabel(say.currentPassword).fill(account.password);
      await panel.getByLabel(say.newPassword, { exact: true }).fill('second-Pass-2');
      await panel.getByLabel(say.confirmPassword).fill('second-Pass-3');
      await panel.getByRole('button', { name: say.updatePassword }).click();
      await expect(panel.getByText(say.mismatch)).toBeVisible();
      await expect(panel.getByLabel(say.confirmPassword)).toHaveAttribute('aria-invalid', 'true');

      await panel.getByLabel(say.confirmPassword).fill('second-Pass-2');
      await panel.getByRole('button', { name: say.updatePassword }).click();
      // The form closes and the server's message confirms.
      await expect(panel.getByRole('button', { name: say.changePassword })).toBeVisible();
      await expect(page.getByText(say.passwordChanged)).toBeVisible();

      expect(await loginStatus(request, account.email, 'second-Pass-2')).toBe(200);
      expect(await loginStatus(request, account.email, account.password)).toBe(401);
      // This browser's session survives its own password change.
      await page.reload();
      await waitForHydration(page);
      await expect(panel.getByRole('button', { name: say.changePassword })).toBeVisible();
    });

    test('notification preferences are saved', async ({ page }) => {
      const account = await signUp(page);
      await openProfile(page, lang, '?tab=settings');
      const panel = page.getByRole('tabpanel', { name: say.settingsTab });
      await expect(panel.getByLabel(say.orderConfirmations)).toBeChecked();
      await expect(panel.getByLabel(say.shippingUpdates)).toBeChecked();
      await expect(panel.getByLabel(say.promotional)).not.toBeChecked();
      const save = panel.getByRole('button', { name: say.savePreferences });
      await expect(save).toBeDisabled();

      await panel.getByLabel(say.shippingUpdates).uncheck();
      await panel.getByLabel(say.promotional).check();
      await save.click();
      await expect(page.getByText(say.preferencesSaved)).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await waitForHydration(page);
      await expect(panel.getByLabel(say.orderConfirmations)).toBeChecked();
      await expect(panel.getByLabel(say.shippingUpdates)).not.toBeChecked();
      await expect(panel.getByLabel(say.promotional)).toBeChecked();
      const profile = (await (await page.request.get('/api/auth/profile', { headers: { authorization: `Bearer ${account.token}` } })).json()) as ProfileResponse;
      expect(profile.user.notification_preferences).toEqual({ order_confirmations: true, shipping_updates: false, promotional: true });
    });

    test(`deletes the account after confirming with the password${lang === 'en' ? ' @phone' : ''}`, async ({ page, request }) => {
      const problems = watchConsole(page);
      const account = await signUp(page);
      await openProfile(page, lang, '?tab=settings');
      const opener = page.getByRole('button', { name: say.deleteAccount });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: say.deleteTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(say.ordersKept)).toBeVisible();
      await expect(dialog.getByLabel(say.deletePassword)).toBeFocused();
      // Escape closes it and focus goes back to the button.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await dialog.getByRole('button', { name: say.deleteConfirm }).click();
      await expect(dialog.getByLabel(say.deletePassword)).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel(say.deletePassword).fill(account.password);
      await dialog.getByRole('button', { name: say.deleteConfirm }).click();

      await page.waitForURL((url) => url.pathname === pathInLanguage('/', lang));
      await expect(page.getByText(say.accountDeleted)).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
      await expect(page.locator('header').getByText('Maryam Al-Kandari')).toHaveCount(0);
      expect(await loginStatus(request, account.email, account.password)).toBe(401);
      // Signed out on the server too: the profile sends this browser to the login page.
      await page.goto(pathInLanguage('/profile', lang));
      await page.waitForURL(/\/login$/);
      expect(problems).toEqual([]);
    });

    test('checkout is filled in from the signed-in account', async ({ page, request }) => {
      const account = await signUp(page, { phone: '+965 6666 7777', address: 'Block 5, Street 9, House 21' });
      const product = await simpleProduct(request);
      const added = await page.request.post('/api/cart/add', {
        headers: { authorization: `Bearer ${account.token}` },
        data: { product_id: product.id, quantity: 1, selected_attributes: {} },
      });
      expect(added.ok()).toBe(true);

      await page.goto(pathInLanguage('/checkout', lang));
      await waitForHydration(page);
      const form = page.locator('#checkout-form');
      await expect(form.getByLabel(say.checkoutName)).toHaveValue('Maryam Al-Kandari');
      await expect(form.getByLabel(say.checkoutEmail)).toHaveValue(account.email);
      await expect(form.getByLabel(say.checkoutPhone)).toHaveValue('+96566667777');
      await expect(form.getByLabel(say.checkoutAddress)).toHaveValue('Block 5, Street 9, House 21');

      // What the shopper types stays; the order is the customer's.
      await form.getByLabel(say.checkoutName).fill('Gift for Huda');
      const { kuwait, governorate, city } = await kuwaitLocation(request);
      const names = lang === 'ar' ? [kuwait.name_ar, governorate.name_ar, city.name_ar] : [kuwait.name_en, governorate.name_en, city.name_en];
      const selects = form.locator('select');
      await selects.nth(0).selectOption({ label: names[0]! });
      await selects.nth(1).selectOption({ label: names[1]! });
      await selects.nth(2).selectOption({ label: names[2]! });
      const orderRequest = page.waitForRequest((sent) => sent.url().endsWith('/api/orders') && sent.method() === 'POST');
      // The summary's button on a desktop, the bottom bar's on a phone: the one on screen.
      await page.locator('button[type="submit"][form="checkout-form"]:visible').click();
      const payload = (await orderRequest).postDataJSON() as { user_id: number | null; name: string };
      expect(payload).toMatchObject({ user_id: account.user.id, name: 'Gift for Huda' });
      await page.waitForURL(/\/order-status\//);

      await openProfile(page, lang, '?tab=orders');
      await expect(page.getByTestId('profile-order')).toHaveCount(1);
    });

    test('checkout is filled in when the session is confirmed only in the browser', async ({ page, context, request }) => {
      const account = await signUp(page, { phone: '+965 6666 8888', address: 'Block 2, Street 4, House 6' });
      // Without the server-rendering cookie the page is rendered for a guest; the stored token
      // signs the shopper in after hydration.
      await context.clearCookies({ name: 'session' });
      const product = await simpleProduct(request);
      const added = await page.request.post('/api/cart/add', { data: { product_id: product.id, quantity: 1, selected_attributes: {} } });
      expect(added.ok()).toBe(true);
      const html = await (await page.request.get('/checkout')).text();
      expect(html).not.toContain(account.email);

      await page.goto(pathInLanguage('/checkout', lang));
      const form = page.locator('#checkout-form');
      await expect(form.getByLabel(say.checkoutEmail)).toHaveValue(account.email);
      await expect(form.getByLabel(say.checkoutName)).toHaveValue('Maryam Al-Kandari');
      await expect(form.getByLabel(say.checkoutPhone)).toHaveValue('+96566668888');
      await expect(form.getByLabel(say.checkoutAddress)).toHaveValue('Block 2, Street 4, House 6');
    });
  });
}
