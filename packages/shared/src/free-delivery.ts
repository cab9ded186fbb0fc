// Free delivery from an amount (issue 33, item 1): one rule for the order's fee, the cart, the
// checkout and the product's structured data. Without zod: the storefront's pages import it.
import type { Thousandths } from './money.js';

/**
 * The delivery fee an order pays: nothing when its goods (the subtotal after the discount) reach
 * the store's free-delivery threshold, else its city's fee. `threshold` null: no free delivery.
 */
export function deliveryFee(cityFee: Thousandths, goods: Thousandths, threshold: Thousandths | null): Thousandths {
  return threshold !== null && goods >= threshold ? 0 : cityFee;
}

/**
 * How much more of goods (after the discount) makes the delivery free: 0 once reached, null when
 * the store has no threshold.
 */
export function amountToFreeDelivery(goods: Thousandths, threshold: Thousandths | null): Thousandths | null {
  if (threshold === null) return null;
  return Math.max(0, threshold - goods);
}
