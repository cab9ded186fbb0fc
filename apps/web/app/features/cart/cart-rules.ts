import { CART_LINE_MAX_QUANTITY, amountToFreeDelivery, orderTotal, toThousandths, type CartItem, type CartSummary, type Thousandths } from '@shop/shared';

/** Why an add is refused before asking the server: nothing in stock, or not enough left. */
export type StockRefusal = 'out_of_stock' | 'not_enough';

/** What the stock check needs to know about a product (the list and detail payloads have it). */
export interface StockFacts {
  stock_quantity?: number | null;
  manage_stock?: boolean;
  in_stock?: boolean;
}

/** How many of a product the cart already holds, over every combination of options. */
export function quantityInCart(items: readonly Pick<CartItem, 'product_id' | 'quantity'>[], productId: number): number {
  return items.reduce((sum, item) => (item.product_id === productId ? sum + item.quantity : sum), 0);
}

/**
 * The shopper-side stock check before adding (the server checks again and decides). A product
 * whose stock is not managed is limited only by its in_stock flag.
 */
export function stockRefusal(product: StockFacts, alreadyInCart: number, adding = 1): StockRefusal | null {
  if (product.in_stock === false) return 'out_of_stock';
  if (product.manage_stock === false) return null;
  const stock = product.stock_quantity;
  if (stock === null || stock === undefined || stock <= 0) return 'out_of_stock';
  if (alreadyInCart + adding > stock) return 'not_enough';
  return null;
}

/**
 * The largest quantity a cart line may reach: its stock when the shop counts it, otherwise only
 * the per-line ceiling.
 */
export function lineQuantityLimit(
  item: Pick<CartItem, 'stock_quantity' | 'in_stock' | 'manage_stock'>,
): number {
  if (!item.in_stock) return 0;
  if (!item.manage_stock) return CART_LINE_MAX_QUANTITY;
  return Math.min(item.stock_quantity, CART_LINE_MAX_QUANTITY);
}

/** The cart page's summary in thousandths: the promo discount taken off, delivery added at checkout. */
export interface CartTotals {
  subtotal: Thousandths;
  items: number;
  discount: Thousandths;
  total: Thousandths;
}

export function cartTotals(summary: CartSummary, discount: Thousandths = 0): CartTotals {
  const subtotal = toThousandths(summary.total);
  const applied = Math.min(Math.max(discount, 0), subtotal);
  return { subtotal, items: summary.total_items, discount: applied, total: orderTotal({ subtotal, discount: applied, shipping: 0 }) };
}

/** The delivery fees of the active cities, as the cart reply names them (decimal amounts). */
export interface ShippingFees {
  lowest: number;
  highest: number;
}

/**
 * What the cart says about delivery before the area is chosen: free when the goods reach the
 * store's free-delivery amount or every area is free; one fee when all areas cost the same; else "from" the lowest fee; unknown when no area
 * takes orders (or the fees are not known). Fees in thousandths.
 */
export type DeliveryNote =
  | { kind: 'free' }
  | { kind: 'fixed'; fee: Thousandths }
  | { kind: 'from'; fee: Thousandths }
  | { kind: 'at_checkout' };

export function deliveryNote(
  fees: ShippingFees | null | undefined,
  freeDelivery: { goods: Thousandths; threshold: Thousandths | null } = { goods: 0, threshold: null },
): DeliveryNote {
  // The goods (after the discount) reach the store's free-delivery amount: no area charges.
  if (amountToFreeDelivery(freeDelivery.goods, freeDelivery.threshold) === 0) return { kind: 'free' };
  if (!fees) return { kind: 'at_checkout' };
  const lowest = toThousandths(fees.lowest);
  const highest = toThousandths(fees.highest);
  if (highest <= 0) return { kind: 'free' };
  if (lowest === highest) return { kind: 'fixed', fee: lowest };
  return { kind: 'from', fee: lowest };
}
