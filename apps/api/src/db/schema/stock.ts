import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { orders } from './orders.js';

/**
 * The stock ledger (docs/decisions/054): one row per move of a product's stock, written in the
 * move's transaction by the StockChanged subscriber. For every product the deltas add up to its
 * stock and `level` is the running sum (the migration opened one row per product already stocked).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Units added (positive) or removed (negative). */
    delta: integer('delta').notNull(),
    /** The product's stock after the move. */
    level: integer('level').notNull(),
    /** A StockChangeReason: order_placed, order_released, order_retaken, refund_restock, created, edit, import, bulk_edit, opening. */
    reason: text('reason').notNull(),
    /** The staff member who moved it; null for the shop itself, a shopper, or a deleted account. */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order that moved it; null for a back-office change or once the order is deleted. */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stock_movements_product_idx').on(table.product_id, table.id.desc())],
);
