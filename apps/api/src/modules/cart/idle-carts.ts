import { and, asc, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { carts } from '../../db/schema/index.js';

/** A signed-in customer's cart claimed for its reminder. */
export interface ClaimedCart {
  cartId: number;
  userId: number;
}

/**
 * Claims up to `limit` signed-in customers' carts due a reminder (cartReminderDue in
 * @shop/shared, its twin): holding a line, untouched since `now - idleMs`, and not reminded since
 * they last changed. One statement marks them reminded and returns them; carts another process is
 * claiming are skipped (SKIP LOCKED), so every cart is claimed once per change, by one process.
 * The reminder itself decides whether the account wants it (docs/decisions/063).
 */
export async function claimIdleCarts(executor: Executor, now: Date, idleMs: number, limit: number): Promise<ClaimedCart[]> {
  const due = executor
    .select({ id: carts.id })
    .from(carts)
    .where(
      and(
        isNotNull(carts.user_id),
        lte(carts.updated_at, new Date(now.getTime() - idleMs)),
        or(isNull(carts.reminded_at), lt(carts.reminded_at, carts.updated_at)),
        sql`exists (select 1 from cart_items i where i.cart_id = "carts"."id")`,
      ),
    )
    .orderBy(asc(carts.updated_at), asc(carts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await executor
    .update(carts)
    .set({ reminded_at: now })
    .where(inArray(carts.id, due))
    .returning({ cartId: carts.id, userId: carts.user_id });
  return claimed.flatMap(({ cartId, userId }) => (userId === null ? [] : [{ cartId, userId }]));
}
