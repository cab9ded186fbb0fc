import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// The shop's money and stock rules where SQL must compute them (a generated column, a CHECK, a
// WHERE clause). Each is the SQL twin of a pure function in packages/shared, which the TypeScript
// code calls; change both together. The SQL text is what the migrations and the indexes were built
// from (products_status_price_idx reads current_price): keep it exactly as it is.

/**
 * In stock: the stock is not tracked, or pieces are left. TypeScript twin: `isInStock`
 * (packages/shared/src/stock.ts).
 */
export function inStockSql(product: { manage_stock: AnyColumn; stock_quantity: AnyColumn }): SQL {
  return sql`(not ${product.manage_stock} or ${product.stock_quantity} > 0)`;
}

/**
 * What a shopper pays before surcharges, the products.current_price column: the sale price when
 * there is one, else the price. TypeScript twin: `effectivePrice` (packages/shared/src/money.ts).
 */
export function effectivePriceSql(product: { price: AnyColumn; sale_price: AnyColumn }): SQL {
  return sql`coalesce(${product.sale_price}, ${product.price})`;
}

/**
 * An order's total from its amounts, as the orders_total_consistent CHECK compares it: the
 * database's second guard. TypeScript twin: `orderTotal` (packages/shared/src/money.ts).
 */
export function orderTotalSql(order: {
  subtotal: AnyColumn;
  discount_amount: AnyColumn;
  shipping_amount: AnyColumn;
  gift_wrap_fee: AnyColumn;
  tax_amount: AnyColumn;
}): SQL {
  return sql`${order.subtotal} - ${order.discount_amount} + ${order.shipping_amount} + ${order.gift_wrap_fee} + ${order.tax_amount}`;
}
