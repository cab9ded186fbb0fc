import {
  ORDER_STATUS_COLORS,
  formatPrice,
  orderStatuses,
  toThousandths,
  type AdminOrder,
  type AdminOrderCity,
  type OrderStatus,
  type OrderStatusHistoryEntry,
  type MoneyFormat,
  type User,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';
import { adminHref, adminOrderHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';

/**
 * The rules of the Orders tab, the order detail and the invoice: the list's
 * filters in the URL and in the API query, how
 * amounts and statuses are shown, and what a permission set may do. The server decides again.
 */

// ---------- filters ----------

/** The list's filters as kept in the URL beside `tab` (empty: no filter). */
export const ORDER_LIST_DEFAULTS = { search: '', status: '', city: '' } as const;
export type OrderListUrlState = Record<keyof typeof ORDER_LIST_DEFAULTS, string>;

/** The filters the list asks the server for. */
export interface OrderListFilters {
  search: string;
  status: OrderStatus | null;
  cityId: number | null;
}

function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

/** A city id from the URL: a positive whole number, else no filter. */
function cityIdFrom(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** No filter at all: every order. */
export const NO_ORDER_FILTERS: OrderListFilters = { search: '', status: null, cityId: null };

/** The URL's values as filters; an unknown status or a malformed city reads as "all". */
export function orderFiltersFrom(state: OrderListUrlState): OrderListFilters {
  return {
    search: state.search.trim(),
    status: isOrderStatus(state.status) ? state.status : null,
    cityId: cityIdFrom(state.city),
  };
}

/** The URL's values for filters (empty values leave the URL). */
export function orderFiltersToUrl(filters: OrderListFilters): OrderListUrlState {
  return {
    search: filters.search.trim(),
    status: filters.status ?? '',
    city: filters.cityId === null ? '' : String(filters.cityId),
  };
}

/** The query of GET /api/orders for one page of the list. */
export function orderListQuery(filters: OrderListFilters, page: number, limit: number): Record<string, string> {
  const query: Record<string, string> = { page: String(page), limit: String(limit) };
  if (filters.search) query.search = filters.search;
  if (filters.status) query.status = filters.status;
  if (filters.cityId !== null) query.city_id = String(filters.cityId);
  return query;
}

/** Whether any filter narrows the list (then an empty list means "no match", not "no orders"). */
export function hasOrderFilters(filters: OrderListFilters): boolean {
  return filters.search !== '' || filters.status !== null || filters.cityId !== null;
}

/** 'showing X of Y orders': the rows loaded so far and every order matching the filters. */
export function orderCount(pages: ReadonlyArray<{ orders: readonly unknown[]; pagination: { total: number } }>): {
  shown: number;
  total: number;
} {
  return {
    shown: pages.reduce((sum, page) => sum + page.orders.length, 0),
    total: pages.at(-1)?.pagination.total ?? 0,
  };
}

/**
 * The cities the city filter offers: those of the reply that still exist (a deleted city has no
 * id to filter by), each once. A city chosen in the URL but not offered stays selectable.
 */
export function cityChoices(cities: readonly AdminOrderCity[], selected: number | null): Array<{ id: number; name: string }> {
  const seen = new Set<number>();
  const choices: Array<{ id: number; name: string }> = [];
  for (const city of cities) {
    if (city.id === null || seen.has(city.id)) continue;
    seen.add(city.id);
    choices.push({ id: city.id, name: city.name });
  }
  if (selected !== null && !seen.has(selected)) choices.push({ id: selected, name: `#${selected}` });
  return choices;
}

// ---------- statuses ----------

/** The six statuses the back office offers, in this order. */
export const ADMIN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'];

/** The statuses a status select offers: these six, plus the order's own when it is another. */
export function statusChoices(current: OrderStatus): OrderStatus[] {
  return ADMIN_ORDER_STATUSES.includes(current) ? [...ADMIN_ORDER_STATUSES] : [...ADMIN_ORDER_STATUSES, current];
}

export const orderStatusLabels: Record<OrderStatus, MessageKey> = {
  pending: 'orders.status.pending',
  processing: 'orders.status.processing',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
  refunded: 'orders.status.refunded',
};

export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'blue' | 'purple';

/** The badge colour of a status (pending yellow … cancelled red, others grey). */
export function statusTone(status: OrderStatus): BadgeTone {
  const color = ORDER_STATUS_COLORS[status];
  return color === 'gray' ? 'grey' : color;
}

// ---------- amounts ----------

/** An amount of the API as the back office shows it: as charged, 3 decimals for KWD, "12.500 KD". */
export function adminAmount(amount: number, money: MoneyFormat): string {
  return formatPrice(toThousandths(amount), money, 'charged');
}

// ---------- permissions ----------

export interface OrderActions {
  /** See the list, open an order, print its invoice. */
  view: boolean;
  changeStatus: boolean;
  delete: boolean;
  /** Refund a paid online order through UPayments (administrators). */
  refund: boolean;
}

/** What the user may do with orders (moderators manage orders but may not delete them). */
export function orderActionsFor(user: Pick<User, 'permissions'> | null): OrderActions {
  const manage = userCan(user, 'orders.manage');
  return {
    view: manage,
    changeStatus: manage,
    delete: manage && userCan(user, 'orders.delete'),
    refund: manage && userCan(user, 'orders.refund'),
  };
}

/** Only a paid UPayments order can be refunded (in full); the server refuses the rest. */
export function isRefundable(order: Pick<AdminOrder, 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'upayments' && order.payment_status === 'paid';
}

// ---------- paths ----------

export const ORDERS_LIST_PATH = adminHref('orders');

export function orderPath(id: number): string {
  return adminOrderHref(id);
}

/** The invoice page; `autoprint` opens the browser's print dialog once it is shown. */
export function invoicePath(id: number, { autoprint = false } = {}): string {
  return adminOrderHref(id, { invoice: true, autoprint });
}

/** The shopper's own tracking page of the order. */
export function customerViewPath(orderNumber: string): string {
  return `/order-status/${encodeURIComponent(orderNumber)}`;
}

/** The id of an admin order path, or null when it is not a positive whole number (shown as not found). */
export function orderIdFrom(param: string | undefined): number | null {
  return param === undefined ? null : cityIdFrom(param);
}

/** Whether ?autoprint= asks the invoice to print itself. */
export function wantsAutoprint(value: string | null): boolean {
  return value === 'true';
}

// ---------- history ----------

/**
 * The order's history for the detail page, oldest first. Orders placed before the history was
 * kept have no creation row: it is shown from the order's own date, in the status it had before
 * the first recorded change (or its status now when nothing changed since).
 */
export function historyOf(order: Pick<AdminOrder, 'history' | 'created_at' | 'status'>): OrderStatusHistoryEntry[] {
  const entries = [...order.history].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  if (entries.some((entry) => entry.from_status === null)) return entries;
  const first = entries[0];
  const created: OrderStatusHistoryEntry = {
    id: 0,
    from_status: null,
    to_status: first?.from_status ?? order.status,
    notes: null,
    actor_name: null,
    actor_email: null,
    created_at: order.created_at,
  };
  return [created, ...entries];
}
