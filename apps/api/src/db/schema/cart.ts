import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';

/**
 * A shopper's cart: a guest's (found by the SHA-256 of the token in the signed `cart` cookie)
 * or a signed-in user's.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    /** Hex SHA-256 of the guest token; the token itself is never stored. Null for user carts. */
    token_hash: text('token_hash'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The promo code the shopper applied (upper case), kept with the cart so it follows them to
     * checkout; re-validated against the current subtotal on every read and at order placement.
     * Plain text, not a reference: a code deleted or disabled later is reported as no longer valid.
     */
    promo_code: text('promo_code'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the cart was last claimed for its reminder (docs/decisions/063): a reminder is due
     * again only once the cart changed (updated_at) after it. Setting it leaves updated_at alone.
     */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('carts_token_hash_key').on(table.token_hash),
    uniqueIndex('carts_user_id_key').on(table.user_id),
    // The reminder's search: signed-in customers' carts by how long they sat untouched.
    index('carts_user_idle_idx').on(table.updated_at).where(sql`${table.user_id} is not null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cart_id: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The chosen variations as sorted "attribute:variation" pairs, so equal choices merge. */
    selection_key: text('selection_key').notNull().default(''),
    /** Attribute id → variation id. */
    selected: jsonb('selected').$type<Record<string, number>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cart_items_line_key').on(table.cart_id, table.product_id, table.selection_key),
    index('cart_items_product_idx').on(table.product_id),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Secrets generated once and shared by every server process (e.g. the cookie-signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
