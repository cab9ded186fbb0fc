/**
 * The payment result screen's rules: what the return
 * address carries, what is asked of the server, and what the shopper sees. The query string is
 * only a hint of which payment to check: the state shown always comes from the server's verified
 * answer, so a typed `result=CAPTURED` never shows "paid".
 */

import type { PaymentStatus, PaymentVerifyResponse } from '@shop/shared';

/** What the gateway appended to the return address, trimmed; absent values are null. */
export interface ReturnParams {
  paymentId: string | null;
  result: string | null;
  trackId: string | null;
  requestedOrderId: string | null;
}

/** The body of POST /api/payments/upayments/verify (paymentVerifyBodySchema): only what is known is sent. */
export interface VerifyRequest {
  order_number?: string;
  track_id?: string;
  payment_id?: string;
  requested_order_id?: string;
  result?: string;
}

/** The server's verified answer. */
export type VerifyAnswer = Pick<PaymentVerifyResponse, 'order_number' | 'payment_status'>;

export type PaymentScreenState =
  | { kind: 'loading' }
  | { kind: 'success'; orderNumber: string }
  | { kind: 'failed'; orderNumber: string }
  | { kind: 'pending'; orderNumber: string }
  /** Nothing on the address or in storage says which payment this is: 'معلومات الدفع غير موجودة'. */
  | { kind: 'missing' }
  /** The server could not be asked or refused to answer: 'فشل في معالجة الدفع'. */
  | { kind: 'error' };

/** The success screen's countdown before the tracking page (5 seconds). */
export const SUCCESS_COUNTDOWN_SECONDS = 5;
/** How long the failure stays before the shopper is back at /checkout (3 seconds). */
export const FAILED_REDIRECT_MS = 3000;

const MAX_PARAM_LENGTH = 200;

function clean(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed.length > MAX_PARAM_LENGTH ? null : trimmed;
}

/**
 * Reads the return parameters: `paymentId` or `payment_id`, `result` or `status`, `track_id`,
 * `requested_order_id`. The gateway appends its query with a second `?` when the return address
 * already had one, so the parameters may follow a `?` inside the query, or a key arrive as `?payment_id`.
 */
export function readReturnParams(search: string): ReturnParams {
  // `?lang=ar?payment_id=P1` is two parameters, not `lang` = `ar?payment_id=P1` (a real `?` in a value is encoded).
  const raw = new URLSearchParams(search.replace(/^\?/, '').replace(/\?/g, '&'));
  const params = new Map<string, string>();
  for (const [key, value] of raw) {
    const name = key.replace(/^\?+/, '');
    if (!params.has(name)) params.set(name, value);
  }
  const get = (...names: string[]) => {
    for (const name of names) {
      const value = clean(params.get(name) ?? null);
      if (value) return value;
    }
    return null;
  };
  return {
    paymentId: get('paymentId', 'payment_id'),
    result: get('result', 'status'),
    trackId: get('track_id'),
    requestedOrderId: get('requested_order_id'),
  };
}

/** The order number kept under pendingOrder by the checkout, when readable. */
export function pendingOrderNumber(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const number = (parsed as { order_number?: unknown }).order_number;
    return typeof number === 'string' ? clean(number) : null;
  } catch {
    return null;
  }
}

/**
 * What to ask the server to verify, or null when nothing identifies the payment: the server finds
 * it by the order number (the address or the pending order), the track id or the requested order
 * id; a payment id alone names no order. Then the screen says the payment information is missing
 * without asking.
 */
export function verifyRequest(params: ReturnParams, orderNumber: string | null): VerifyRequest | null {
  if (!orderNumber && !params.trackId && !params.requestedOrderId) return null;
  const request: VerifyRequest = {
    ...(orderNumber ? { order_number: orderNumber } : {}),
    ...(params.trackId ? { track_id: params.trackId } : {}),
    ...(params.paymentId ? { payment_id: params.paymentId } : {}),
    ...(params.requestedOrderId ? { requested_order_id: params.requestedOrderId } : {}),
  };
  // The gateway's word travels only as a hint; the server checks it with UPayments itself.
  return params.result ? { ...request, result: params.result } : request;
}

/**
 * The screen for the server's verified answer. Paid (and an order that never needed paying)
 * is success; failed is failure; a refunded payment is not a success to celebrate, so it is the
 * failure screen too; anything still awaiting is pending, with a button to ask again.
 */
export function screenFor(answer: VerifyAnswer): PaymentScreenState {
  const orderNumber = answer.order_number;
  const status: PaymentStatus = answer.payment_status;
  switch (status) {
    case 'paid':
    case 'not_required':
      return { kind: 'success', orderNumber };
    case 'failed':
    case 'refunded':
      return { kind: 'failed', orderNumber };
    case 'awaiting_payment':
      return { kind: 'pending', orderNumber };
  }
}

/**
 * A verification that failed. A refused request (400/404/422: the address names no payment the
 * shop knows) is the missing-information error; a rate limit is pending when the order is
 * known (the shopper may check again); anything else is the processing error.
 */
export function screenForFailure(status: number, orderNumber: string | null): PaymentScreenState {
  if (status === 429 && orderNumber) return { kind: 'pending', orderNumber };
  if (status === 400 || status === 404 || status === 422) return { kind: 'missing' };
  return { kind: 'error' };
}
