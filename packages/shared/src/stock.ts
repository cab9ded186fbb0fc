import { LOW_STOCK_THRESHOLD } from './constants.js';

export type StockLevel = 'out' | 'low' | 'normal';

/** <= 0 out of stock (red), 1-5 low (yellow), above 5 normal (green). */
export function stockLevel(quantity: number | null | undefined): StockLevel {
  if (quantity === null || quantity === undefined || quantity <= 0) return 'out';
  if (quantity <= LOW_STOCK_THRESHOLD) return 'low';
  return 'normal';
}

/** A product's stock as the in-stock rule reads it. */
export interface StockState {
  manage_stock: boolean;
  stock_quantity: number | null | undefined;
}

/**
 * In stock: the shop does not track the product's stock, or pieces are left (the payload's
 * in_stock, the Merchant feed's availability). Its SQL twin, for queries, is `inStockSql` in
 * apps/api/src/db/sql-rules.ts.
 */
export function isInStock(product: StockState): boolean {
  return !product.manage_stock || stockLevel(product.stock_quantity) !== 'out';
}

/** True when a tracked product's stock went from none left to some: it is back in stock. */
export function isBackInStock(before: number, after: number): boolean {
  return stockLevel(before) === 'out' && stockLevel(after) !== 'out';
}
