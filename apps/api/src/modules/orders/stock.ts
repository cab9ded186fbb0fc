import { and, eq, or, sql } from 'drizzle-orm';
import type { BilingualText } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { DomainEvents, StockChangeReason } from '../../events.js';
import type { Actor } from '../../lib/actor.js';

/** Who moves a product's stock, and why: told to the StockChanged subscribers. */
export interface StockMove {
  events: DomainEvents;
  orderId: number;
  reason: StockChangeReason;
  /** The staff member whose change moved the order; null for the shop itself or a shopper. */
  actor: Actor | null;
}

/**
 * Takes `quantity` units of a product, never below zero: the one guarded update of the checkout
 * and of an order taken back. A product that does not manage its stock is left as it is. False
 * when it lacks the units (or is gone).
 */
export async function takeUnits(tx: Executor, move: StockMove, productId: number, quantity: number): Promise<boolean> {
  const [row] = await tx
    .update(products)
    .set({
      stock_quantity: sql`case when ${products.manage_stock}
        then ${products.stock_quantity} - ${quantity} else ${products.stock_quantity} end`,
    })
    .where(
      and(
        eq(products.id, productId),
        or(sql`not ${products.manage_stock}`, sql`${products.stock_quantity} >= ${quantity}`),
      ),
    )
    .returning({ level: products.stock_quantity, managed: products.manage_stock })
    .prepare('orders_take_units')
    .execute();
  if (row === undefined) return false;
  if (row.managed) await published(tx, move, productId, -quantity, row.level);
  return true;
}

/** Puts `quantity` units of a product back on the shelf (only a product that manages its stock). */
export async function returnUnits(tx: Executor, move: StockMove, productId: number, quantity: number): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({ stock_quantity: sql`${products.stock_quantity} + ${quantity}` })
    .where(and(eq(products.id, productId), products.manage_stock))
    .returning({ level: products.stock_quantity });
  if (row !== undefined) await published(tx, move, productId, quantity, row.level);
}

function published(tx: Executor, move: StockMove, productId: number, delta: number, level: number): Promise<void> {
  return move.events.publish(tx, {
    type: 'StockChanged',
    productId,
    delta,
    level,
    reason: move.reason,
    orderId: move.orderId,
    actor: move.actor,
  });
}

/** 409 OUT_OF_STOCK naming the product (in the reply's language), reported on `field`. */
export function outOfStock(product: BilingualText, field = 'items'): AppError {
  return new AppError(
    'OUT_OF_STOCK',
    'order.out_of_stock',
    [{ field, message: 'order.out_of_stock', params: { product } }],
    { product },
  );
}
