import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const userRoles = ['customer', 'moderator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
export const userRole = pgEnum('user_role', userRoles);

/** A shopper or staff account. The email is stored lower-cased and unique ignoring case. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    address: text('address'),
    /** argon2id PHC string; null for an account that only signs in with an external provider. */
    password_hash: text('password_hash'),
    role: userRole('role').notNull().default('customer'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    notify_order_confirmations: boolean('notify_order_confirmations').notNull().default(true),
    notify_shipping_updates: boolean('notify_shipping_updates').notNull().default(true),
    notify_promotional: boolean('notify_promotional').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);

/** A signed-in session: only the hex SHA-256 of its bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.token_hash),
    index('sessions_user_id_idx').on(table.user_id),
  ],
);
