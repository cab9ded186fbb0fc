import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderListResponse, AdminOrderSummary } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { OrderDetailScreen } from './order-detail-screen';
import { OrderInvoiceScreen } from './order-invoice-screen';
import { NO_ORDER_FILTERS, type OrderListFilters } from './order-rules';
import { ordersQueryKeys } from './orders-api';
import OrdersTab from './orders-tab';

function summary(id: number, extra: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id,
    order_number: `SB-7K3M9Q2X${String(id).padStart(2, '0')}`,
    status: 'pending',
    status_display: 'قيد الانتظار',
    status_color: 'yellow',
    created_at: '2025-03-04T08:00:00.000Z',
    customer_type: 'guest',
    user_id: null,
    customer_name: 'سارة أحمد',
    customer_email: 'sara@example.com',
    customer_phone: '+965 5000 0000',
    city_id: 3,
    city_name: 'السالمية',
    governorate_name: 'حولي',
    item_count: 2,
    payment_method: 'cash_on_delivery',
    payment_method_name: 'الدفع عند الاستلام',
    payment_status: 'not_required',
    paid_at: null,
    shipping_amount: 2,
    total_amount: 12.5,
    ...extra,
  };
}

function listReply(orders: AdminOrderSummary[], pagination: { page: number; pages: number; total: number }): AdminOrderListResponse {
  return {
    success: true,
    orders,
    pagination: { limit: 20, ...pagination },
    cities: [
      { id: 3, name: 'السالمية' },
      { id: 1, name: 'حولي' },
    ],
  };
}

const fillList =
  (filters: OrderListFilters, pages: AdminOrderListResponse[]) =>
  (client: QueryClient) =>
    client.setQueryData(ordersQueryKeys.list(filters), { pages, pageParams: pages.map((_, index) => index + 1) });

/** A query that already failed; the screen shows the failure instead of fetching again on mount. */
const fillError = (queryKey: QueryKey, error: Error) => (client: QueryClient) => {
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  client
    .getQueryCache()
    .build(client, { queryKey })
    .setState({ status: 'error', error, errorUpdatedAt: 1, errorUpdateCount: 1, fetchStatus: 'idle', fetchFailureCount: 1, fetchFailureReason: error });
};

describe('orders tab', () => {
  const first = listReply(
    [summary(2, { status: 'shipped', customer_type: 'user', user_id: 5, total_amount: 1234.125 }), summary(1)],
    { page: 1, pages: 2, total: 45 },
  );

  it('lists the orders with their columns, the count and load more (Arabic)', () => {
    const html = renderAdmin(<OrdersTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=orders', fill: fillList(NO_ORDER_FILTERS, [first]) });
    const text = textOf(html);
    expect(text).toContain('عرض 2 من 45 طلبًا');
    expect(text).toContain('SB-7K3M9Q2X02');
    expect(text).toContain('رقم 2');
    expect(text).toContain('مستخدم');
    expect(text).toContain('زائر');
    expect(text).toContain('sara@example.com');
    expect(text).toContain('السالمية');
    expect(text).toContain('04/03/2025');
    expect(text).toContain('1234.125 د.ك');
    expect(text).toContain('12.500 د.ك');
    expect(text).toContain('2.000 د.ك');
    expect(text).toContain('تم الشحن');
    expect(text).toContain('قيد الانتظار');
    expect(html).toContain('placeholder="رقم الطلب أو اسم العميل أو بريده…"');
    expect(html).toContain('aria-label="حالة الطلب SB-7K3M9Q2X02"');
    expect(html).toContain('href="/admin/orders/2"');
    expect(html).toContain('href="/admin/orders/2/invoice?autoprint=true"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('aria-label="حذف الطلب SB-7K3M9Q2X02"');
    // The city filter offers the reply's cities.
    expect(html).toMatch(/<option value="3">السالمية<\/option>/);
    expect(text).toContain('تحميل المزيد');
    expect(text).not.toContain('تم عرض جميع الطلبات');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\.|orders\.status\./);
  });

  it("says all orders are shown after the last page, and hides delete from a moderator", () => {
    const all = listReply([summary(1)], { page: 1, pages: 1, total: 1 });
    const html = renderAdmin(<OrdersTab />, { lang: 'en', role: 'moderator', path: '/admin?tab=orders', fill: fillList(NO_ORDER_FILTERS, [all]) });
    const text = textOf(html);
    expect(text).toMatch(/Showing 1 of 1 order(?!s)/);
    expect(text).toContain('All orders are shown');
    expect(html).toContain('aria-label="Status of order SB-7K3M9Q2X01"');
    expect(html).not.toContain('Delete order');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\./);
  });

  it('says when the store has no order at all', () => {
    const none = listReply([], { page: 1, pages: 0, total: 0 });
    const text = textOf(renderAdmin(<OrdersTab />, { lang: 'en', role: 'admin', path: '/admin?tab=orders', fill: fillList(NO_ORDER_FILTERS, [none]) }));
    expect(text).toContain('No orders yet');
    expect(text).not.toContain('Clear the filters');
  });

  it('says when the filters match nothing, with a way to clear them', () => {
    const filters: OrderListFilters = { search: 'zzz', status: 'refunded', cityId: 3 };
    const none = listReply([], { page: 1, pages: 0, total: 0 });
    const html = renderAdmin(<OrdersTab />, {
      lang: 'en',
      role: 'admin',
      path: '/admin?tab=orders&search=zzz&status=refunded&city=3',
      fill: fillList(filters, [none]),
    });
    const text = textOf(html);
    expect(text).toContain('No order matches these filters');
    expect(text).toContain('Clear the filters');
    expect(text).not.toContain('No orders yet');
    expect(html).toContain('value="zzz"');
    expect(html).toMatch(/<option value="refunded" selected="">/);
  });

  it("shows a failed load with the server's message and a retry", () => {
    const html = renderAdmin(<OrdersTab />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin?tab=orders',
      fill: fillError(ordersQueryKeys.list(NO_ORDER_FILTERS), new ApiError(500, 'INTERNAL', 'الخادم مشغول')),
    });
    const text = textOf(html);
    expect(text).toContain('خطأ في تحميل الطلبات');
    expect(text).toContain('الخادم مشغول');
    expect(text).toContain('إعادة المحاولة');
    expect(html).toContain('role="alert"');
  });

  it("says 'فشل في تحميل الطلبات' when the server gave no reason", () => {
    const text = textOf(
      renderAdmin(<OrdersTab />, {
        lang: 'ar',
        role: 'admin',
        path: '/admin?tab=orders',
        fill: fillError(ordersQueryKeys.list(NO_ORDER_FILTERS), new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch')),
      }),
    );
    expect(text).toContain('خطأ في تحميل الطلبات');
    expect(text).toContain('فشل في تحميل الطلبات');
    expect(text).not.toContain('Failed to fetch');
  });
});

const order: AdminOrder = {
  id: 7,
  order_number: 'SB-7K3M9Q2X4T',
  status: 'shipped',
  status_display: 'Shipped',
  status_color: 'purple',
  created_at: '2025-03-04T08:00:00.000Z',
  payment_method: 'cash_on_delivery',
  payment_method_name: 'Cash on delivery',
  payment_status: 'not_required',
  paid_at: null,
  payment: null,
  customer_type: 'guest',
  user_id: null,
  name: 'Sara Ahmad',
  email: 'sara@example.com',
  phone: '+965 5000 0000',
  shipping_address: 'Block 4, Street 12, House 3',
  country_name: 'Kuwait',
  governorate_name: 'Hawalli',
  city_name: 'Salmiya',
  notes: 'Please call before delivery',
  promo_code: 'WELCOME5',
  subtotal: 20,
  discount_amount: 1,
  shipping_amount: 2,
  tax_amount: 0,
  total_amount: 21,
  items: [
    {
      id: 1,
      product_id: 11,
      product_name: 'Amber beads',
      sku: 'AMB-33',
      featured_image: null,
      quantity: 2,
      price: 7.5,
      total: 15,
      selected_attributes: { '1': { attribute_id: 1, attribute_name: 'Colour', attribute_name_en: null, variation_id: 4, title: 'Honey', title_en: null, additional_price: 0.5 } },
      refunded_quantity: 0,
      restocked_quantity: 0,
    },
    {
      id: 2,
      product_id: null,
      product_name: 'Old tassel',
      sku: null,
      featured_image: null,
      quantity: 1,
      price: 5,
      total: 5,
      selected_attributes: {},
      refunded_quantity: 0,
      restocked_quantity: 0,
    },
  ],
  shipment: null,
  language: 'en',
  refunded_amount: 0,
  refundable_amount: 0,
  refunds: [],
  history: [
    { id: 1, from_status: null, to_status: 'pending', notes: null, actor_name: null, actor_email: null, created_at: '2025-03-04T08:00:00.000Z' },
    {
      id: 2,
      from_status: 'pending',
      to_status: 'shipped',
      notes: 'Handed to the driver',
      actor_name: 'Mona',
      actor_email: 'mona@example.com',
      created_at: '2025-03-05T09:30:00.000Z',
    },
  ],
};

const fillOrder = (client: QueryClient) => client.setQueryData(ordersQueryKeys.detail(order.id), order);

describe('order detail', () => {
  it('shows the items, customer, delivery, payment, summary and history', () => {
    const html = renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'moderator', path: '/admin/orders/7', fill: fillOrder });
    const text = textOf(html);
    expect(text).toContain('Order SB-7K3M9Q2X4T');
    expect(html).toContain('href="/order-status/SB-7K3M9Q2X4T"');
    expect(html).toContain('href="/admin/orders/7/invoice?autoprint=true"');
    expect(html).toContain('href="/products/11"');
    expect(text).toContain('Product no. 11');
    expect(text).toContain('AMB-33');
    expect(text).toContain('Colour');
    expect(text).toContain('Honey');
    expect(text).toContain('Product deleted since');
    expect(text).toContain('15.000 KD');
    expect(text).toContain('Guest');
    expect(text).toContain('Hawalli');
    expect(text).toContain('Kuwait');
    expect(text).toContain('Cash on delivery');
    expect(text).toContain('Discount (WELCOME5)');
    expect(text).not.toContain('Tax');
    expect(text).toContain('21.000 KD');
    expect(text).toContain('Please call before delivery');
    expect(text).toContain('Order history');
    expect(text).toContain('Handed to the driver');
    expect(text).toContain('Mona');
    expect(text).toContain('by the customer');
    expect(html).toContain('<label for="order-new-status"');
    expect(text).toContain('Update status');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\./);
  });

  it('reads in Arabic, right to left, with the arrow pointing the reading way', () => {
    const text = textOf(renderAdmin(<OrderDetailScreen id={7} />, { lang: 'ar', role: 'admin', path: '/admin/orders/7', fill: fillOrder }));
    expect(text).toContain('الطلب SB-7K3M9Q2X4T');
    expect(text).toContain('سجل الطلب');
    expect(text).toContain('زائر');
    expect(text).toContain('←');
    expect(text).not.toContain('→');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\.|orders\./);
  });

  it("says 'الطلب غير موجود أو ليس لديك صلاحية لعرضه' with a way back", () => {
    const html = renderAdmin(<OrderDetailScreen id={null} />, { lang: 'ar', role: 'admin', path: '/admin/orders/abc' });
    expect(textOf(html)).toContain('الطلب غير موجود أو ليس لديك صلاحية لعرضه');
    expect(html).toContain('href="/admin?tab=orders"');
  });

  it('says the same when the server answers 404', () => {
    const html = renderAdmin(<OrderDetailScreen id={8} />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin/orders/8',
      fill: fillError(ordersQueryKeys.detail(8), new ApiError(404, 'NOT_FOUND', 'الطلب غير موجود')),
    });
    expect(textOf(html)).toContain('الطلب غير موجود أو ليس لديك صلاحية لعرضه');
  });
});

const paidOrder: AdminOrder = {
  ...order,
  id: 9,
  payment_method: 'upayments',
  payment_method_name: 'Card (UPayments)',
  payment_status: 'paid',
  paid_at: '2025-03-04T08:05:00.000Z',
  payment: {
    provider: 'upayments',
    requested_order_id: 'SB-7K3M9Q2X4T-1',
    track_id: 'TRK-555',
    payment_id: 'PAY-777',
    payment_type: 'knet',
    refund_order_id: 'UP-ORD-9',
    result: 'CAPTURED',
    verified_at: '2025-03-04T08:05:00.000Z',
    refunded_at: null,
    refund_arn: null,
  },
};
const fillPaid = (client: QueryClient) => client.setQueryData(ordersQueryKeys.detail(paidOrder.id), paidOrder);

describe('order detail: payment', () => {
  it("shows the paid status, when, UPayments' references and the refund button to an administrator", () => {
    const text = textOf(renderAdmin(<OrderDetailScreen id={9} />, { lang: 'en', role: 'admin', path: '/admin/orders/9', fill: fillPaid }));
    expect(text).toContain('Payment status');
    expect(text).toContain('Paid');
    expect(text).toContain('TRK-555');
    expect(text).toContain('PAY-777');
    expect(text).toContain('UP-ORD-9');
    expect(text).toContain('CAPTURED');
    expect(text).toContain('Refund payment');
    expect(text).not.toMatch(/admin-orders\.|payments\./);
  });

  it('does not let a paid online order be marked refunded by its status, and says how it is refunded', () => {
    const html = renderAdmin(<OrderDetailScreen id={9} />, { lang: 'en', role: 'admin', path: '/admin/orders/9', fill: fillPaid });
    expect(html).toMatch(/<option value="refunded" disabled="">/);
    expect(html).toMatch(/<option value="cancelled">/);
    expect(textOf(html)).toContain('to refund it, use Refund in the payment section');
    const moderator = textOf(renderAdmin(<OrderDetailScreen id={9} />, { lang: 'en', role: 'moderator', path: '/admin/orders/9', fill: fillPaid }));
    expect(moderator).toContain('Only an administrator can give back the money of an order paid online');
    const cash = renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: fillOrder });
    expect(cash).toMatch(/<option value="refunded">/);
  });

  it('offers no refund to a moderator, nor for a cash order', () => {
    const moderator = textOf(renderAdmin(<OrderDetailScreen id={9} />, { lang: 'ar', role: 'moderator', path: '/admin/orders/9', fill: fillPaid }));
    expect(moderator).toContain('مدفوع');
    expect(moderator).not.toContain('استرداد المبلغ');
    expect(moderator).not.toMatch(/admin-orders\.|payments\./);
    const cash = textOf(renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: fillOrder }));
    expect(cash).not.toContain('Refund payment');
    expect(cash).toContain('Pay on delivery');
  });
});

describe('invoice', () => {
  it('shows the toolbar and the invoice with amounts to 3 decimals', () => {
    const html = renderAdmin(<OrderInvoiceScreen id={7} autoprint={false} />, { lang: 'en', role: 'admin', path: '/admin/orders/7/invoice', fill: fillOrder });
    const text = textOf(html);
    expect(text).toContain('Back to order');
    expect(text).toContain('Print');
    expect(text).toContain('Download PDF');
    expect(html).toContain('href="/admin/orders/7"');
    expect(text).toContain('SB-7K3M9Q2X4T');
    expect(text).toContain('Sara Ahmad');
    expect(text).toContain('Amber beads');
    expect(text).toContain('7.500 KD');
    expect(text).toContain('21.000 KD');
    expect(html).toContain('size: A4');
    expect(html).toContain('print:hidden');
  });

  it('is complete in Arabic too', () => {
    const text = textOf(renderAdmin(<OrderInvoiceScreen id={7} autoprint />, { lang: 'ar', role: 'admin', path: '/admin/orders/7/invoice', fill: fillOrder }));
    expect(text).toContain('العودة إلى الطلب');
    expect(text).toContain('تحميل PDF');
    expect(text).toContain('21.000 د.ك');
    // The discount with a real minus, kept beside its digits (isolated left to right).
    expect(text).toContain('\u2066−1.000\u2069 د.ك');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\.|orders\./);
  });

  it("says 'Invoice Not Found', in Arabic too", () => {
    expect(textOf(renderAdmin(<OrderInvoiceScreen id={null} autoprint />, { lang: 'en', role: 'admin' }))).toContain('Invoice Not Found');
    expect(textOf(renderAdmin(<OrderInvoiceScreen id={null} autoprint />, { lang: 'ar', role: 'admin' }))).toContain('الفاتورة غير موجودة');
  });
});
