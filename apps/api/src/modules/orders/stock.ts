import { and, eq, or, sql } from 'drizzle-orm';
import { isBackInStock } from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/**
 * Takes `quantity` units of a product, never below zero: the one guarded update of the checkout
 * and of an order reopened in the back office. A product that does not manage its stock is left
 * as it is. False when it lacks the units (or is gone).
 */
export async function takeUnits(tx: Executor, productId: number, quantity: number): Promise<boolean> {
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
    .returning({ id: products.id })
    .prepare('orders_take_units')
    .execute();
  return row !== undefined;
}

/**
 * Puts `quantity` units of a product back on the shelf (only a product that manages its stock).
 * True when the product had none left before: it is back in stock.
 */
export async function returnUnits(tx: Executor, productId: number, quantity: number): Promise<boolean> {
  const [row] = await tx
    .update(products)
    .set({ stock_quantity: sql`${products.stock_quantity} + ${quantity}` })
    .where(and(eq(products.id, productId), products.manage_stock))
    .returning({ stock: products.stock_quantity });
  return row !== undefined && isBackInStock(row.stock - quantity, row.stock);
}

/** 409 OUT_OF_STOCK naming the product, reported on `field`. */
export function outOfStock(product: string, field = 'items'): AppError {
  return new AppError(
    'OUT_OF_STOCK',
    'order.out_of_stock',
    [{ field, message: 'order.out_of_stock', params: { product } }],
    { product },
  );
}
