import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  pathInLanguage,
  type CityListResponse,
  type CountryListResponse,
  type OrderResponse,
} from '@shop/shared';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import {
  adminToken,
  api,
  listCategories,
  listProducts,
  productAttributes,
  signInWith,
  useLanguage,
  visitorAddress,
  waitForHydration,
} from './support';

/**
 * Every page type, storefront and back office, in both languages and on both screen sizes
 * (issue 31, item 6; docs/decisions/050): axe-core finds no WCAG 2.1 A or AA violation in the
 * page as a shopper or the staff see it, and html-validate (the project's .htmlvalidate.json)
 * finds no error in the HTML the server sent. One page per type, several pages per test.
 */

type Lang = 'ar' | 'en';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Besides WCAG's rules, axe's landmark-unique (a best practice): two landmarks of one kind with
 * the same name (or none) cannot be told apart in a screen reader's list of landmarks.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: WCAG_21_AA },
  rules: { 'landmark-unique': { enabled: true } },
};
// The project's .htmlvalidate.json, found beside the repository's files as the CLI finds it.
const htmlValidator = new HtmlValidate(new FileSystemConfigLoader());
const REPOSITORY = path.dirname(import.meta.dirname);

interface PageCheck {
  name: string;
  path: string;
  status?: number;
  /** Shown once the page has its content (more than the first paint: data loaded in the browser). */
  ready?: string;
}

/** What the checks found on one page, as lines a reader can act on (empty when clean). */
async function problemsOf(page: Page, check: PageCheck): Promise<string[]> {
  const response = await page.goto(check.path);
  expect(response, check.path).not.toBeNull();
  expect(response!.status(), `${check.name}: ${check.path}`).toBe(check.status ?? 200);
  const served = await response!.text();
  await waitForHydration(page);
  await expect(page.locator(check.ready ?? 'h1').first()).toBeVisible();
  // Lists and forms load their data in the browser: checked once they show it, not a spinner.
  await expect(
    page.locator('main [role="status"][aria-busy="true"], main .animate-spin'),
  ).toHaveCount(0);

  const problems: string[] = [];
  const report = await htmlValidator.validateString(
    served,
    path.join(REPOSITORY, `${check.name}.html`),
  );
  for (const result of report.results) {
    for (const message of result.messages) {
      problems.push(
        `${check.name} (${check.path}) html ${message.ruleId}: ${message.message} [${message.selector ?? `line ${message.line}`}]`,
      );
    }
  }
  const axe = await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze();
  for (const violation of axe.violations) {
    const where = violation.nodes
      .map((node) => node.target.join(' '))
      .slice(0, 5)
      .join(', ');
    problems.push(
      `${check.name} (${check.path}) axe ${violation.id}: ${violation.help} [${where}]`,
    );
  }
  return problems;
}

/** The storefront's pages at their addresses in the language (English under /en). */
function inLanguage(checks: readonly PageCheck[], lang: Lang): PageCheck[] {
  return checks.map((check) => ({ ...check, path: pathInLanguage(check.path, lang) }));
}

/** What the checks found on each page in turn (every page is checked before the test says so). */
async function problemsOfPages(page: Page, checks: readonly PageCheck[]): Promise<string[]> {
  const problems: string[] = [];
  for (const check of checks) problems.push(...(await problemsOf(page, check)));
  return problems;
}

/** Products of each kind the product page shows differently, from the demo catalogue. */
async function productsToCheck(request: APIRequestContext) {
  const { products } = await listProducts(request, 'limit=100');
  const onSale = products.find((product) => product.in_stock && product.sale_price !== null);
  const soldOut = products.find((product) => !product.in_stock);
  let withOptions: number | undefined;
  let simple: number | undefined;
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 3)) {
    const options = (await productAttributes(request, product.id)).length;
    if (options > 0) withOptions ??= product.id;
    else simple ??= product.id;
    if (withOptions !== undefined && simple !== undefined) break;
  }
  expect(onSale, 'a product on sale').toBeDefined();
  expect(soldOut, 'a sold-out product').toBeDefined();
  expect(withOptions, 'a product with options').toBeDefined();
  expect(simple, 'a product without options').toBeDefined();
  return { onSale: onSale!.id, soldOut: soldOut!.id, withOptions: withOptions!, simple: simple! };
}

/** A guest's cash order of one piece, placed through the given browser's requests (its cookies). */
async function placeOrder(
  request: APIRequestContext,
  productId: number,
): Promise<OrderResponse['order']> {
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { cities } = await api<CityListResponse>(
    request,
    `/locations/countries/${kuwait.id}/cities`,
  );
  const city = cities[0]!;
  const digits = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const response = await request.post('/api/orders', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: {
      name: 'Accessibility Check',
      email: `a11y.${digits}@example.com`,
      phone: `+965 ${digits.slice(0, 4)} ${digits.slice(4)}`,
      shipping_address: 'Block 4, Street 2, House 9',
      country_id: kuwait.id,
      governorate_id: city.governorate_id,
      city_id: city.id,
      payment_method: 'cash_on_delivery',
      items: [{ product_id: productId, quantity: 1, selected_attributes: {} }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as OrderResponse).order;
}

async function deleteOrder(request: APIRequestContext, token: string, id: number) {
  const response = await request.delete(`/api/orders/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect([200, 404], await response.text()).toContain(response.status());
}

const ADMIN_TABS = [
  'dashboard',
  'reports',
  'products',
  'categories',
  'orders',
  'users',
  'settings',
  'slider',
  'cities',
  'promo-codes',
  'google-merchant',
  'simple-attributes',
  'search',
  'activity',
] as const;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

// Each test checks its pages in turn and reports every problem of all of them at the end. A
// page takes seconds (axe reads the whole page), so the page types are split over a few tests.
test.describe.configure({ timeout: 240_000 });

for (const lang of ['ar', 'en'] as const satisfies readonly Lang[]) {
  test(`the catalogue's pages have no accessibility violation and valid HTML (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(context, baseURL!, lang);
    const products = await productsToCheck(page.request);
    const [category] = (await listCategories(page.request)).categories;
    expect(category, 'a category').toBeDefined();
    const problems = await problemsOfPages(
      page,
      inLanguage(
        [
          { name: 'home', path: '/' },
          { name: 'products', path: '/products' },
          { name: 'product with options', path: `/products/${products.withOptions}` },
          { name: 'product on sale', path: `/products/${products.onSale}` },
          { name: 'sold-out product', path: `/products/${products.soldOut}` },
          { name: 'category', path: `/category/${category!.slug}` },
          { name: 'categories', path: '/categories' },
          { name: 'privacy', path: '/privacy' },
          { name: 'terms', path: '/terms' },
          { name: 'return policy', path: '/return-policy' },
          { name: 'not found', path: '/no-such-page', status: 404 },
        ],
        lang,
      ),
    );
    expect(problems).toEqual([]);
  });

  test(`the shopper's pages have no accessibility violation and valid HTML (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(context, baseURL!, lang);
    const products = await productsToCheck(page.request);
    const problems = await problemsOfPages(
      page,
      inLanguage(
        [
          { name: 'empty cart', path: '/cart' },
          { name: 'login', path: '/login' },
          { name: 'register', path: '/register' },
          { name: 'forgot password', path: '/forgot-password' },
          { name: 'track', path: '/track' },
        ],
        lang,
      ),
    );
    const order = await placeOrder(page.request, products.simple);
    // After the order, which empties the cart it was placed from.
    const added = await page.request.post('/api/cart/add', {
      data: { product_id: products.simple, quantity: 1, selected_attributes: {} },
    });
    expect(added.status(), await added.text()).toBe(200);
    const kept = await page.request.post('/api/wishlist', { data: { product_id: products.simple } });
    expect(kept.status(), await kept.text()).toBeLessThan(300);
    try {
      problems.push(
        ...(await problemsOfPages(
          page,
          inLanguage(
            [
              { name: 'cart', path: '/cart' },
              { name: 'checkout', path: '/checkout', ready: 'main form' },
              { name: 'wishlist', path: '/wishlist', ready: 'main li h2' },
              {
                name: 'order status',
                path: `/order-status/${order.order_number}`,
                ready: '[data-customer-view="full"]',
              },
            ],
            lang,
          ),
        )),
      );
    } finally {
      await deleteOrder(page.request, await adminToken(page.request), order.id);
    }
    expect(problems).toEqual([]);
  });

  test(`the back office's sections have no accessibility violation and valid HTML (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(context, baseURL!, lang);
    await signInWith(page, await adminToken(page.request));
    const problems = await problemsOfPages(
      page,
      ADMIN_TABS.map((tab) => ({
        name: `admin ${tab}`,
        path: `/admin?tab=${tab}`,
        ready: 'main h1',
      })),
    );
    expect(problems).toEqual([]);
  });

  test(`the back office's screens and printouts have no accessibility violation and valid HTML (${lang}) @phone`, async ({
    page,
    context,
    baseURL,
  }) => {
    await useLanguage(context, baseURL!, lang);
    const token = await adminToken(page.request);
    await signInWith(page, token);
    const products = await productsToCheck(page.request);
    const order = await placeOrder(page.request, products.simple);
    try {
      const problems = await problemsOfPages(page, [
        {
          name: 'admin product form',
          path: `/admin/products/edit/${products.withOptions}`,
          ready: 'main form',
        },
        { name: 'admin new product', path: '/admin/products/new', ready: 'main form' },
        { name: 'admin products import', path: '/admin/products/import', ready: '#import-file' },
        { name: 'admin order', path: `/admin/orders/${order.id}`, ready: 'main h1' },
        {
          name: 'admin invoice',
          path: `/admin/orders/${order.id}/invoice`,
          ready: '[data-testid="invoice-total"]',
        },
        {
          name: 'admin packing slip',
          path: `/admin/orders/${order.id}/packing-slip`,
          ready: '[data-sheet]',
        },
      ]);
      expect(problems).toEqual([]);
    } finally {
      await deleteOrder(page.request, token, order.id);
    }
  });
}
