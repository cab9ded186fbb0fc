import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  formatPrice,
  pathInLanguage,
  moneyFormat,
  pluralForm,
  toThousandths,
  type AdminCityResponse,
  type AdminPromoCodeListResponse,
  type AdminUserListResponse,
  type City,
  type CountryListResponse,
  type GovernorateListResponse,
  type Order,
  type OrderResponse,
  type Product,
  type PromoResultResponse,
} from '@shop/shared';
import { adminToken, api, getSettings, holdUntilReleased, inTurn, listProducts, logIn, productAttributes, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The shop's daily running, end to end in the browser: a guest's order found, moved to
 * shipped and printed; a moderator made through the user form who works on orders but not on
 * users; three cities' shipping fee changed at once and charged at the next checkout; a promo
 * code made in the form and used in the cart. Each test makes its own data (names with a tag no
 * other run uses, its own cities and code) and removes it, since these run beside the catalogue
 * journeys in two projects at once.
 */

type Lang = 'ar' | 'en';

const text = {
  ar: {
    navigation: 'أقسام لوحة التحكم',
    ordersTab: 'الطلبات',
    usersTab: 'المستخدمون',
    logout: 'تسجيل الخروج',
    // Dashboard and orders
    dashboardOpen: (number: string, name: string) => `فتح الطلب ${number} باسم ${name}`,
    searchOrders: 'البحث في الطلبات',
    statusFilter: 'الحالة',
    cityFilter: 'المدينة',
    orderCount: (shown: number, total: number) =>
      total === 1
        ? `عرض ${shown} من طلب واحد`
        : total === 2
          ? `عرض ${shown} من طلبين`
          : `عرض ${shown} من ${total} ${{ few: 'طلبات', many: 'طلبًا' }[pluralForm('ar', total) as 'few' | 'many'] ?? 'طلب'}`,
    noMatch: 'لا يوجد طلب يطابق هذه المرشحات',
    viewOrder: (number: string) => `عرض الطلب ${number}`,
    orderTitle: (number: string) => `الطلب ${number}`,
    pending: 'قيد الانتظار',
    processing: 'قيد التجهيز',
    shipped: 'تم الشحن',
    statusCard: 'حالة الطلب',
    newStatus: 'الحالة الجديدة',
    note: 'ملاحظة',
    saveStatus: 'تحديث الحالة',
    statusUpdated: 'تم تحديث حالة الطلب بنجاح',
    history: 'سجل الطلب',
    printInvoice: 'طباعة الفاتورة',
    invoiceToolbar: 'إجراءات الفاتورة',
    print: 'طباعة',
    // Users
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    role: 'الدور',
    moderator: 'مشرف',
    createUser: 'إنشاء المستخدم',
    userCreated: (name: string) => `تم إنشاء المستخدم ${name}`,
    searchUsers: 'البحث في المستخدمين',
    noUsersAccess: 'إدارة المستخدمين للمديرين فقط',
    // Cities
    country: 'الدولة',
    governorate: 'المحافظة',
    selectCity: (name: string) => `تحديد ${name}`,
    bulkOpen: 'تعديل رسوم الشحن للمحدد',
    bulkTitle: 'تعديل رسوم الشحن لعدة مدن',
    bulkFee: 'رسوم الشحن الجديدة',
    bulkSubmit: 'تحديث رسوم الشحن',
    bulkProgress: (done: number | string, total: number) => `تمت معالجة ${done} من ${total}`,
    bulkDone: (fee: string, count: number) => `تم تعيين رسوم الشحن ${fee} للمدن المحددة (${count})`,
    // Checkout
    fullName: 'الاسم الكامل',
    checkoutEmail: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    city: 'المدينة / المنطقة',
    address: 'العنوان',
    placeOrder: 'تأكيد الطلب',
    // Promo codes
    code: 'الكود',
    description: 'الوصف',
    discountValue: 'قيمة الخصم',
    active: 'مفعّل',
    createPromo: 'إنشاء كوبون الخصم',
    promoCreated: 'تم إنشاء كوبون الخصم بنجاح',
    searchPromos: 'البحث في كوبونات الخصم',
    percentage: 'نسبة مئوية',
    cartPromo: 'كود الخصم',
    apply: 'تطبيق',
    promoApplied: (percent: number) => `تم تطبيق كود الخصم! خصم ${percent}%`,
  },
  en: {
    navigation: 'Back office sections',
    ordersTab: 'Orders',
    usersTab: 'Users',
    logout: 'Logout',
    dashboardOpen: (number: string, name: string) => `Open order ${number} of ${name}`,
    searchOrders: 'Search orders',
    statusFilter: 'Status',
    cityFilter: 'City',
    orderCount: (shown: number, total: number) => `Showing ${shown} of ${total} ${total === 1 ? 'order' : 'orders'}`,
    noMatch: 'No order matches these filters',
    viewOrder: (number: string) => `View order ${number}`,
    orderTitle: (number: string) => `Order ${number}`,
    pending: 'Pending',
    processing: 'Processing',
    shipped: 'Shipped',
    statusCard: 'Order status',
    newStatus: 'New status',
    note: 'Note',
    saveStatus: 'Update status',
    statusUpdated: 'Order status updated successfully',
    history: 'Order history',
    printInvoice: 'Print invoice',
    invoiceToolbar: 'Invoice actions',
    print: 'Print',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    role: 'Role',
    moderator: 'Moderator',
    createUser: 'Create user',
    userCreated: (name: string) => `The user ${name} was created`,
    searchUsers: 'Search users',
    noUsersAccess: 'Only administrators manage users',
    country: 'Country',
    governorate: 'Governorate',
    selectCity: (name: string) => `Select ${name}`,
    bulkOpen: 'Bulk edit shipping fee',
    bulkTitle: 'Bulk edit shipping fee',
    bulkFee: 'New shipping fee',
    bulkSubmit: 'Update shipping fee',
    bulkProgress: (done: number | string, total: number) => `${done} of ${total} done`,
    bulkDone: (fee: string, count: number) => `Shipping fee set to ${fee} for the selected cities (${count})`,
    fullName: 'Full name',
    checkoutEmail: 'Email',
    phone: 'Phone',
    city: 'City / area',
    address: 'Address',
    placeOrder: 'Place order',
    code: 'Code',
    description: 'Description',
    discountValue: 'Discount value',
    active: 'Active',
    createPromo: 'Create promo code',
    promoCreated: 'Promo code created successfully',
    searchPromos: 'Search promo codes',
    percentage: 'Percentage',
    cartPromo: 'Discount code',
    apply: 'Apply',
    promoApplied: (percent: number) => `Promo code applied! ${percent}% off`,
  },
} as const;

// ---------- helpers ----------

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': visitorAddress() });

const toast = (page: Page, message: string) => page.locator('[aria-live="polite"]').getByText(message, { exact: true });

/** The row (desktop table) or card (phone) of a list that shows this text. */
const listEntry = (page: Page, shown: string) =>
  page.locator('tr:visible, li:visible').filter({ has: page.getByText(shown, { exact: true }) }).first();

/** A page of the back office must fit the screen: nothing scrolls sideways, even at 375 px. */
async function expectFitsScreen(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

let run = 0;
/** A tag no other run uses, so parallel projects never meet each other's data. */
function uniqueTag(lang: Lang, page: Page): string {
  run += 1;
  const width = page.viewportSize()?.width ?? 0;
  return `${lang}${width}x${Date.now().toString(36)}${run}`;
}

/** A contact no earlier order used (orders are limited per e-mail and per phone). */
function contact(tag: string) {
  const digits = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  return { email: `${tag.toLowerCase()}@example.com`, phone: `+965 ${digits.slice(0, 4)} ${digits.slice(4)}` };
}

/** Kuwait and one of its governorates (by English name), from the public API. */
async function kuwaitGovernorate(request: APIRequestContext, name: string) {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const governorate = governorates.find((item) => item.name_en === name)!;
  expect(governorate, `governorate ${name}`).toBeTruthy();
  return { kuwait, governorate };
}

async function createCity(
  request: APIRequestContext,
  token: string,
  body: { name: string; name_en: string; country_id: number; governorate_id: number; shipping_fee: number },
): Promise<City> {
  const response = await request.post('/api/locations/cities', { headers: bearer(token), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as AdminCityResponse).city;
}

async function deleteCity(request: APIRequestContext, token: string, id: number) {
  const response = await request.delete(`/api/locations/cities/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** A published product without options, with units to spare. */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const { products } = await listProducts(request, 'limit=100');
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    if ((await productAttributes(request, product.id)).length === 0) return product;
  }
  throw new Error('The demo store lacks an in-stock product without options');
}

/** A guest's cash-on-delivery order of one unit, placed through the API as the checkout does. */
async function placeGuestOrder(
  request: APIRequestContext,
  place: { country_id: number; governorate_id: number | null; id: number },
  name: string,
  tag: string,
): Promise<Order> {
  const product = await simpleProduct(request);
  const response = await request.post('/api/orders', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: {
      name,
      ...contact(tag),
      shipping_address: 'Block 4, Street 2, House 9',
      country_id: place.country_id,
      governorate_id: place.governorate_id,
      city_id: place.id,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: product.id, quantity: 1, selected_attributes: {} }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as OrderResponse).order;
}

/** Deletes an order (its held unit goes back to stock); an order already gone is fine. */
async function deleteOrder(request: APIRequestContext, token: string, id: number) {
  const response = await request.delete(`/api/orders/${id}`, { headers: bearer(token) });
  expect([200, 404], await response.text()).toContain(response.status());
}

/** A shopper in their own browser context (no back-office token), at this project's screen size. */
async function newShopper(browser: Browser, baseURL: string, lang: Lang) {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: viewport ?? null,
    isMobile: isMobile ?? false,
    hasTouch: hasTouch ?? false,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  await useLanguage(context, baseURL, lang);
  return { context, page: await context.newPage() };
}

/** Puts units of a simple product into the shopper's cart, at least 10 KD in all. */
async function fillCart(page: Page) {
  const product = await simpleProduct(page.request);
  const quantity = Math.min(3, Math.max(1, Math.ceil(10 / Math.max(product.current_price, 0.5))));
  const response = await page.request.post('/api/cart/add', { data: { product_id: product.id, quantity, selected_attributes: {} } });
  expect(response.ok(), await response.text()).toBe(true);
  return product;
}

type PrintWatch = { __prints: number[]; __invoiceShownAt: number | null };

/** Counts window.print calls (never opening the dialog) and notes when the invoice's total appears. */
async function watchPrinting(context: BrowserContext) {
  await context.addInitScript(() => {
    const watch = window as unknown as PrintWatch;
    watch.__prints = [];
    watch.__invoiceShownAt = null;
    window.print = () => {
      watch.__prints.push(performance.now());
    };
    new MutationObserver((_changes, observer) => {
      if (document.querySelector('[data-testid="invoice-total"]')) {
        watch.__invoiceShownAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const printsOf = (page: Page) => page.evaluate(() => (window as unknown as PrintWatch).__prints.length);

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  const words = text[lang];

  test(`a guest's order is found, shipped with a note, tracked at 75 % and its invoice printed (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await adminToken(request);
    const tag = uniqueTag(lang, page);
    const money = moneyFormat(await getSettings(request), lang);
    const { kuwait, governorate } = await kuwaitGovernorate(request, 'Jahra');
    const city = await createCity(request, token, {
      name: `مدينة الطلبات ${tag}`,
      name_en: `Orders town ${tag}`,
      country_id: kuwait.id,
      governorate_id: governorate.id,
      shipping_fee: 1.75,
    });
    const customer = lang === 'ar' ? `نورة العلي ${tag}` : `Noura Al-Ali ${tag}`;
    const cityName = lang === 'ar' ? city.name_ar : city.name_en;
    const order = await placeGuestOrder(request, city, customer, tag);
    try {
      await signInWith(context, token);
      await watchPrinting(context);

      // The dashboard's latest orders have it.
      await page.goto('/admin');
      await waitForHydration(page);
      await expect(page.getByRole('link', { name: words.dashboardOpen(order.order_number, customer) })).toBeVisible();

      // The orders list has it; the customer's name finds it, status and city narrow to it.
      await page.goto('/admin?tab=orders');
      await waitForHydration(page);
      await expect(listEntry(page, order.order_number)).toBeVisible();
      await page.getByLabel(words.searchOrders).fill(customer);
      await expect(page).toHaveURL(/[?&]search=/);
      await expect(page.getByText(words.orderCount(1, 1), { exact: true })).toBeVisible();
      await expect(listEntry(page, order.order_number)).toBeVisible();
      const statusFilter = page.getByLabel(words.statusFilter, { exact: true });
      await statusFilter.selectOption({ label: words.shipped });
      await expect(page.getByText(words.noMatch, { exact: true })).toBeVisible();
      await statusFilter.selectOption({ label: words.pending });
      await expect(page).toHaveURL(/[?&]status=pending/);
      await expect(page.getByText(words.orderCount(1, 1), { exact: true })).toBeVisible();
      await page.getByLabel(words.cityFilter, { exact: true }).selectOption({ label: cityName });
      await expect(page).toHaveURL(new RegExp(`[?&]city=${city.id}(&|$)`));
      await expect(page.getByText(words.orderCount(1, 1), { exact: true })).toBeVisible();
      const entry = listEntry(page, order.order_number);
      await expect(entry.getByText(customer, { exact: true })).toBeVisible();
      await expect(entry.getByText(cityName, { exact: true })).toBeVisible();

      // The order's page: moved to shipped with a note, which its history keeps.
      await entry.getByRole('link', { name: words.viewOrder(order.order_number) }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: words.orderTitle(order.order_number) })).toBeVisible();
      await waitForHydration(page);
      await expectFitsScreen(page, 'order detail');
      const note = `Shipped with courier ${tag}`;
      await page.getByLabel(words.newStatus).selectOption({ label: words.shipped });
      await page.getByRole('textbox', { name: new RegExp(`^${words.note}`) }).fill(note);
      await page.getByRole('button', { name: words.saveStatus }).click();
      await expect(toast(page, words.statusUpdated)).toBeVisible();
      await expect(page.getByRole('region', { name: words.statusCard }).getByText(words.shipped, { exact: true }).first()).toBeVisible();
      const history = page.getByRole('region', { name: words.history }).getByRole('listitem');
      await expect(history).toHaveCount(2);
      const change = history.filter({ hasText: note });
      await expect(change).toHaveCount(1);
      await expect(change.getByText(words.pending, { exact: true })).toBeVisible();
      await expect(change.getByText(words.shipped, { exact: true })).toBeVisible();
      await expectFitsScreen(page, 'order detail after the change');

      // The invoice opens in a new tab, prints itself once after about half a second, without the back office around it.
      const [invoice] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: words.printInvoice }).click(),
      ]);
      const invoiceProblems = watchConsole(invoice);
      await expect(invoice).toHaveURL(new RegExp(`/admin/orders/${order.id}/invoice\\?autoprint=true$`));
      await expect(invoice.getByText(order.order_number, { exact: true }).first()).toBeVisible();
      await expect(invoice.getByTestId('invoice-total')).toHaveText(formatPrice(toThousandths(order.total_amount), money));
      await expect.poll(() => printsOf(invoice)).toBe(1);
      const delay = await invoice.evaluate(() => {
        const watch = window as unknown as PrintWatch;
        return watch.__prints[0]! - watch.__invoiceShownAt!;
      });
      expect(delay).toBeGreaterThanOrEqual(400);
      expect(delay).toBeLessThan(3_000);
      await invoice.waitForTimeout(1_000);
      expect(await printsOf(invoice)).toBe(1);
      await expect(invoice.getByRole('navigation', { name: words.navigation })).toHaveCount(0);
      await expect(invoice.getByRole('button', { name: words.logout })).toHaveCount(0);
      await waitForHydration(invoice);
      await expectFitsScreen(invoice, 'invoice');
      const toolbar = invoice.getByRole('toolbar', { name: words.invoiceToolbar });
      await toolbar.getByRole('button', { name: words.print, exact: true }).click();
      expect(await printsOf(invoice)).toBe(2);
      // On paper only the invoice: the toolbar goes.
      await invoice.emulateMedia({ media: 'print' });
      await expect(toolbar).toBeHidden();
      await expect(invoice.getByTestId('invoice-total')).toBeVisible();
      await invoice.close();
      expect(invoiceProblems).toEqual([]);

      // The customer's tracking page shows the order shipped, three quarters of the way.
      await page.goto(pathInLanguage(`/order-status/${order.order_number}`, lang));
      await expect(page.getByTestId('order-status')).toHaveText(words.shipped);
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
      expect(problems).toEqual([]);
    } finally {
      await deleteOrder(request, token, order.id);
      await deleteCity(request, token, city.id);
    }
  });

  test(`the owner creates a moderator who works on orders but cannot see users (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const ownerToken = await adminToken(request);
    const tag = uniqueTag(lang, page);
    const name = lang === 'ar' ? `مشرف الطلبات ${tag}` : `Order moderator ${tag}`;
    const email = `moderator-${tag.toLowerCase()}@example.com`;
    const password = 'Moderator-Pass-1';
    const { kuwait, governorate } = await kuwaitGovernorate(request, 'Jahra');
    const city = await createCity(request, ownerToken, {
      name: `مدينة المشرف ${tag}`,
      name_en: `Moderator town ${tag}`,
      country_id: kuwait.id,
      governorate_id: governorate.id,
      shipping_fee: 2,
    });
    const customer = lang === 'ar' ? `سالم ${tag}` : `Salem ${tag}`;
    const order = await placeGuestOrder(request, city, customer, tag);
    try {
      // The owner creates the account in the user form.
      await signInWith(context, ownerToken);
      await page.goto('/admin/users/new');
      await waitForHydration(page);
      await expectFitsScreen(page, 'user form');
      await page.getByLabel(words.name).fill(name);
      await page.getByLabel(words.email).fill(`  ${email.toUpperCase()} `);
      await page.getByLabel(words.password).fill(password);
      await page.getByLabel(words.role).selectOption({ label: words.moderator });
      await page.getByRole('button', { name: words.createUser }).click();
      await expect(toast(page, words.userCreated(name))).toBeVisible();
      await expect(page).toHaveURL(/\/admin\?tab=users/);
      await page.getByLabel(words.searchUsers).fill(tag);
      const row = listEntry(page, name);
      await expect(row).toBeVisible();
      await expect(row.getByText(email, { exact: true })).toBeVisible();
      await expect(row.getByText(words.moderator, { exact: true })).toBeVisible();

      // The moderator signs in: orders yes, users no.
      const token = await logIn(request, email, password);
      // Added last, this token replaces the owner's on every page from now on.
      await signInWith(context, token);
      await page.goto('/admin?tab=orders');
      await waitForHydration(page);
      const navigation = page.getByRole('navigation', { name: words.navigation }).filter({ visible: true });
      await expect(navigation.getByRole('link', { name: words.ordersTab })).toHaveAttribute('aria-current', 'page');
      await expect(navigation.getByRole('link', { name: words.usersTab })).toHaveCount(0);
      await page.getByLabel(words.searchOrders).fill(customer);
      await expect(page.getByText(words.orderCount(1, 1), { exact: true })).toBeVisible();
      await listEntry(page, order.order_number).getByRole('link', { name: words.viewOrder(order.order_number) }).click();
      await expect(page.getByRole('heading', { level: 1, name: words.orderTitle(order.order_number) })).toBeVisible();
      await waitForHydration(page);
      await page.getByLabel(words.newStatus).selectOption({ label: words.processing });
      await page.getByRole('textbox', { name: new RegExp(`^${words.note}`) }).fill(`Packed ${tag}`);
      await page.getByRole('button', { name: words.saveStatus }).click();
      await expect(toast(page, words.statusUpdated)).toBeVisible();
      const change = page.getByRole('region', { name: words.history }).getByRole('listitem').filter({ hasText: `Packed ${tag}` });
      await expect(change.getByText(name, { exact: true })).toBeVisible();
      await expect(change.getByText(words.processing, { exact: true })).toBeVisible();

      await page.goto('/admin/users/new');
      await waitForHydration(page);
      await expect(page.getByText(words.noUsersAccess, { exact: true })).toBeVisible();
      await expect(page.getByLabel(words.password)).toHaveCount(0);
      await expectFitsScreen(page, 'user form without access');
      const refused = await request.get('/api/admin/users', { headers: bearer(token) });
      expect(refused.status()).toBe(403);
      expect(problems).toEqual([]);
    } finally {
      const found = await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, { headers: bearer(ownerToken) });
      const { users } = (await found.json()) as AdminUserListResponse;
      for (const user of users.filter((candidate) => candidate.email === email)) {
        const removed = await request.delete(`/api/admin/users/${user.id}`, { headers: bearer(ownerToken) });
        expect(removed.status(), await removed.text()).toBe(200);
      }
      await deleteOrder(request, ownerToken, order.id);
      await deleteCity(request, ownerToken, city.id);
    }
  });

  test(`the owner bulk-edits three cities' shipping fee and the next checkout charges it (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The cities' fees and the free-delivery amount are the whole shop's: one journey at a time.
    await inTurn(baseURL!, 'store-settings', async () => {
      await useLanguage(context, baseURL!, lang);
      const problems = watchConsole(page);
      const token = await adminToken(request);
      const tag = uniqueTag(lang, page);
      const money = moneyFormat(await getSettings(request), lang);
      const { kuwait, governorate } = await kuwaitGovernorate(request, 'Ahmadi');
      const cities: City[] = [];
      let orderId: number | null = null;
      try {
        for (const n of [1, 2, 3]) {
          cities.push(
            await createCity(request, token, {
              name: `ضاحية ${n} ${tag}`,
              name_en: `Suburb ${n} ${tag}`,
              country_id: kuwait.id,
              governorate_id: governorate.id,
              shipping_fee: 1,
            }),
          );
        }
        const nameOf = (city: City) => (lang === 'ar' ? city.name_ar : city.name_en);
        const newFee = 3250;
        const shopper = await newShopper(browser, baseURL!, lang);
        try {
          const shopperProblems = watchConsole(shopper.page);
          // A shopper is at the checkout already, one of those cities chosen, at its old fee.
          await fillCart(shopper.page);
          await shopper.page.goto(pathInLanguage('/checkout', lang));
          await waitForHydration(shopper.page);
          const who = contact(tag);
          await shopper.page.getByLabel(words.fullName).fill(lang === 'ar' ? 'مريم الشمري' : 'Mariam Al-Shammari');
          await shopper.page.getByLabel(words.checkoutEmail).fill(who.email);
          await shopper.page.getByLabel(words.phone).fill(who.phone);
          await shopper.page.getByLabel(words.country).selectOption({ label: lang === 'ar' ? kuwait.name_ar : kuwait.name_en });
          await shopper.page.getByLabel(words.governorate).selectOption({ label: lang === 'ar' ? governorate.name_ar : governorate.name_en });
          await shopper.page.getByLabel(words.city).selectOption({ label: nameOf(cities[1]!) });
          await shopper.page.getByLabel(words.address).fill('Block 1, Street 1, House 1');
          await expect(shopper.page.getByTestId('checkout-shipping')).toHaveText(formatPrice(1000, money));

          // The owner filters the cities tab to that governorate, ticks the three and sets one fee.
          await signInWith(context, token);
          await page.goto('/admin?tab=cities');
          await waitForHydration(page);
          await page.getByLabel(words.country, { exact: true }).selectOption({ label: lang === 'ar' ? kuwait.name_ar : kuwait.name_en });
          await page.getByLabel(words.governorate, { exact: true }).selectOption({ label: lang === 'ar' ? governorate.name_ar : governorate.name_en });
          await expect(page).toHaveURL(new RegExp(`[?&]governorate=${governorate.id}(&|$)`));
          for (const city of cities) {
            const box = page.getByRole('checkbox', { name: words.selectCity(nameOf(city)), exact: true });
            await box.check();
            await expect(box).toBeChecked();
          }

          // The updates are held until the progress has been seen, then let through: on a loaded
          // machine any fixed delay could run out before the label is read.
          const letUpdatesThrough = holdUntilReleased(page, '**/api/locations/cities/*');
          await page.getByRole('button', { name: words.bulkOpen }).click();
          const dialog = page.getByRole('dialog', { name: words.bulkTitle });
          await expect(dialog).toBeVisible();
          for (const city of cities) await expect(dialog.getByText(nameOf(city), { exact: true })).toBeVisible();
          await dialog.getByLabel(words.bulkFee).fill('3.250');
          await dialog.getByRole('button', { name: words.bulkSubmit }).click();
          await expect(dialog.getByRole('progressbar')).toBeVisible();
          await expect(dialog.getByText(words.bulkProgress(0, 3), { exact: true })).toBeVisible();
          await letUpdatesThrough();
          const feeText = formatPrice(newFee, money);
          await expect(toast(page, words.bulkDone(feeText, 3))).toBeVisible();
          await expect(dialog).toHaveCount(0);
          for (const city of cities) {
            const entry = listEntry(page, nameOf(city));
            await expect(entry.getByText(feeText, { exact: true })).toBeVisible();
            await expect(entry.getByRole('checkbox')).not.toBeChecked();
          }
          await expectFitsScreen(page, 'cities tab');

          // The shopper comes back to the checkout's tab: it shows the new fee, and the order charges it.
          await shopper.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
          await expect(shopper.page.getByTestId('checkout-shipping')).toHaveText(formatPrice(newFee, money));
          await shopper.page.getByRole('button', { name: words.placeOrder }).click();
          await shopper.page.waitForURL(/\/order-status\/SB-[0-9A-Z]{10}$/);
          await expect(shopper.page.getByTestId('order-shipping')).toHaveText(formatPrice(newFee, money));
          const orderNumber = shopper.page.url().split('/').pop()!;
          const placed = await shopper.page.request.get(`/api/orders/number/${orderNumber}`);
          expect(placed.status()).toBe(200);
          const { order } = (await placed.json()) as OrderResponse;
          orderId = order.id;
          expect(toThousandths(order.shipping_amount)).toBe(newFee);
          expect(shopperProblems).toEqual([]);
        } finally {
          await shopper.context.close();
        }
        expect(problems).toEqual([]);
      } finally {
        if (orderId !== null) await deleteOrder(request, token, orderId);
        for (const city of cities) await deleteCity(request, token, city.id);
      }
    });
  });

  test(`the owner creates a promo code that then works in the cart (${lang}) @phone`, async ({ page, context, baseURL, request, browser }) => {
    test.setTimeout(120_000);
    await useLanguage(context, baseURL!, lang);
    const problems = watchConsole(page);
    const token = await adminToken(request);
    const tag = uniqueTag(lang, page);
    const code = `E2E${tag.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 30);
    try {
      await signInWith(context, token);
      await page.goto('/admin/promocode/new');
      await waitForHydration(page);
      await expectFitsScreen(page, 'promo code form');
      // Typed in lower case: the form keeps it in capitals.
      await page.getByLabel(words.code).fill(code.toLowerCase());
      await expect(page.getByLabel(words.code)).toHaveValue(code);
      await page.getByLabel(words.description).fill(`Browser test ${tag}`);
      await expect(page.getByRole('combobox', { name: new RegExp(lang === 'ar' ? 'نوع الخصم' : 'Discount type') })).toHaveValue('percentage');
      await page.getByLabel(words.discountValue).fill('15');
      const active = page.getByRole('checkbox', { name: words.active, exact: true });
      await active.check();
      await expect(active).toBeChecked();
      await page.getByRole('button', { name: words.createPromo }).click();
      await expect(toast(page, words.promoCreated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\?tab=promo-codes/);
      await page.getByLabel(words.searchPromos).fill(code);
      const row = listEntry(page, code);
      await expect(row).toBeVisible();
      await expect(row.getByText(words.percentage, { exact: true })).toBeVisible();
      expect(problems).toEqual([]);

      // A shopper applies it in the cart and sees 15 % off.
      const shopper = await newShopper(browser, baseURL!, lang);
      try {
        const shopperProblems = watchConsole(shopper.page);
        await fillCart(shopper.page);
        const { summary } = await api<{ summary: { total: number } }>(shopper.page.request, '/cart');
        const subtotal = toThousandths(summary.total);
        await shopper.page.goto(pathInLanguage('/cart', lang));
        await waitForHydration(shopper.page);
        await shopper.page.getByLabel(words.cartPromo).fill(code.toLowerCase());
        await shopper.page.getByRole('button', { name: words.apply, exact: true }).click();
        await expect(shopper.page.getByText(words.promoApplied(15))).toBeVisible();
        const checked = await shopper.page.request.post('/api/promo-codes/validate', { data: { code, total: subtotal / 1000 } });
        const discount = toThousandths(((await checked.json()) as PromoResultResponse).discount);
        expect(discount).toBe(Math.round(subtotal * 0.15));
        await expect(shopper.page.getByTestId('cart-discount')).toHaveText(formatPrice(-discount, moneyFormat(await getSettings(request), lang)));
        expect(shopperProblems).toEqual([]);
      } finally {
        await shopper.context.close();
      }
    } finally {
      const listed = await request.get('/api/promo-codes', { headers: bearer(token) });
      const { promo_codes } = (await listed.json()) as AdminPromoCodeListResponse;
      for (const promo of promo_codes.filter((candidate) => candidate.code === code)) {
        const removed = await request.delete(`/api/promo-codes/${promo.id}`, { headers: bearer(token) });
        expect(removed.status(), await removed.text()).toBe(200);
      }
    }
  });
}
