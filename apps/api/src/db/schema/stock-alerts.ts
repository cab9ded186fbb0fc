import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';

/**
 * A shopper's wish to be told when a sold-out product is back (docs/decisions/063): one row per
 * product and address; `sent_at` set when its e-mail was claimed for sending, cleared when the
 * same address asks again after a later sell-out.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lower-cased, as the contract's email field gives it. */
    email: text('email').notNull(),
    /** The account that asked, when signed in; null for a guest or once the account is deleted. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language the wish was made in: the e-mail is written in it and links to its address. */
    language: text('language').$type<'ar' | 'en'>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stock_alerts_product_email_key').on(table.product_id, table.email),
    // The waiting wishes of a product: the claim when it is back, and the back office's counts.
    index('stock_alerts_waiting_idx').on(table.product_id).where(sql`${table.sent_at} is null`),
    check('stock_alerts_language_valid', sql`${table.language} in ('ar', 'en')`),
  ],
);
