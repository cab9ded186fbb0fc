import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import {
  apiMessage,
  formatAmount,
  hasAnyControlCharacter,
  type Language,
  type Order,
  type PaymentMethod,
  type PaymentVerifyBody,
  type PaymentVerifyResponse,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { cartItems, carts, orderItems, orders, paymentAttempts, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import { countPayment, type PaymentOutcome } from '../../lib/metrics.js';
import type {
  ChargeResult,
  PaymentStatusLookup,
  PaymentStatusResult,
  PaymentTransaction,
  UpaymentsClient,
} from '../../integrations/upayments/client.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import type { CartOwner, CartService } from '../cart/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { LateCaptureOutcome } from '../notifications/staff-payment-alert-email.js';
import { holdsStock, lockOrder, transitionOrder, type StatusChange } from '../orders/admin-orders.js';
import { PaymentChargeFailed, PaymentRefundFailed } from '../orders/online-payment.js';
import { presentOrder, type OrderRow, type PaymentAttemptRow } from '../orders/present.js';
import type { PromotionsService } from '../promotions/service.js';
import { isRefusal, judgeTransaction, paymentSettlement, type PaymentVerdict } from './verification.js';

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
/**
 * The sweep looks once more at an abandoned payment an hour after it cancelled the order (a
 * shopper who paid on UPayments' page at the last moment and never came back), within a day.
 */
const SECOND_LOOK_AFTER_MS = 60 * 60_000;
const SECOND_LOOK_WITHIN_MS = 24 * 60 * 60_000;
/** Second looks per sweep, well inside UPayments' 30 status calls a minute. */
const SECOND_LOOKS_PER_SWEEP = 5;

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
   * administrators' alert of a payment captured after its order was cancelled.
   */
  notifications?: Pick<NotificationsService, 'sendOrderConfirmation' | 'sendLatePaymentAlert'>;
  /** Whether the order's e-mail is its signed-in customer's verified address (see orders service). */
  recipientProven?: (userId: number | null, email: string) => Promise<boolean>;
  background?: Pick<BackgroundTasks, 'run'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Clock (tests move it forward). */
  now?: () => Date;
}

interface Settled {
  row: OrderRow;
  /** The transition this call made, if any. */
  verdict: PaymentVerdict | 'none';
  /** A payment captured after its order had been cancelled, and what the shop did about it. */
  late?: LateCaptureOutcome;
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
  const now = () => deps.now?.() ?? new Date();
  /** Per order: when UPayments was last asked by this process. */
  const lastAsked = new Map<number, number>();
  /** Per order: the status question in flight, so racing requests share one call. */
  const inFlight = new Map<number, Promise<unknown>>();
  let pausedUntil = 0;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;

  async function latestAttempt(executor: Executor, orderId: number): Promise<PaymentAttemptRow | undefined> {
    const [row] = await executor
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.order_id, orderId))
      .orderBy(desc(paymentAttempts.id))
      .limit(1);
    return row;
  }

  /** Gives back what an order held (stock by the status change, and its promo use). */
  async function releaseOrder(tx: Executor, order: OrderRow, notes: string): Promise<StatusChange> {
    if (order.promo_code_id !== null) await deps.promotions.releasePromo(tx, order.promo_code_id);
    return transitionOrder(
      tx,
      deps.events,
      order,
      'cancelled',
      { actor: null, notes, lang: order.language },
      { payment_status: 'failed' },
    );
  }

  /**
   * A payment UPayments captured for an order that no longer waits for it: cancelled because it
   * was not paid in time (the shopper paid at the last moment, or the capture raced the sweep), or
   * cancelled by staff while its payment was open.
   */
  const capturedTooLate = (order: OrderRow) =>
    order.payment_status === 'failed' || (order.payment_status === 'awaiting_payment' && !holdsStock(order.status));

  /** The latest result UPayments gave may still turn into a capture (none, or not a refusal). */
  const mayStillBeCaptured = (attempt: PaymentAttemptRow) => attempt.result === null || !isRefusal(attempt.result);

  /**
   * The attempt's references and result as UPayments answered them; `verifiedAt` marks a decided
   * answer (null leaves a pending one open).
   */
  async function recordAnswer(
    tx: Executor,
    attempt: PaymentAttemptRow,
    transaction: PaymentTransaction,
    verifiedAt: Date | null,
  ) {
    await tx
      .update(paymentAttempts)
      .set({
        result: transaction.result,
        track_id: transaction.trackId ?? attempt.track_id,
        payment_id: transaction.paymentId ?? attempt.payment_id,
        payment_type: transaction.paymentType ?? attempt.payment_type,
        refund_order_id: transaction.refundOrderId ?? attempt.refund_order_id,
        ...(verifiedAt === null ? {} : { verified_at: verifiedAt }),
      })
      .where(eq(paymentAttempts.id, attempt.id));
  }

  /** Paid: the cart the order came from is emptied and its promo code, now used, forgotten. */
  async function emptyPaidCart(tx: Executor, attempt: PaymentAttemptRow) {
    if (attempt.cart_id === null) return;
    await tx.delete(cartItems).where(eq(cartItems.cart_id, attempt.cart_id));
    await tx.update(carts).set({ promo_code: null }).where(eq(carts.id, attempt.cart_id));
  }

  /**
   * A late capture is never silent (docs/decisions/038). The order is taken back (its units taken
   * again, its promo use counted again, marked paid) when every line can still be served; else the
   * money goes back through UPayments' refund; if UPayments refuses the refund, the order is marked
   * paid while cancelled for the staff to refund by hand. Each way writes the order's history and
   * an activity entry by the shop itself; the staff are told after the commit (afterSettle).
   */
  async function lateCapture(
    tx: Executor,
    order: OrderRow,
    attempt: PaymentAttemptRow,
    transaction: PaymentTransaction,
  ): Promise<Settled> {
    const at = now();
    const lang = order.language;
    await recordAnswer(tx, attempt, transaction, at);
    const by = (note: Parameters<typeof apiMessage>[0]) => ({ actor: null, notes: apiMessage(note, lang), lang });
    const finish = async (change: StatusChange, late: LateCaptureOutcome): Promise<Settled> => {
      await deps.events.publish(tx, {
        type: 'PaymentCaptured',
        orderId: order.id,
        orderNumber: order.order_number,
        amount: order.total_amount,
        late,
      });
      await deps.events.publish(tx, {
        type: 'ActivityRecorded',
        actor: null,
        entity: 'orders',
        entityId: order.id,
        action: 'late_payment',
        before: { status: order.status, payment_status: order.payment_status },
        after: { status: change.row.status, payment_status: change.row.payment_status },
      });
      const verdict = late === 'reinstated' ? 'paid' : 'none';
      return { row: change.row, verdict, late };
    };

    try {
      // In a savepoint: a product that lacks its units undoes the units already taken again.
      const change = await deps.events.savepoint(tx, async (savepoint) => {
        if (order.promo_code_id !== null) await deps.promotions.recountPromo(savepoint, order.promo_code_id);
        return transitionOrder(savepoint, deps.events, order, 'pending', by('payment.late_capture_reinstated_history'), {
          payment_status: 'paid',
          paid_at: at,
        });
      });
      await emptyPaidCart(tx, attempt);
      return finish(change, 'reinstated');
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'OUT_OF_STOCK')) throw error;
    }

    const refundOrderId = transaction.refundOrderId ?? attempt.refund_order_id;
    const answer =
      gateway && refundOrderId
        ? await gateway.refund({ refundOrderId, totalFils: order.total_amount, reference: order.order_number })
        : undefined;
    if (answer?.ok) {
      await tx
        .update(paymentAttempts)
        .set({ refunded_at: at, refund_reference: answer.refundOrderId, refund_arn: answer.refundArn })
        .where(eq(paymentAttempts.id, attempt.id));
      const change = await transitionOrder(tx, deps.events, order, 'refunded', by('payment.late_capture_refunded_history'), {
        payment_status: 'refunded',
        paid_at: at,
      });
      return finish(change, 'refunded');
    }
    log.error(
      { orderId: order.id, reason: answer && !answer.ok ? answer.reason : 'no refund reference' },
      'payment captured after its order was cancelled could not be refunded: staff must refund it',
    );
    const change = await transitionOrder(tx, deps.events, order, order.status, by('payment.late_capture_refund_failed_history'), {
      payment_status: 'paid',
      paid_at: at,
    });
    return finish(change, 'refund_failed');
  }

  /** After a late capture committed: logged, counted, and every administrator told by e-mail. */
  function reportLateCapture(row: OrderRow, late: LateCaptureOutcome): void {
    countPayment(late === 'reinstated' ? 'late_reinstated' : late === 'refunded' ? 'late_refunded' : 'late_refund_failed');
    log.warn({ orderNumber: row.order_number, outcome: late }, 'payment captured after its order was cancelled');
    const { notifications } = deps;
    if (!notifications) return;
    const send = async () => {
      const admins = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(asc(users.id));
      const amount = `${formatAmount(row.total_amount, 'charged', 3)} KWD`;
      await notifications.sendLatePaymentAlert(
        admins.map((admin) => admin.email),
        { id: row.id, order_number: row.order_number },
        amount,
        late,
      );
    };
    const warn = (error: unknown) =>
      log.error({ err: error, orderNumber: row.order_number }, 'staff alert of a late payment could not be sent');
    if (deps.background) deps.background.run(send, warn);
    else void send().catch(warn);
  }

  /**
   * Applies a verified verdict to a locked order, once: only an order still awaiting payment
   * moves. Paid: paid_at, the references, a history row, the cart emptied. Failed: cancelled,
   * stock and promo use released. A late failure never un-pays (the order no longer awaits).
   */
  async function settleLocked(
    tx: Executor,
    order: OrderRow,
    attempt: PaymentAttemptRow,
    verdict: PaymentVerdict,
    transaction: PaymentTransaction | undefined,
    failureNote: 'payment.failed_history' | 'payment.abandoned_history' = 'payment.failed_history',
  ): Promise<Settled> {
    if (verdict === 'paid' && transaction && capturedTooLate(order)) return lateCapture(tx, order, attempt, transaction);
    const settlement = paymentSettlement(order.payment_status, verdict, failureNote === 'payment.abandoned_history');
    if (order.payment_status !== 'awaiting_payment') {
      // A cancelled order's refusal is kept, so it is not asked about again.
      if (order.payment_status === 'failed' && transaction && verdict === 'failed') {
        await recordAnswer(tx, attempt, transaction, now());
      }
      return { row: order, verdict: 'none' };
    }
    const at = now();
    if (transaction && verdict !== 'mismatch') {
      await recordAnswer(tx, attempt, transaction, verdict === 'pending' ? null : at);
    }
    if (settlement === 'pay') {
      const change = await transitionOrder(
        tx,
        deps.events,
        order,
        order.status,
        { actor: null, notes: apiMessage('payment.confirmed_history', order.language), lang: order.language },
        { payment_status: 'paid', paid_at: at },
      );
      await emptyPaidCart(tx, attempt);
      await deps.events.publish(tx, {
        type: 'PaymentCaptured',
        orderId: order.id,
        orderNumber: order.order_number,
        amount: order.total_amount,
        late: null,
      });
      return { row: change.row, verdict };
    }
    if (settlement === 'release') {
      const change = await releaseOrder(tx, order, apiMessage(failureNote, order.language));
      return { row: change.row, verdict: 'failed' };
    }
    return { row: order, verdict: 'none' };
  }

  /**
   * After a commit: the confirmation e-mail once when paid, the outcome counted (a release as
   * `failedAs`: refused, abandoned or a charge that failed).
   */
  function afterSettle(settled: Settled, failedAs: PaymentOutcome = 'failed'): void {
    if (settled.late) reportLateCapture(settled.row, settled.late);
    else if (settled.verdict === 'paid') countPayment('paid');
    else if (settled.verdict === 'failed') countPayment(failedAs);
    if (settled.verdict === 'paid') mailConfirmation(settled.row);
  }

  function mailConfirmation(row: OrderRow): void {
    const { notifications } = deps;
    if (!notifications) return;
    const send = async () => {
      const items = await db.select().from(orderItems).where(eq(orderItems.order_id, row.id)).orderBy(orderItems.id);
      const order: Order = presentOrder(row, items, row.language);
      const showCustomerText = (await deps.recipientProven?.(row.user_id, row.customer_email)) ?? false;
      await notifications.sendOrderConfirmation(order, row.language, { showCustomerText });
    };
    const warn = (error: unknown) =>
      log.warn({ err: error, orderNumber: row.order_number }, 'Order confirmation e-mail could not be sent');
    if (deps.background) deps.background.run(send, warn);
    else void send().catch(warn);
  }

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

  /** One abandoned order, checked and settled under its row lock; false when none is left. */
  async function sweepOne(cutoff: Date, skip: readonly number[]): Promise<number | undefined> {
    let handled: Settled | undefined;
    const id = await deps.events.transaction(db, async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.payment_status, 'awaiting_payment'),
            lt(orders.created_at, cutoff),
            skip.length > 0 ? notInArray(orders.id, [...skip]) : undefined,
          ),
        )
        .orderBy(asc(orders.created_at), asc(orders.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!order) return undefined;
      const attempt = await latestAttempt(tx, order.id);
      if (!attempt) {
        // Its charge was never stored, so UPayments was never asked to collect: unpaid, released.
        const change = await releaseOrder(tx, order, apiMessage('payment.abandoned_history', order.language));
        handled = { row: change.row, verdict: 'failed' };
        return order.id;
      }
      // Asked by the session id (every charge gave one), else the track id; an attempt with
      // neither never reached the payment page, so it is unpaid.
      const lookup: PaymentStatusLookup | undefined = attempt.session_id
        ? { sessionId: attempt.session_id }
        : attempt.track_id
          ? { trackId: attempt.track_id }
          : undefined;
      const answer = gateway && lookup ? await gateway.paymentStatus(lookup) : undefined;
      if (answer && !answer.ok && answer.reason !== 'not_found') {
        // No answer (network, timeout, rate limit): decided at a later sweep.
        log.info({ orderId: order.id, reason: answer.reason }, 'abandoned payment not checked this time');
        return order.id;
      }
      const transaction = answer?.ok ? answer.transaction : undefined;
      const verdict = transaction
        ? judgeTransaction(transaction, { requestedOrderId: attempt.requested_order_id, totalFils: order.total_amount })
        : 'pending';
      if (verdict === 'mismatch') {
        log.error(
          { orderId: order.id, trackId: transaction?.trackId, result: transaction?.result },
          'abandoned payment: UPayments answer does not match the order; cancelled as unpaid',
        );
      }
      handled = await settleLocked(tx, order, attempt, verdict, transaction, 'payment.abandoned_history');
      return order.id;
    });
    if (handled) afterSettle(handled, 'abandoned');
    return id;
  }

  /**
   * One order the sweep cancelled as abandoned SECOND_LOOK_AFTER_MS ago or more (within a day),
   * whose payment UPayments never refused: asked about once more under its row lock, so a capture
   * nobody reported (no notification, no return to the shop) is still found. The attempt is
   * marked verified whatever the answer, so each order is looked at once.
   */
  async function secondLookOne(at: Date, skip: readonly number[]): Promise<number | undefined> {
    let handled: Settled | undefined;
    const id = await deps.events.transaction(db, async (tx) => {
      const [candidate] = await tx
        .select({ order: orders, attempt: paymentAttempts })
        .from(orders)
        .innerJoin(paymentAttempts, eq(paymentAttempts.order_id, orders.id))
        .where(
          and(
            eq(orders.payment_method, 'upayments'),
            eq(orders.payment_status, 'failed'),
            lt(orders.updated_at, new Date(at.getTime() - SECOND_LOOK_AFTER_MS)),
            gt(orders.created_at, new Date(at.getTime() - SECOND_LOOK_WITHIN_MS)),
            isNull(paymentAttempts.verified_at),
            isNotNull(paymentAttempts.session_id),
            skip.length > 0 ? notInArray(orders.id, [...skip]) : undefined,
          ),
        )
        .orderBy(asc(orders.created_at), asc(orders.id))
        .limit(1)
        .for('update', { of: orders, skipLocked: true });
      if (!candidate || !gateway) return undefined;
      const { order, attempt } = candidate;
      const answer = await gateway.paymentStatus({ sessionId: attempt.session_id! });
      if (!answer.ok) {
        if (answer.reason !== 'not_found') return order.id;
        await tx.update(paymentAttempts).set({ verified_at: at }).where(eq(paymentAttempts.id, attempt.id));
        return order.id;
      }
      const verdict = judgeTransaction(answer.transaction, {
        requestedOrderId: attempt.requested_order_id,
        totalFils: order.total_amount,
      });
      if (verdict === 'paid') {
        handled = await lateCapture(tx, order, attempt, answer.transaction);
      } else {
        await tx
          .update(paymentAttempts)
          .set({ result: answer.transaction.result, verified_at: at })
          .where(eq(paymentAttempts.id, attempt.id));
      }
      return order.id;
    });
    if (handled) afterSettle(handled);
    return id;
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
        ).map((item) => ({ name: item.product_name, priceFils: item.unit_price, quantity: item.quantity })),
        customer: { name: order.name, email: order.email, mobile: order.phone },
        language: lang,
        returnUrl: `${deps.publicUrl}${PAYMENT_SUCCESS_PATH}`,
        cancelUrl: `${deps.publicUrl}${PAYMENT_CANCEL_PATH}`,
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

    /**
     * The abandoned-payment sweep: every online order awaiting payment for longer than the
     * timeout is checked with UPayments once more, one at a time under `for update skip locked`
     * (several processes never handle one order at once); unpaid: cancelled, stock and promo use
     * released; paid: marked paid. Then a second look at a few orders it cancelled earlier
     * (secondLookOne). Returns how many orders were looked at.
     */
    async sweepOnce(at: Date = now()): Promise<number> {
      const cutoff = new Date(at.getTime() - deps.paymentTimeoutMs);
      const seen: number[] = [];
      for (;;) {
        const id = await sweepOne(cutoff, seen);
        if (id === undefined) break;
        seen.push(id);
      }
      const looked: number[] = [];
      while (looked.length < SECOND_LOOKS_PER_SWEEP) {
        const id = await secondLookOne(at, looked);
        if (id === undefined) break;
        looked.push(id);
      }
      return seen.length + looked.length;
    },

    /** Starts the sweep timer (stopped by stop()). */
    start(): void {
      if (!gateway || sweeper) return;
      const interval = deps.sweepIntervalMs ?? Math.min(60_000, Math.max(5_000, deps.paymentTimeoutMs / 5));
      sweeper = setInterval(() => {
        if (sweeping) return;
        sweeping = this.sweepOnce()
          .catch((error: unknown) => log.warn({ err: error }, 'abandoned-payment sweep failed'))
          .finally(() => {
            sweeping = undefined;
          });
      }, interval);
      sweeper.unref();
    },

    async stop(): Promise<void> {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      await sweeping;
    },

    /**
     * Refunds a paid UPayments order in full. The order row stays locked from the check to the
     * end, UPayments' create-refund (never retried) included: a second refund of the same order
     * (a double click, two administrators) waits, then finds it refunded and is refused, so the
     * money goes back once. On success: payment refunded, status refunded through the status
     * change (stock returned, history, audit). On refusal nothing changes (502).
     */
    async refund(actor: Actor, orderId: number, lang: Language): Promise<void> {
      await deps.events.transaction(db, async (tx) => {
        const locked = await lockOrder(tx, orderId);
        const attempt = await latestAttempt(tx, orderId);
        if (locked.payment_method !== 'upayments' || locked.payment_status !== 'paid' || !attempt?.refund_order_id) {
          throw new AppError('CONFLICT', 'payment.not_refundable');
        }
        if (!gateway) throw new AppError('PAYMENT_UNAVAILABLE', 'order.payment_unavailable');
        const answer = await gateway.refund({
          refundOrderId: attempt.refund_order_id,
          totalFils: locked.total_amount,
          reference: locked.order_number,
        });
        if (!answer.ok) {
          log.warn({ orderId, reason: answer.reason, status: answer.status }, 'UPayments refund refused');
          throw new PaymentRefundFailed();
        }
        await tx
          .update(paymentAttempts)
          .set({ refunded_at: now(), refund_reference: answer.refundOrderId, refund_arn: answer.refundArn })
          .where(eq(paymentAttempts.id, attempt.id));
        await transitionOrder(
          tx,
          deps.events,
          locked,
          'refunded',
          { actor, notes: apiMessage('payment.refunded_history', lang), lang },
          { payment_status: 'refunded' },
        );
      });
      countPayment('refunded');
    },
  };
}

export { PaymentChargeFailed, PaymentRefundFailed };

export type PaymentsService = ReturnType<typeof createPaymentsService>;
