import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';

/**
 * A signed-in customer's wishlist, one row per kept product (a guest's is a signed cookie,
 * docs/decisions/062). A deleted product or account takes its rows with it; a hidden product's
 * row stays and shows again when the product is published again.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list is read by its user, newest first; the key's first column serves the user.
    primaryKey({ columns: [table.user_id, table.product_id] }),
    index('wishlist_items_user_created_idx').on(table.user_id, table.created_at),
    // A product's delete cascades through this index.
    index('wishlist_items_product_idx').on(table.product_id),
  ],
);
