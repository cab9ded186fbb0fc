import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { orders } from './orders.js';

/**
 * A products import that was applied (docs/decisions/056): who loaded which file and what it did.
 * The stock ledger's moves and the activity trail's entries of the import point to it.
 */
export const productImports = pgTable('product_imports', {
  id: serial('id').primaryKey(),
  /** The staff member who applied it; null once the account is deleted (actor_email stays). */
  actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actor_email: text('actor_email'),
  /** The uploaded file's name as the browser gave it. */
  filename: text('filename').notNull(),
  row_count: integer('row_count').notNull(),
  created_count: integer('created_count').notNull(),
  updated_count: integer('updated_count').notNull(),
  unchanged_count: integer('unchanged_count').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** The import that set it; null for any other move. */
    import_id: integer('import_id').references(() => productImports.id, { onDelete: 'set null' }),
    /** The staff member's e-mail when it was moved, shown once the account is deleted. */
    actor_email: text('actor_email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stock_movements_product_idx').on(table.product_id, table.id.desc())],
);
