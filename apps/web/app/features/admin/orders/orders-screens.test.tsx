import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderListResponse, AdminOrderSummary } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { OrderDetailScreen } from './order-detail-screen';
import { OrderInvoiceScreen } from './order-invoice-screen';
import { RefundFields } from './order-refunds';
import { NO_ORDER_FILTERS, orderMenuEntries, orderActionsFor, type OrderListFilters, type RefundDraft } from './order-rules';
import { BulkResult, OrderSelectionBar, OrderStatusDialog } from './order-status-dialog';
import { ordersQueryKeys, packingSlipOrdersQuery } from './orders-api';
import { PackingSlipScreen } from './packing-slip-screen';
import { permissionsOf } from '@shop/shared';
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
    total_capped: false,
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
    expect(text).toContain('4 مارس 2025');
    expect(text).toContain('1234.125 د.ك');
    expect(text).toContain('12.500 د.ك');
    // Payment under the total, the phone under the name.
    expect(text).toContain('الدفع عند الاستلام');
    expect(text).toContain('+965 5000 0000');
    expect(text).toContain('تم الشحن');
    expect(text).toContain('قيد الانتظار');
    expect(html).toContain('placeholder="رقم الطلب أو اسم العميل أو بريده…"');
    // The number opens the order; the rest is in one "⋯" menu per row.
    expect(html).toContain('href="/admin/orders/2"');
    expect(html).toContain('aria-label="عرض الطلب SB-7K3M9Q2X02"');
    expect(html).toContain('aria-label="إجراءات الطلب SB-7K3M9Q2X02"');
    expect(html).toContain('aria-haspopup="menu"');
    // Each row and card can be selected, and the whole page at once.
    expect(html).toContain('aria-label="تحديد الطلب SB-7K3M9Q2X02"');
    expect(text).toContain('تحديد كل طلبات هذه الصفحة');
    expect(text).toContain('تصدير CSV');
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
    expect(html).toContain('aria-label="Actions for order SB-7K3M9Q2X01"');
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
  gift_wrap_fee: 0,
  gift_message: null,
  gift_wrap: false,
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
  refundable_amount: 21,
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
    expect(text).toContain('Refunds');
    expect(text).toContain('Left to refund');
    expect(text).toContain('Refund…');
    expect(text).not.toMatch(/admin-orders\.|payments\./);
  });

  it('does not let a paid online order be marked refunded by its status, and says how it is refunded', () => {
    const html = renderAdmin(<OrderDetailScreen id={9} />, { lang: 'en', role: 'admin', path: '/admin/orders/9', fill: fillPaid });
    expect(html).toMatch(/<option value="refunded" disabled="">/);
    expect(html).toMatch(/<option value="cancelled">/);
    expect(textOf(html)).toContain('to refund it, use Refund… in the Refunds section');
    const moderator = textOf(renderAdmin(<OrderDetailScreen id={9} />, { lang: 'en', role: 'moderator', path: '/admin/orders/9', fill: fillPaid }));
    expect(moderator).toContain('Only an administrator can give back the money of an order paid online');
    const cash = renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: fillOrder });
    expect(cash).toMatch(/<option value="refunded">/);
  });

  it('offers no refund to a moderator, nor for a cash order', () => {
    const moderator = textOf(renderAdmin(<OrderDetailScreen id={9} />, { lang: 'ar', role: 'moderator', path: '/admin/orders/9', fill: fillPaid }));
    expect(moderator).toContain('مدفوع');
    expect(moderator).not.toContain('استرداد…');
    expect(moderator).not.toMatch(/admin-orders\.|payments\./);
    const cash = textOf(renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: fillOrder }));
    expect(cash).not.toContain('Refund…');
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

describe('row menu and selection', () => {
  it("offers a moderator everything but delete, an administrator delete too", () => {
    expect(orderMenuEntries(orderActionsFor({ permissions: permissionsOf('moderator') }))).toEqual(['view', 'status', 'invoice', 'packing', 'whatsapp']);
    expect(orderMenuEntries(orderActionsFor({ permissions: permissionsOf('admin') }))).toEqual(['view', 'status', 'invoice', 'packing', 'whatsapp', 'delete']);
  });

  it('shows the selected orders with their bulk actions: status and their packing slips', () => {
    const selected = [
      { id: 2, order_number: 'SB-2' },
      { id: 1, order_number: 'SB-1' },
    ];
    const html = renderAdmin(<OrderSelectionBar selected={selected} canChangeStatus onChangeStatus={() => undefined} onClear={() => undefined} />, { lang: 'ar', role: 'admin' });
    const text = textOf(html);
    expect(text).toContain('طلبان محددان');
    expect(text).toContain('تغيير الحالة');
    expect(text).toContain('طباعة قوائم التعبئة');
    expect(text).toContain('إلغاء التحديد');
    expect(html).toContain('href="/admin/orders/packing-slips?ids=2,1"');
    const english = textOf(renderAdmin(<OrderSelectionBar selected={[...selected, { id: 3, order_number: 'SB-3' }]} canChangeStatus={false} onChangeStatus={() => undefined} onClear={() => undefined} />, { lang: 'en', role: 'moderator' }));
    expect(english).toContain('3 orders selected');
    expect(english).not.toContain('Change status');
    const many = Array.from({ length: 101 }, (_, index) => ({ id: index + 1, order_number: `SB-${index + 1}` }));
    const tooMany = renderAdmin(<OrderSelectionBar selected={many} canChangeStatus onChangeStatus={() => undefined} onClear={() => undefined} />, { lang: 'en', role: 'admin' });
    expect(textOf(tooMany)).toContain('At most 100 orders can be changed or printed at once');
    expect(tooMany).not.toContain('packing-slips?ids=');
    expect(renderAdmin(<OrderSelectionBar selected={[]} canChangeStatus onChangeStatus={() => undefined} onClear={() => undefined} />, { lang: 'en', role: 'admin' })).not.toContain('Selected orders');
  });
});

describe('bulk status change', () => {
  it('asks for the status, the note and (when shipped) the shipment of the chosen orders', () => {
    const html = renderAdmin(<OrderStatusDialog orders={[{ id: 1, order_number: 'SB-1' }, { id: 2, order_number: 'SB-2' }]} onClose={() => undefined} onDone={() => undefined} />, { lang: 'en', role: 'admin' });
    const text = textOf(html);
    expect(text).toContain('Change the status of 2 orders');
    expect(text).toContain('2 orders selected');
    expect(text).toContain('Choose a status');
    expect(text).toContain('Continue');
    expect(text).not.toMatch(/admin-orders\.|admin\.common\./);
  });

  it('says how many changed and lists each refused order with its reason', () => {
    const reply = {
      success: true as const,
      results: [
        { id: 1, order_number: 'SB-1', ok: true as const, status: 'shipped' as const },
        { id: 2, order_number: 'SB-2', ok: true as const, status: 'shipped' as const },
        { id: 3, order_number: 'SB-3', ok: true as const, status: 'shipped' as const },
        { id: 4, order_number: 'SB-4', ok: false as const, error: { code: 'CONFLICT' as const, message: 'لم يعد "سبحة كهرمان" متوفراً' } },
        { id: 99, order_number: null, ok: false as const, error: { code: 'NOT_FOUND' as const, message: 'الطلب غير موجود' } },
      ],
      succeeded: 3,
      failed: 2,
      message: '',
    };
    const html = renderAdmin(<BulkResult reply={reply} />, { lang: 'ar', role: 'admin' });
    const text = textOf(html);
    expect(text).toContain('تغيّرت 3 طلبات');
    expect(text).toContain('رُفض طلبان');
    expect(text).toContain('SB-4 : لم يعد "سبحة كهرمان" متوفراً');
    expect(text).toContain('رقم 99 : الطلب غير موجود');
    expect(text).not.toContain('SB-1 :');
    expect(html).toContain('aria-label="الطلبات المرفوضة"');
    const allDone = textOf(renderAdmin(<BulkResult reply={{ ...reply, results: reply.results.slice(0, 1), succeeded: 1, failed: 0 }} />, { lang: 'en', role: 'admin' }));
    expect(allDone).toContain('1 order changed');
    expect(allDone).not.toContain('refused');
  });
});

describe('refund dialog', () => {
  const refundable: AdminOrder = {
    ...order,
    status: 'delivered',
    refundable_amount: 16,
    refunded_amount: 5,
    items: order.items.map((item, index) => (index === 1 ? { ...item, refunded_quantity: 1, restocked_quantity: 1 } : item)),
  };
  const fields = (draft: Partial<RefundDraft>, problem: Parameters<typeof RefundFields>[0]['problem'] = null, lang: 'ar' | 'en' = 'en') =>
    renderAdmin(
      <RefundFields
        idPrefix="r"
        order={refundable}
        draft={{ mode: 'all', amount: '', lines: {}, notes: '', ...draft }}
        onDraft={() => undefined}
        problem={problem}
      />,
      { lang, role: 'admin' },
    );

  it('shows what is left, how cash goes back, and the three ways', () => {
    const text = textOf(fields({}));
    expect(text).toContain('Left to refund: 16.000 KD');
    expect(text).toContain('hand the money back to the customer yourself');
    expect(text).toContain('Everything left (16.000 KD)');
    expect(text).toContain('An amount');
    expect(text).toContain('Some items');
    const online = textOf(renderAdmin(<RefundFields idPrefix="r" order={{ ...refundable, payment_method: 'upayments' }} draft={{ mode: 'all', amount: '', lines: {}, notes: '' }} onDraft={() => undefined} problem={null} />, { lang: 'ar', role: 'admin' }));
    expect(online).toContain('يعود المبلغ إلى بطاقة العميل عبر UPayments');
  });

  it('shows an amount too large on the amount field', () => {
    const html = fields({ mode: 'amount', amount: '17' }, { field: 'amount', message: 'admin-orders.refund.amount_too_much' });
    expect(textOf(html)).toContain('The amount is more than what is left to refund');
    expect(html).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain('At most 16.000 KD.');
  });

  it('lists the lines with the units left, return to stock, their worth and the lines error (Arabic)', () => {
    const html = fields({ mode: 'lines', lines: { 1: { quantity: '1', restock: false } } }, { field: 'lines', message: 'admin-orders.refund.lines_empty' }, 'ar');
    const text = textOf(html);
    expect(text).toContain('متبقٍ 2 من 2');
    expect(text).toContain('متبقٍ 0 من 1');
    expect(text).toContain('إرجاع إلى المخزون');
    expect(text).toContain('قيمتها 7.500 د.ك');
    expect(text).toContain('اختر قطعة واحدة على الأقل للاسترداد');
    expect(text).not.toMatch(/admin-orders\./);
  });

  it('lists the refunds made on the order', () => {
    const refunded: AdminOrder = {
      ...refundable,
      refunds: [
        { id: 1, amount: 5, method: 'cash', lines: [{ order_item_id: 2, quantity: 1, restocked: true }], notes: 'Tassel broken', actor_name: 'Mona', created_at: '2025-03-06T10:00:00.000Z' },
      ],
    };
    const text = textOf(renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: (client) => client.setQueryData(ordersQueryKeys.detail(7), refunded) }));
    expect(text).toContain('5.000 KD · Cash');
    expect(text).toContain('Old tassel × 1 · returned to stock');
    expect(text).toContain('Tassel broken');
    expect(text).toContain('Mona');
    expect(text).toContain('1 refunded');
    expect(text).toContain('Refund…');
  });
});

describe('order detail: shipment and WhatsApp', () => {
  const shipped: AdminOrder = {
    ...order,
    language: 'ar',
    shipment: { carrier: 'Aramex', tracking_number: 'AX 123', tracking_url: 'https://www.aramex.com/track/results?ShipmentNumber=AX%20123' },
  };
  const fillShipped = (client: QueryClient) => client.setQueryData(ordersQueryKeys.detail(order.id), shipped);

  it('shows the shipment and the carrier fields for shipped, filled from it', () => {
    const html = renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'admin', path: '/admin/orders/7', fill: fillShipped });
    const text = textOf(html);
    expect(text).toMatch(/Carrier\s*:\s*Aramex/);
    expect(text).toContain('AX 123');
    expect(html).toContain('href="https://www.aramex.com/track/results?ShipmentNumber=AX%20123"');
    expect(html).toContain('id="order-shipment-carrier"');
    expect(html).toMatch(/id="order-shipment-tracking-number"[^>]*value="AX 123"|value="AX 123"[^>]*id="order-shipment-tracking-number"/);
    // The carriers the shop knows are suggested.
    expect(html).toContain('<option value="DHL">');
  });

  it("links WhatsApp to the customer's number with a message in the order's language", () => {
    const html = renderAdmin(<OrderDetailScreen id={7} />, { lang: 'en', role: 'moderator', path: '/admin/orders/7', fill: fillShipped });
    const match = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html);
    expect(match).not.toBeNull();
    const link = match![1]!.replace(/&amp;/g, '&');
    expect(link.startsWith('https://wa.me/96550000000?text=')).toBe(true);
    const message = decodeURIComponent(link.split('?text=')[1]!);
    expect(message).toContain('مرحباً Sara،');
    expect(message).toContain('حالة طلبك رقم SB-7K3M9Q2X4T: تم الشحن.');
    expect(message).toContain('تتبّع الشحنة: https://www.aramex.com/track/results?ShipmentNumber=AX%20123');
    expect(message).toContain('تفاصيل الطلب: http://localhost/order-status/SB-7K3M9Q2X4T');
    expect(html).toContain('href="/admin/orders/7/packing-slip"');
  });
});

describe('packing slips', () => {
  const second: AdminOrder = { ...order, id: 8, order_number: 'SB-8888888888', name: 'Noura', notes: null };
  const fillSlips = (ids: number[], entries: Array<{ id: number; order: AdminOrder } | { id: number; error: unknown }>) => (client: QueryClient) =>
    client.setQueryData(packingSlipOrdersQuery(ids).queryKey, entries);

  it('prints one sheet per order: customer, phone, address, items with options and quantities, notes, no prices', () => {
    const html = renderAdmin(<PackingSlipScreen ids={[7, 8]} />, {
      lang: 'en',
      role: 'moderator',
      path: '/admin/orders/packing-slips?ids=7,8',
      fill: fillSlips([7, 8], [{ id: 7, order }, { id: 8, order: second }]),
    });
    const text = textOf(html);
    expect(html.match(/data-sheet="true"/g)).toHaveLength(2);
    expect(text).toContain('Packing slip');
    expect(text).toContain('SB-7K3M9Q2X4T');
    expect(text).toContain('SB-8888888888');
    expect(text).toContain('Sara Ahmad');
    expect(text).toContain('+965 5000 0000');
    expect(text).toContain('Block 4, Street 12, House 3');
    expect(text).toContain('Salmiya, Hawalli, Kuwait');
    expect(text).toContain('Amber beads');
    expect(text).toContain('Honey');
    expect(text).toContain('Please call before delivery');
    expect(text).toContain('Pieces 3');
    expect(text).not.toMatch(/KD|د\.ك/);
    expect(text).toContain('Print');
    expect(html).toContain('print:hidden');
    expect(text).not.toMatch(/admin-orders\.|orders\./);
  });

  it("says which order could not be loaded and prints the others (Arabic)", () => {
    const html = renderAdmin(<PackingSlipScreen ids={[7, 99]} />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin/orders/packing-slips?ids=7,99',
      fill: fillSlips([7, 99], [{ id: 7, order }, { id: 99, error: new ApiError(404, 'NOT_FOUND', 'x') }]),
    });
    const text = textOf(html);
    expect(html.match(/data-sheet="true"/g)).toHaveLength(1);
    expect(text).toContain('قائمة التعبئة');
    expect(text).toContain('الطلب رقم 99');
    expect(text).toContain('الطلب غير موجود أو ليس لديك صلاحية لعرضه');
  });

  it('says there is nothing to print without ids', () => {
    expect(textOf(renderAdmin(<PackingSlipScreen ids={[]} />, { lang: 'en', role: 'admin' }))).toContain('No order to print');
  });
});
