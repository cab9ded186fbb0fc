import { and, asc, eq, gt, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import { apiMessage } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { orders, paymentAttempts } from '../../db/schema/index.js';
import type { PaymentStatusLookup } from '../../integrations/upayments/client.js';
import type { PaymentsServiceDeps } from './service.js';
import type { Settled, Settlement } from './settlement.js';
import { judgeTransaction } from './verification.js';

/**
 * The sweep looks once more at an abandoned payment an hour after it cancelled the order (a
 * shopper who paid on UPayments' page at the last moment and never came back), within a day.
 */
const SECOND_LOOK_AFTER_MS = 60 * 60_000;
const SECOND_LOOK_WITHIN_MS = 24 * 60 * 60_000;
/** Second looks per sweep, well inside UPayments' 30 status calls a minute. */
const SECOND_LOOKS_PER_SWEEP = 5;

/**
 * The abandoned-payment sweep: online orders whose payment was neither confirmed nor refused in
 * time are asked about once more, then settled (paid, or cancelled with their stock and promo use
 * released); orders it cancelled are looked at once more later, so a capture nobody reported is
 * still found.
 */
export function createAbandonedPaymentSweep(db: Database, deps: PaymentsServiceDeps, settlement: Settlement) {
  const { gateway, log } = deps;
  const now = () => deps.now?.() ?? new Date();
  const { latestAttempt, releaseOrder, lateCapture, settleLocked, afterSettle } = settlement;
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;

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

  /**
   * The abandoned-payment sweep: every online order awaiting payment for longer than the
   * timeout is checked with UPayments once more, one at a time under `for update skip locked`
   * (several processes never handle one order at once); unpaid: cancelled, stock and promo use
   * released; paid: marked paid. Then a second look at a few orders it cancelled earlier
   * (secondLookOne). Returns how many orders were looked at.
   */
  async function sweepOnce(at: Date = now()): Promise<number> {
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
  }

  /** Starts the sweep timer (stopped by stop()). */
  function start(): void {
    if (!gateway || sweeper) return;
    const interval = deps.sweepIntervalMs ?? Math.min(60_000, Math.max(5_000, deps.paymentTimeoutMs / 5));
    sweeper = setInterval(() => {
      if (sweeping) return;
      sweeping = sweepOnce()
        .catch((error: unknown) => log.warn({ err: error }, 'abandoned-payment sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    }, interval);
    sweeper.unref();
  }

  async function stop(): Promise<void> {
    if (sweeper) clearInterval(sweeper);
    sweeper = undefined;
    await sweeping;
  }

  return { sweepOnce, start, stop };
}
