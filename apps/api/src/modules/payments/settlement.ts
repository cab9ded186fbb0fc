import { asc, desc, eq } from 'drizzle-orm';
import { apiMessage, DEFAULT_LANGUAGE, formatAmount, type Order } from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { cartItems, carts, orderItems, paymentAttempts, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countPayment, type PaymentOutcome } from '../../lib/metrics.js';
import type { PaymentTransaction } from '../../integrations/upayments/client.js';
import type { LateCaptureOutcome } from '../notifications/index.js';
import {
  holdsStock,
  type OrderRow,
  type PaymentAttemptRow,
  presentOrder,
  recordRefund,
  type StatusChange,
  transitionOrder,
} from '../orders/index.js';
import type { PaymentsServiceDeps } from './service.js';
import { isRefusal, paymentSettlement, type PaymentVerdict } from './verification.js';

/** What applying UPayments' verdict to an order did. */
export interface Settled {
  row: OrderRow;
  /** The transition this call made, if any. */
  verdict: PaymentVerdict | 'none';
  /** A payment captured after its order had been cancelled, and what the shop did about it. */
  late?: LateCaptureOutcome;
}

/**
 * How a verified payment answer changes an order, shared by the result screen, UPayments'
 * notifications and the abandoned-payment sweep: the order moved under its row lock (paid,
 * released, or a late capture handled), then what follows the commit.
 */
export function createSettlement(db: Database, deps: PaymentsServiceDeps) {
  const { gateway, log } = deps;
  const now = () => deps.now?.() ?? new Date();

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
      // Booked like any refund (order_refunds, refunded_amount), by the shop itself.
      const refunded = await recordRefund(
        tx,
        deps.events,
        order,
        { amount: order.total_amount - order.refunded_amount, method: 'online', lines: [], notes: null, full: true },
        { actor: null, lang, provider: { reference: answer.refundOrderId, arn: answer.refundArn } },
      );
      const change = await transitionOrder(tx, deps.events, refunded, 'refunded', by('payment.late_capture_refunded_history'), {
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
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(asc(users.id));
      const amount = `${formatAmount(row.total_amount, 3)} KWD`;
      await notifications.sendLatePaymentAlert(
        admins.map((admin) => ({ to: admin.email, lang: admin.language ?? DEFAULT_LANGUAGE })),
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

  return { latestAttempt, releaseOrder, mayStillBeCaptured, lateCapture, settleLocked, afterSettle };
}

export type Settlement = ReturnType<typeof createSettlement>;
