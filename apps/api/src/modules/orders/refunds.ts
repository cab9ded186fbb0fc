import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderRefunds, users } from '../../db/schema/index.js';
import type { OrderRefundRecord } from './present.js';

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
