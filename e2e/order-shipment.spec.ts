import { expect, test } from '@playwright/test';
import { pathInLanguage, type CityListResponse, type CountryListResponse, type GovernorateListResponse, type OrderResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { adminToken, api, listProducts, productAttributes, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

// Issue 30, item 6: once staff shipped an order with its carrier and tracking number, the
// shopper's tracking page (and its invoice) shows them, with a link to the carrier's tracking page.

const words = {
  ar: { title: 'الشحنة', carrier: 'شركة الشحن', number: 'رقم التتبع', track: 'تتبّع شحنتك', print: 'طباعة الفاتورة' },
  en: { title: 'Shipment', carrier: 'Carrier', number: 'Tracking number', track: 'Track your parcel', print: 'Print invoice' },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`the tracking page shows the carrier, the tracking number and the carrier's link once shipped (${lang})${lang === 'ar' ? ' @phone' : ''}`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const say = words[lang];
    const problems = watchConsole(page);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
    await useLanguage(context, baseURL!, lang);

    // A cash order placed from this browser (so its page shows the order in full).
    const { products } = await listProducts(page.request, 'limit=100');
    let productId: number | undefined;
    for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
      if ((await productAttributes(page.request, product.id)).length === 0) {
        productId = product.id;
        break;
      }
    }
    expect(productId).toBeDefined();
    const { countries } = await api<CountryListResponse>(page.request, '/locations/countries');
    const kuwait = countries.find((country) => country.code === 'KW')!;
    const { governorates } = await api<GovernorateListResponse>(page.request, `/locations/countries/${kuwait.id}/governorates`);
    const { cities } = await api<CityListResponse>(page.request, `/locations/governorates/${governorates[0]!.id}/cities`);
    const placed = await page.request.post('/api/orders', {
      data: {
        name: 'Noura Alali',
        email: uniqueEmail(`shipment-${lang}`),
        phone: `+965 6${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}3`,
        shipping_address: 'Block 2, Street 5',
        country_id: kuwait.id,
        governorate_id: governorates[0]!.id,
        city_id: cities[0]!.id,
        payment_method: 'cash_on_delivery',
        items: [{ product_id: productId, quantity: 1 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as OrderResponse).order;

    // Not shipped yet: no shipment on the page.
    await page.goto(pathInLanguage(`/order-status/${order.order_number}`, lang));
    await waitForHydration(page);
    await expect(page.locator('[data-customer-view="full"]')).toBeVisible();
    await expect(page.getByTestId('order-shipment')).toHaveCount(0);

    // Staff ship it from their own session (not this shopper's browser).
    const token = await adminToken(request);
    const shipped = await request.put(`/api/orders/${order.id}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'shipped', carrier: 'Aramex', tracking_number: '4417 2200 31' },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: say.title, exact: true })).toBeVisible();
    const shipment = page.getByTestId('order-shipment');
    await expect(shipment).toContainText(say.carrier);
    await expect(shipment).toContainText('Aramex');
    await expect(shipment).toContainText(say.number);
    await expect(shipment).toContainText('4417 2200 31');
    const link = page.getByRole('link', { name: say.track });
    await expect(link).toHaveAttribute('href', 'https://www.aramex.com/track/results?ShipmentNumber=4417%202200%2031');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // Inside the page, not past its side.
    const width = page.viewportSize()!.width;
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    // The invoice prints the carrier and the number.
    await page.getByRole('button', { name: say.print }).click();
    await expect(page.getByTestId('invoice-shipment')).toContainText('Aramex');
    await expect(page.getByTestId('invoice-shipment')).toContainText('4417 2200 31');
    expect(problems).toEqual([]);
  });
}
