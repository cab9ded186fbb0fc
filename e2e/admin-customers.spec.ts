import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  AuthResponse,
  CityListResponse,
  CountryListResponse,
  GovernorateListResponse,
  OrderResponse,
} from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { adminToken, api, listProducts, productAttributes, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

const words = {
  ar: { panel: 'طلبات العميل', total: 'إجمالي المشتريات', count: 'طلبان', cancelled: 'ملغي' },
  en: { panel: "Customer's orders", total: 'Total spent', count: '2 orders', cancelled: 'Cancelled' },
} as const;

/** A new customer's account and two cash orders placed from it, the first then cancelled by staff. */
async function customerWithOrders(request: APIRequestContext, staffToken: string) {
  const address = { 'x-forwarded-for': visitorAddress() };
  const email = uniqueEmail('customer-panel');
  // A phone of its own: the shop limits orders per phone an hour.
  const phone = `+965 6${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const registered = await request.post('/api/auth/register', {
    headers: address,
    data: { name: 'Dana Alkandari', email, password: 'amber-beads-7', phone: null, address: null },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token, user } = (await registered.json()) as AuthResponse;
  const { countries } = await api<CountryListResponse>(request, '/locations/countries');
  const kuwait = countries.find((country) => country.code === 'KW')!;
  const { governorates } = await api<GovernorateListResponse>(request, `/locations/countries/${kuwait.id}/governorates`);
  const { cities } = await api<CityListResponse>(request, `/locations/governorates/${governorates[0]!.id}/cities`);
  const { products } = await listProducts(request, 'limit=100');
  let productId: number | undefined;
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    if ((await productAttributes(request, product.id)).length === 0) {
      productId = product.id;
      break;
    }
  }
  expect(productId, 'a product without options in stock').toBeDefined();
  const orders = [];
  for (let count = 0; count < 2; count += 1) {
    const response = await request.post('/api/orders', {
      headers: { ...address, authorization: `Bearer ${token}` },
      data: {
        name: 'Dana Alkandari',
        email,
        phone,
        shipping_address: 'Block 1, Street 2, House 3',
        country_id: kuwait.id,
        governorate_id: governorates[0]!.id,
        city_id: cities[0]!.id,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: productId, quantity: 1 }],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    orders.push(((await response.json()) as OrderResponse).order);
  }
  const cancelled = await request.put(`/api/orders/${orders[0]!.id}/status`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { status: 'cancelled', notes: null },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return { userId: user.id, first: orders[0]!, second: orders[1]! };
}

for (const lang of ['en', 'ar'] as const) {
  test(`a customer's screen in the back office shows their orders, what they spent and links to each order (${lang})${lang === 'ar' ? ' @phone' : ''}`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const say = words[lang];
    const problems = watchConsole(page);
    const ownerToken = await adminToken(request);
    const customer = await customerWithOrders(request, ownerToken);
    await useLanguage(context, baseURL!, lang);
    await signInWith(context, ownerToken);

    await page.goto(`/admin/users/edit/${customer.userId}`);
    await waitForHydration(page);
    const panel = page.getByRole('region', { name: say.panel });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('user-orders-count')).toHaveText(say.count);
    // Only the order that was not cancelled counts towards what they spent.
    await expect(panel.getByTestId('user-orders-spent')).toContainText(customer.second.total_amount.toFixed(3));
    const links = panel.getByRole('link');
    await expect(links).toHaveCount(2);
    // Newest first; the cancelled one carries its badge.
    await expect(links.nth(0)).toContainText(customer.second.order_number);
    await expect(links.nth(1)).toContainText(customer.first.order_number);
    await expect(links.nth(1)).toContainText(say.cancelled);
    const box = await links.nth(0).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await links.nth(0).click();
    await page.waitForURL(new RegExp(`/admin/orders/${customer.second.id}$`));
    await expect(page.getByText(customer.second.order_number).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}
