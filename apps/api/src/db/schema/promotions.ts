import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const promoDiscountType = pgEnum('promo_discount_type', ['percentage', 'fixed']);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; shoppers' input is trimmed and upper-cased before matching. */
    code: text('code').notNull(),
    description: text('description'),
    discount_type: promoDiscountType('discount_type').notNull().default('percentage'),
    /** Whole percent (1..100) for percentage codes, thousandths for fixed codes. */
    discount_value: integer('discount_value').notNull(),
    /** Thousandths. */
    min_order_amount: integer('min_order_amount'),
    max_uses: integer('max_uses'),
    used_count: integer('used_count').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    /**
     * Welcome-type codes: one order per customer (same account, e-mail case-insensitively or
     * phone digits), counting every order that was not cancelled or refunded.
     */
    once_per_customer: boolean('once_per_customer').notNull().default(false),
    valid_from: timestamp('valid_from', { withTimezone: true }),
    valid_until: timestamp('valid_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_key').on(table.code),
    check('promo_codes_code_format', sql`${table.code} ~ '^[A-Z0-9]{3,}$'`),
    check(
      'promo_codes_discount_value_valid',
      sql`${table.discount_value} > 0 and (${table.discount_type} <> 'percentage' or ${table.discount_value} <= 100)`,
    ),
    check(
      'promo_codes_min_order_nonnegative',
      sql`${table.min_order_amount} is null or ${table.min_order_amount} >= 0`,
    ),
    check(
      'promo_codes_max_uses_positive',
      sql`${table.max_uses} is null or ${table.max_uses} >= 1`,
    ),
    check(
      'promo_codes_used_count_valid',
      sql`${table.used_count} >= 0 and (${table.max_uses} is null or ${table.used_count} <= ${table.max_uses})`,
    ),
    check(
      'promo_codes_validity_ordered',
      sql`${table.valid_from} is null or ${table.valid_until} is null or ${table.valid_from} <= ${table.valid_until}`,
    ),
  ],
);
