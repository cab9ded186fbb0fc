import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';

/**
 * Whether the customer received the product: one of their orders holding it (any of its options)
 * is delivered. What makes a shopper a buyer who may review it (docs/decisions/064).
 */
export async function hasDeliveredOrderOf(
  executor: Executor,
  userId: number,
  productId: number,
): Promise<boolean> {
  const [row] = await executor
    .select({ found: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        eq(orderItems.product_id, productId),
        eq(orders.user_id, userId),
        eq(orders.status, 'delivered'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
