import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  apiMessage,
  hasAnyControlCharacter,
  pathInLanguage,
  type Language,
  type Order,
  type PaymentMethod,
  type PaymentVerifyBody,
  type PaymentVerifyResponse,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { carts, orderItems, orders, paymentAttempts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type {
  ChargeResult,
  PaymentStatusLookup,
  PaymentStatusResult,
  UpaymentsClient,
} from '../../integrations/upayments/client.js';
import type { DomainEvents } from '../../events.js';
import type { CartOwner, CartService } from '../cart/index.js';
import type { NotificationsService } from '../notifications/index.js';
import {
  itemName,
  lockOrder,
  type OrderRow,
  type PaymentAttemptRow,
  PaymentChargeFailed,
  PaymentRefundFailed,
} from '../orders/index.js';
import type { PromotionsService } from '../promotions/index.js';
import { createRefunds } from './refunds.js';
import { createSettlement } from './settlement.js';
import { createAbandonedPaymentSweep } from './sweep.js';
import { judgeTransaction } from './verification.js';

/** The UPayments calls the shop makes; the real client in production, the test double's in tests. */
export type PaymentGateway = Pick<UpaymentsClient, 'charge' | 'paymentStatus' | 'refund'>;

/** The shopper-facing return addresses: no query string (UPayments appends its own with `?`). */
export const PAYMENT_SUCCESS_PATH = '/payment/success';
export const PAYMENT_CANCEL_PATH = '/payment/cancel';
export const PAYMENT_NOTIFY_PATH = '/api/payments/upayments/notify';

/** A browser asking about one order sees UPayments asked at most once in this window. */
const VERIFY_RECHECK_MS = 10_000;
/** Notifications (from UPayments) may trigger a new check sooner, but not in a burst. */
const NOTIFY_RECHECK_MS = 2_000;
/** After UPayments answered "too many requests", no status call from this process for this long. */
const RATE_LIMIT_PAUSE_MS = 60_000;
/** How long a repeated order request waits for the first one's charge to give its payment page. */
const REPLAY_WAIT_STEP_MS = 200;

export interface PaymentsServiceDeps {
  /** Undefined when UPAYMENTS_API_KEY is not set: online payment is off. */
  gateway: PaymentGateway | undefined;
  /** The shop's public address (return pages and the notification URL are built on it). */
  publicUrl: string;
  /** Per-call timeout of the charge (the client's own); the repeated-request wait is bounded by it. */
  chargeTimeoutMs: number;
  /** An online payment neither confirmed nor refused after this long is checked once more, then cancelled. */
  paymentTimeoutMs: number;
  /** How often the abandoned-payment sweep runs (default: a fifth of the timeout, at most a minute). */
  sweepIntervalMs?: number;
  /**
   * Where a payment's outcome tells of itself (PaymentCaptured, and the status change with its
   * stock moves), inside its transaction.
   */
  events: DomainEvents;
  cart: Pick<CartService, 'guestCartId'>;
  promotions: Pick<PromotionsService, 'releasePromo' | 'recountPromo'>;
  /**
   * The confirmation e-mail of an online order, sent once its payment is confirmed; the
   * administrators' alert of a payment captured after its order was cancelled; the customer's
   * notice of a refund.
   */
  notifications?: Pick<NotificationsService, 'sendOrderConfirmation' | 'sendLatePaymentAlert' | 'sendRefundNotice'>;
  /** Whether the order's e-mail is its signed-in customer's verified address (see orders service). */
  recipientProven?: (userId: number | null, email: string) => Promise<boolean>;
  background?: Pick<BackgroundTasks, 'run'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Clock (tests move it forward). */
  now?: () => Date;
}

/** The order's payment as the result screen needs it. */
function verifyAnswer(row: OrderRow): PaymentVerifyResponse {
  return {
    success: true,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}

/**
 * A reference from UPayments' notification, or undefined: at most 100 characters, and none of
 * them a control character (a NUL byte cannot even reach PostgreSQL; no reference has a tab or a
 * line break), so what is looked up is always storable text.
 */
export const notificationReference = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > 100 || hasAnyControlCharacter(trimmed) ? undefined : trimmed;
};

/** The `order.id` of a new attempt: random, 32 hex characters (UPayments allows 40). */
export const newRequestedOrderId = () => randomBytes(16).toString('hex');

export function createPaymentsService(db: Database, deps: PaymentsServiceDeps) {
  const { gateway, log } = deps;
  /** Per order: when UPayments was last asked by this process. */
  const lastAsked = new Map<number, number>();
  /** Per order: the status question in flight, so racing requests share one call. */
  const inFlight = new Map<number, Promise<unknown>>();
  let pausedUntil = 0;
  const settlement = createSettlement(db, deps);
  const { latestAttempt, mayStillBeCaptured, settleLocked, afterSettle } = settlement;
  const sweep = createAbandonedPaymentSweep(db, deps, settlement);

  /** Asks UPayments about an attempt (by track id, else session id), within the rate budget. */
  async function askStatus(attempt: PaymentAttemptRow, hintTrackId?: string): Promise<PaymentStatusResult | undefined> {
    if (!gateway) return undefined;
    const trackId = attempt.track_id ?? hintTrackId;
    const lookup: PaymentStatusLookup | undefined = trackId
      ? { trackId }
      : attempt.session_id
        ? { sessionId: attempt.session_id }
        : undefined;
    if (!lookup) return undefined;
    if (Date.now() < pausedUntil) return undefined;
    const answer = await gateway.paymentStatus(lookup);
    if (!answer.ok && answer.reason === 'rate_limited') {
      pausedUntil = Date.now() + RATE_LIMIT_PAUSE_MS;
      log.warn({ orderId: attempt.order_id }, 'UPayments status calls paused: rate limit reached');
    }
    return answer;
  }

  /**
   * Verifies one attempt with UPayments and applies the answer. Calls for one order share one
   * question in flight and respect the per-order window (`minGapMs`); an order that is no longer
   * awaiting payment answers from the database without asking.
   */
  async function verifyAttempt(attempt: PaymentAttemptRow, minGapMs: number, hintTrackId?: string): Promise<OrderRow> {
    const orderId = attempt.order_id;
    const [current] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!current) throw AppError.notFound('payment.not_found');
    // A decided order answers from the database, except one cancelled for want of a payment that
    // UPayments may yet have captured (a late capture).
    const lateCheck = current.payment_status === 'failed' && mayStillBeCaptured(attempt);
    if (current.payment_status !== 'awaiting_payment' && !lateCheck) return current;
    const running = inFlight.get(orderId);
    if (running) {
      await running.catch(() => undefined);
      const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
      return after ?? current;
    }
    const last = lastAsked.get(orderId);
    if (last !== undefined && Date.now() - last < minGapMs) return current;
    lastAsked.set(orderId, Date.now());
    const work = (async () => {
      const answer = await askStatus(attempt, hintTrackId);
      if (!answer?.ok) {
        if (answer) log.info({ orderId, reason: answer.reason }, 'UPayments status not available');
        return current;
      }
      const verdict = judgeTransaction(answer.transaction, {
        requestedOrderId: attempt.requested_order_id,
        totalFils: current.total_amount,
      });
      if (verdict === 'mismatch') {
        log.warn(
          { orderId, result: answer.transaction.result, trackId: answer.transaction.trackId },
          'UPayments answer does not match the order: not paid',
        );
      }
      const settled = await deps.events.transaction(db, async (tx) => {
        const locked = await lockOrder(tx, orderId);
        const [fresh] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id));
        return settleLocked(tx, locked, fresh ?? attempt, verdict, answer.transaction);
      });
      afterSettle(settled);
      return settled.row;
    })();
    inFlight.set(orderId, work);
    try {
      return await work;
    } finally {
      inFlight.delete(orderId);
      if (lastAsked.size > 10_000) lastAsked.clear();
    }
  }

  /** The attempt a notification or the result screen names, if any. */
  async function findAttempt(ids: {
    requestedOrderId?: string | undefined;
    trackId?: string | undefined;
    orderId?: number | undefined;
  }): Promise<PaymentAttemptRow | undefined> {
    if (ids.requestedOrderId) {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.requested_order_id, ids.requestedOrderId));
      if (row) return row;
    }
    if (ids.trackId) {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.track_id, ids.trackId))
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      if (row) return row;
    }
    if (ids.orderId !== undefined) return latestAttempt(db, ids.orderId);
    return undefined;
  }

  return {
    /** Whether online payment is configured. */
    get available(): boolean {
      return gateway !== undefined;
    },

    /** The payment methods the checkout may offer. */
    methods(): PaymentMethod[] {
      return gateway ? ['cash_on_delivery', 'upayments'] : ['cash_on_delivery'];
    },

    /**
     * The cart an order comes from (emptied once its payment is confirmed), if it exists. Read
     * before the order's transaction (the embedded database has one connection).
     */
    async cartIdOf(owner: CartOwner | undefined): Promise<number | null> {
      if (!owner) return null;
      if (owner.kind === 'user') {
        const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.user_id, owner.userId));
        return row?.id ?? null;
      }
      if (owner.token === undefined) return null;
      return (await deps.cart.guestCartId(owner.token)) ?? null;
    },

    /** Inside the order's transaction: the attempt with its random `order.id`, before any charge. */
    async openAttempt(tx: Executor, orderId: number, amountFils: number, cartId: number | null): Promise<void> {
      await tx.insert(paymentAttempts).values({
        order_id: orderId,
        requested_order_id: newRequestedOrderId(),
        amount: amountFils,
        cart_id: cartId,
      });
    },

    /**
     * After the order committed: creates the UPayments charge (never retried) and stores its
     * references. A refusal or timeout cancels the order, releases its stock and promo use (its
     * payment failed) and throws PaymentChargeFailed (502); the cart was never touched.
     */
    async charge(order: Order, lang: Language): Promise<string> {
      if (!gateway) throw new AppError('PAYMENT_UNAVAILABLE', 'order.payment_unavailable');
      const attempt = await latestAttempt(db, order.id);
      if (!attempt) throw new Error(`order ${order.id} has no payment attempt`);
      const result: ChargeResult = await gateway.charge({
        orderId: attempt.requested_order_id,
        reference: order.order_number,
        description: apiMessage('payment.charge_description', lang, { number: order.order_number }),
        amountFils: attempt.amount,
        products: (
          await db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(orderItems.id)
        ).map((item) => ({ name: itemName(item, lang), priceFils: item.unit_price, quantity: item.quantity })),
        customer: { name: order.name, email: order.email, mobile: order.phone },
        language: lang,
        // The shopper comes back to the payment result page in the language they paid in.
        returnUrl: `${deps.publicUrl}${pathInLanguage(PAYMENT_SUCCESS_PATH, lang)}`,
        cancelUrl: `${deps.publicUrl}${pathInLanguage(PAYMENT_CANCEL_PATH, lang)}`,
        notificationUrl: `${deps.publicUrl}${PAYMENT_NOTIFY_PATH}`,
        customerExtraData: order.order_number,
      });
      if (result.ok) {
        await db
          .update(paymentAttempts)
          .set({
            payment_url: result.paymentUrl,
            session_id: result.sessionId,
            track_id: result.trackId,
          })
          .where(eq(paymentAttempts.id, attempt.id));
        return result.paymentUrl;
      }
      log.warn(
        { orderNumber: order.order_number, reason: result.reason, status: result.status },
        'UPayments charge failed: order cancelled, stock and promo released',
      );
      const settled = await deps.events.transaction(db, async (tx) => {
        const locked = await lockOrder(tx, order.id);
        return settleLocked(tx, locked, attempt, 'failed', undefined);
      });
      afterSettle(settled, 'charge_failed');
      throw new PaymentChargeFailed();
    },

    /**
     * The payment page of an order placed by an earlier request with the same Idempotency-Key.
     * Waits (bounded by the charge timeout) while that request's charge is still running; a
     * charge that failed answers PaymentChargeFailed again.
     */
    async paymentUrlFor(orderId: number): Promise<string | undefined> {
      const deadline = Date.now() + deps.chargeTimeoutMs + 2_000;
      for (;;) {
        const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
        const attempt = await latestAttempt(db, orderId);
        if (attempt?.payment_url) return attempt.payment_url;
        if (!row || row.payment_status === 'failed') throw new PaymentChargeFailed();
        if (row.payment_status !== 'awaiting_payment') return undefined;
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, REPLAY_WAIT_STEP_MS));
      }
    },

    /**
     * The result screen asks: looks the attempt up, asks UPayments (at most once per order in
     * VERIFY_RECHECK_MS) and answers the verified state. The browser's `result` is never used.
     */
    async verify(body: PaymentVerifyBody): Promise<PaymentVerifyResponse> {
      let orderId: number | undefined;
      if (body.order_number !== undefined) {
        const [row] = await db
          .select({ id: orders.id, payment_method: orders.payment_method })
          .from(orders)
          .where(eq(orders.order_number, body.order_number));
        if (!row || row.payment_method !== 'upayments') throw AppError.notFound('payment.not_found');
        orderId = row.id;
      }
      const attempt = await findAttempt({
        requestedOrderId: body.requested_order_id,
        trackId: orderId === undefined ? body.track_id : undefined,
        orderId,
      });
      if (!attempt || (orderId !== undefined && attempt.order_id !== orderId)) {
        throw AppError.notFound('payment.not_found');
      }
      const row = await verifyAttempt(attempt, VERIFY_RECHECK_MS, body.track_id);
      return verifyAnswer(row);
    },

    /**
     * UPayments' notification: only a trigger, answered at once. Unknown ids are logged at info
     * and ignored; a known payment is verified with the status API like the result screen, after
     * the reply (in the background tasks). Never throws.
     */
    async notify(body: unknown): Promise<void> {
      const payload: Record<string, unknown> =
        typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const requestedOrderId =
        notificationReference(payload.requested_order_id) ?? notificationReference(payload.merchant_requested_order_id);
      const trackId = notificationReference(payload.track_id);
      const work = async () => {
        const attempt = await findAttempt({ requestedOrderId, trackId });
        if (!attempt) {
          log.info({ requestedOrderId, trackId }, 'UPayments notification for an unknown payment ignored');
          return;
        }
        await verifyAttempt(attempt, NOTIFY_RECHECK_MS, trackId);
      };
      const warn = (error: unknown) =>
        log.warn({ err: error, requestedOrderId, trackId }, 'UPayments notification not processed');
      if (deps.background) deps.background.run(work, warn);
      else await work().catch(warn);
    },

    /** The abandoned-payment sweep (sweep.ts): one pass, and its timer. */
    sweepOnce: sweep.sweepOnce,
    start: sweep.start,
    stop: sweep.stop,

    /**
     * Refunds an order, all that is left or part of it (payments/refunds.ts, docs/decisions/043):
     * through UPayments for a paid online order, in cash for a delivered cash-on-delivery order.
     * 409 when the order cannot be refunded now, 400 on the field for a bad amount or line, 502
     * (PaymentRefundFailed) when UPayments refused: nothing changed.
     */
    refund: createRefunds(db, deps, settlement),
  };
}

export { PaymentChargeFailed, PaymentRefundFailed };

export type PaymentsService = ReturnType<typeof createPaymentsService>;
