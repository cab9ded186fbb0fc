// Order constants without zod, so browser code can import them without pulling the contract
// schemas (and zod) into its bundle; the contracts in contracts/orders.ts build on them.

export const orderStatuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'completed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['cash_on_delivery', 'upayments'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Where an order's payment stands: cash on delivery is `not_required`; an online order
 * is `awaiting_payment` until the server has verified it with UPayments (`paid`) or it was refused,
 * cancelled or abandoned (`failed`); a paid order refunded in full is `refunded`.
 */
export const paymentStatuses = ['not_required', 'awaiting_payment', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Order numbers are random, unguessable and safe to show: e.g. "SB-7K3M9Q2X4T". */
export const ORDER_NUMBER_PATTERN = /^SB-[0-9A-HJKMNP-TV-Z]{10}$/;

/** Progress shown on the tracking page per status (pending 25 %, … delivered 100 %). */
export const ORDER_PROGRESS: Record<OrderStatus, number> = {
  pending: 25,
  processing: 50,
  shipped: 75,
  delivered: 100,
  completed: 100,
  cancelled: 0,
  refunded: 0,
};

/** The colour of a status badge in the back office (all others grey). */
export type OrderStatusColor = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

export const ORDER_STATUS_COLORS: Record<OrderStatus, OrderStatusColor> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
  refunded: 'gray',
  completed: 'gray',
};

/** Statuses whose order holds no stock: entering one returns the units, leaving one takes them again. */
export const STOCK_RELEASED_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded'];

/**
 * Why a status change would make an order's status and its money disagree,
 * or null when it may be made. A paid online order is refunded only by the refund action, which
 * returns the money through UPayments and sets the status with it; an online order whose money
 * went back cannot hold stock again. Cash on delivery is settled by hand, so any status goes.
 */
export type StatusPaymentConflict = 'refund_through_payment' | 'money_returned';

export function statusPaymentConflict(
  order: { payment_method: PaymentMethod; payment_status: PaymentStatus },
  to: OrderStatus,
): StatusPaymentConflict | null {
  if (order.payment_method !== 'upayments') return null;
  if (to === 'refunded' && order.payment_status === 'paid') return 'refund_through_payment';
  if (order.payment_status === 'refunded' && !STOCK_RELEASED_STATUSES.includes(to)) return 'money_returned';
  return null;
}

/** Page size of the back office's orders list. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** Action the checkout takes after a failed online charge. */
export const PAYMENT_REDIRECT_ACTION = 'redirect_to_checkout';

/** Most orders one bulk status change may name (POST /api/orders/bulk-status). */
export const BULK_STATUS_MAX_ORDERS = 100;

/**
 * Past this many orders matching a word of a back-office search, the list stops counting and says
 * "more than" (adminOrderListResponse.total_capped): each match of a word is read from the table.
 */
export const ORDER_SEARCH_COUNT_CAP = 1000;
