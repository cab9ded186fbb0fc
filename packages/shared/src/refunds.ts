// The rules of giving money back on an order (docs/decisions/043), shared by the API, which
// enforces them, and the back office, which offers only what the API would accept. Amounts are
// thousandths (money.ts).
import type { Thousandths } from './money.js';
import type { OrderStatus, PaymentMethod, PaymentStatus } from './orders.js';

/** How a refund was paid back: through UPayments' refund API, or in cash by the shop. */
export const refundMethods = ['online', 'cash'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Longest note a refund keeps. */
export const REFUND_NOTES_MAX_LENGTH = 500;

/** A cash-on-delivery order's money is in the shop's hands once it was delivered (or completed). */
export const CASH_COLLECTED_STATUSES: readonly OrderStatus[] = ['delivered', 'completed'];

/** What is left to give back of an order: its total less what was refunded already (never below 0). */
export function refundableAmount(total: Thousandths, refunded: Thousandths): Thousandths {
  return Math.max(0, total - refunded);
}

/** The money of refunded lines: each line's unit price × the units given back. */
export function refundLinesAmount(lines: ReadonlyArray<{ unitPrice: Thousandths; quantity: number }>): Thousandths {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/**
 * Why an order cannot be refunded now, or null when it can:
 * - `not_paid`: an online order whose payment UPayments has not captured (or already returned);
 * - `cash_not_collected`: cash on delivery before the money was collected (not delivered yet);
 * - `nothing_left`: everything was refunded already.
 */
export type RefundBlocker = 'not_paid' | 'cash_not_collected' | 'nothing_left';

export function refundBlocker(order: {
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  total: Thousandths;
  refunded: Thousandths;
}): RefundBlocker | null {
  if (order.payment_method === 'upayments' && order.payment_status !== 'paid') return 'not_paid';
  if (order.payment_method === 'cash_on_delivery' && !CASH_COLLECTED_STATUSES.includes(order.status)) {
    return 'cash_not_collected';
  }
  if (refundableAmount(order.total, order.refunded) <= 0) return 'nothing_left';
  return null;
}

/** The refund method of an order's payment method. */
export const refundMethodOf = (paymentMethod: PaymentMethod): RefundMethod =>
  paymentMethod === 'upayments' ? 'online' : 'cash';
