import type { PaymentStatus } from '@shop/shared';
import type { PaymentTransaction } from '../../integrations/upayments/client.js';

/**
 * What a verified UPayments status answer means for one payment attempt (the status
 * lookup is the only trusted source of "paid"):
 *
 * - `paid`: result CAPTURED, and the answer is bound to this attempt and order: its
 *   requested order id is the `order.id` sent with the charge, its total is the order's total in
 *   fils and its currency KWD.
 * - `failed`: a definite refusal (NOT CAPTURED, CANCELED, ...) of this very attempt.
 * - `mismatch`: CAPTURED or a refusal that is not bound to this attempt (another order id, another
 *   amount or currency): never paid, logged for staff.
 * - `pending`: anything else (no decision yet).
 */
export type PaymentVerdict = 'paid' | 'failed' | 'mismatch' | 'pending';

/** Results that refuse a payment for good (WOO return_from_upayments; DOC-decline). */
const FAILED_RESULTS = new Set([
  'NOT CAPTURED',
  'NOT_CAPTURED',
  'CANCELED',
  'CANCELLED',
  'ERROR',
  'FAILURE',
  'FAILED',
  'DECLINED',
  'VOIDED',
  'DENIED BY RISK',
  'HOST TIMEOUT',
]);

export const CAPTURED = 'CAPTURED';

/** Whether a result refuses a payment for good (no capture can follow it). */
export const isRefusal = (result: string) => FAILED_RESULTS.has(result.trim().toUpperCase());
export const SHOP_CURRENCY = 'KWD';

export interface ExpectedPayment {
  /** The `order.id` this attempt sent. */
  requestedOrderId: string;
  /** The order's total in fils. */
  totalFils: number;
}

/** The one rule by which an order becomes paid (or failed). */
export function judgeTransaction(transaction: PaymentTransaction, expected: ExpectedPayment): PaymentVerdict {
  const result = transaction.result.trim().toUpperCase();
  const bound = transaction.requestedOrderId === expected.requestedOrderId;
  if (result === CAPTURED) {
    const exact =
      bound &&
      transaction.totalFils === expected.totalFils &&
      transaction.currency?.trim().toUpperCase() === SHOP_CURRENCY;
    return exact ? 'paid' : 'mismatch';
  }
  if (isRefusal(result)) return bound ? 'failed' : 'mismatch';
  return 'pending';
}

/** What settling an attempt does to its order. */
export type PaymentSettlement = 'pay' | 'release' | 'none';

/**
 * The payment state machine (docs/decisions/016): only an order awaiting payment moves. A paid
 * verdict pays it; a definite failure, or an abandoned payment that was not paid, cancels it and
 * releases its stock and promo use. A paid, failed or refunded order never moves again here, so a
 * late failure never un-pays and a duplicate notification changes nothing.
 */
export function paymentSettlement(current: PaymentStatus, verdict: PaymentVerdict, abandoned: boolean): PaymentSettlement {
  if (current !== 'awaiting_payment') return 'none';
  if (verdict === 'paid') return 'pay';
  if (verdict === 'failed' || abandoned) return 'release';
  return 'none';
}
