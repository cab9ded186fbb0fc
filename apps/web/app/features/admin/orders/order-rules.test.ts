import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PAGE_SIZE, permissionsOf, type MoneyFormat, type OrderStatusHistoryEntry } from '@shop/shared';
import {
  NO_ORDER_FILTERS,
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
    expect(orderCount([])).toEqual({ shown: 0, total: 0 });
    expect(orderCount([page(20, 45)])).toEqual({ shown: 20, total: 45 });
    expect(orderCount([page(20, 45), page(20, 45), page(5, 45)])).toEqual({ shown: 45, total: 45 });
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

  it('refunds only a paid online order', () => {
    expect(isRefundable({ payment_method: 'upayments', payment_status: 'paid' })).toBe(true);
    expect(isRefundable({ payment_method: 'upayments', payment_status: 'awaiting_payment' })).toBe(false);
    expect(isRefundable({ payment_method: 'upayments', payment_status: 'refunded' })).toBe(false);
    expect(isRefundable({ payment_method: 'upayments', payment_status: 'failed' })).toBe(false);
    expect(isRefundable({ payment_method: 'cash_on_delivery', payment_status: 'not_required' })).toBe(false);
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
