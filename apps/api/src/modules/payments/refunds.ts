import { eq } from 'drizzle-orm';
import { apiMessage, type AdminOrderRefundBody, type Language } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { paymentAttempts } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../lib/actor.js';
import { countPayment } from '../../lib/metrics.js';
import {
  itemName,
  lockOrder,
  planRefund,
  PaymentRefundFailed,
  recordRefund,
  transitionOrder,
  type OrderRow,
  type RefundPlan,
} from '../orders/index.js';
import type { PaymentsServiceDeps } from './service.js';
import type { Settlement } from './settlement.js';

/**
 * Refunds, in full or in part (docs/decisions/043). The order row stays locked from the check to
 * the end, UPayments' create-refund (never retried) included: two refunds at once (a double click,
 * two administrators) run one after the other, and the second sees what the first gave back, so
 * together they never exceed the order's total. An online order's money goes back through
 * UPayments (the amount as `totalPrice`); a cash-on-delivery order's is paid back by the shop once
 * it was collected, and only recorded here. When nothing is left to refund the order becomes
 * refunded through the status change (its remaining units back to stock, history, audit), and an
 * online one's payment refunded. The customer is told by e-mail after the commit.
 */
export function createRefunds(db: Database, deps: PaymentsServiceDeps, settlement: Pick<Settlement, 'latestAttempt'>) {
  const now = () => deps.now?.() ?? new Date();

  function mailRefund(row: OrderRow, plan: RefundPlan): void {
    const { notifications } = deps;
    if (!notifications) return;
    const send = () =>
      notifications.sendRefundNotice(
        { order_number: row.order_number, email: row.customer_email, name: row.customer_name },
        {
          amount: plan.amount,
          method: plan.method,
          lines: plan.lines.map((line) => ({ name: itemName(line.item, row.language), quantity: line.quantity })),
          notes: plan.notes,
          full: plan.full,
        },
        row.language,
      );
    const warn = (error: unknown) =>
      deps.log.warn({ err: error, orderNumber: row.order_number }, 'Refund e-mail could not be sent');
    if (deps.background) deps.background.run(send, warn);
    else void send().catch(warn);
  }

  return async function refund(actor: Actor, orderId: number, body: AdminOrderRefundBody, lang: Language): Promise<void> {
    const { row, plan } = await deps.events.transaction(db, async (tx) => {
      const locked = await lockOrder(tx, orderId);
      const plan = await planRefund(tx, locked, body, lang);
      let provider: { reference: string | null; arn: string | null } | undefined;
      const attempt = plan.method === 'online' ? await settlement.latestAttempt(tx, orderId) : undefined;
      if (plan.method === 'online') {
        if (!attempt?.refund_order_id) throw new AppError('CONFLICT', 'refund.not_paid');
        if (!deps.gateway) throw new AppError('PAYMENT_UNAVAILABLE', 'order.payment_unavailable');
        const answer = await deps.gateway.refund({
          refundOrderId: attempt.refund_order_id,
          totalFils: plan.amount,
          reference: locked.order_number,
        });
        if (!answer.ok) {
          deps.log.warn({ orderId, reason: answer.reason, status: answer.status }, 'UPayments refund refused');
          throw new PaymentRefundFailed();
        }
        provider = { reference: answer.refundOrderId, arn: answer.refundArn };
        if (plan.full) {
          await tx
            .update(paymentAttempts)
            .set({ refunded_at: now(), refund_reference: answer.refundOrderId, refund_arn: answer.refundArn })
            .where(eq(paymentAttempts.id, attempt.id));
        }
      }
      let row = await recordRefund(tx, deps.events, locked, plan, { actor, lang, ...(provider ? { provider } : {}) });
      if (plan.full) {
        const online = plan.method === 'online';
        const change = await transitionOrder(
          tx,
          deps.events,
          row,
          'refunded',
          { actor, notes: online ? apiMessage('payment.refunded_history', lang) : null, lang },
          online ? { payment_status: 'refunded' } : {},
        );
        row = change.row;
      }
      return { row, plan };
    });
    if (plan.method === 'online' && plan.full) countPayment('refunded');
    mailRefund(row, plan);
  };
}
