import { z } from 'zod';
import { paymentMethods } from '../orders.js';
import type { UserRoleName } from '../permissions.js';
import { moneySchema, successShape } from './common.js';

/**
 * The staff's new-order alerts (issue 30): an order counts as new when it can be prepared, that
 * is when it is placed cash on delivery, or when its online payment is captured.
 *
 * - `GET /api/admin/orders/new` (`orders.manage`): the orders that became new after `cursor`,
 *   oldest first, at most NEW_ORDER_ALERTS_MAX (the newest). `cursor` is what the previous reply
 *   gave, or an ISO time (e.g. when the staff member last looked at the orders; at most 7 days
 *   back); absent: no orders, only a cursor to start from. With `wait` (seconds, up to 25) and
 *   nothing new yet, the reply waits until an order arrives in any process of the shop or the
 *   time is up (long polling). An order is listed once per chain of cursors.
 */

/**
 * Whether a staff member is e-mailed every new order: their own choice (users.new_order_alerts),
 * else on for administrators and off for moderators; never for customers. The recipients' SQL
 * in apps/api/src/modules/orders/new-order-alerts.ts says the same.
 */
export function newOrderAlertsOn(role: UserRoleName, choice: boolean | null): boolean {
  return role !== 'customer' && (choice ?? role === 'admin');
}

/** Most orders one reply lists. */
export const NEW_ORDER_ALERTS_MAX = 50;
/** Longest a reply may wait for a new order, in seconds (below the server's idle timeout). */
export const NEW_ORDER_ALERTS_MAX_WAIT_SECONDS = 25;

/** An ISO time, then optionally `~` and the ids already listed at or after it, dot-separated. */
export const NEW_ORDER_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})(?:~\d{1,10}(?:\.\d{1,10}){0,99})?$/;

export const newOrderAlertsQuerySchema = z.object({
  cursor: z
    .string({ error: 'order_alerts.cursor_invalid' })
    .refine(
      (value) => NEW_ORDER_CURSOR_PATTERN.test(value) && !Number.isNaN(Date.parse(value.split('~')[0]!)),
      'order_alerts.cursor_invalid',
    )
    .optional(),
  wait: z.coerce
    .number({ error: 'order_alerts.wait_invalid' })
    .int('order_alerts.wait_invalid')
    .min(0, 'order_alerts.wait_invalid')
    .max(NEW_ORDER_ALERTS_MAX_WAIT_SECONDS, 'order_alerts.wait_invalid')
    .default(0),
});
export type NewOrderAlertsQuery = z.infer<typeof newOrderAlertsQuerySchema>;

export const newOrderAlertSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** When it became new: placed (cash on delivery) or paid (online). */
  arrived_at: z.string(),
  customer_name: z.string(),
  /** In the request's language. */
  city_name: z.string(),
  payment_method: z.enum(paymentMethods),
  total_amount: moneySchema,
  items_count: z.number().int(),
});
export type NewOrderAlert = z.infer<typeof newOrderAlertSchema>;

export const newOrderAlertsResponseSchema = successShape({
  orders: z.array(newOrderAlertSchema),
  /** Pass as `cursor` next time. */
  cursor: z.string(),
  /** The server's time of the reply (ISO), to compare with arrived_at. */
  server_time: z.string(),
});
export type NewOrderAlertsResponse = z.infer<typeof newOrderAlertsResponseSchema>;
