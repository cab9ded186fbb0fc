import {
  BULK_STATUS_MAX_ORDERS,
  ORDER_STATUS_COLORS,
  amountDigits,
  orderCustomerMessages,
  formatPrice,
  orderStatuses,
  toThousandths,
  type AdminOrder,
  type AdminOrderCity,
  type OrderStatus,
  type OrderStatusHistoryEntry,
  type MoneyFormat,
  type Language,
  type User,
} from '@shop/shared';
import { whatsappUrl } from '../../../components/layout/contact';
import { interpolate, type MessageKey } from '../../../i18n/i18n';
import { adminHref, adminOrderHref, adminPackingSlipsHref } from '../shell/admin-links';
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

/** The days an export covers, Kuwait calendar days `YYYY-MM-DD`, both included. */
export interface OrderExportRange {
  from: string;
  to: string;
}

/** The query of GET /api/admin/orders/export: the range, and the list's status and city (its search is not part of an export). */
export function orderExportQuery(filters: OrderListFilters, range: OrderExportRange): Record<string, string> {
  const query: Record<string, string> = { from: range.from, to: range.to };
  if (filters.status) query.status = filters.status;
  if (filters.cityId !== null) query.city = String(filters.cityId);
  return query;
}

/** The range an export starts with: the first day of this month to today (Kuwait's `today`). */
export function defaultExportRange(today: string): OrderExportRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Why an export range cannot be asked for, or null: both days are needed, and `to` not before `from`. */
export function exportRangeProblem(range: OrderExportRange): 'missing' | 'reversed' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'missing';
  return range.to < range.from ? 'reversed' : null;
}

/** The file an export is saved as: `orders-YYYY-MM-DD.csv`, the day it was taken. */
export function exportFileName(today: string): string {
  return `orders-${today}.csv`;
}

/** Whether any filter narrows the list (then an empty list means "no match", not "no orders"). */
export function hasOrderFilters(filters: OrderListFilters): boolean {
  return filters.search !== '' || filters.status !== null || filters.cityId !== null;
}

/** 'showing X of Y orders': the rows loaded so far and every order matching the filters. */
export function orderCount(
  pages: ReadonlyArray<{ orders: readonly unknown[]; pagination: { total: number }; total_capped?: boolean }>,
): {
  shown: number;
  total: number;
  /** The search matched more than `total` orders (the server stopped counting there). */
  capped: boolean;
} {
  const last = pages.at(-1);
  return {
    shown: pages.reduce((sum, page) => sum + page.orders.length, 0),
    total: last?.pagination.total ?? 0,
    capped: last?.total_capped ?? false,
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

/** Longest note a status change may carry (the API refuses longer ones). */
export const STATUS_NOTE_MAX = 1000;

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
  return formatPrice(toThousandths(amount), money);
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

/** What a row's "⋯" menu offers, in its order. */
export type OrderMenuEntry = 'view' | 'status' | 'invoice' | 'packing' | 'whatsapp' | 'delete';

/** A row's menu for what the user may do: status for those who change it, delete for those who may delete. */
export function orderMenuEntries(can: OrderActions): OrderMenuEntry[] {
  return (['view', 'status', 'invoice', 'packing', 'whatsapp', 'delete'] as const).filter(
    (entry) => (entry !== 'status' || can.changeStatus) && (entry !== 'delete' || can.delete),
  );
}

/**
 * Whether the order can be refunded now, in part or in full: the server's rule (refundBlocker:
 * paid online, or cash collected on delivery; something left), as its reply already says through
 * `refundable_amount`.
 */
export function isRefundable(order: Pick<AdminOrder, 'refundable_amount'>): boolean {
  return toThousandths(order.refundable_amount) > 0;
}

/** Whether the typed shipment is the order's own (blank and null alike). */
export function sameShipment(
  typed: { carrier: string; tracking_number: string; tracking_url: string },
  stored: { carrier: string | null; tracking_number: string | null; tracking_url: string | null } | null,
): boolean {
  return (
    typed.carrier === (stored?.carrier ?? '') &&
    typed.tracking_number === (stored?.tracking_number ?? '') &&
    typed.tracking_url === (stored?.tracking_url ?? '')
  );
}

// ---------- refunds ----------

/** How much of a refund the admin chooses: everything left, an amount, or units of lines. */
export type RefundMode = 'all' | 'amount' | 'lines';

export interface RefundLineDraft {
  /** Units to give back, as typed ('' or 0: none of this line). */
  quantity: string;
  /** Whether those units go back to stock (unchecked: damaged or kept by the customer). */
  restock: boolean;
}

export interface RefundDraft {
  mode: RefundMode;
  /** The amount as typed (a decimal of the currency). */
  amount: string;
  /** By order line id. */
  lines: Readonly<Record<number, RefundLineDraft>>;
  notes: string;
}

/** Each order line with the units not refunded yet. */
export function refundableLines(order: Pick<AdminOrder, 'items'>): Array<{ item: AdminOrder['items'][number]; left: number }> {
  return order.items.map((item) => ({ item, left: Math.max(0, item.quantity - item.refunded_quantity) }));
}

/** A typed amount in thousandths: digits with at most three decimals (Arabic-Indic digits too), else null. */
export function typedAmount(text: string): number | null {
  const latin = text.trim().replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace('٫', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(latin)) return null;
  return toThousandths(latin);
}

/** The units typed for a line: a whole number from 0, else null. */
function typedQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Why a refund cannot be sent as drafted (the field and the message), or null. */
export type RefundProblem = { field: 'amount' | 'lines'; message: MessageKey };

export function refundProblem(draft: RefundDraft, order: Pick<AdminOrder, 'items' | 'refundable_amount'>): RefundProblem | null {
  const left = toThousandths(order.refundable_amount);
  if (left <= 0) return { field: 'amount', message: 'admin-orders.refund.nothing_left' };
  if (draft.mode === 'amount') {
    const amount = typedAmount(draft.amount);
    if (amount === null || amount <= 0) return { field: 'amount', message: 'admin-orders.refund.amount_invalid' };
    if (amount > left) return { field: 'amount', message: 'admin-orders.refund.amount_too_much' };
  }
  if (draft.mode === 'lines') {
    let units = 0;
    for (const { item, left: unitsLeft } of refundableLines(order)) {
      const quantity = typedQuantity(draft.lines[item.id]?.quantity ?? '');
      if (quantity === null || quantity > unitsLeft) return { field: 'lines', message: 'admin-orders.refund.quantity_invalid' };
      units += quantity;
    }
    if (units === 0) return { field: 'lines', message: 'admin-orders.refund.lines_empty' };
  }
  return null;
}

/** What the chosen lines are worth (unit price × units), in thousandths: what a refund of them gives back. */
export function refundLinesWorth(draft: RefundDraft, order: Pick<AdminOrder, 'items'>): number {
  return order.items.reduce((sum, item) => sum + toThousandths(item.price) * (typedQuantity(draft.lines[item.id]?.quantity ?? '') ?? 0), 0);
}

/** The body of POST /api/orders/:id/refund for a valid draft (everything left: no amount, no lines). */
export function refundBodyOf(draft: RefundDraft): { amount?: string; lines?: Array<{ order_item_id: number; quantity: number; restock: boolean }>; notes?: string } {
  const notes = draft.notes.trim() || undefined;
  if (draft.mode === 'amount') {
    const amount = typedAmount(draft.amount) ?? 0;
    return { amount: amountDigits(amount, 3), notes };
  }
  if (draft.mode === 'lines') {
    const lines = Object.entries(draft.lines)
      .map(([id, line]) => ({ order_item_id: Number(id), quantity: typedQuantity(line.quantity) ?? 0, restock: line.restock }))
      .filter((line) => line.quantity > 0);
    return { lines, notes };
  }
  return { notes };
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

/** The printable packing slip of one order. */
export function packingSlipPath(id: number): string {
  return adminOrderHref(id, { packingSlip: true });
}

/** One page of packing slips for several orders (one sheet each). */
export function packingSlipsPath(ids: readonly number[]): string {
  return adminPackingSlipsHref(ids);
}

/**
 * The packing slip printed as a gift receipt for the parcel's recipient (`?gift=1`, one order or
 * several): no prices (like every packing slip), the gift's message and wrapping, and neither the
 * phone, the SKUs nor the order's notes.
 */
export const GIFT_RECEIPT_PARAM = 'gift';

export function giftReceiptPath(id: number): string {
  return `${packingSlipPath(id)}?${GIFT_RECEIPT_PARAM}=1`;
}

export function giftReceiptsPath(ids: readonly number[]): string {
  return `${packingSlipsPath(ids)}&${GIFT_RECEIPT_PARAM}=1`;
}

/** Whether a packing-slip page's address asks for gift receipts. */
export function isGiftReceiptSearch(search: URLSearchParams): boolean {
  return search.get(GIFT_RECEIPT_PARAM) === '1';
}

/** The other print of the same orders: the gift receipts of packing slips, the packing slips of gift receipts. */
export function otherSlipPath(ids: readonly number[], gift: boolean): string {
  if (ids.length === 1) return gift ? packingSlipPath(ids[0]!) : giftReceiptPath(ids[0]!);
  return gift ? packingSlipsPath(ids) : giftReceiptsPath(ids);
}

/** Most orders one packing-slips page prints (the ids in its address): as many as one bulk change takes. */
export const PACKING_SLIPS_MAX = BULK_STATUS_MAX_ORDERS;

/**
 * The orders of `?ids=1,2,3`: positive whole numbers, each once, in the order given, at most
 * PACKING_SLIPS_MAX; anything else in the list is left out.
 */
export function packingSlipIdsFrom(value: string | null): number[] {
  const ids: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const id = cityIdFrom(part.trim());
    if (id !== null && !ids.includes(id)) ids.push(id);
    if (ids.length === PACKING_SLIPS_MAX) break;
  }
  return ids;
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

// ---------- talking to the customer ----------

export interface WhatsappOrder {
  order_number: string;
  status: OrderStatus;
  name: string;
  phone: string;
  /** The language the customer ordered in: the message is written in it. */
  language: Language;
  shipment: { tracking_url: string | null } | null;
}

/**
 * The WhatsApp message about an order, in the order's language: a greeting, the order number and
 * its status in words, the carrier's tracking link when there is one, and the order's page on the
 * store (`storeOrigin`, e.g. "https://subha.example", makes it absolute).
 */
export function orderWhatsappMessage(order: WhatsappOrder, storeOrigin: string): string {
  const text = (key: keyof typeof orderCustomerMessages, params: Record<string, string>) => interpolate(orderCustomerMessages[key][order.language], params);
  const firstName = order.name.trim().split(/\s+/)[0] ?? '';
  const lines = [
    text('order.whatsapp.greeting', { name: firstName }),
    text('order.whatsapp.status', { number: order.order_number, status: orderCustomerMessages[`order.status.${order.status}`][order.language] }),
  ];
  const tracking = order.shipment?.tracking_url;
  if (tracking) lines.push(text('order.whatsapp.tracking', { url: tracking }));
  lines.push(text('order.whatsapp.order_page', { url: new URL(customerViewPath(order.order_number), storeOrigin).toString() }));
  return lines.join('\n');
}

/** A wa.me link to the customer's phone with the order's message; null when the phone has no digits. */
export function orderWhatsappLink(order: WhatsappOrder, storeOrigin: string): string | null {
  return whatsappUrl(order.phone, orderWhatsappMessage(order, storeOrigin));
}
