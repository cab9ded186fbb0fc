import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE, permissionsOf, type AdminOrder, type MoneyFormat, type OrderStatusHistoryEntry } from '@shop/shared';
import {
  NO_ORDER_FILTERS,
  PACKING_SLIPS_MAX,
  defaultExportRange,
  exportFileName,
  exportRangeProblem,
  orderExportQuery,
  orderWhatsappLink,
  orderWhatsappMessage,
  packingSlipIdsFrom,
  packingSlipPath,
  packingSlipsPath,
  refundBodyOf,
  refundLinesWorth,
  refundProblem,
  refundableLines,
  sameShipment,
  typedAmount,
  type RefundDraft,
  type WhatsappOrder,
  adminAmount,
  cityChoices,
  customerViewPath,
  hasOrderFilters,
  historyOf,
  invoicePath,
  isRefundable,
  orderActionsFor,
  orderCount,
  orderFiltersFrom,
  orderFiltersToUrl,
  orderIdFrom,
  orderListQuery,
  statusChoices,
  statusTone,
  wantsAutoprint,
} from './order-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const ARABIC_KD: MoneyFormat = { symbol: 'د.ك', decimals: 3 };

describe('orders list filters <-> URL', () => {
  it('reads the search, status and city of the URL', () => {
    expect(orderFiltersFrom({ search: '  SB-7K3M ', status: 'shipped', city: '12' })).toEqual({
      search: 'SB-7K3M',
      status: 'shipped',
      cityId: 12,
    });
  });

  it('reads an unknown status or a malformed city as "all"', () => {
    for (const city of ['abc', '0', '-3', '1.5', '012', '99999999999', ' 7']) {
      expect(orderFiltersFrom({ search: '', status: '', city }).cityId, city).toBeNull();
    }
    expect(orderFiltersFrom({ search: '', status: 'lost', city: '' }).status).toBeNull();
    expect(orderFiltersFrom({ search: '', status: 'SHIPPED', city: '' }).status).toBeNull();
  });

  it('writes filters back to the same URL values, empty for no filter', () => {
    const filters = { search: 'أحمد', status: 'cancelled', cityId: 4 } as const;
    expect(orderFiltersToUrl(filters)).toEqual({ search: 'أحمد', status: 'cancelled', city: '4' });
    expect(orderFiltersFrom(orderFiltersToUrl(filters))).toEqual(filters);
    expect(orderFiltersToUrl(NO_ORDER_FILTERS)).toEqual({ search: '', status: '', city: '' });
  });

  it('asks the server for one page of 20 with only the filters that are set', () => {
    expect(orderListQuery(NO_ORDER_FILTERS, 1, ADMIN_ORDERS_PAGE_SIZE)).toEqual({ page: '1', limit: '20' });
    expect(orderListQuery({ search: 'sara@example.com', status: 'pending', cityId: 9 }, 3, 20)).toEqual({
      page: '3',
      limit: '20',
      search: 'sara@example.com',
      status: 'pending',
      city_id: '9',
    });
  });

  it('tells a filtered list (no match) from the whole list (no orders)', () => {
    expect(hasOrderFilters(NO_ORDER_FILTERS)).toBe(false);
    expect(hasOrderFilters({ ...NO_ORDER_FILTERS, search: 'x' })).toBe(true);
    expect(hasOrderFilters({ ...NO_ORDER_FILTERS, status: 'refunded' })).toBe(true);
    expect(hasOrderFilters({ ...NO_ORDER_FILTERS, cityId: 1 })).toBe(true);
  });
});

describe('orders list paging', () => {
  const page = (count: number, total: number) => ({ orders: Array.from({ length: count }, (_, index) => index), pagination: { total } });

  it("counts 'showing X of Y' from the pages loaded and the server's total", () => {
    expect(orderCount([])).toEqual({ shown: 0, total: 0, capped: false });
    expect(orderCount([page(20, 45)])).toEqual({ shown: 20, total: 45, capped: false });
    expect(orderCount([page(20, 45), page(20, 45), page(5, 45)])).toEqual({ shown: 45, total: 45, capped: false });
  });

  it('says when the server stopped counting a common search word', () => {
    expect(orderCount([{ ...page(20, 1000), total_capped: true }])).toEqual({ shown: 20, total: 1000, capped: true });
  });


  it('offers the cities that still exist, once each, and keeps the one chosen in the URL', () => {
    const cities = [
      { id: 3, name: 'السالمية' },
      { id: null, name: 'مدينة محذوفة' },
      { id: 1, name: 'حولي' },
      { id: 3, name: 'السالمية' },
    ];
    expect(cityChoices(cities, null)).toEqual([
      { id: 3, name: 'السالمية' },
      { id: 1, name: 'حولي' },
    ]);
    expect(cityChoices(cities, 1)).toHaveLength(2);
    expect(cityChoices(cities, 8).at(-1)).toEqual({ id: 8, name: '#8' });
  });
});

describe('amounts and statuses', () => {
  it('shows amounts in KD with 3 decimals', () => {
    expect(adminAmount(12.5, KD)).toBe('12.500 KD');
    expect(adminAmount(0, KD)).toBe('0.000 KD');
    expect(adminAmount(1234.125, ARABIC_KD)).toBe('1234.125 د.ك');
    // No floating point drift: 0.1 + 0.2 is 0.300.
    expect(adminAmount(0.1 + 0.2, KD)).toBe('0.300 KD');
  });

  it('colours the badges: pending yellow … cancelled red, all others grey', () => {
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone('processing')).toBe('blue');
    expect(statusTone('shipped')).toBe('purple');
    expect(statusTone('delivered')).toBe('green');
    expect(statusTone('cancelled')).toBe('red');
    expect(statusTone('refunded')).toBe('grey');
    expect(statusTone('completed')).toBe('grey');
  });

  it("offers any status from any status, plus the order's own when it is not one of the six", () => {
    const six = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'];
    expect(statusChoices('cancelled')).toEqual(six);
    expect(statusChoices('completed')).toEqual([...six, 'completed']);
  });
});

describe('what a permission set may do with orders', () => {
  it('lets an administrator do everything', () => {
    expect(orderActionsFor({ permissions: permissionsOf('admin') })).toEqual({ view: true, changeStatus: true, delete: true, refund: true });
  });

  it('lets a moderator view and change orders but not delete them', () => {
    expect(orderActionsFor({ permissions: permissionsOf('moderator') })).toEqual({ view: true, changeStatus: true, delete: false, refund: false });
  });

  it('gives a customer nothing, and orders.delete alone is not enough', () => {
    expect(orderActionsFor({ permissions: permissionsOf('customer') })).toEqual({ view: false, changeStatus: false, delete: false, refund: false });
    expect(orderActionsFor({ permissions: ['orders.delete'] })).toEqual({ view: false, changeStatus: false, delete: false, refund: false });
    expect(orderActionsFor({ permissions: ['orders.refund'] })).toMatchObject({ view: false, refund: false });
  });

  it('offers a refund while the server says something is left to refund', () => {
    expect(isRefundable({ refundable_amount: 12.5 })).toBe(true);
    expect(isRefundable({ refundable_amount: 0.001 })).toBe(true);
    expect(isRefundable({ refundable_amount: 0 })).toBe(false);
  });
});

describe('order paths', () => {
  it('links the detail, the invoice (printing itself on request) and the customer view', () => {
    expect(invoicePath(42)).toBe('/admin/orders/42/invoice');
    expect(invoicePath(42, { autoprint: true })).toBe('/admin/orders/42/invoice?autoprint=true');
    expect(customerViewPath('SB-7K3M9Q2X4T')).toBe('/order-status/SB-7K3M9Q2X4T');
    expect(wantsAutoprint('true')).toBe(true);
    expect(wantsAutoprint('1')).toBe(false);
    expect(wantsAutoprint(null)).toBe(false);
  });

  it('reads a positive whole id from the path, anything else as not found', () => {
    expect(orderIdFrom('42')).toBe(42);
    for (const param of [undefined, '', '0', '-1', '4.2', 'abc', '042', '2147483648']) {
      expect(orderIdFrom(param), String(param)).toBeNull();
    }
  });
});

describe('order history', () => {
  const entry = (id: number, from: OrderStatusHistoryEntry['from_status'], to: OrderStatusHistoryEntry['to_status'], at: string): OrderStatusHistoryEntry => ({
    id,
    from_status: from,
    to_status: to,
    notes: null,
    actor_name: from === null ? null : 'مدير',
    actor_email: from === null ? null : 'admin@example.com',
    created_at: at,
  });

  it('lists the changes oldest first, from the creation row', () => {
    const history = [
      entry(3, 'processing', 'shipped', '2025-05-03T10:00:00.000Z'),
      entry(1, null, 'pending', '2025-05-01T10:00:00.000Z'),
      entry(2, 'pending', 'processing', '2025-05-02T10:00:00.000Z'),
    ];
    expect(historyOf({ history, created_at: '2025-05-01T10:00:00.000Z', status: 'shipped' }).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it("shows the creation of an order older than the history from the order's own date", () => {
    const changed = historyOf({
      history: [entry(7, 'pending', 'cancelled', '2025-05-02T10:00:00.000Z')],
      created_at: '2025-04-01T08:00:00.000Z',
      status: 'cancelled',
    });
    expect(changed.map((item) => [item.from_status, item.to_status, item.created_at])).toEqual([
      [null, 'pending', '2025-04-01T08:00:00.000Z'],
      ['pending', 'cancelled', '2025-05-02T10:00:00.000Z'],
    ]);
    expect(historyOf({ history: [], created_at: '2025-04-01T08:00:00.000Z', status: 'delivered' })).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'delivered', created_at: '2025-04-01T08:00:00.000Z' }),
    ]);
  });
});

describe('packing slips', () => {
  it('links one order and several', () => {
    expect(packingSlipPath(7)).toBe('/admin/orders/7/packing-slip');
    expect(packingSlipsPath([3, 1, 2])).toBe('/admin/orders/packing-slips?ids=3,1,2');
  });

  it('reads the ids of the address: positive whole numbers, each once, in order, at most PACKING_SLIPS_MAX', () => {
    expect(packingSlipIdsFrom('3, 1,2,3,x,0,-4,1.5,')).toEqual([3, 1, 2]);
    expect(packingSlipIdsFrom(null)).toEqual([]);
    expect(packingSlipIdsFrom('')).toEqual([]);
    const many = Array.from({ length: PACKING_SLIPS_MAX + 5 }, (_, index) => index + 1).join(',');
    expect(packingSlipIdsFrom(many)).toHaveLength(PACKING_SLIPS_MAX);
  });
});

describe('the WhatsApp message about an order', () => {
  const order: WhatsappOrder = {
    order_number: 'SB-7K3M9Q2X4T',
    status: 'shipped',
    name: 'سارة أحمد',
    phone: '+965 5000 1234',
    language: 'ar',
    shipment: { tracking_url: 'https://www.aramex.com/track/results?ShipmentNumber=123' },
  };
  const origin = 'https://subha.example';

  it('is written in Arabic for an Arabic order, with the status in words, the tracking link and the order page', () => {
    expect(orderWhatsappMessage(order, origin)).toBe(
      [
        'مرحباً سارة،',
        'حالة طلبك رقم SB-7K3M9Q2X4T: تم الشحن.',
        'تتبّع الشحنة: https://www.aramex.com/track/results?ShipmentNumber=123',
        'تفاصيل الطلب: https://subha.example/order-status/SB-7K3M9Q2X4T',
      ].join('\n'),
    );
  });

  it('is written in English for an English order; without a tracking link it has none', () => {
    const english = { ...order, name: 'Noura Al-Ali', language: 'en' as const, status: 'processing' as const, shipment: null };
    expect(orderWhatsappMessage(english, origin)).toBe(
      ['Hello Noura,', 'Your order SB-7K3M9Q2X4T is now: Processing.', 'Order details: https://subha.example/order-status/SB-7K3M9Q2X4T'].join('\n'),
    );
    expect(orderWhatsappMessage({ ...order, shipment: { tracking_url: null } }, origin)).not.toContain('تتبّع');
  });

  it('links wa.me with the international digits of the phone and the message encoded', () => {
    const link = orderWhatsappLink(order, origin);
    expect(link).toMatch(/^https:\/\/wa\.me\/96550001234\?text=/);
    expect(decodeURIComponent(link!.split('?text=')[1]!)).toBe(orderWhatsappMessage(order, origin));
    expect(orderWhatsappLink({ ...order, phone: '50001234' }, origin)).toMatch(/^https:\/\/wa\.me\/96550001234\?/);
    expect(orderWhatsappLink({ ...order, phone: '—' }, origin)).toBeNull();
  });
});

describe('refunds', () => {
  const order = {
    refundable_amount: 20,
    items: [
      { id: 1, price: 7.5, quantity: 2, refunded_quantity: 1 },
      { id: 2, price: 5, quantity: 1, refunded_quantity: 0 },
    ],
  } as unknown as Pick<AdminOrder, 'items' | 'refundable_amount'>;
  const draft = (change: Partial<RefundDraft>): RefundDraft => ({ mode: 'all', amount: '', lines: {}, notes: '', ...change });

  it('sends nothing but the note for everything left', () => {
    expect(refundProblem(draft({}), order)).toBeNull();
    expect(refundBodyOf(draft({ notes: '  broken  ' }))).toEqual({ notes: 'broken' });
    expect(refundProblem(draft({}), { ...order, refundable_amount: 0 })).toEqual({ field: 'amount', message: 'admin-orders.refund.nothing_left' });
  });

  it('takes an amount above zero, at most what is left, with up to 3 decimals (Arabic digits too)', () => {
    expect(refundProblem(draft({ mode: 'amount', amount: '' }), order)?.message).toBe('admin-orders.refund.amount_invalid');
    expect(refundProblem(draft({ mode: 'amount', amount: '0' }), order)?.message).toBe('admin-orders.refund.amount_invalid');
    expect(refundProblem(draft({ mode: 'amount', amount: '1.2345' }), order)?.message).toBe('admin-orders.refund.amount_invalid');
    expect(refundProblem(draft({ mode: 'amount', amount: '20.001' }), order)?.message).toBe('admin-orders.refund.amount_too_much');
    expect(refundProblem(draft({ mode: 'amount', amount: '20' }), order)).toBeNull();
    expect(typedAmount('٢٫٥')).toBe(2500);
    expect(refundBodyOf(draft({ mode: 'amount', amount: ' 2.5 ' }))).toEqual({ amount: '2.500', notes: undefined });
  });

  it('takes whole units of lines, at most those left of each, at least one in all', () => {
    expect(refundProblem(draft({ mode: 'lines' }), order)?.message).toBe('admin-orders.refund.lines_empty');
    expect(refundProblem(draft({ mode: 'lines', lines: { 1: { quantity: '2', restock: true } } }), order)?.message).toBe('admin-orders.refund.quantity_invalid');
    expect(refundProblem(draft({ mode: 'lines', lines: { 1: { quantity: '1.5', restock: true } } }), order)?.message).toBe('admin-orders.refund.quantity_invalid');
    const chosen = draft({ mode: 'lines', lines: { 1: { quantity: '1', restock: false }, 2: { quantity: '1', restock: true } } });
    expect(refundProblem(chosen, order)).toBeNull();
    expect(refundLinesWorth(chosen, order)).toBe(12_500);
    expect(refundBodyOf(chosen)).toEqual({
      lines: [
        { order_item_id: 1, quantity: 1, restock: false },
        { order_item_id: 2, quantity: 1, restock: true },
      ],
      notes: undefined,
    });
    expect(refundableLines(order).map((line) => line.left)).toEqual([1, 1]);
  });
});

describe('shipment and export', () => {
  it('compares the typed shipment with the stored one, blank as none', () => {
    expect(sameShipment({ carrier: '', tracking_number: '', tracking_url: '' }, null)).toBe(true);
    expect(sameShipment({ carrier: 'DHL', tracking_number: '1', tracking_url: '' }, { carrier: 'DHL', tracking_number: '1', tracking_url: null })).toBe(true);
    expect(sameShipment({ carrier: 'DHL', tracking_number: '2', tracking_url: '' }, { carrier: 'DHL', tracking_number: '1', tracking_url: null })).toBe(false);
  });

  it("asks the export for the list's status and city over a range of days", () => {
    expect(orderExportQuery({ search: 'x', status: 'shipped', cityId: 4 }, { from: '2026-12-01', to: '2026-12-02' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-02',
      status: 'shipped',
      city: '4',
    });
    expect(orderExportQuery(NO_ORDER_FILTERS, { from: '2026-12-01', to: '2026-12-01' })).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(defaultExportRange('2026-12-17')).toEqual({ from: '2026-12-01', to: '2026-12-17' });
    expect(exportRangeProblem({ from: '', to: '2026-12-01' })).toBe('missing');
    expect(exportRangeProblem({ from: '2026-12-02', to: '2026-12-01' })).toBe('reversed');
    expect(exportRangeProblem({ from: '2026-12-01', to: '2026-12-01' })).toBeNull();
    expect(exportFileName('2026-12-02')).toBe('orders-2026-12-02.csv');
  });
});
