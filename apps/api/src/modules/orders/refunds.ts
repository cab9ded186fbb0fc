import { asc, eq, sql } from 'drizzle-orm';
import {
  apiMessage,
  currencySymbolFor,
  formatPrice,
  refundableAmount,
  refundBlocker,
  refundLinesAmount,
  refundMethodOf,
  type AdminOrderRefundBody,
  type Language,
  type RefundMethod,
} from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { orderRefunds, orders, orderStatusHistory, users, type OrderRefundLine } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { holdsStock, itemsOf } from './admin-orders.js';
import { itemNames, refundedUnitsByItem, type OrderItemRow, type OrderRefundRecord, type OrderRow } from './present.js';
import { returnUnits } from './stock.js';

/**
 * An order's refunds, oldest first, with the name of the staff member who made each (docs/decisions/043).
 * Their lines say how many units of each order line were given back and restocked.
 */
export async function refundsOf(executor: Executor, orderId: number): Promise<OrderRefundRecord[]> {
  const rows = await executor
    .select({ refund: orderRefunds, actor_name: users.name })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.actor_id))
    .where(eq(orderRefunds.order_id, orderId))
    .orderBy(asc(orderRefunds.created_at), asc(orderRefunds.id));
  return rows.map(({ refund, actor_name }) => ({ ...refund, actor_name }));
}

/** A refund worked out from its request, before any money moves: what, how much and how. */
export interface RefundPlan {
  /** Thousandths, > 0 and at most what is left. */
  amount: number;
  method: RefundMethod;
  lines: Array<OrderRefundLine & { item: OrderItemRow }>;
  notes: string | null;
  /** Whether this refund leaves nothing more to refund (the order becomes refunded). */
  full: boolean;
}

/** "3.500 KD" / "3.500 د.ك": an amount in the history's language. */
const amountText = (amount: number, lang: Language) =>
  formatPrice(amount, { symbol: currencySymbolFor(null, lang), decimals: 3 });

/**
 * Checks a refund request against the locked order and works out its amount (docs/decisions/043):
 * 409 CONFLICT when the order cannot be refunded now (an online payment not captured, cash not
 * collected yet, nothing left); 400 on the field when a line is not the order's, refunds more units
 * than are left of it, restocks units the order no longer holds, or the amount is above what is
 * left. No body: everything left. Lines without an amount: their unit price × quantity.
 */
export async function planRefund(
  tx: Executor,
  order: OrderRow,
  body: AdminOrderRefundBody,
  lang: Language,
): Promise<RefundPlan> {
  const blocker = refundBlocker({
    status: order.status,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    total: order.total_amount,
    refunded: order.refunded_amount,
  });
  if (blocker) throw new AppError('CONFLICT', `refund.${blocker}`);
  const left = refundableAmount(order.total_amount, order.refunded_amount);
  const items = await itemsOf(tx, order.id);
  const refunded = refundedUnitsByItem(await refundsOf(tx, order.id));
  const lines: RefundPlan['lines'] = [];
  for (const [index, line] of (body.lines ?? []).entries()) {
    const item = items.find((candidate) => candidate.id === line.order_item_id);
    if (!item) throw AppError.validation([{ field: `lines.${index}.order_item_id`, message: 'refund.line_invalid' }]);
    const remaining = item.quantity - (refunded.get(item.id)?.refunded ?? 0);
    if (line.quantity > remaining) {
      throw AppError.validation([
        {
          field: `lines.${index}.quantity`,
          message: 'refund.quantity_over',
          params: { count: remaining, product: itemNames(item) },
        },
      ]);
    }
    // A cancelled order's units went back with its status: they are not put back twice.
    if (line.restock && !holdsStock(order.status)) {
      throw AppError.validation([{ field: `lines.${index}.restock`, message: 'refund.restock_not_held' }]);
    }
    lines.push({ order_item_id: item.id, quantity: line.quantity, restocked: line.restock, item });
  }
  const amount =
    body.amount ??
    (body.lines === undefined
      ? left
      : refundLinesAmount(lines.map((line) => ({ unitPrice: line.item.unit_price, quantity: line.quantity }))));
  if (amount > left) {
    throw AppError.validation([
      { field: 'amount', message: 'refund.amount_over_refundable', params: { amount: amountText(left, lang) } },
    ]);
  }
  if (amount <= 0) throw AppError.validation([{ field: 'amount', message: 'refund.amount_invalid' }]);
  return { amount, method: refundMethodOf(order.payment_method), lines, notes: body.notes, full: amount === left };
}

/**
 * Writes a refund the money of which went back (UPayments answered, or the shop paid cash), inside
 * the order's transaction: its order_refunds row, the order's refunded_amount, the restocked lines'
 * units back on the shelf (StockChanged 'refund_restock'), a history note in the staff member's
 * language and the activity trail's entry. The order row after the change.
 */
export async function recordRefund(
  tx: Executor,
  events: DomainEvents,
  order: OrderRow,
  plan: RefundPlan,
  by: { actor: Actor | null; lang: Language; provider?: { reference: string | null; arn: string | null } },
): Promise<OrderRow> {
  const lines: OrderRefundLine[] = plan.lines.map(({ order_item_id, quantity, restocked }) => ({
    order_item_id,
    quantity,
    restocked,
  }));
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      order_id: order.id,
      amount: plan.amount,
      method: plan.method,
      lines,
      notes: plan.notes,
      provider_reference: by.provider?.reference ?? null,
      provider_arn: by.provider?.arn ?? null,
      actor_id: by.actor?.id ?? null,
      actor_email: by.actor?.email ?? null,
    })
    .returning({ id: orderRefunds.id });
  const [after] = await tx
    .update(orders)
    .set({ refunded_amount: sql`${orders.refunded_amount} + ${plan.amount}`, updated_at: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  const move = { events, orderId: order.id, reason: 'refund_restock' as const, actor: by.actor };
  for (const line of plan.lines) {
    if (line.restocked && line.item.product_id !== null) await returnUnits(tx, move, line.item.product_id, line.quantity);
  }
  const amount = amountText(plan.amount, by.lang);
  const note = apiMessage(plan.method === 'cash' ? 'refund.history_cash' : 'refund.history', by.lang, { amount });
  await tx.insert(orderStatusHistory).values({
    order_id: order.id,
    from_status: order.status,
    to_status: order.status,
    notes: plan.notes ? `${note}: ${plan.notes}` : note,
    actor_id: by.actor?.id ?? null,
    actor_email: by.actor?.email ?? null,
  });
  await events.publish(tx, {
    type: 'ActivityRecorded',
    actor: by.actor,
    entity: 'orders',
    entityId: order.id,
    action: 'refund',
    before: { refunded_amount: order.refunded_amount },
    after: {
      refunded_amount: after!.refunded_amount,
      refund_id: refund!.id,
      amount: plan.amount,
      method: plan.method,
      lines,
      notes: plan.notes,
    },
  });
  return after!;
}
