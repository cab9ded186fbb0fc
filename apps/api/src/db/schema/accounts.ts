import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cities, countries, governorates } from './locations.js';

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
    /**
     * Staff only: whether a new order is e-mailed to this account. Null until the member chooses,
     * which means on for administrators and off for moderators (orders/new-order-alerts).
     */
    new_order_alerts: boolean('new_order_alerts'),
    /** The language the account last used the shop in (ar, en): staff alerts are written in it. */
    language: text('language').$type<'ar' | 'en'>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_language_valid', sql`${table.language} in ('ar', 'en')`),
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

/**
 * A 6-digit e-mail verification code. Only its hash is stored; it dies after 10 minutes, after
 * five wrong tries, once used, or when a newer code is issued.
 */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex HMAC-SHA-256 of the code, keyed with the user id (see the accounts service). */
    code_hash: text('code_hash').notNull(),
    /** The address the code was sent to: a code proves only that address. */
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verification_codes_user_idx').on(table.user_id, table.created_at)],
);

/** A single-use password reset link token (SHA-256 stored), valid one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_key').on(table.token_hash),
    index('password_reset_tokens_user_idx').on(table.user_id),
  ],
);

/** An external sign-in linked to an account (provider 'google', subject = the ID token's `sub`). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_key').on(table.provider, table.subject),
    index('user_identities_user_idx').on(table.user_id),
  ],
);

/**
 * Per-account back-off for sensitive actions (login, code checks, e-mails sent). The key names
 * the action and a hash of the account's email; `blocked_until` grows with repeated failures but
 * is always finite, so nobody can lock a victim out for good.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blocked_until: timestamp('blocked_until', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's saved delivery address (issue 33, item 7; docs/decisions/060). The phone is kept in
 * its international form; the area by its ids (names are read from the locations in the reader's
 * language). A city the back office deletes leaves the address without one (the customer chooses
 * the area again); at most one address per account is the default (a partial unique index).
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    governorate_id: integer('governorate_id')
      .notNull()
      .references(() => governorates.id, { onDelete: 'cascade' }),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_addresses_user_idx').on(table.user_id, table.id),
    uniqueIndex('customer_addresses_one_default_key').on(table.user_id).where(sql`${table.is_default}`),
    index('customer_addresses_city_idx').on(table.city_id),
  ],
);
