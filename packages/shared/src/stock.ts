import { LOW_STOCK_THRESHOLD } from './constants.js';

export type StockLevel = 'out' | 'low' | 'normal';

/** <= 0 out of stock (red), 1-5 low (yellow), above 5 normal (green). */
export function stockLevel(quantity: number | null | undefined): StockLevel {
  if (quantity === null || quantity === undefined || quantity <= 0) return 'out';
  if (quantity <= LOW_STOCK_THRESHOLD) return 'low';
  return 'normal';
}
