import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { reviewStatuses } from '@shop/shared';
import { users } from './accounts.js';
import { products } from './catalog.js';

export const reviewStatus = pgEnum('review_status', reviewStatuses);

/**
 * A buyer's review of a product (docs/decisions/064): one per customer and product, written after
 * a delivered order of it, shown once staff approve it. The reviewer's public name (first name and
 * initial) is kept as written, so the storefront never reads the accounts.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The customer; null once the account is deleted (the review stays, under its public name). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** "Fatima H."; null when the account had no usable name. */
    reviewer_name: text('reviewer_name'),
    rating: smallint('rating').notNull(),
    title: text('title'),
    body: text('body'),
    status: reviewStatus('status').notNull().default('pending'),
    /** The shop's public reply under the review. */
    reply: text('reply'),
    moderated_at: timestamp('moderated_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Once per customer and product.
    uniqueIndex('product_reviews_product_user_key').on(table.product_id, table.user_id),
    // The product page: its approved reviews, newest first; the figures: its approved ones.
    index('product_reviews_product_status_created_idx').on(
      table.product_id,
      table.status,
      table.created_at,
      table.id,
    ),
    // The back office's list, by status, newest first.
    index('product_reviews_status_created_idx').on(table.status, table.created_at, table.id),
    index('product_reviews_user_idx').on(table.user_id),
    check('product_reviews_rating_valid', sql`${table.rating} between 1 and 5`),
  ],
);
