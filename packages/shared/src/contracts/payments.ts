import { z } from 'zod';
import { ORDER_NUMBER_PATTERN, orderStatuses, PAYMENT_REDIRECT_ACTION, paymentStatuses } from '../orders.js';
import { errorCodes, plainText, successShape } from './common.js';

/**
 * Online payment through UPayments. The browser never decides whether an order is paid:
 * the server asks UPayments (get-payment-status) and answers with the verified state.
 *
 * - `POST /api/orders` with `payment_method: 'upayments'` (only when `GET /api/settings` lists
 *   `'upayments'` in `settings.payment_methods`):
 *   - 201 `{ success: true, order, payment_url }`: the order is `pending` with
 *     `payment_status: 'awaiting_payment'`; `payment_url` (UPayments' hosted page) is given both at
 *     the top level and as `order.payment_url`. The browser stores `pendingOrder` (the payload plus
 *     `order_number`) and goes to `payment_url`. The cart is kept until the payment is confirmed.
 *   - the same Idempotency-Key again: 200 with the same order and the same `payment_url` (no second
 *     charge).
 *   - 502 `paymentFailedResponseSchema` (`code: 'PAYMENT_UNAVAILABLE'`, `action:
 *     'redirect_to_checkout'`, `cart_preserved: true`): UPayments refused, failed or timed out; the
 *     order was cancelled, its stock and promo use released, the cart kept.
 *   - 503 `PAYMENT_UNAVAILABLE` (the ordinary error envelope): online payment is not configured.
 * - `POST /api/payments/upayments/verify` (`paymentVerifyBodySchema`): the payment result screen
 *   sends what it has (from `pendingOrder` and the query string); 200 `paymentVerifyResponseSchema`
 *   with the verified `payment_status`. `'awaiting_payment'` means "not decided yet: check again"
 *   (show the pending screen with its check-status button); `'paid'` success; `'failed'` payment
 *   failed (back to /checkout, the cart is intact). 404 when no such order/payment, 429 when asked
 *   too often.
 * - `POST /api/payments/upayments/notify`: UPayments' server-to-server notification (form-encoded or
 *   JSON); always 200 `{ success: true }`. Not for the browser.
 * - `POST /api/orders/:id/refund` (`orders.refund`, administrators): all that is left, or part of
 *   it (adminOrderRefundBodySchema in contracts/admin-orders.ts, docs/decisions/043); a paid
 *   UPayments order through UPayments, a delivered cash-on-delivery order in cash. 200 the staff
 *   order; once nothing is left `status: 'refunded'` (and `payment_status: 'refunded'` online).
 *   409 CONFLICT when the order cannot be refunded now; 502 PAYMENT_UNAVAILABLE when UPayments
 *   refused (nothing changed).
 */

export const paymentStatusSchema = z.enum(paymentStatuses);


/** 502 reply of `POST /api/orders` when the UPayments charge failed: nothing is owed, cart kept. */
export const paymentFailedResponseSchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
  action: z.literal(PAYMENT_REDIRECT_ACTION),
  cart_preserved: z.literal(true),
});
export type PaymentFailedResponse = z.infer<typeof paymentFailedResponseSchema>;

const optionalRef = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    plainText('payment.reference_invalid').trim().max(max, 'payment.reference_invalid').optional(),
  );

/**
 * POST /api/payments/upayments/verify body. `order_number` comes from `pendingOrder`; the rest from
 * the return address's query (`track_id`, `payment_id|paymentId`, `requested_order_id`,
 * `result|status`). At least `order_number`, `track_id` or `requested_order_id` is required. The
 * `result` is only a hint: the server asks UPayments.
 */
export const paymentVerifyBodySchema = z
  .object({
    order_number: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z
        .string({ error: 'order.number_invalid' })
        .trim()
        .toUpperCase()
        .regex(ORDER_NUMBER_PATTERN, 'order.number_invalid')
        .optional(),
    ),
    track_id: optionalRef(100),
    payment_id: optionalRef(100),
    requested_order_id: optionalRef(100),
    result: optionalRef(50),
  })
  .refine(
    (body) =>
      body.order_number !== undefined ||
      body.track_id !== undefined ||
      body.requested_order_id !== undefined,
    { message: 'payment.information_missing', path: ['order_number'] },
  );
export type PaymentVerifyBody = z.output<typeof paymentVerifyBodySchema>;

export const paymentVerifyResponseSchema = successShape({
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_status: paymentStatusSchema,
  paid_at: z.string().nullable(),
});
export type PaymentVerifyResponse = z.infer<typeof paymentVerifyResponseSchema>;

/** POST /api/payments/upayments/notify reply (always 200). */
export const paymentNotifyResponseSchema = z.object({ success: z.literal(true) });

/** UPayments' references of an online order, for staff (null for cash on delivery). */
export const adminOrderPaymentSchema = z.object({
  provider: z.literal('upayments'),
  /** The `order.id` sent with the charge (comes back as `requested_order_id`). */
  requested_order_id: z.string(),
  track_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  /** e.g. knet, cc. */
  payment_type: z.string().nullable(),
  /** UPayments' own order id, used for refunds. */
  refund_order_id: z.string().nullable(),
  /** The gateway's result as last verified (CAPTURED, NOT CAPTURED, ...); null before. */
  result: z.string().nullable(),
  verified_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refund_arn: z.string().nullable(),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;
