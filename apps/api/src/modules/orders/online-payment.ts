import type { Language, Order } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { CartOwner } from '../cart/index.js';

/**
 * What placing an order needs from online payment (UPayments). Declared here so that orders
 * does not depend on the payments module; the payments service satisfies it and the
 * composition root (services.ts) passes it in.
 */
export interface OnlinePayments {
  /** Whether online payment is configured. */
  readonly available: boolean;
  /** The cart an order comes from, if it exists; read before the order's transaction. */
  cartIdOf(owner: CartOwner | undefined): Promise<number | null>;
  /** Inside the order's transaction: the payment attempt, before any charge. */
  openAttempt(tx: Executor, orderId: number, amountFils: number, cartId: number | null): Promise<void>;
  /** After the order committed: the payment page's address; throws PaymentChargeFailed. */
  charge(order: Order, lang: Language): Promise<string>;
  /** The payment page of an order placed earlier with the same Idempotency-Key, if any. */
  paymentUrlFor(orderId: number): Promise<string | undefined>;
}

/**
 * POST /api/orders when UPayments refused or did not answer the charge: the order was cancelled
 * and everything it held released; the shopper's cart is kept. The route answers 502 with
 * paymentFailedResponseSchema.
 */
export class PaymentChargeFailed extends AppError {
  constructor() {
    super('PAYMENT_UNAVAILABLE', 'payment.failed_try_again');
  }
}

/** A refund UPayments refused or did not answer: nothing changed (the route answers 502). */
export class PaymentRefundFailed extends AppError {
  constructor() {
    super('PAYMENT_UNAVAILABLE', 'payment.refund_failed');
  }
}
